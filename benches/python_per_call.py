"""Per-call time of small pokerodds equity calls (exact spots with ranges, a short Monte Carlo
run, and a hand-vs-hand control), where fixed costs such as parsing a range count: run it with
the Python of an environment that has pokerodds installed; each line is the median of 7 timed
loops, in microseconds a call."""
import time, statistics, sys, pokerodds
def t(f, n):
    xs=[]
    for _ in range(7):
        s=time.perf_counter()
        for _ in range(n): f()
        xs.append((time.perf_counter()-s)/n*1e6)
    return statistics.median(xs)
cases = [
 ("AsAh vs random, turn Kd7c2s9h, exact", lambda: pokerodds.equity(["AsAh","random"], board="Kd7c2s9h", exact=True, threads=1), 50),
 ("AsAh vs QQ+,AKs, turn Kd7c2s9h, exact", lambda: pokerodds.equity(["AsAh","QQ+,AKs"], board="Kd7c2s9h", exact=True, threads=1), 200),
 ("AK,QQ+ vs 22+, river 2c3c4d5h6s, exact", lambda: pokerodds.equity(["AK,QQ+","22+"], board="2c3c4d5h6s", exact=True, threads=1), 200),
 ("AsAh vs random, 10,000 rounds", lambda: pokerodds.equity(["AsAh","random"], rounds=10000, seed=1, threads=1), 100),
 ("AsAh vs KsKh, turn, exact (control)", lambda: pokerodds.equity(["AsAh","KsKh"], board="Kd7c2s9h", exact=True, threads=1), 500),
]
for name, f, n in cases:
    print(f"{name}\t{t(f, n):.1f} us")

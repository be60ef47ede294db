"""pokerodds against the Python anchors (eval7, phevaluator), side by side in one process.

Run from a virtual environment that has pokerodds, eval7 and phevaluator installed:

    python benches/compare_python.py [--repeats 5]

Every figure is the median of `--repeats` timed runs; each ratio is ours over the peer measured
in the same run. Evaluation: the same random seven-card hands for every evaluator (ours as one
`evaluate_batch` call on one core, the peers one call per hand from Python). Equity: the same
spots and sample counts, one thread each (eval7 cannot use more), then ours on every core.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from importlib.metadata import version

import numpy as np

import pokerodds


def median_seconds(run, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def random_hands(n, seed=7):
    rng = np.random.default_rng(seed)
    keys = rng.random((n, 52))
    return np.argsort(keys, axis=1)[:, :7].astype(np.uint8)


def line(name, rate, unit, peer=None):
    ratio = f"{rate / peer:8.1f}x" if peer else ""
    print(f"{name:58s} {rate / 1e6:10.2f} M {unit}/s {ratio}")


def evaluation(repeats):
    import eval7
    from phevaluator import evaluate_cards

    batch = random_hands(2_000_000)
    ours = len(batch) / median_seconds(lambda: pokerodds.evaluate_batch(batch), repeats)

    few = batch[:200_000]
    names = [[pokerodds.card_name(int(c)) for c in row] for row in few]
    e7 = [[eval7.Card(c) for c in row] for row in names]
    e7_rate = len(e7) / median_seconds(lambda: [eval7.evaluate(h) for h in e7], repeats)
    # phevaluator's card ids are ours (rank * 4 + suit, suits c d h s): ints, its fastest input.
    ids = [[int(c) for c in row] for row in few]
    ph_rate = len(ids) / median_seconds(lambda: [evaluate_cards(*h) for h in ids], repeats)
    print("# seven-card evaluation, one core (ratio: pokerodds over the peer)")
    line("eval7.evaluate (one call per hand)", e7_rate, "hands")
    line("phevaluator.evaluate_cards (one call per hand)", ph_rate, "hands")
    line("pokerodds.evaluate_batch vs eval7", ours, "hands", e7_rate)
    line("pokerodds.evaluate_batch vs phevaluator", ours, "hands", ph_rate)


def equity(repeats, iterations):
    import eval7

    spots = [
        ("AsAh vs KsKh", "KsKh"),
        ("AsAh vs QQ+,AKs", "QQ+,AKs"),
        ("AsAh vs 22+,A2s+,K9s+,ATo+,KJo+", "22+,A2s+,K9s+,ATo+,KJo+"),
    ]
    hero = [eval7.Card("As"), eval7.Card("Ah")]
    print(f"# equity, {iterations:,} samples per spot (ratio: pokerodds over eval7)")
    for name, villain in spots:
        peer_range = eval7.HandRange(villain)
        peer = iterations / median_seconds(
            lambda: eval7.py_hand_vs_range_monte_carlo(hero, peer_range, [], iterations),
            repeats,
        )
        one = iterations / median_seconds(
            lambda: pokerodds.equity(["AsAh", villain], rounds=iterations, seed=1, threads=1),
            repeats,
        )
        every = iterations / median_seconds(
            lambda: pokerodds.equity(["AsAh", villain], rounds=iterations, seed=1), repeats
        )
        line(f"eval7 {name}", peer, "samples")
        line(f"pokerodds {name}, 1 thread", one, "samples", peer)
        line(f"pokerodds {name}, {os.cpu_count()} threads", every, "samples", peer)


def overhead(repeats):
    calls = 2_000
    seconds = median_seconds(
        lambda: [
            pokerodds.equity(["AsAh", "KsKh"], board="Qh7h2c5d", exact=True, threads=1)
            for _ in range(calls)
        ],
        repeats,
    )
    print("# call overhead: exact heads-up equity on the turn (44 rivers), one thread")
    print(f"{'pokerodds.equity(..., exact=True)':58s} {seconds / calls * 1e6:10.1f} us/call")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=1_000_000)
    args = parser.parse_args()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"# Python {platform.python_version()}, {os.cpu_count()} cores, load {load}; "
        f"pokerodds {version('pokerodds')}, eval7 {version('eval7')}, "
        f"phevaluator {version('phevaluator')}; medians of {args.repeats} runs"
    )
    evaluation(args.repeats)
    equity(args.repeats, args.iterations)
    overhead(args.repeats)


if __name__ == "__main__":
    main()

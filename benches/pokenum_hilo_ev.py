#!/usr/bin/env python3
"""Exact hi/lo equities from pokenum's histogram (`pokenum -O -h8 ...`), as fractions.

pokenum prints each player's EV to three decimals only; its `-O` histogram lists every joint
outcome (each player's relative high rank and low rank, NQ for no qualifying low) with its
count of boards, from which the pot shares follow exactly: the high half to the best high
hands, the low half to the best qualifying lows, the whole pot to the high when no low
qualifies. Used for the hold'em hi/lo checks in crates/omaha (`pokenum_agrees`).

    benches/pokenum_hilo_ev.py PATH/TO/pokenum Ah 3c - 2d 2h -- 4s 5s 8d
"""
import subprocess
import sys
from fractions import Fraction


def equities(pokenum, args):
    out = subprocess.run([pokenum, "-O", "-h8", *args], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    start = next(i for i, line in enumerate(out) if line.startswith("HI:")) + 1
    players = None
    ev, boards = None, 0
    for line in out[start:]:
        fields = line.split()
        if not fields:
            continue
        if players is None:
            players = (len(fields) - 1) // 2
            ev = [Fraction(0)] * players
        hi = [int(x) for x in fields[:players]]
        lo = fields[players:2 * players]
        freq = int(fields[-1])
        boards += freq
        hi_win = [p for p in range(players) if hi[p] == 1]
        lo_win = [p for p in range(players) if lo[p] == "1"]
        for p in range(players):
            if lo_win:
                share = Fraction(int(p in hi_win), 2 * len(hi_win))
                share += Fraction(int(p in lo_win), 2 * len(lo_win))
            else:
                share = Fraction(int(p in hi_win), len(hi_win))
            ev[p] += freq * share
    return [e / boards for e in ev], boards


if __name__ == "__main__":
    ev, boards = equities(sys.argv[1], sys.argv[2:])
    print(f"{boards} boards")
    for p, e in enumerate(ev):
        print(f"player {p + 1}: {e} = {float(e):.15f}")

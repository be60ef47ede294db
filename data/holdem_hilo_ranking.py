#!/usr/bin/env python3
"""Writes hold'em hi/lo's ranking of its 169 starting-hand classes (data/holdem_hilo_ranking.csv).

Each class is played against one random hand by the engine's own Monte Carlo,
`SIM equity CLASS random --game holdem-hilo --rounds ROUNDS --seed SEED --format csv`, and ranked
by its pot share (the high half and the eight-or-better low half, a half taken whole when no
hand qualifies for the low), with that run's standard error. Every class is played with the same
seed. The table is written in the columns and number formats of `sim rank`, which reads it back
byte for byte (`sim rank --game holdem-hilo`; crates/sim/tests/rank.rs checks it).

Usage: python3 data/holdem_hilo_ranking.py SIM [ROUNDS] [SEED] > data/holdem_hilo_ranking.csv
(ROUNDS defaults to 16M, SEED to 1: the shipped file's).
"""

import csv
import io
import subprocess
import sys

RANKS = "AKQJT98765432"
HEADER = "rank,class,combos,equity,cumulative_combos,percentile,std_error"


def classes():
    """The 169 classes: pairs, then suited and offsuit hands, strongest ranks first."""
    names = [r + r for r in RANKS]
    for i, high in enumerate(RANKS):
        for low in RANKS[i + 1:]:
            names += [high + low + "s", high + low + "o"]
    return names


def combos(name):
    """A class's combos: 6 a pair, 4 suited, 12 offsuit."""
    return 6 if len(name) == 2 else 4 if name.endswith("s") else 12


def play(sim, name, rounds, seed):
    """The class's pot share against one random hand and its standard error, as sim prints them."""
    out = subprocess.run(
        [sim, "equity", name, "random", "--game", "holdem-hilo", "--rounds", rounds,
         "--seed", seed, "--format", "csv"],
        capture_output=True, text=True, check=True).stdout
    row = next(csv.DictReader(io.StringIO(out)))
    return float(row["equity"]), float(row["std_error"])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sim = sys.argv[1]
    rounds = sys.argv[2] if len(sys.argv) > 2 else "16M"
    seed = sys.argv[3] if len(sys.argv) > 3 else "1"
    played = [(name, *play(sim, name, rounds, seed)) for name in classes()]
    # Strongest first; equal shares keep the order above (Rust's stable sort does the same).
    played.sort(key=lambda row: -row[1])
    total = sum(combos(name) for name, _, _ in played)
    lines, cumulative = [HEADER], 0
    for rank, (name, equity, error) in enumerate(played, start=1):
        cumulative += combos(name)
        percentile = 100.0 * cumulative / total
        lines.append(f"{rank},{name},{combos(name)},{equity:.15f},{cumulative},"
                     f"{percentile:.6f},{error:.15f}")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Draws the double-board page's chart of joint outcomes from a table `sim` wrote.

    sim equity --game omaha AsKsQdJd 8c8h7c6h --boards 2 --board 2s5d9h --board2 Tc3h4s \
        > docs/pictures/double_board.csv
    python3 docs/pictures/double_board_chart.py           # writes docs/src/plots/double-board.svg
    python3 docs/pictures/double_board_chart.py --check   # fails if the SVG is not the table's

One stacked bar per player: the probability of each joint outcome of the two boards (scoop both,
win one and split one, win one and lose one, split both, split one and lose one, lose both),
left to right, each part labelled with its percentage when wide enough, and the player's equity
at the bar's end. Standard library only.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "docs/pictures/double_board.csv"
OUT = ROOT / "docs/src/plots/double-board.svg"

ORDER = ["scoop_both", "win_split", "win_lose", "split_split", "split_lose", "lose_lose"]
WORDS = {
    "scoop_both": "scoop both",
    "win_split": "win one, split one",
    "win_lose": "win one, lose one",
    "split_split": "split both",
    "split_lose": "split one, lose one",
    "lose_lose": "lose both",
}
COLOURS = {
    "scoop_both": "#1b7837",
    "win_split": "#7fbf7b",
    "win_lose": "#d9d9d9",
    "split_split": "#c2a5cf",
    "split_lose": "#e08e8e",
    "lose_lose": "#b2182b",
}
W, LEFT, BAR_W, ROW_H, TOP = 860, 150, 560, 46, 60
FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def svg(table: list[dict[str, str]]) -> str:
    players: dict[str, dict[str, float]] = {}
    equity: dict[str, float] = {}
    for r in table:
        label = f"{r['player']}: {r['hand']}"
        if r["board"] == "all" and r["outcome"] == "equity":
            equity[label] = float(r["probability"])
        elif r["board"] == "both":
            players.setdefault(label, {})[r["outcome"]] = float(r["probability"])
    height = TOP + ROW_H * len(players) + 70
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" '
        f'viewBox="0 0 {W} {height}" font-family="{FONT}">',
        f'<rect width="{W}" height="{height}" fill="#ffffff"/>',
        f'<text x="16" y="28" font-size="16" font-weight="600">Double board: the joint '
        f"outcome of the two boards</text>",
    ]
    for i, (label, parts) in enumerate(players.items()):
        y = TOP + i * ROW_H
        out.append(f'<text x="{LEFT - 8}" y="{y + 20}" font-size="13" text-anchor="end">'
                   f"{escape(label)}</text>")
        x = float(LEFT)
        for outcome in ORDER:
            p = parts.get(outcome, 0.0)
            if p <= 0:
                continue
            w = p * BAR_W
            out.append(f'<rect x="{x:.2f}" y="{y + 4}" width="{w:.2f}" height="24" '
                       f'fill="{COLOURS[outcome]}"><title>{WORDS[outcome]}: '
                       f"{100 * p:.2f} %</title></rect>")
            if w > 40:
                out.append(f'<text x="{x + w / 2:.2f}" y="{y + 21}" font-size="12" '
                           f'text-anchor="middle">{100 * p:.1f} %</text>')
            x += w
        out.append(f'<text x="{LEFT + BAR_W + 8}" y="{y + 21}" font-size="12">equity '
                   f"{100 * equity.get(label, 0.0):.2f} %</text>")
    y = TOP + ROW_H * len(players) + 10
    x = 16
    for outcome in ORDER:
        out.append(f'<rect x="{x}" y="{y}" width="12" height="12" fill="{COLOURS[outcome]}"/>')
        out.append(f'<text x="{x + 16}" y="{y + 11}" font-size="12">{WORDS[outcome]}</text>')
        x += 24 + 7 * len(WORDS[outcome])
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> int:
    drawn = svg(rows(DATA))
    if "--check" in sys.argv[1:]:
        if not OUT.is_file() or OUT.read_text() != drawn:
            print(f"double_board_chart: {OUT} is not the chart of {DATA}; rerun the script",
                  file=sys.stderr)
            return 1
        return 0
    OUT.write_text(drawn)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Draws the performance page's headline ratios as a bar chart, from the page's own table.

    python3 docs/pictures/speed_chart.py           # writes docs/src/pictures/speed.svg
    python3 docs/pictures/speed_chart.py --check   # fails if the committed SVG is not the table's

Reads the first table under "## At a glance" in docs/src/performance.md (columns what, ours,
peer, ratio) and draws one bar per row whose ratio holds a number, on a log scale: a single
ratio (3.4×) is a bar to it; a range (2.2–3.1×) or a pair (10.8× / 12.5×) a solid bar to the
low value and a lighter one on to the high value. Each bar is labelled with the row's words and
its peer, and the ratio cell's own text. Since the chart is drawn from the table, the two agree;
docs/ci.sh runs --check. Standard library only.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent.parent
PAGE = ROOT / "docs/src/performance.md"
OUT = ROOT / "docs/src/pictures/speed.svg"

W = 820
LEFT = 16
BAR_X = 28
BAR_W = 640
ROW_H = 44
TOP = 58
FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"


def headline_rows(page: str) -> list[dict[str, str]]:
    """The rows of the first table after '## At a glance', as dicts by header."""
    start = page.find("\n## At a glance")
    if start < 0:
        raise SystemExit(f"speed_chart: no '## At a glance' section in {PAGE}")
    lines = page[start + 1 :].split("\n")[1:]
    table: list[str] = []
    for line in lines:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    if len(table) < 3:
        raise SystemExit(f"speed_chart: no table under '## At a glance' in {PAGE}")
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in table]
    header = [h.lower() for h in cells[0]]
    for need in ("what", "peer", "ratio"):
        if need not in header:
            raise SystemExit(f"speed_chart: the headline table has no '{need}' column")
    return [dict(zip(header, row)) for row in cells[2:]]


def plain(markdown: str) -> str:
    """Markdown cell text without links, emphasis or code marks."""
    text = re.sub(r"\s*\(\[[^\]]*\]\([^)]*\)\)", "", markdown)  # "([below](#odds))"
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[`*]", "", text).strip()


def ratios(cell: str) -> list[float]:
    return [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", cell)]


def peer_name(cell: str, previous: str) -> str:
    """The peer a row measured against: its cell's parenthesis ("41.0 M (rust_poker)"), the cell
    itself when it is a name ("OMPEval"), else the row above's (a cell of figures only)."""
    m = re.search(r"\(([^)]*)\)", cell)
    if m:
        return plain(m.group(1).split(":")[0])
    if re.search(r"[A-Za-z]{3,}", cell):
        return plain(cell)
    return previous


def chart(rows: list[dict[str, str]]) -> str:
    bars = []
    label = peer = ""
    for row in rows:
        # "the same, 2 threads" and "the same games, …" follow the row they repeat: name it.
        text = plain(row["what"])
        if text.startswith("the same") and label:
            text = label.split(",")[0] + text[len("the same") :]
        label, peer = text, peer_name(row["peer"], peer)
        values = ratios(row["ratio"])
        if values:
            bars.append((label, peer, min(values), max(values), plain(row["ratio"])))
    if not bars:
        raise SystemExit("speed_chart: no row of the headline table has a ratio")
    decades = max(1, math.ceil(math.log10(max(b[3] for b in bars)) + 0.35))
    scale = BAR_W / decades

    def x(v: float) -> float:
        return BAR_X + max(0.0, math.log10(v)) * scale

    h = TOP + ROW_H * len(bars) + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{h}" viewBox="0 0 {W} {h}" '
        f'font-family="{FONT}" role="img" aria-label="Speed against the peers: the ratios of '
        'the headline table">',
        "<title>Speed against the peers: the ratios of the headline table</title>",
        f'<rect width="{W}" height="{h}" fill="#ffffff"/>',
        f'<text x="{LEFT}" y="24" font-size="16" font-weight="600" fill="#222">'
        "How many times the peer's speed (log scale)</text>",
        f'<text x="{LEFT}" y="42" font-size="12" fill="#666">From the table above; a lighter '
        "bar spans a range (spots, games or threads)</text>",
    ]
    axis_y = TOP + ROW_H * len(bars) + 4
    for d in range(decades + 1):
        gx = BAR_X + d * scale
        out.append(
            f'<line x1="{gx:.1f}" y1="{TOP - 6}" x2="{gx:.1f}" y2="{axis_y}" '
            f'stroke="{"#999" if d == 0 else "#e3e3e3"}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{gx:.1f}" y="{axis_y + 16}" font-size="11" fill="#666" '
            f'text-anchor="middle">{10**d:,}×</text>'
        )
    for i, (label, peer, low, high, text) in enumerate(bars):
        y = TOP + i * ROW_H
        out.append(
            f'<text x="{BAR_X + 4}" y="{y + 12}" font-size="12" fill="#222">'
            f"{escape(label)} <tspan fill=\"#777\">vs {escape(peer)}</tspan></text>"
        )
        bar_y, bar_h = y + 18, 16
        out.append(
            f'<rect x="{BAR_X}" y="{bar_y}" width="{max(1.5, x(low) - BAR_X):.1f}" '
            f'height="{bar_h}" fill="#2f6db5"/>'
        )
        if high > low:
            out.append(
                f'<rect x="{x(low):.1f}" y="{bar_y}" width="{x(high) - x(low):.1f}" '
                f'height="{bar_h}" fill="#9cbfe6"/>'
            )
        out.append(
            f'<text x="{x(high) + 6:.1f}" y="{bar_y + 12}" font-size="12" font-weight="600" '
            f'fill="#222">{escape(text)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> int:
    svg = chart(headline_rows(PAGE.read_text()))
    if sys.argv[1:] == ["--check"]:
        if not OUT.is_file() or OUT.read_text() != svg:
            print(
                f"docs: {OUT.relative_to(ROOT)} is not the chart of performance.md's headline "
                "table: run python3 docs/pictures/speed_chart.py and commit it",
                file=sys.stderr,
            )
            return 1
        print(f"docs: {OUT.relative_to(ROOT)} is the chart of the headline table")
        return 0
    if sys.argv[1:]:
        raise SystemExit("usage: speed_chart.py [--check]")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(svg)
    print(f"{OUT.relative_to(ROOT)}: {svg.count('<rect x=') - svg.count('#9cbfe6')} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())

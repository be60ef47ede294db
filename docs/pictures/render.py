#!/usr/bin/env python3
"""Renders the guide's terminal pictures: runs each command of docs/pictures/pictures.toml in a
pseudo-terminal, as a user would at a prompt, and draws what the terminal shows as an SVG
terminal window in docs/src/pictures/NAME.svg.

    SIM=path/to/release/sim python3 docs/pictures/render.py [NAME ...]
    python3 docs/pictures/render.py --check   # each picture drawn and shown on its page

SIM names the `sim` binary (default: `sim` on PATH); its folder is put first on PATH, so the
commands say `sim` as the guide does. Each picture runs in a fresh temporary folder: its `setup`
(shell, not shown) first, then each of its `commands`, shown after a `$ ` prompt. The terminal is
COLUMNS wide (100, or the picture's `columns`): sim sees a terminal of that size (a pty, so it
writes its human-readable tables and progress the way it does for a person), and lines longer
than that wrap, as they would on screen. Carriage returns, erase-line and cursor-up sequences (the progress bar) are applied
as a terminal applies them, so only the final screen is drawn; colours are dropped.
Standard library only.
"""

from __future__ import annotations

import errno
import fcntl
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time
import tomllib
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SPEC = HERE / "pictures.toml"
OUT = ROOT / "docs/src/pictures"
COLUMNS = 100
ROWS = 50

# Drawing: a monospace cell is CHAR_W by LINE_H px at FONT_SIZE.
FONT_SIZE = 13
CHAR_W = 7.8  # DejaVu Sans Mono / Menlo / Consolas advance at 13 px, near enough
LINE_H = 17
PAD = 14
TITLE_H = 28
BG, FG, PROMPT, TITLE_BG, DIM = "#1e1e1e", "#d4d4d4", "#6a9955", "#323233", "#9d9d9d"


def run_in_pty(
    command: str, cwd: str, env: dict[str, str], timeout: float, columns: int, may_fail: bool
) -> bytes:
    """Runs `command` with bash in a pty `columns` wide; returns every byte it wrote. A non-zero
    exit status stops the rendering unless `may_fail`."""
    pid, fd = pty.fork()
    if pid == 0:  # child
        try:
            os.chdir(cwd)
            os.execvpe("bash", ["bash", "--noprofile", "--norc", "-c", command], env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, columns, 0, 0))
    out = bytearray()
    deadline = time.monotonic() + timeout
    while True:
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            raise SystemExit(f"render: `{command}` ran past {timeout} s")
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError as e:  # EIO: the child closed the pty
            if e.errno != errno.EIO:
                raise
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0 and not may_fail:
        sys.stderr.write(out.decode(errors="replace"))
        raise SystemExit(f"render: `{command}` exited with status {code}")
    return bytes(out)


CSI = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])")
OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


def screen(text: str, columns: int) -> list[str]:
    """What a terminal `columns` wide shows after `text`: lines, long ones wrapped."""
    text = OSC.sub("", text)
    lines: list[list[str]] = [[]]
    row = col = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\x1b":
            m = CSI.match(text, i)
            if m:
                args, op = m.group(1), m.group(2)
                n = int(args.split(";")[0]) if args.split(";")[0].isdigit() else None
                if op == "K":  # erase in line: 0 to the end, 1 to the start, 2 all
                    line = lines[row]
                    if n in (None, 0):
                        del line[col:]
                    elif n == 1:
                        line[: col + 1] = [" "] * min(col + 1, len(line))
                    else:
                        line.clear()
                elif op == "A":
                    row = max(0, row - (n or 1))
                elif op == "B":
                    row += n or 1
                elif op == "G":
                    col = (n or 1) - 1
                elif op == "J" and n in (None, 0):
                    del lines[row + 1 :]
                    del lines[row][col:]
                while len(lines) <= row:
                    lines.append([])
                i = m.end()
                continue
            i += 2  # another escape: skip it and its one character
            continue
        if ch == "\r":
            col = 0
        elif ch == "\n":
            row += 1
            col = 0
            while len(lines) <= row:
                lines.append([])
        elif ch == "\b":
            col = max(0, col - 1)
        elif ch == "\t":
            col = (col // 8 + 1) * 8
        elif ch >= " ":
            if col >= columns:  # wrap onto the next row, as the terminal does
                row += 1
                col = 0
                while len(lines) <= row:
                    lines.append([])
            line = lines[row]
            while len(line) < col:
                line.append(" ")
            if col < len(line):
                line[col] = ch
            else:
                line.append(ch)
            col += 1
        i += 1
    out = ["".join(line).rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def text_xml(text: str) -> str:
    """`text` escaped for XML, its spaces no-break spaces: renderers collapse runs of spaces in
    SVG text whatever xml:space says, and a terminal's columns depend on them."""
    return escape(text).replace(" ", "\u00a0")


def svg(title: str, shown: list[tuple[str, str]], columns: int) -> str:
    """A terminal window titled `title` showing (kind, text) lines; kind is 'prompt' or 'out'."""
    width_chars = max([60] + [len(t) + 2 for _, t in shown])
    width_chars = min(width_chars, columns + 2)
    w = round(PAD * 2 + width_chars * CHAR_W)
    h = TITLE_H + PAD * 2 + LINE_H * len(shown)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" role="img" aria-label="{escape(title, {chr(34): "&quot;"})}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{w}" height="{h}" rx="8" fill="{BG}"/>',
        f'<path d="M0 8a8 8 0 0 1 8-8h{w - 16}a8 8 0 0 1 8 8v{TITLE_H - 8}H0z" fill="{TITLE_BG}"/>',
    ]
    for k, colour in enumerate(("#ff5f57", "#febc2e", "#28c840")):
        parts.append(f'<circle cx="{16 + 20 * k}" cy="{TITLE_H // 2}" r="6" fill="{colour}"/>')
    parts.append(
        f'<text x="{w / 2}" y="{TITLE_H // 2 + 4}" text-anchor="middle" fill="{DIM}" '
        f'font-family="sans-serif" font-size="12">{escape(title)}</text>'
    )
    parts.append(
        f'<g font-family="\'DejaVu Sans Mono\', Menlo, Consolas, \'Liberation Mono\', monospace" '
        f'font-size="{FONT_SIZE}" xml:space="preserve" style="white-space:pre">'
    )
    y = TITLE_H + PAD + LINE_H - 4
    for kind, text in shown:
        if kind == "prompt":
            parts.append(
                f'<text x="{PAD}" y="{y}" fill="{FG}"><tspan fill="{PROMPT}">$ </tspan>'
                f"{text_xml(text)}</text>"
            )
        elif text:
            # textLength pins the width, so a fallback font cannot overflow the window.
            parts.append(
                f'<text x="{PAD}" y="{y}" fill="{FG}" textLength="{len(text) * CHAR_W:.1f}" '
                f'lengthAdjust="spacingAndGlyphs">{text_xml(text)}</text>'
            )
        y += LINE_H
    parts.append("</g></svg>")
    return "\n".join(parts) + "\n"


def wrap(text: str, columns: int) -> list[str]:
    return [text[i : i + columns] for i in range(0, max(len(text), 1), columns)]


def render(picture: dict, sim_dir: str) -> str:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("COLUMNS", "LINES", "NO_COLOR", "CLICOLOR_FORCE")
    }
    env["PATH"] = sim_dir + os.pathsep + env.get("PATH", "")
    env["TERM"] = "xterm-256color"
    env["LC_ALL"] = env.get("LC_ALL", "C.UTF-8")
    columns = int(picture.get("columns", COLUMNS))
    commands = picture["commands"]
    if isinstance(commands, str):
        commands = [commands]
    shown: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="sim-picture-") as work:
        if picture.get("setup"):
            subprocess.run(["bash", "-euo", "pipefail", "-c", picture["setup"]], cwd=work,
                           env=env, check=True, stdout=subprocess.DEVNULL)
        for command in commands:
            pieces = wrap("$ " + command, columns)
            shown.append(("prompt", pieces[0][2:]))
            shown += [("out", piece) for piece in pieces[1:]]
            timeout = float(picture.get("timeout", 120))
            may_fail = command in picture.get("may_fail", [])
            raw = run_in_pty(command, work, env, timeout, columns, may_fail)
            text = raw.decode("utf-8", errors="replace")
            shown += [("out", line) for line in screen(text, columns)]
    title = picture.get("title") or next((c for c in commands if c.startswith("sim ")), commands[0])
    return svg(title, shown, columns)


def check(spec: list[dict]) -> int:
    """Without running sim: every picture of the spec has its SVG and its page shows it, and
    every SVG in docs/src/pictures is a picture of the spec or the performance chart."""
    problems = []
    names = {p["name"] for p in spec}
    for picture in spec:
        name, page = picture["name"], picture.get("page")
        if not (OUT / f"{name}.svg").is_file():
            problems.append(f"{name}: no docs/src/pictures/{name}.svg (run render.py {name})")
        if not page or not (ROOT / "docs/src" / page).is_file():
            problems.append(f"{name}: its page {page!r} is not a page of docs/src")
        elif f"pictures/{name}.svg)" not in (ROOT / "docs/src" / page).read_text():
            problems.append(f"{name}: docs/src/{page} does not show pictures/{name}.svg")
    for svg_file in sorted(OUT.glob("*.svg")):
        if svg_file.stem not in names and svg_file.name != "speed.svg":
            problems.append(f"docs/src/pictures/{svg_file.name}: not a picture of {SPEC.name}")
    for problem in problems:
        print(f"docs: pictures: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"docs: the {len(spec)} terminal pictures of {SPEC.name} are drawn and shown")
    return 0


def main() -> int:
    spec = tomllib.loads(SPEC.read_text())["picture"]
    if sys.argv[1:] == ["--check"]:
        return check(spec)
    sim = os.environ.get("SIM", "sim")
    found = shutil.which(sim)
    if not found:
        raise SystemExit(f"render: no `{sim}` (set SIM=path/to/sim)")
    sim_dir = str(Path(found).resolve().parent)
    if Path(found).name != "sim":
        raise SystemExit(f"render: SIM must name a file called `sim`, not {found}")
    wanted = set(sys.argv[1:])
    unknown = wanted - {p["name"] for p in spec}
    if unknown:
        raise SystemExit(f"render: no picture named {', '.join(sorted(unknown))} in {SPEC}")
    OUT.mkdir(parents=True, exist_ok=True)
    version = subprocess.run([found, "--version"], capture_output=True, text=True).stdout.strip()
    for picture in spec:
        if wanted and picture["name"] not in wanted:
            continue
        start = time.monotonic()
        text = render(picture, sim_dir)
        path = OUT / f"{picture['name']}.svg"
        path.write_text(text)
        print(f"{path.relative_to(ROOT)}: {version}, {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks facts the user guide and the README state against the code they describe.

    python3 docs/check_facts.py [--root DIR]

1. Game counts written in words ("one of eighteen games", "six Omaha games", "seven draw games",
   "Three games of the game list" on the stud page) equal the counts in the engine's one game
   list, `GAMES` in crates/engine/src/game.rs (its length, and its entries per family:
   `omaha(`, `stud(`, `draw(` constructors). A number of eight or more before "games" is read as
   the whole list's count; "N Omaha/draw/stud games" as the family's.
2. docs/src/python.md names, in backticks, every name of the Python package's `__all__`
   (python/pokerodds/__init__.py); README.md, docs/src/games.md and docs/src/python.md name
   every game of `GAMES` (`omaha5-hilo` or "omaha5-hilo").
3. The container image's size stated in the docs ("about 11 MB" near the word "image", in
   README.md, docs/src and deploy/) is within 10 % of the size deploy/container/test.sh measured,
   when that script has written it to target/container-image-size (bytes, from
   `podman image inspect --format '{{.Size}}'`; CARGO_TARGET_DIR is honoured). Without the file
   only the statements are found (there must be at least one, so a reworded one is noticed).

Exits 1 with one line per wrong fact, naming the file and line; standard library only.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
from pathlib import Path

WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "twenty-one": 21, "twenty-two": 22, "twenty-three": 23, "twenty-four": 24, "twenty-five": 25,
}
NUMBER = r"(?:twenty-(?:one|two|three|four|five)|" + "|".join(WORDS) + r"|\d+)"
# "eighteen games", "eighteen\n[games](../games.md)", "six Omaha games", "Three games of".
GAMES_PHRASE = re.compile(
    r"\b(?P<n>" + NUMBER + r")\s+(?P<family>omaha\s+|draw\s+|stud\s+)?\[?games\b", re.I
)
FAMILY_OF_TITLE = {"omaha": "omaha", "draw": "draw", "stud": "stud"}
# A page whose opening lines' unqualified "N games" means one family (the stud page opens
# "Three games of the game list").
PAGE_FAMILY = {"docs/src/stud.md": "stud", "docs/src/draw.md": "draw"}
SIZE_PHRASE = re.compile(r"\babout\s+(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>MB|MiB)\b")


def number(text: str) -> int:
    text = text.lower()
    return int(text) if text.isdigit() else WORDS[text]


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def game_counts(root: Path) -> tuple[int, dict[str, int]]:
    """The length of `GAMES` and its entries per family constructor."""
    path = root / "crates/engine/src/game.rs"
    source = path.read_text()
    head = re.search(r"pub const GAMES: \[GameSpec; (\d+)\] = \[\n(.*?)\n\];", source, re.S)
    if not head:
        raise SystemExit(f"check_facts: no `pub const GAMES: [GameSpec; N]` in {path}")
    declared, body = int(head.group(1)), head.group(2)
    entries = re.findall(r"^    (GameSpec \{|[a-z_]+\()", body, re.M)
    if len(entries) != declared:
        raise SystemExit(
            f"check_facts: {path}: GAMES declares {declared} games but {len(entries)} entries "
            "were read (update docs/check_facts.py's reading of the list)"
        )
    families: dict[str, int] = {}
    for entry in entries:
        if entry.endswith("("):
            families[entry[:-1]] = families.get(entry[:-1], 0) + 1
    return declared, families


def game_names(root: Path) -> list[str]:
    """The `--game` names of `GAMES`, in order."""
    source = (root / "crates/engine/src/game.rs").read_text()
    body = re.search(r"pub const GAMES: \[GameSpec; \d+\] = \[\n(.*?)\n\];", source, re.S).group(1)
    return [
        a or b
        for a, b in re.findall(r'GameId::\w+,\s*"([a-z0-9-]+)"|\bname: "([a-z0-9-]+)"', body)
    ]


def check_game_names(root: Path, errors: list[str]) -> None:
    """Every game's name is written (`name` or "name") on the pages that list the games."""
    names = game_names(root)
    total, _ = game_counts(root)
    if len(names) != total:
        raise SystemExit(
            f"check_facts: read {len(names)} game names from GAMES, which holds {total} games "
            "(update docs/check_facts.py's reading of the list)"
        )
    for rel in ("README.md", "docs/src/games.md", "docs/src/python.md"):
        text = (root / rel).read_text()
        for name in names:
            if f"`{name}`" not in text and f'"{name}"' not in text:
                errors.append(
                    f"{rel}: does not name the game `{name}` (crates/engine/src/game.rs, GAMES)"
                )


def doc_files(root: Path) -> list[Path]:
    files = [root / "README.md", *sorted((root / "docs/src").rglob("*.md"))]
    return [f for f in files if f.is_file() and "results" not in f.relative_to(root).parts]


def check_games(root: Path, errors: list[str]) -> None:
    total, families = game_counts(root)
    for path in doc_files(root):
        rel = path.relative_to(root).as_posix()
        text = path.read_text()
        for m in GAMES_PHRASE.finditer(text):
            n = number(m.group("n"))
            family = m.group("family")
            if family:
                key = FAMILY_OF_TITLE[family.strip().lower()]
                want, what = families.get(key, 0), f"{key} games in GAMES"
            elif rel in PAGE_FAMILY and n < 8 and line_of(text, m.start()) <= 5:
                key = PAGE_FAMILY[rel]
                want, what = families.get(key, 0), f"{key} games in GAMES"
            elif n >= 8:
                want, what = total, "games in GAMES"
            else:
                continue  # "the two games' tables", "all six games" of a family: not a count
            if n != want:
                phrase = " ".join(m.group(0).split())
                errors.append(
                    f"{rel}:{line_of(text, m.start())}: says \"{phrase}\", but there are {want} "
                    f"{what} (crates/engine/src/game.rs)"
                )


def check_python(root: Path, errors: list[str]) -> None:
    init = root / "python/pokerodds/__init__.py"
    names = None
    for node in ast.parse(init.read_text()).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            names = ast.literal_eval(node.value)
    if not names:
        raise SystemExit(f"check_facts: no __all__ in {init}")
    page = (root / "docs/src/python.md").read_text()
    for name in names:
        if not re.search(r"`(?:pokerodds\.)?" + re.escape(name) + r"\b", page):
            errors.append(
                f"docs/src/python.md: does not name `{name}`, which python/pokerodds/__init__.py "
                "exports in __all__"
            )


def image_size_file(root: Path) -> Path:
    target = os.environ.get("CARGO_TARGET_DIR")
    return (Path(target) if target else root / "target") / "container-image-size"


def check_image_size(root: Path, errors: list[str]) -> str:
    paths = doc_files(root) + sorted(p for p in (root / "deploy").rglob("*") if p.is_file())
    stated = []
    for path in paths:
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for m in SIZE_PHRASE.finditer(text):
            if "image" in text[max(0, m.start() - 300) : m.start()].lower():
                scale = 1e6 if m.group("unit") == "MB" else 2**20
                where = f"{path.relative_to(root).as_posix()}:{line_of(text, m.start())}"
                stated.append((where, float(m.group("n")) * scale, m.group(0)))
    if not stated:
        errors.append(
            "no statement of the container image's size (\"about N MB\" after the word "
            "\"image\") found in README.md, docs/src or deploy/: docs/check_facts.py looks for one"
        )
        return "image size: none stated"
    measured_file = image_size_file(root)
    if not measured_file.is_file():
        return (
            f"image size: {len(stated)} statements found; not measured here "
            f"({measured_file} is written by deploy/container/test.sh)"
        )
    measured = int(measured_file.read_text().split()[0])
    for where, size, phrase in stated:
        if abs(size - measured) > 0.10 * measured:
            errors.append(
                f"{where}: says the image is \"{phrase}\", but deploy/container/test.sh measured "
                f"{measured} bytes ({measured / 1e6:.1f} MB, {measured / 2**20:.1f} MiB; "
                f"{measured_file})"
            )
    return f"image size: {len(stated)} statements within 10 % of the measured {measured} bytes"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    root = parser.parse_args().root.resolve()
    errors: list[str] = []
    check_games(root, errors)
    check_game_names(root, errors)
    check_python(root, errors)
    image = check_image_size(root, errors)
    if errors:
        for error in errors:
            print(f"wrong fact: {error}", file=sys.stderr)
        plural = "" if len(errors) == 1 else "s"
        print(f"docs: check_facts: {len(errors)} wrong fact{plural}", file=sys.stderr)
        return 1
    total, families = game_counts(root)
    print(
        f"docs: facts checked: {total} games ({', '.join(f'{v} {k}' for k, v in sorted(families.items()))}), "
        f"README.md, games.md and python.md name every game, python.md names all of __all__, "
        f"{image}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

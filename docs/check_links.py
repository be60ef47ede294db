"""Checks the links inside a built mdBook: every relative link and image of every HTML page must
name a file of the book, and every `#anchor` an element with that id (or an `<a name>`) in the
page it points to. Links that leave the book (a scheme such as https: or mailto:, or `//host`)
are not followed; a link to a site root (`/page.html`) is refused, since the book may be served
under any path. Pages with `<base href="/...">` (mdBook's 404 page) resolve against the book's
root.

    python3 docs/check_links.py BOOK_DIR     # exit 1 and one line per broken link

Run by docs/ci.sh after `mdbook build`; docs/ci.sh also builds a copy of the book with broken
links on purpose and checks that each is reported.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

# (tag, attribute) pairs that name another document or a resource the page loads.
LINK_ATTRIBUTES = {
    ("a", "href"),
    ("link", "href"),
    ("img", "src"),
    ("script", "src"),
    ("iframe", "src"),
    ("source", "src"),
}


class Page(HTMLParser):
    """The ids, links and `<base>` of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[int, str]] = []  # (line, URL)
        self.base: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        if tag == "base" and "href" in values:
            self.base = values["href"]
        for name, value in values.items():
            if (tag, name) in LINK_ATTRIBUTES:
                self.links.append((self.getpos()[0], value))

    handle_startendtag = handle_starttag


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def broken_links(book: Path) -> list[str]:
    """One message per broken link in the HTML files under `book`, in file order."""
    book = book.resolve()
    pages: dict[Path, Page] = {p: parse(p) for p in sorted(book.rglob("*.html"))}
    problems = []
    for path, page in pages.items():
        where = path.relative_to(book)
        base_dir = path.parent
        if page.base is not None and page.base.startswith("/"):
            base_dir = book
        for line, url in page.links:
            parts = urlsplit(url)
            if parts.scheme or parts.netloc:
                continue  # leaves the book
            if parts.path.startswith("/"):
                problems.append(f"{where}:{line}: {url}: a link to the site's root")
                continue
            target = (base_dir / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if book not in target.parents and target != book:
                problems.append(f"{where}:{line}: {url}: leaves the book's folder")
                continue
            if not target.is_file():
                problems.append(f"{where}:{line}: {url}: no file {target.relative_to(book)}")
                continue
            anchor = unquote(parts.fragment)
            if anchor and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parse(target).ids
                if anchor not in ids:
                    problems.append(
                        f"{where}:{line}: {url}: no id {anchor!r} in {target.relative_to(book)}"
                    )
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: check_links.py BOOK_DIR", file=sys.stderr)
        return 2
    book = Path(argv[0])
    pages = sum(1 for _ in book.rglob("*.html"))
    if pages == 0:
        print(f"check_links: no HTML pages in {book}", file=sys.stderr)
        return 1
    problems = broken_links(book)
    for problem in problems:
        print(f"broken link: {problem}", file=sys.stderr)
    print(f"check_links: {pages} pages, {len(problems)} broken links")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

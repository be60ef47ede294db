#!/usr/bin/env bash
# CI step of the user guide (docs/: an mdBook): checks the facts it states against the code
# (docs/check_facts.py), that the performance chart is its headline table's and that each
# terminal picture is drawn and shown (docs/pictures/), builds it with the pinned mdbook into
# target/book and fails on any warning or error mdbook prints and on any broken link inside the
# book (docs/check_links.py: relative links, images and #anchors). Then checks both checks: a
# copy of the book with a page of deliberately broken links must fail, each broken link reported
# and the page's good links not, and a copy with a page that makes mdbook warn must fail.
#
# mdbook is installed from the crate registry, exactly MDBOOK_VERSION, with the versions of its
# lock file (--locked), into target/tools/mdbook-VERSION, and reused from there while that
# folder holds that version. Only the `search` feature is built (no `serve` or `watch`).
set -euo pipefail
cd "$(dirname "$0")/.."
MDBOOK_VERSION=0.5.4
target=${CARGO_TARGET_DIR:-$PWD/target}
tools=$target/tools/mdbook-$MDBOOK_VERSION
mdbook=$tools/bin/mdbook
out=$target/book

if [[ ! -x $mdbook || "$("$mdbook" --version)" != "mdbook v$MDBOOK_VERSION" ]]; then
    echo "docs: installing mdbook $MDBOOK_VERSION into $tools"
    cargo install mdbook --version "=$MDBOOK_VERSION" --locked --quiet --force \
        --no-default-features --features search --root "$tools"
fi
"$mdbook" --version

# Builds the book in $1 into $2; fails if mdbook fails or prints a warning or an error.
build() {
    local log status=0
    log=$(mktemp)
    "$mdbook" build "$1" --dest-dir "$2" >"$log" 2>&1 || status=$?
    cat "$log"
    if [[ $status -ne 0 ]]; then
        rm -f "$log"
        echo "docs: mdbook build $1 failed (exit $status)" >&2
        return 1
    fi
    if grep -Eq '\b(WARN|ERROR)\b' "$log"; then
        rm -f "$log"
        echo "docs: mdbook build $1 printed warnings or errors" >&2
        return 1
    fi
    rm -f "$log"
}

# Facts stated in the guide and the README, against the code (game counts, the Python names, the
# container image's size when deploy/container/test.sh has measured it): a second at most.
python3 docs/check_facts.py
# The performance page's chart is drawn from its headline table: the committed SVG must be it.
python3 docs/pictures/speed_chart.py --check
python3 docs/pictures/double_board_chart.py --check
# Each terminal picture of docs/pictures/pictures.toml is drawn and shown on its page (sim is
# not run: the pictures are redrawn by hand, docs/pictures/README.md).
python3 docs/pictures/render.py --check

rm -rf "$out"
build docs "$out"
python3 docs/check_links.py "$out"

# --- the checker catches broken links --------------------------------------------------------
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# -L: docs/src/results is a link to benches/results (the performance page links its files)
cp -rL docs/book.toml docs/src "$scratch/"
cat >"$scratch/src/broken.md" <<'EOF'
# Broken links, on purpose

- [a good link to a section](getting-started.md#install-sim)
- [a good link to a page](clusters.md)
- [a page that is not there](no-such-page.md)
- [a section that is not there](clusters.md#no-such-section)
- [an anchor that is not on this page](#nowhere)
- ![an image that is not there](plots/no-such-plot.svg)
EOF
echo "- [Broken links](broken.md)" >>"$scratch/src/SUMMARY.md"
build "$scratch" "$scratch/book" >/dev/null
status=0
python3 docs/check_links.py "$scratch/book" 2>"$scratch/report" >/dev/null || status=$?
[[ $status -eq 1 ]] || { echo "docs: the checker passed a book with broken links" >&2; exit 1; }
for url in no-such-page.html clusters.html#no-such-section '#nowhere' plots/no-such-plot.svg; do
    grep -q "^broken link: broken.html:[0-9]*: $url: " "$scratch/report" \
        || { echo "docs: the checker missed $url in broken.html" >&2; cat "$scratch/report" >&2; exit 1; }
done
if grep -E 'getting-started.html#install-sim|clusters.html: ' "$scratch/report"; then
    echo "docs: the checker reported a good link" >&2
    exit 1
fi
echo "docs: the link checker reports the 4 broken links of a broken page, and not its good ones"

# --- a warning fails the build -----------------------------------------------------------------
rm -rf "$scratch/src/broken.md" "$scratch/book"
cp docs/src/SUMMARY.md "$scratch/src/SUMMARY.md"
printf '# Warns\n\n<div>\n\nAn HTML tag left open: mdbook warns.\n' >"$scratch/src/warns.md"
echo "- [Warns](warns.md)" >>"$scratch/src/SUMMARY.md"
if build "$scratch" "$scratch/book" >"$scratch/log" 2>&1; then
    cat "$scratch/log" >&2
    echo "docs: a book whose build warns passed" >&2
    exit 1
fi
grep -q 'WARN unclosed HTML tag' "$scratch/log" \
    || { cat "$scratch/log" >&2; echo "docs: the build failed, but not for the warning" >&2; exit 1; }
echo "docs: a page that makes mdbook warn fails the build"

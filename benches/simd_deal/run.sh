#!/usr/bin/env bash
# Issue 29's question for the odds loop: does SIMD deal the cards faster than scalar code with the
# same picks? Builds simd_deal.c with gcc, runs it REPS times (default 3), and measures `sim bench`
# (dealing and evaluating, one thread) beside it, so the dealing-only rates of the SIMD variants
# can be read against a whole round of ours on the same machine.
# Usage: bash benches/simd_deal/run.sh [reps]    (needs gcc and a CPU with AVX-512 VBMI)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
reps=${1:-3}
for flag in avx512f avx512bw avx512dq avx512vbmi; do
  grep -qw "$flag" /proc/cpuinfo || { echo "simd_deal: this CPU lacks $flag" >&2; exit 2; }
done
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
gcc -O2 -Wall -Wextra -o "$build/simd_deal" "$here/benches/simd_deal/simd_deal.c"
cargo build --quiet --release -p sim --manifest-path "$here/Cargo.toml"
echo "# commit $(git -C "$here" rev-parse --short HEAD), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), gcc $(gcc -dumpversion)"
for rep in $(seq "$reps"); do
  echo "# repetition $rep"
  "$build/simd_deal"
  printf 'sim bench (deal 7 + evaluate + count), 1 thread\t%s\n' \
    "$("$here/target/release/sim" bench --threads 1 --rounds 200M --repeats 1 --format csv 2>/dev/null |
      awk -F, 'NR == 2 { printf "%.1f", $4 / 1e6 }')"
done

#!/usr/bin/env bash
# Side-by-side throughput: the published-crate peers in ../shared/peers, then `sim bench` and
# `sim exact`, in one run on the same machine.
# Usage: benches/compare_peers.sh [reps] [baseline-sim]
# Prints the peers' `name<TAB>threads<TAB>hands_per_sec` lines, then ours in the same form. Given
# a second `sim` binary (say, a build of an older commit), it is measured right after ours, its
# lines marked `(baseline)`, so that a change's effect is read against the same peers' run.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-5}
baseline=${2:-}
peers="$here/../shared/peers"
cd "$here"
if [[ -n $baseline && ! -x $baseline ]]; then
  echo "compare_peers.sh: baseline $baseline is not an executable" >&2
  exit 2
fi
cargo build --quiet --release -p sim
sim="$here/target/release/sim"
echo "# commit $(git rev-parse --short HEAD), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
bash "$peers/run.sh" quick "$reps"

# measure LABEL BINARY: odds throughput by `sim bench`, then whole-process `sim exact` timings.
measure() {
  local label=$1 bin=$2
  "$bin" bench --threads 1,2 --rounds 200M --repeats "$reps" --format csv 2>/dev/null |
    awk -F, -v label="$label" 'NR > 1 { printf "sim odds (%s)\t%s\t%.0f\n", label, $1, $4 }'
  for method in combinatorial enumerate; do
    for threads in 1 2; do
      local times=""
      for _ in $(seq "$reps"); do
        local start end
        start=$(date +%s.%N)
        "$bin" exact --cards 7 --method "$method" --threads "$threads" >/dev/null 2>&1
        end=$(date +%s.%N)
        times="$times $(awk "BEGIN { print $end - $start }")"
      done
      local median
      median=$(printf '%s\n' $times | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
      printf 'sim exact --method %s (%s, whole process)\t%s\t%.0f\n' "$method" "$label" "$threads" \
        "$(awk "BEGIN { print 133784560 / $median }")"
    done
  done
}

measure ours "$sim"
if [[ -n $baseline ]]; then
  measure baseline "$baseline"
fi

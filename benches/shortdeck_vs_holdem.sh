#!/usr/bin/env bash
# Short-deck odds throughput against hold'em odds throughput of the same build, in one run on the
# same machine: `sim bench` and `sim bench --game shortdeck` alternate REPS times (so that load
# from other jobs falls on both alike), each a median of 3 runs of ROUNDS seven-card rounds.
# Then the compute time of exact heads-up preflop equity (`sim equity A B --threads 1`, as printed
# on stderr) for both games, alternating the same way.
# Usage: benches/shortdeck_vs_holdem.sh [reps] [threads] [rounds]
# Prints every measurement, then each game's median rounds/s and the ratio shortdeck / holdem,
# and the median milliseconds of each exact matchup.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-9}
threads=${2:-1}
rounds=${3:-50M}
cd "$here"
cargo build --quiet --release -p sim
sim="$here/target/release/sim"
echo "# commit $(git rev-parse --short HEAD), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, threads $threads, rounds $rounds"
rate() {
  "$sim" bench "$@" --threads "$threads" --rounds "$rounds" --repeats 3 --format csv 2>/dev/null |
    awk -F, 'NR == 2 { print $4 }'
}
holdem=()
short=()
for ((i = 0; i < reps; i++)); do
  h=$(rate --game holdem)
  s=$(rate --game shortdeck)
  holdem+=("$h")
  short+=("$s")
  echo "run $i holdem $h shortdeck $s"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mh=$(median "${holdem[@]}")
ms=$(median "${short[@]}")
echo "median holdem $mh rounds/s, shortdeck $ms rounds/s, ratio $(awk -v s="$ms" -v h="$mh" 'BEGIN { printf "%.3f", s / h }')"

# Exact heads-up preflop: milliseconds of compute, as `sim equity` reports them.
equity_ms() {
  "$sim" equity "$@" --threads 1 2>&1 >/dev/null | sed -n 's/.* boards in \([0-9.]*\) ms.*/\1/p'
}
for matchup in "AcAs KhKd" "AhKh QsQd"; do
  h_ms=()
  s_ms=()
  for ((i = 0; i < reps; i++)); do
    # shellcheck disable=SC2086
    h_ms+=("$(equity_ms $matchup)")
    # shellcheck disable=SC2086
    s_ms+=("$(equity_ms $matchup --game shortdeck)")
  done
  echo "exact $matchup: holdem median $(median "${h_ms[@]}") ms, shortdeck median $(median "${s_ms[@]}") ms (all shortdeck: ${s_ms[*]})"
done

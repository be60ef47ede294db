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

# One measurement of BINARY: odds rounds/s by `sim bench` at THREADS, or hands/s of a whole
# `sim exact --method METHOD` process.
odds_rate() {
  "$1" bench --threads "$2" --rounds 200M --repeats 1 --format csv 2>/dev/null | awk -F, 'NR == 2 { print $4 }'
}
exact_rate() {
  local start end
  start=$(date +%s.%N)
  "$1" exact --cards 7 --method "$3" --threads "$2" >/dev/null 2>&1
  end=$(date +%s.%N)
  awk "BEGIN { print 133784560 / ($end - $start) }"
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Ours and the baseline (when given) take turns, one repetition each, so that both see the same
# machine; each line is the median of the repetitions.
labels=(ours); bins=("$sim")
if [[ -n $baseline ]]; then labels+=(baseline); bins+=("$baseline"); fi
for workload in odds exact:combinatorial exact:enumerate; do
  for threads in 1 2; do
    declare -A rates=()
    for _ in $(seq "$reps"); do
      for i in "${!bins[@]}"; do
        case $workload in
          odds) r=$(odds_rate "${bins[$i]}" "$threads") ;;
          exact:*) r=$(exact_rate "${bins[$i]}" "$threads" "${workload#exact:}") ;;
        esac
        rates[$i]="${rates[$i]:-} $r"
      done
    done
    for i in "${!bins[@]}"; do
      # shellcheck disable=SC2086
      m=$(median ${rates[$i]})
      case $workload in
        odds) printf 'sim odds (%s)\t%s\t%.0f\n' "${labels[$i]}" "$threads" "$m" ;;
        exact:*) printf 'sim exact --method %s (%s, whole process)\t%s\t%.0f\n' \
          "${workload#exact:}" "${labels[$i]}" "$threads" "$m" ;;
      esac
    done
    unset rates
  done
done

#!/usr/bin/env bash
# Side-by-side throughput: the published-crate peers in ../shared/peers, then `sim bench` and
# `sim exact`, in one run on the same machine. Usage: benches/compare_peers.sh [reps]
# Prints the peers' `name<TAB>threads<TAB>hands_per_sec` lines, then ours in the same form.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-5}
peers="$here/../shared/peers"
cd "$here"
cargo build --quiet --release -p sim
sim="$here/target/release/sim"
echo "# commit $(git rev-parse --short HEAD), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
bash "$peers/run.sh" quick "$reps"
"$sim" bench --threads 1,2 --rounds 200M --repeats "$reps" --format csv 2>/dev/null |
  awk -F, 'NR > 1 { printf "sim odds (ours)\t%s\t%.0f\n", $1, $4 }'
for method in combinatorial enumerate; do
  for threads in 1 2; do
    best=""
    for _ in $(seq "$reps"); do
      start=$(date +%s.%N)
      "$sim" exact --cards 7 --method "$method" --threads "$threads" >/dev/null 2>&1
      end=$(date +%s.%N)
      best="$best $(awk "BEGIN { print $end - $start }")"
    done
    median=$(printf '%s\n' $best | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf 'sim exact --method %s (ours, whole process)\t%s\t%.0f\n' "$method" "$threads" \
      "$(awk "BEGIN { print 133784560 / $median }")"
  done
done

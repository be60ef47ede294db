#!/usr/bin/env bash
# `sim query` on the draw games beside `sim equity --game G` on the same spot, one thread: a
# plain equity question (the engine's own equity) and one the language counts itself (a second
# selector, count(scoops(hero))), exact and Monte Carlo. Each figure is the median of REPS
# alternating runs of the run time each command prints on stderr ("in X ms"), with the least
# and the most. Usage:
#   benches/compare_query_draw.sh SIM [REPS] > benches/results/query-draw-<commit>.txt
set -euo pipefail
sim=${1:?usage: $0 SIM [REPS]}
reps=${2:-7}
secs() {
  "$@" 2>&1 >/dev/null | grep -o ' in [0-9.]* [mµ]*s' | tail -1 |
    awk '{v=$2; if ($3=="ms") v/=1000; else if ($3=="µs") v/=1e6; printf "%.6f\n", v}'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)], "(min", a[1], "max", a[NR] ")"}'; }
a=$(mktemp) b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT
# pair NAME QUERY_TEXT QUERY_FLAGS -- EQUITY_ARGS...
pair() {
  local name=$1 text=$2 flags=$3
  shift 4
  : >"$a"
  : >"$b"
  for _ in $(seq "$reps"); do
    # shellcheck disable=SC2086
    secs "$sim" query "$text" $flags --threads 1 >>"$a"
    secs "$sim" equity "$@" --threads 1 >>"$b"
  done
  echo "$name | query: $(median <"$a") | equity: $(median <"$b")"
}
q='select avg(riverEquity(hero)) as eq'
echo "# $("$sim" --version), $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg), $reps runs each"
pair "badugi As2d3c v random exact, plain" \
  "$q from game='badugi', hero='As2d3c', villain='random'" "" -- --game badugi As2d3c random
pair "badugi As2d3c v random exact, language (+count(scoops))" \
  "$q, count(scoops(hero)) from game='badugi', hero='As2d3c', villain='random'" "" -- \
  --game badugi As2d3c random
pair "2-7 7c5d v random MC 2M, plain" \
  "$q from game='lowball-27', hero='7c5d', villain='random'" "--rounds 2M --seed 1" -- \
  --game lowball-27 7c5d random --rounds 2M --seed 1
pair "2-7 7c5d v random MC 2M, language (+count(scoops))" \
  "$q, count(scoops(hero)) from game='lowball-27', hero='7c5d', villain='random'" \
  "--rounds 2M --seed 1" -- --game lowball-27 7c5d random --rounds 2M --seed 1
pair "draw5-hilo As2d3c4h v KsKd exact, plain" \
  "$q from game='draw5-hilo', hero='As2d3c4h', villain='KsKd'" "" -- \
  --game draw5-hilo As2d3c4h KsKd

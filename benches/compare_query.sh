#!/usr/bin/env bash
# `sim query` side by side with Open PQL's `opql` (crate openpql-runner 0.3.0, built by
# ../shared/peers/openpql/build.sh DESTDIR) on shared queries: each query's value from both
# tools and the trials per second on one thread, medians of REPS runs, and `sim query` beside
# `sim equity` on the same spot. Usage:
#   benches/compare_query.sh SIM [OPQL] > benches/results/query-<commit>.txt
# SIM: a built sim (release); OPQL: opql's path (omitted: only sim's lines are measured, and
# the log says so). Environment: REPS (default 3), TRIALS (default 1000000).
set -euo pipefail
sim=${1:?usage: $0 SIM [OPQL]}
opql=${2:-}
reps=${REPS:-3}
trials=${TRIALS:-1000000}

# The queries both languages read: hold'em and short deck, PQL's generic ranges.
queries=(
    "select avg(riverEquity(hero)) from game='holdem', hero='AsAh', villain='KsKh'"
    "select avg(riverEquity(hero)) from game='holdem', hero='AwKw', villain='**'"
    "select avg(riverEquity(hero)) from game='holdem', hero='AhKh', villain='QsQd', board='Qh7h2c'"
    "select count(winsHi(hero)) from game='holdem', hero='JhTh', villain='**', villain2='**'"
    "select avg(riverEquity(hero)) from game='shortdeck', hero='AsAh', villain='KsKh'"
)

# Median of numbers on standard input.
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# Seconds of one run of a command.
seconds() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null 2>&1; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }

echo "# compare_query.sh: $(date -u +%FT%TZ) $(uname -n) $(nproc) cores; sim $("$sim" --version); reps $reps; trials $trials"
[ -n "$opql" ] || echo "# opql not given: Open PQL's lines are not measured"
printf '%-8s %-12s %-14s %-12s %s\n' tool value seconds trials_per_s query
for q in "${queries[@]}"; do
    value=$("$sim" query "$q" --rounds "$trials" --seed 1 --threads 1 -q | awk -F, 'NR==2 {print $4}')
    s=$(for _ in $(seq "$reps"); do seconds "$sim" query "$q" --rounds "$trials" --seed 1 --threads 1 -q; done | median)
    printf '%-8s %-12s %-14s %-12.4g %s\n' sim_mc "$value" "$s" "$(echo "$trials / $s" | bc -l)" "$q"
    exact=$("$sim" query "$q" -q | awk -F, 'NR==2 {print $4}')
    s=$(for _ in $(seq "$reps"); do seconds "$sim" query "$q" -q; done | median)
    printf '%-8s %-12s %-14s %-12s %s\n' sim_auto "$exact" "$s" - "$q"
    if [ -n "$opql" ]; then
        value=$("$opql" --run "$q" --threads 1 --mt "$trials" 2>/dev/null | tr '\n' ' ')
        s=$(for _ in $(seq "$reps"); do seconds "$opql" --run "$q" --threads 1 --mt "$trials"; done | median)
        printf '%-8s %-12s %-14s %-12.4g %s\n' opql "$value" "$s" "$(echo "$trials / $s" | bc -l)" "$q"
    fi
done
# The same spot as a plain equity question and as sim equity.
for args in "AsAh KsKh" "AhKh QsQd --board Qh7h2c"; do
    s=$(for _ in $(seq "$reps"); do seconds "$sim" equity $args --threads 1; done | median)
    printf '%-8s %-12s %-14s %-12s %s\n' sim_eq - "$s" - "sim equity $args"
done

#!/usr/bin/env bash
# `sim query` side by side with Open PQL's `opql` (crate openpql-runner 0.3.0, built by
# ../shared/peers/openpql/build.sh DESTDIR) on ten shared queries: each query's value from both
# tools, how far Open PQL's estimate lies from ours in its own standard errors, and the trials
# per second of both on one thread, medians of REPS runs; then `sim query` beside `sim equity`
# on the same spot. Usage:
#   benches/compare_query.sh SIM [OPQL] > benches/results/query-<commit>.txt
# SIM: a built sim (release); OPQL: opql's path (omitted: only sim's lines are measured, and
# the log says so). Environment: REPS (default 3), OPQL_REPS (Open PQL's runs, the first
# also giving its value; default REPS), TRIALS (default 1000000), ONLY (the numbers
# of the queries to run, from 1, space-separated; default all). A query written `N|select ...`
# runs N trials instead of TRIALS (hvhEquity enumerates every runout in each trial).
#
# Open PQL's timed runs are each followed at once by a timed run of `sim query` with the same
# trials (one thread both), and the `paired` line gives the median of those pairs' ratios
# (Open PQL's seconds over sim's), with the smallest and largest: a change of load on the
# machine moves both runs of a pair alike, where it would move medians taken minutes apart
# differently.
#
# Columns: `sim_mc` is sim's seeded Monte Carlo with TRIALS trials (value, its standard error);
# `sim_auto` is sim's own choice (exact enumeration where cheap, `exact` in the se column);
# `opql` is Open PQL with TRIALS trials (a COUNT is divided by the trials), its standard error
# estimated from sim's per-trial spread of the same estimator, and `z`, its distance from
# sim's most precise answer (the exact one where there is one) in those errors.
set -euo pipefail
sim=${1:?usage: $0 SIM [OPQL]}
opql=${2:-}
reps=${REPS:-3}
opql_reps=${OPQL_REPS:-$reps}
trials=${TRIALS:-1000000}

# The queries both languages read: hold'em, short deck and Omaha, PQL's generic ranges, counts
# and averages, a street function, a `where`.
queries=(
    "select avg(riverEquity(hero)) from game='holdem', hero='AsAh', villain='KsKh'"
    "select avg(riverEquity(hero)) from game='holdem', hero='AwKw', villain='**'"
    "select avg(riverEquity(hero)) from game='holdem', hero='AhKh', villain='QsQd', board='Qh7h2c'"
    "select count(winsHi(hero)) from game='holdem', hero='JhTh', villain='**', villain2='**'"
    "select avg(riverEquity(hero)) from game='shortdeck', hero='AsAh', villain='KsKh'"
    "select avg(riverEquity(hero)) from game='omaha', hero='AsAhKsKh', villain='****'"
    "select count(scoops(hero)) from game='omaha', hero='AsKsQhJh', villain='****', villain2='****'"
    "select count(overpair(hero, flop)) from game='holdem', hero='JsJh', villain='AwKw'"
    "20000|select avg(hvhEquity(hero, flop)) from game='holdem', hero='AsAh', villain='KsKh'"
    "select count(nutHi(hero, river)) from game='holdem', hero='AhKh', villain='**', board='Qh7h2c'"
    "select avg(riverEquity(hero)) from game='holdem', hero='AhKh', villain='**' where flushingBoard(flop)"
)

# Median of numbers on standard input.
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# Seconds of one run of a command (a failing command still counts its time).
seconds() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null 2>&1 || true; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }

# Field N of the first data row of sim's CSV.
field() { awk -F, -v n="$1" 'NR==2 {print $n}'; }

echo "# compare_query.sh: $(date -u +%FT%TZ) $(uname -n) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); sim $("$sim" --version); reps $reps (Open PQL $opql_reps); trials $trials unless the query says"
[ -n "$opql" ] || echo "# opql not given: Open PQL's lines are not measured"
printf '%-8s %-18s %-18s %-8s %-10s %-12s %s\n' tool value se z seconds trials_per_s query
number=0
for entry in "${queries[@]}"; do
    number=$((number + 1))
    if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $number "* ]]; then continue; fi
    trials=${TRIALS:-1000000}
    q=$entry
    if [[ $entry == *"|"* ]]; then
        trials=${entry%%|*}
        q=${entry#*|}
    fi
    mc=$("$sim" query "$q" --rounds "$trials" --seed 1 --threads 1 -q)
    value=$(field 4 <<< "$mc")
    se=$(field 5 <<< "$mc")
    s=$(for _ in $(seq "$reps"); do seconds "$sim" query "$q" --rounds "$trials" --seed 1 --threads 1 -q; done | median)
    printf '%-8s %-18s %-18s %-8s %-10.4f %-12.4g %s\n' sim_mc "$value" "$se" - "$s" "$(echo "$trials / $s" | bc -l)" "$q"
    if [ "$trials" != "${TRIALS:-1000000}" ]; then
        # sim's own choice for this query is a long count (every runout in every trial).
        printf '%-8s %-18s %-18s %-8s %-10s %-12s %s\n' sim_auto - - - - - "$q"
        best=$value
    else
    auto=$("$sim" query "$q" -q)
    best=$(field 4 <<< "$auto")
    auto_se=$(field 5 <<< "$auto")
    if awk -v e="$auto_se" 'BEGIN {exit !(e == 0)}'; then auto_se=exact; fi
    s=$(for _ in $(seq "$reps"); do seconds "$sim" query "$q" -q; done | median)
    printf '%-8s %-18s %-18s %-8s %-10.4f %-12s %s\n' sim_auto "$best" "$auto_se" - "$s" - "$q"
    fi
    if [ -n "$opql" ]; then
        t0=$(date +%s.%N)
        out=$("$opql" --run "$q" --threads 1 --mt "$trials" 2>&1 | tr '\n' ' ' || true)
        first=$(echo "$(date +%s.%N) - $t0" | bc -l)
        case $out in
            AVG*) theirs=$(awk '{print $4}' <<< "$out") ;;
            COUNT*) theirs=$(echo "$(awk '{print $4}' <<< "$out") / $trials" | bc -l) ;;
            *) theirs="failed:$(tr -d ' ' <<< "${out:0:40}")" ;;
        esac
        if [[ $theirs == failed* ]]; then
            z=-
            their_se=-
        else
            their_se=$se
            z=$(awk -v a="$theirs" -v b="$best" -v e="$their_se" 'BEGIN {printf "%.2f", (a - b) / e}')
        fi
        # A question Open PQL refuses has no rate and no pairs: its one run is reported.
        if [[ $theirs == failed* ]]; then
            printf '%-8s %-18s %-18s %-8s %-10s %-12s %s\n' opql "$theirs" - - - - "$q"
            continue
        fi
        # Pairs: Open PQL's run (the first is the one above), then sim's at once.
        pairs=$(for rep in $(seq "$opql_reps"); do
            if [ "$rep" = 1 ]; then o=$first; else o=$(seconds "$opql" --run "$q" --threads 1 --mt "$trials"); fi
            echo "$o $(seconds "$sim" query "$q" --rounds "$trials" --seed 1 --threads 1 -q)"
        done)
        s=$(awk '{print $1}' <<< "$pairs" | median)
        printf '%-8s %-18s %-18s %-8s %-10.4f %-12.4g %s\n' opql "$theirs" "$their_se" "$z" "$s" "$(echo "$trials / $s" | bc -l)" "$q"
        ratios=$(awk '{printf "%.1f\n", $1 / $2}' <<< "$pairs" | sort -g)
        printf '%-8s %-18s %-18s %-8s %-10s %-12s %s\n' paired "$(median <<< "$ratios")x" "$(head -1 <<< "$ratios")-$(tail -1 <<< "$ratios")x" - - - "$q"
    fi
done
# The same spot as a plain equity question and as sim equity.
for args in "AsAh KsKh" "AhKh QsQd --board Qh7h2c"; do
    s=$(for _ in $(seq "$reps"); do seconds "$sim" equity $args --threads 1; done | median)
    printf '%-8s %-18s %-18s %-8s %-10.4f %-12s %s\n' sim_eq - - - "$s" - "sim equity $args"
done

#!/usr/bin/env bash
# Instructions, by callgrind, of one `sim` build against another on the rows every family runs:
# odds, hold'em Monte Carlo and exact equity, a breakdown, Omaha and stud equity (Monte Carlo
# and exact, the stud odds and exact tables), all on one thread with fixed seeds. Instruction counts do not depend on the load,
# so a restructuring can be checked on a busy machine: each row prints both totals and their
# ratio, and whether the two builds wrote the same bytes (stdout) for it. Two sizes of a row (odds 1M
# and 3M, the breakdown 200k and 600k) separate the per-round cost from the fixed one (start-up,
# exact tables, writing the table): (3M - 1M) / 2M rounds.
# Usage: benches/callgrind_rows.sh NEW_SIM OLD_SIM
set -euo pipefail
new=${1:?usage: callgrind_rows.sh NEW_SIM OLD_SIM}
old=${2:?usage: callgrind_rows.sh NEW_SIM OLD_SIM}
command -v valgrind >/dev/null || { echo "callgrind_rows.sh: valgrind is not installed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rows=(
  "odds_1M|odds --rounds 1M --seed 1 --threads 1"
  "odds_3M|odds --rounds 3M --seed 1 --threads 1"
  "holdem_mc_3way|equity random random random --rounds 1M --seed 1 --threads 1"
  "holdem_exact_flop|equity AsKs QQ --board 2c7d9h --threads 1"
  "holdem_breakdown_200k|equity QQ+,AKs random --breakdown --rounds 200k --seed 1 --threads 1"
  "holdem_breakdown_600k|equity QQ+,AKs random --breakdown --rounds 600k --seed 1 --threads 1"
  "omaha_mc|equity --game omaha AsAhKsKh random --rounds 300k --seed 1 --threads 1"
  "omaha_hilo_exact_flop|equity --game omaha-hilo As2dKs3c QhJh4c5d --board 7c8d9h --threads 1"
  "stud_exact|equity --game stud AsAd9c5hJd 8h9hThJh2s --threads 1"
  "razz_mc|equity --game razz As2d3c4h random random --rounds 200k --seed 1 --threads 1"
  "stud_odds|odds --game stud --known AsAh7d --dead AcKd --rounds 300k --seed 3 --threads 1"
  "razz_exact_table|exact --game razz --known As2d3c --dead 4h --threads 1"
)
# Instructions of one run of BINARY with ARGS; its stdout in FILE.
instructions() {
  local binary=$1 out=$2
  shift 2
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$binary" "$@" >"$out" 2>"$work/cg.err"
  awk '/^summary:/ { print $2 }' "$work/cg.out"
}
printf '%-24s %16s %16s %8s %s\n' row new old new/old bytes
for row in "${rows[@]}"; do
  name=${row%%|*}
  read -r -a args <<<"${row#*|}"
  n=$(instructions "$new" "$work/new.txt" "${args[@]}")
  o=$(instructions "$old" "$work/old.txt" "${args[@]}")
  same=$(cmp -s "$work/new.txt" "$work/old.txt" && echo same || echo DIFFER)
  printf '%-24s %16s %16s %8s %s\n' "$name" "$n" "$o" "$(awk -v n="$n" -v o="$o" 'BEGIN { printf "%.4f", n / o }')" "$same"
done

#!/usr/bin/env bash
# The cost of `sim equity --breakdown` against the plain `sim equity` run of the same spot, one
# build, alternating the two REPS times so that load from other jobs falls on both alike.
# 1. Exact: the three spots of issue 26 (AK vs QQ, QQ+,AKs vs random, a wide range vs
#    TT+,AQs+,AKo on Kd7c2s), then Omaha and stud spots, wall seconds of each (`/usr/bin/time`,
#    whole process).
# 2. Monte Carlo at the same rounds and seed: seconds as the command reports them (compute only)
#    and the standard error of player 1's equity (plain: its row; breakdown: from the hands'
#    rows, sqrt(sum(frequency^2 * std_error^2)), the player's error as the rows carry it); the
#    cost at the same per-player standard error is time × (se_breakdown / se_plain)^2.
# Usage: benches/breakdown_vs_plain.sh [reps] [threads] [rounds]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-5}
threads=${2:-2}
rounds=${3:-20M}
cd "$here"
cargo build --quiet --release -p sim
sim="$here/target/release/sim"
echo "# commit $(git rev-parse --short HEAD), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, threads $threads, MC rounds $rounds; load: $(cut -d' ' -f1-3 /proc/loadavg)"
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
wall() { /usr/bin/time -f %e "$sim" "$@" --threads "$threads" 2>&1 >/dev/null | tail -1; }

exact_spot() {
  local label=$1; shift
  local plain=() broken=()
  for ((i = 0; i < reps; i++)); do
    plain+=("$(wall equity "$@" --exact)")
    broken+=("$(wall equity "$@" --exact --breakdown)")
  done
  echo "exact $label: plain ${plain[*]} s; breakdown ${broken[*]} s; medians $(median "${plain[@]}") s and $(median "${broken[@]}") s"
}
exact_spot "AK vs QQ" AK QQ
exact_spot "QQ+,AKs vs random" QQ+,AKs random
exact_spot "wide vs TT+,AQs+,AKo on Kd7c2s" 22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+ TT+,AQs+,AKo --board Kd7c2s
exact_spot "omaha AAxx:ds vs KsKhQdJd on 9c7d2s" AAxx:ds KsKhQdJd --board 9c7d2s --game omaha
exact_spot "omaha-hilo A2xx vs KsKhQdJd on 9c7d2s" A2xx KsKhQdJd --board 9c7d2s --game omaha-hilo
exact_spot "stud (QQ+,AKs)Kd vs 7h8h9h, third street" "(QQ+,AKs)Kd" 7h8h9h --game stud
exact_spot "stud-hilo (QQ+,AKs)Kd5c vs 7h8h9h2d, fourth street" "(QQ+,AKs)Kd5c" 7h8h9h2d --game stud-hilo

# Seconds of compute as the command prints them ("… in 1.234 s" or "… in 567.8 ms").
seconds() { sed -n 's/.* in \([0-9.]*\) \(m\?s\) on .*/\1 \2/p' | awk '{ print ($2 == "ms") ? $1 / 1000 : $1 }'; }
plain_se='import csv, sys; print(next(csv.DictReader(sys.stdin))["std_error"])'
breakdown_se='import csv, sys
rows = [r for r in csv.DictReader(sys.stdin) if r["player"] == "1" and r["level"] == "hand"]
print("%.9f" % sum((float(r["frequency"]) * float(r["std_error"])) ** 2 for r in rows) ** 0.5)'
mc_spot() {
  local label=$1; shift
  local plain=() broken=() se_plain se_broken
  for ((i = 0; i < reps; i++)); do
    plain+=("$("$sim" equity "$@" --rounds "$rounds" --seed 1 --threads "$threads" 2>&1 >/dev/null | seconds)")
    broken+=("$("$sim" equity "$@" --rounds "$rounds" --seed 1 --threads "$threads" --breakdown 2>&1 >/dev/null | seconds)")
  done
  se_plain=$("$sim" equity "$@" --rounds "$rounds" --seed 1 2>/dev/null | python3 -c "$plain_se")
  se_broken=$("$sim" equity "$@" --rounds "$rounds" --seed 1 --breakdown 2>/dev/null | python3 -c "$breakdown_se")
  local mp mb
  mp=$(median "${plain[@]}"); mb=$(median "${broken[@]}")
  echo "monte carlo $label: plain ${plain[*]} s; breakdown ${broken[*]} s; medians $mp s and $mb s (×$(awk -v a="$mb" -v b="$mp" 'BEGIN { printf "%.2f", a / b }')); player 1 s.e. plain $se_plain, breakdown $se_broken; cost at the same s.e. ×$(awk -v a="$mb" -v b="$mp" -v x="$se_broken" -v y="$se_plain" 'BEGIN { printf "%.2f", a / b * (x / y) ^ 2 }')"
}
mc_spot "AK,QQ vs JJ-99 on Kd7c2s" AK,QQ JJ-99 --board Kd7c2s
mc_spot "QQ+,AKs vs random" QQ+,AKs random
mc_spot "wide vs TT+,AQs+,AKo" 22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+ TT+,AQs+,AKo
mc_spot "omaha AAxx:ds vs KsKhQdJd" AAxx:ds KsKhQdJd --game omaha
mc_spot "omaha-hilo A2xx vs KsKhQdJd" A2xx KsKhQdJd --game omaha-hilo
mc_spot "stud (QQ+,AKs)Kd vs 7h8h9h" "(QQ+,AKs)Kd" 7h8h9h --game stud
mc_spot "razz (A2,A3,23)4c vs 5h6h7d" "(A2,A3,23)4c" 5h6h7d --game razz

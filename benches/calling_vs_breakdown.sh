#!/usr/bin/env bash
# The cost of `sim equity --calling-range` against the plain `--breakdown` of the same spot, one
# build, alternating the two REPS times (at least 11) so that load from other jobs falls on both
# alike: wall seconds of each whole process (`/usr/bin/time`), their medians and the ratio. The
# calling range runs the breakdown and reads one player's rows at the breakeven, so the ratio
# should stay near 1 (the goal: at most 1.5).
# Usage: benches/calling_vs_breakdown.sh [reps] [threads]   (SIM=path: a built sim instead)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-11}
threads=${2:-2}
cd "$here"
if [[ -z ${SIM:-} ]]; then
    cargo build --quiet --release -p sim
    SIM="${CARGO_TARGET_DIR:-$here/target}/release/sim"
fi
echo "# commit $(git rev-parse --short HEAD), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, threads $threads, reps $reps; load: $(cut -d' ' -f1-3 /proc/loadavg)"
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
wall() { /usr/bin/time -f %e "$SIM" "$@" --threads "$threads" 2>&1 >/dev/null | tail -1; }

spot() {
    local label=$1; shift
    local broken=() calling=()
    for ((i = 0; i < reps; i++)); do
        broken+=("$(wall equity "$@" --breakdown)")
        calling+=("$(wall equity "$@" --calling-range --pot 100 --call 50)")
    done
    local mb mc
    mb=$(median "${broken[@]}"); mc=$(median "${calling[@]}")
    echo "$label: breakdown ${broken[*]} s; calling range ${calling[*]} s; medians $mb s and $mc s (×$(awk -v a="$mc" -v b="$mb" 'BEGIN { printf "%.2f", a / b }'))"
}
spot "exact, wide vs random on Kd7c2s" 22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+ random --board Kd7c2s --exact
spot "exact 3-way, QQ+,AK,JJ-99 vs AhKh vs random on Kd7c2s" QQ+,AK,JJ-99 AhKh random --board Kd7c2s --exact
spot "monte carlo 50M, 22+,A2s+,KTo+ vs QQ+,AK" 22+,A2s+,KTo+ QQ+,AK --rounds 50M --seed 1
spot "omaha-hilo monte carlo 20M, AAxx:ds vs KsKhQdJd on 9c7d2s" AAxx:ds KsKhQdJd --board 9c7d2s --game omaha-hilo --rounds 20M --seed 1

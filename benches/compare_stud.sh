#!/usr/bin/env bash
# Stud, stud hi/lo and razz side by side with the peers of ../shared/peers/stud: poker-eval's
# `pokenum` (-7s, -7s8, -r; dead cards after /) and PokerStove's `ps-eval` (--game s|e|r; no
# dead cards), against ours (the library through `cargo run -p benches --example stud_equity`).
#
#   benches/compare_stud.sh equities [OUT_TSV]   every spot of EQUITY_SPOTS, exact, each peer
#       that can run it: the peer's printed equities beside ours at the same precision, and
#       whether every printed digit agrees. Also writes the peers' outputs, with the commands
#       that produced them, to data/stud_peer_outputs.tsv (crates/stud/tests/peers.rs checks
#       ours against that file, so `cargo test` needs no peer).
#   benches/compare_stud.sh speed [OUT_TSV]      exact and Monte Carlo timings of SPEED_SPOTS,
#       ours and pokenum alternately, REPS repetitions each (default 3; 11 for spots the peer
#       finishes within a second), medians of the whole process's wall time and of its CPU time
#       (perf's task-clock: needs `perf`): on a loaded machine the CPU time of a one-thread run
#       is the steadier figure. Ours on THREADS (default "1 2") threads, each run a fresh
#       process (start-up included, about 1 ms: the example's own `seconds=` excludes it).
#       SPOTS=REGEX runs only the spots whose `game;players;dead;rounds` line matches (grep -E),
#       e.g. SPOTS=';[1-9][0-9]*$' for the Monte Carlo ones: the four-way exact spots take the
#       peer minutes each on a loaded machine; SPOTS='(6d|2s);;0$' the one-showdown baselines
#       and the heads-up fifth-street spots.
#       Ours is timed in two builds (LINKS, default "dynamic static sim"): `ours`, the default
#       build (dynamically linked to the C library, as `cargo install` makes `sim`), and
#       `ours-static`, linked statically (`-C target-feature=+crt-static`, the build of the
#       container image in docs/src/clusters.md): no dynamic loader at start-up, which is
#       most of a short run's CPU time (benches/results/stud-startup-*.txt). `ours-sim` is the
#       command line itself, `sim equity --game GAME … --exact` or `--rounds N --seed 1`
#       (default build): what a user runs, with its argument parsing, signal watcher thread
#       and CSV output on top of the example's work.
#
# The peers must be built first (this script does not build them):
#   PE_MIRROR=<clone of v2k/poker-eval> PS_MIRROR=<clone of andrewprock/pokerstove> \
#       bash ../shared/peers/stud/build.sh ~/.cache/stud-peers
# STUD_PEERS names another build directory. Timings on a loaded machine are upper bounds:
# the log records `uptime` before each measurement.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mode=${1:?usage: $0 equities|speed [OUT_TSV]}
out=${2:-/dev/stdout}
peers=${STUD_PEERS:-$HOME/.cache/stud-peers}
pokenum="$peers/poker-eval/examples/pokenum"
pseval="$peers/pokerstove/build/bin/ps-eval"
for tool in "$pokenum" "$pseval"; do
  [ -x "$tool" ] || { echo "missing $tool: build the peers (see the top of $0)" >&2; exit 1; }
done
links=${LINKS:-dynamic static sim}
cargo build --quiet --release -p benches --example stud_equity
declare -A build=([dynamic]="$here/target/release/examples/stud_equity")
if [[ " $links " == *" sim "* ]]; then
  cargo build --quiet --release -p sim
  build[sim]="$here/target/release/sim"
fi
if [[ " $links " == *" static "* ]]; then
  # --target keeps the static flag off build scripts and proc macros (as in clusters.md).
  host=$(rustc -vV | sed -n 's/^host: //p')
  RUSTFLAGS="-C target-feature=+crt-static" \
    cargo build --quiet --release -p benches --example stud_equity --target "$host"
  build[static]="$here/target/$host/release/examples/stud_equity"
fi
ours=${build[dynamic]}

# game;players separated by |;dead cards
EQUITY_SPOTS=(
  "stud;As Ad 9c 5h Jd|8h 9h Th Jh 2s;"
  "stud;Kc Kd 7s 2h 3c|Qh Js Ts 9d 4c;Ks 8d"
  "stud;Ah Kh Qh Jh 2c 3d|Tc Td Ts 9c 9d 4s;"
  "stud;As Ks Qs 2d 3c|7h 7d 7c Jd 4s|9c Tc Jc Qd 5h;2s 8h"
  "stud;2c 3c 4c 5c Kd Ks|Ah Ad 8s 8d 6h 9c|Js Qs Ts 9s 2h 2d|7c 7h 7s 3d 4d Jh;"
  "stud;As Kd Qh Jc|Ts 9s 8s 7d;2c 3c 4c 5c 6c 2d 3d 4d 5d 6d"
  "stud;Ac Ah 2d 2s 9h|Kc Kh 3d 3s Th;"
  "stud-hilo;As 2d 3c 7h 9s|4h 5h 7s 8c Kd;"
  "stud-hilo;Ac 2c 3c 4d Kh|Ad 2d 5s 6h 7h;3d 4s 8h"
  "stud-hilo;As 2s 3s Kc Kd|4h 5h 6h Qc Jc|Ah 8d 8c 7s 6d;"
  "stud-hilo;Ac 2c 3c 4c 5d Kh|Ad 2d 3d 4d 6s Qs;"
  "stud-hilo;Ah 2h 3h 8s 8d Kc|5c 6c 7c 9d 9h Jd|Ks Qs Js Ts 2c 3s|Ad 4d 5d 6d 7s Th;"
  "stud-hilo;As 3d 5c 7h|2s 4h 6s 8c;Kc Kd Kh Qc Qd Qh Jc Jd Jh Tc"
  "razz;As 2d 3c 7h 9s|4h 5h 7s 8c Kd;"
  "razz;As 2d 3c 4h 5s|Ac 2h 3d 4c 6s;"
  "razz;As 2d 3c 7h 9s|4h 5h 7s 8c Kd|Qs Js 6c 6d 2h;Tc"
  "razz;Ac 2c 3c 4c Kd Ks|Ah 2h 5s 6s 7d 8h|As 3h 4h 9c Tc Jc|2d 3d 5d 6d 7c Qh;"
  "razz;As 4d 6c 8h|2s 3h 7s 9c;Kc Kd Kh Qc Qd Qh Jc Jd Jh Tc"
)

# game;players;dead;rounds for Monte Carlo (0: exact only). The first three are complete
# seven-card hands, one showdown each: what a run costs when there is nothing to count (the
# process's start-up, parsing and output), the baseline subtracted from the other spots for
# the ratios "net of start-up" in docs/src/stud.md.
SPEED_SPOTS=(
  "stud;As Ad 9c 5h Jd 2c 3d|8h 9h Th Jh 2s 4c 6d;;0"
  "stud-hilo;As Ad 9c 5h Jd 2c 3d|8h 9h Th Jh 2s 4c 6d;;0"
  "razz;As Ad 9c 5h Jd 2c 3d|8h 9h Th Jh 2s 4c 6d;;0"
  "stud;As Ad 9c 5h Jd|8h 9h Th Jh 2s;;0"
  "stud-hilo;As Ad 9c 5h Jd|8h 9h Th Jh 2s;;0"
  "razz;As Ad 9c 5h Jd|8h 9h Th Jh 2s;;0"
  "stud;As Ad 9c 5h|8h 9h Th Jh;;0"
  "stud-hilo;As 2d 3c 7h|4h 5h 7s 8c;;0"
  "razz;As 2d 3c 7h|4h 5h 7s 8c;;0"
  "stud;As Ad 9c 5h Jd|8h 9h Th Jh 2s|Kc Kd 2c 3c 4d;;0"
  "stud-hilo;As 2d 3c 7h 9s|4h 5h 7s 8c Kd|Ac 2c 3h Jc Jd;;0"
  "razz;As 2d 3c 7h 9s|4h 5h 7s 8c Kd|Ac 2c 3h Jc Jd;;0"
  "stud;As Ad 9c 5h Jd|8h 9h Th Jh 2s|Kc Kd 2c 3c 4d|7s 7d Qc Qh 6s;Js Qs Ts 5c 5d 6h 3s 4s 8c 8d Ah;0"
  "stud-hilo;As 2d 3c 7h 9s|4h 5h 7s 8c Kd|Ac 2c 3h Jc Jd|6s 6d Qc Qh 5s;Js Qs Ts 5c 5d 6h 3s 4s 8h 8d Ah;0"
  "razz;As 2d 3c 7h 9s|4h 5h 7s 8c Kd|Ac 2c 3h Jc Jd|6s 6d Qc Qh 5s;Js Qs Ts 5c 5d 6h 3s 4s 8h 8d Ah;0"
  "stud;As Ad Kc|8h 9h Th;;10000000"
  "stud-hilo;As 2d 3c|4h 5h 7s;;10000000"
  "razz;As 2d 3c|4h 5h 7s;;10000000"
  "stud;As Ad Kc|8h 9h Th|Qs Qd 2c|7s 6s 5s;;10000000"
  "stud-hilo;As 2d 3c|4h 5h 7s|Ks Kd Qc|8d 8c 6h;;10000000"
  "razz;As 2d 3c|4h 5h 7s|Ks Kd Qc|8d 8c 6h;;10000000"
)

flag_of() { case $1 in stud) echo -7s ;; stud-hilo) echo -7s8 ;; razz) echo -r ;; esac; }
letter_of() { case $1 in stud) echo s ;; stud-hilo) echo e ;; razz) echo r ;; esac; }

# pokenum's arguments for a spot: cards spaced, players split by -, dead after /.
pokenum_args() {
  local game=$1 players=$2 dead=$3 args
  args="$(flag_of "$game") ${players//|/ - }"
  [ -n "$dead" ] && args="$args / $dead"
  echo "$args"
}
# ps-eval's arguments: one word per player.
pseval_args() {
  local game=$1 players=$2 args p
  args="--game $(letter_of "$game")"
  IFS='|' read -ra ps <<<"$players"
  for p in "${ps[@]}"; do args="$args ${p// /}"; done
  echo "$args"
}
# ours: one word per player.
ours_args() {
  local game=$1 players=$2 dead=$3 args p
  args="$game"
  IFS='|' read -ra ps <<<"$players"
  for p in "${ps[@]}"; do args="$args ${p// /}"; done
  [ -n "$dead" ] && args="$args --dead ${dead// /}"
  echo "$args"
}
# sim's arguments for the same spot: ours_args' words after `equity --game`, the method's
# flags in sim's spelling (--mc ROUNDS is --rounds ROUNDS).
sim_args() {
  local words=("$@") out=(equity --game) i
  for ((i = 0; i < ${#words[@]}; i++)); do
    case ${words[i]} in
      --mc) out+=(--rounds) ;;
      *) out+=("${words[i]}") ;;
    esac
  done
  echo "${out[@]}"
}
# The command that times `link` on the spot: the example's words, or sim's.
ours_command() {
  local link=$1
  shift
  if [ "$link" = sim ]; then
    echo "${build[sim]} $(sim_args "$@")"
  else
    echo "${build[$link]} $*"
  fi
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Runs a command with its output discarded; prints "wall_seconds cpu_seconds" as perf stat
# measures them around the command alone: elapsed time, and task-clock (every thread of the
# process, scheduler-exact: tick-sampled rusage is too coarse for runs of a few milliseconds).
timed() {
  local stat
  stat=$(mktemp)
  perf stat -e task-clock -o "$stat" -- "$@" >/dev/null 2>&1
  awk '/task-clock/ {cpu = $1 / 1000} /seconds time elapsed/ {wall = $1}
       END {printf "%.6f %.6f\n", wall, cpu}' "$stat"
  rm -f "$stat"
}

if [ "$mode" = equities ]; then
  data="$here/data/stud_peer_outputs.tsv"
  {
    echo "# Peer outputs for crates/stud/tests/peers.rs, written by benches/compare_stud.sh equities"
    echo "# $(date -u +%Y-%m-%d) $(uname -m); pokenum = poker-eval 138.0 (v2k/poker-eval ea919d1), ps-eval = PokerStove 1.2 (andrewprock/pokerstove ae377e2)"
    printf 'game\tplayers\tdead\ttool\tcommand\toutput\n'
  } >"$data"
  printf 'game\tplayers\tdead\ttool\tpeer\tours\tagree\n' >"$out"
  for spot in "${EQUITY_SPOTS[@]}"; do
    IFS=';' read -r game players dead <<<"$spot"
    read -ra oargs <<<"$(ours_args "$game" "$players" "$dead")"
    mapfile -t eq < <("$ours" "${oargs[@]}" --exact | awk '$2=="win" {print $7}')
    # pokenum -t: "EV n: e1 e2 …" to 6 decimals.
    cmd="pokenum -t $(pokenum_args "$game" "$players" "$dead")"
    read -ra pargs <<<"$(pokenum_args "$game" "$players" "$dead")"
    line=$("$pokenum" -t "${pargs[@]}" | grep '^EV')
    printf '%s\t%s\t%s\tpokenum\t%s\t%s\n' "$game" "$players" "$dead" "$cmd" "$line" >>"$data"
    mine="EV ${#eq[@]}:"
    for e in "${eq[@]}"; do mine="$mine $(printf '%.6f' "$e")"; done
    agree=no; [ "$mine" = "$line" ] && agree=yes
    printf '%s\t%s\t%s\tpokenum\t%s\t%s\t%s\n' "$game" "$players" "$dead" "$line" "$mine" "$agree" >>"$out"
    # ps-eval, without dead cards only: "The hand X has 40.2895 % equity (…)" per player, the
    # percentage with six significant digits (C++'s default, printf's %g).
    if [ -z "$dead" ]; then
      cmd="ps-eval $(pseval_args "$game" "$players")"
      read -ra sargs <<<"$(pseval_args "$game" "$players")"
      line=$("$pseval" "${sargs[@]}" | awk '/equity/ {printf "%s ", $5} END {print ""}' | sed 's/ $//')
      printf '%s\t%s\t%s\tps-eval\t%s\t%s\n' "$game" "$players" "$dead" "$cmd" "$line" >>"$data"
      mine=""
      for e in "${eq[@]}"; do mine="$mine $(awk -v e="$e" 'BEGIN {printf "%g", 100 * e}')"; done
      mine=${mine# }
      agree=no; [ "$mine" = "$line" ] && agree=yes
      printf '%s\t%s\t%s\tps-eval\t%s\t%s\t%s\n' "$game" "$players" "$dead" "$line" "$mine" "$agree" >>"$out"
    fi
  done
  exit 0
fi

[ "$mode" = speed ] || { echo "unknown mode $mode" >&2; exit 2; }
threads=${THREADS:-1 2}
printf 'game\tplayers\tdead\tmethod\ttool\tthreads\toutcomes\twall_median_s\tcpu_median_s\tlibrary_median_s\treps\tload_before\n' >"$out"
for spot in "${SPEED_SPOTS[@]}"; do
  if [ -n "${SPOTS:-}" ] && ! grep -Eq -- "$SPOTS" <<<"$spot"; then continue; fi
  IFS=';' read -r game players dead rounds <<<"$spot"
  read -ra oargs <<<"$(ours_args "$game" "$players" "$dead")"
  read -ra pargs <<<"$(pokenum_args "$game" "$players" "$dead")"
  if [ "$rounds" = 0 ]; then
    method=exact; ourm=(--exact); peerm=()
  else
    method="mc $rounds"; ourm=(--mc "$rounds" --seed 1); peerm=(-mc "$rounds")
  fi
  outcomes=$("$ours" "${oargs[@]}" "${ourm[@]}" | sed -n 's/.*outcomes=\([0-9]*\).*/\1/p')
  load=$(cut -d' ' -f1 /proc/loadavg)
  # A first run of the peer says how long it takes: quick spots get more repetitions.
  first=$(timed "$pokenum" "${peerm[@]}" "${pargs[@]}")
  reps=${REPS:-$(awk -v w="${first%% *}" 'BEGIN {print (w < 1) ? 11 : 3}')}
  declare -A wall=() cpu=()
  for ((r = 0; r < reps; r++)); do
    read -r w c <<<"$(timed "$pokenum" "${peerm[@]}" "${pargs[@]}")"
    wall[pokenum]+="$w "; cpu[pokenum]+="$c "
    for link in $links; do
      for t in $threads; do
        read -ra cmd <<<"$(ours_command "$link" "${oargs[@]}" "${ourm[@]}" --threads "$t")"
        read -r w c <<<"$(timed "${cmd[@]}")"
        wall[$link:$t]+="$w "; cpu[$link:$t]+="$c "
      done
    done
  done
  for key in pokenum $(for link in $links; do for t in $threads; do echo "$link:$t"; done; done); do
    w=$(tr ' ' '\n' <<<"${wall[$key]}" | grep . | median)
    c=$(tr ' ' '\n' <<<"${cpu[$key]}" | grep . | median)
    lib=""
    if [ "$key" = pokenum ]; then
      tool=pokenum; th=1
    else
      link=${key%%:*}; th=${key#*:}
      tool=ours; [ "$link" = dynamic ] || tool=ours-$link
      # The library call alone, inside one process: median of the example's repetitions.
      [ "$link" = sim ] || lib=$("${build[$link]}" "${oargs[@]}" "${ourm[@]}" --threads "$th" --reps "$reps" | sed -n 's/^seconds=\([0-9.]*\).*/\1/p')
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$game" "$players" "$dead" "$method" "$tool" "$th" "$outcomes" "$w" "$c" "$lib" "$reps" "$load" >>"$out"
  done
  unset wall cpu
done

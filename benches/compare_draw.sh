#!/usr/bin/env bash
# The draw games side by side with the peers of ../shared/peers/stud: poker-eval's `pokenum`
# (-l27 only, 2-7 lowball; dead cards after /; flushes not seen, see below) and PokerStove's
# `ps-eval` (--game d|k|l|t|b; no dead cards), against ours (`sim equity --game GAME --exact`).
#
#   benches/compare_draw.sh equities [OUT_TSV]   every spot of EQUITY_SPOTS, exact, each peer
#       that can run it: the peer's printed equities beside ours at the same precision, and
#       whether every printed digit agrees. Also writes the peers' outputs, with the commands
#       that produced them, to data/draw_peer_outputs.tsv (the format of
#       data/stud_peer_outputs.tsv: `game players dead tool command output`, players split by
#       `|`, each player's kept cards, an empty player keeping nothing).
#   benches/compare_draw.sh speed [OUT_TSV]      exact timings of SPEED_SPOTS, ours and every
#       peer that plays the spot alternately, REPS repetitions each (default 3; 11 for spots
#       every peer finishes within a second), medians of the whole process's wall time and of
#       its CPU time (perf's task-clock when `perf` works; otherwise wall time only): on a
#       loaded machine the CPU time of a one-thread run is the steadier figure. Every run is a
#       fresh process on one thread (start-up included). SPOTS=REGEX runs only the spots whose
#       `game;players;dead` line matches (grep -E).
#
# A spot is `game;players;dead`: our game name, each player's kept cards (spaced, players split
# by `|`; an empty player keeps nothing and draws five), and the dead cards (spaced, may be
# empty). Every player keeps its cards and is dealt the rest of its hand (to five cards; badugi:
# to four) once, from the cards nobody keeps and nobody killed; every such deal is counted once,
# and a player's equity is its average share of the pot (ties split evenly). What each peer
# plays (sources at the commits of ../shared/peers/stud/build.sh):
#   pokenum -l27  lowball-27 only (examples/pokenum.c:157; lib/enumerate.c:502-509 deals each
#       player 5 - kept cards). Its -5d, -5d8 and -l (draw high, draw hi/lo, A-5 lowball, all
#       "with joker") are compiled out: "Joker enumeration not yet implemented", exit status 1
#       (lib/enumerate.c:446-500). A player must keep at least one card: a `-` with no card
#       before it is skipped (examples/pokenum.c:167-173), so spots with an empty player are
#       ps-eval's only. Rule quirk: its 2-7 evaluator never sees a flush
#       (include/inlines/eval_low27.h:55-57 test nBitsTable[suit] with the suit's index, 0-3,
#       instead of the suit's ranks), so 7-5-4-3-2 suited is a 7-low and a suited 3-4-5-6-7 a
#       plain straight; A-2-3-4-5 is ace-high, no straight (:57, :71). Prints each player's
#       pot share with -t: "EV n: e1 e2 ..." to 6 decimals.
#   ps-eval       draw5 `d`, lowball-27 `k`, lowball-a5 `l`, triple-draw-27 `t`, badugi `b`
#       (src/lib/pokerstove/peval/PokerHandEvaluator_Alloc.cpp:37-42, 89-98, 109-112). Every
#       draw game is one deal to a full hand (penum/ShowdownEnumerator.cpp:76), so `t` is
#       `k` and triple-draw-a5 is played here by `l`: the `T` of the source (:100) is
#       unreachable, the game name being lowercased first (:28), so `--game T` plays 2-7. A
#       player keeping nothing is `.` (penum/CardDistribution.cpp:130). No dead cards: --board
#       aborts `k`/`l` and is ignored, its cards left in the deck, by `d`/`t`/`b`. Prints
#       "The hand X has E % equity (...)" per player, E with six significant digits.
#   draw5-hilo has no peer (pokenum's -5d8 is compiled out; ps-eval has no draw hi/lo).
#
# Ours is `target/release/sim equity --game GAME --exact --threads 1 [--dead CARDS] HAND ...`
# (HAND: the kept cards written together, `random` for a player keeping nothing), its CSV's
# `equity` column. While sim does not play the draw games (`sim equity --game lowball-27`
# fails), ours is left out with a note and the peers still run; a spot whose game sim refuses
# shows `-`. SIM=PATH names another binary (then nothing is built).
#
# The peers must be built first (this script does not build them):
#   PE_MIRROR=<clone of v2k/poker-eval> PS_MIRROR=<clone of andrewprock/pokerstove> \
#       bash ../shared/peers/stud/build.sh ~/.cache/stud-peers
# STUD_PEERS names another build directory. Timings on a loaded machine are upper bounds:
# the speed table records the load average before each spot.
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
if [ -n "${SIM:-}" ]; then
  sim=$SIM
else
  cargo build --quiet --release -p sim
  sim="$here/target/release/sim"
fi
# Ours only once sim plays a draw game.
if "$sim" equity --game lowball-27 --exact --threads 1 7c5d2h 8s6h4c3d >/dev/null 2>&1; then
  ours=yes
else
  ours=""
  echo "note: \`sim equity --game lowball-27\` fails: ours is left out, the peers run alone" >&2
fi

# game;players separated by | (each player's kept cards; empty: keeps nothing);dead cards.
# pokenum's 2-7 is right only where no player can end with a flush (every player keeping two or
# more cards of two suits): the third and fourth spots draw to flushes, and there pokenum differs
# from ps-eval (and from the rules). The A-2-3-4 spot shows the wheel rule (ace-high in 2-7).
# ps-eval's A-5 (`l`) orders two pair wrongly when one pair is aces: the aces stay the top pair
# after they turn low (src/lib/pokerstove/peval/PokerEvaluation.cpp:234-246 shifts both pair
# ranks without swapping them), so A-A-6-6-7 beats 4-4-3-3-2 there; the spot after the A-5
# heads-up one shows it (ps-eval 100 % / 0 %; by the rules 4-4-3-3 wins 39 of its 43 draws).
EQUITY_SPOTS=(
  "lowball-27;7c 5d 2h|8s 6h 4c 3d;"
  "lowball-27;As 4d 3c 2h|8s 6h 5c 3d;"
  "lowball-27;7s 5s 4s 3s|8h 6d 4c 2d;"
  "lowball-27;2c|7d 6h 4s 3c;"
  "lowball-27;|8d 6c 4h 3s 2d;"
  "lowball-27;7c 5d 4h 2s|8h 6c 3d 2c;7s 7h 5s 4c 3c"
  "lowball-27;7c 5d 2h|8s 6h 4c 3d|9d 7h 6s 4s 2c;"
  "lowball-27;7c 4d 2h|8s 5h 3c|6s 5c 4s 3h;2d 2s Kc"
  "triple-draw-27;7c 5d 3h 2s|8h 6c 4d;"
  "triple-draw-27;7h 5h 3h|8c 6d 4s 2s|9d 7c 6c 5s 3d;"
  "lowball-a5;As 2d 3c 4h|6s 5d 4c 2c;"
  "lowball-a5;Ah Ad 6s 6d 7c|4h 4c 3h 3s;"
  "lowball-a5;Ac 2d 5h|3s 4c 7d|8h 6h 4d 3h 2s;"
  "triple-draw-a5;Ac 3d 5h 7s|2c 4d 6h;"
  "draw5;As Ad Kc|Qh Qs Qd 7c;"
  "draw5;Ah Kh Qh Jh|Tc Td Ts 2c|7s 7d 7c 5h 5d;"
  "draw5;|Ks Kd 9c 9h 4s;"
  "badugi;As 2d 3c|4s 5d 6c;"
  "badugi;Ah|2s 3d 4c|5h 6s 7d 8c;"
  "badugi;|Kh 8s 5d 3c;"
)

# game;players;dead, exact. Outcomes: 15.3 M, 25.5 M, 1.5 M, 15.3 M, 1.2 M, 25.5 M.
SPEED_SPOTS=(
  "lowball-27;7c 5d|8s 6h 4c;"
  "lowball-27;7c 4d 2h|8s 5h 3c|6s 5c 4s 3h;"
  "lowball-27;|8d 6c 4h 3s 2d;"
  "draw5;As Ad|Kc Kh Qd;"
  "badugi;Ah 2s|3d 4c;"
  "lowball-a5;Ac 2d 5h|3s 4c 7d|6h 5s 4d 2h;"
)

flag_of() { case $1 in lowball-27) echo -l27 ;; esac; }
letter_of() {
  case $1 in
    draw5) echo d ;; lowball-27) echo k ;; lowball-a5 | triple-draw-a5) echo l ;;
    triple-draw-27) echo t ;; badugi) echo b ;;
  esac
}

# The peers that play a spot: pokenum when it has the game and every player keeps a card,
# ps-eval when it has the game and there are no dead cards.
peers_of() {
  local game=$1 players=$2 dead=$3 p list=()
  if [ -n "$(flag_of "$game")" ]; then
    local empty=no
    IFS='|' read -ra ps <<<"$players|"
    for p in "${ps[@]}"; do [ -n "${p// /}" ] || empty=yes; done
    [ "$empty" = yes ] || list+=(pokenum)
  fi
  [ -n "$(letter_of "$game")" ] && [ -z "$dead" ] && list+=(ps-eval)
  echo "${list[@]}"
}
# Splits the players of a spot: `read -ra` drops a trailing empty field, the extra `|` keeps it.
split_players() { IFS='|' read -ra ps <<<"$1|"; }
# pokenum's arguments for a spot: cards spaced, players split by -, dead after /.
pokenum_args() {
  local game=$1 players=$2 dead=$3 args
  args="$(flag_of "$game") ${players//|/ - }"
  [ -n "$dead" ] && args="$args / $dead"
  echo "$args"
}
# ps-eval's arguments: one word per player, `.` for a player keeping nothing.
pseval_args() {
  local game=$1 players=$2 args p
  args="--game $(letter_of "$game")"
  split_players "$players"
  for p in "${ps[@]}"; do p=${p// /}; args="$args ${p:-.}"; done
  echo "$args"
}
# sim's arguments: one word per player, `random` for a player keeping nothing.
sim_args() {
  local game=$1 players=$2 dead=$3 p
  sargs=(equity --game "$game" --exact --threads 1)
  [ -n "$dead" ] && sargs+=(--dead "$dead")
  split_players "$players"
  for p in "${ps[@]}"; do p=${p// /}; sargs+=("${p:-random}"); done
}
# The command that runs `tool` on the spot, into the array cmd.
command_of() {
  local tool=$1 game=$2 players=$3 dead=$4
  case $tool in
    pokenum) read -ra cmd <<<"$pokenum -t $(pokenum_args "$game" "$players" "$dead")" ;;
    ps-eval) read -ra cmd <<<"$pseval $(pseval_args "$game" "$players")" ;;
    ours) sim_args "$game" "$players" "$dead"; cmd=("$sim" "${sargs[@]}") ;;
  esac
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Runs a command with its output discarded; prints "wall_seconds cpu_seconds": perf stat's
# elapsed time and task-clock (every thread of the process, scheduler-exact), or, without a
# working perf, the wall time and "-".
if perf stat -e task-clock -o /dev/null -- true >/dev/null 2>&1; then
  timed() {
    local stat
    stat=$(mktemp)
    perf stat -e task-clock -o "$stat" -- "$@" >/dev/null 2>&1
    awk '/task-clock/ {cpu = $1 / 1000} /seconds time elapsed/ {wall = $1}
         END {printf "%.6f %.6f\n", wall, cpu}' "$stat"
    rm -f "$stat"
  }
else
  timed() {
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.6f -\n", b - a}'
  }
fi

if [ "$mode" = equities ]; then
  data="$here/data/draw_peer_outputs.tsv"
  {
    echo "# Peer outputs for the draw games, written by benches/compare_draw.sh equities (rules and quirks: the script's header)"
    echo "# $(date -u +%Y-%m-%d) $(uname -m); pokenum = poker-eval 138.0 (v2k/poker-eval ea919d1), ps-eval = PokerStove 1.2 (andrewprock/pokerstove ae377e2)"
    echo "# players: each player's kept cards, dealt once to five (badugi: four) from the cards not kept and not dead; an empty player keeps nothing"
    echo "# pokenum -l27 never sees a flush (a suited 7-5-4-3-2 is a 7-low); ps-eval: t = k (one draw), triple-draw-a5 run as l (its T is lowercased to t, 2-7)"
    echo "# ps-eval l (A-5) ranks a two pair holding aces by the aces first (A-A-6-6 beats 4-4-3-3): wrong on the spot Ah Ad 6s 6d 7c|4h 4c 3h 3s"
    printf 'game\tplayers\tdead\ttool\tcommand\toutput\n'
  } >"$data"
  printf 'game\tplayers\tdead\ttool\tpeer\tours\tagree\n' >"$out"
  for spot in "${EQUITY_SPOTS[@]}"; do
    IFS=';' read -r game players dead <<<"$spot"
    eq=()
    if [ -n "$ours" ]; then
      sim_args "$game" "$players" "$dead"
      # The CSV's `equity` column, found by its header (our hands hold no comma).
      if csv=$("$sim" "${sargs[@]}" 2>/dev/null); then
        mapfile -t eq < <(awk -F, 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == "equity") c = i; next}
                                   c {print $c}' <<<"$csv")
      fi
    fi
    for tool in $(peers_of "$game" "$players" "$dead"); do
      if [ "$tool" = pokenum ]; then
        # pokenum -t: "EV n: e1 e2 …" to 6 decimals.
        cmd="pokenum -t $(pokenum_args "$game" "$players" "$dead")"
        read -ra pargs <<<"$(pokenum_args "$game" "$players" "$dead")"
        line=$("$pokenum" -t "${pargs[@]}" | grep '^EV')
        mine="EV ${#eq[@]}:"
        for e in "${eq[@]}"; do mine="$mine $(printf '%.6f' "$e")"; done
      else
        # ps-eval: "The hand X has 40.2895 % equity (…)" per player, the percentage with six
        # significant digits (C++'s default, printf's %g).
        cmd="ps-eval $(pseval_args "$game" "$players")"
        read -ra sargs_ps <<<"$(pseval_args "$game" "$players")"
        line=$("$pseval" "${sargs_ps[@]}" | awk '/equity/ {printf "%s ", $5} END {print ""}' | sed 's/ $//')
        mine=""
        for e in "${eq[@]}"; do mine="$mine $(awk -v e="$e" 'BEGIN {printf "%g", 100 * e}')"; done
        mine=${mine# }
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$game" "$players" "$dead" "$tool" "$cmd" "$line" >>"$data"
      if [ ${#eq[@]} -eq 0 ]; then
        mine=-; agree=-
      else
        agree=no; [ "$mine" = "$line" ] && agree=yes
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$game" "$players" "$dead" "$tool" "$line" "$mine" "$agree" >>"$out"
    done
  done
  exit 0
fi

[ "$mode" = speed ] || { echo "unknown mode $mode" >&2; exit 2; }
printf 'game\tplayers\tdead\ttool\tthreads\twall_median_s\tcpu_median_s\treps\tload_before\n' >"$out"
for spot in "${SPEED_SPOTS[@]}"; do
  if [ -n "${SPOTS:-}" ] && ! grep -Eq -- "$SPOTS" <<<"$spot"; then continue; fi
  IFS=';' read -r game players dead <<<"$spot"
  read -ra tools <<<"$(peers_of "$game" "$players" "$dead")"
  if [ -n "$ours" ]; then
    sim_args "$game" "$players" "$dead"
    "$sim" "${sargs[@]}" >/dev/null 2>&1 && tools+=(ours)
  fi
  load=$(cut -d' ' -f1 /proc/loadavg)
  # A first run of each tool says how long it takes: quick spots get more repetitions.
  slowest=0
  for tool in "${tools[@]}"; do
    command_of "$tool" "$game" "$players" "$dead"
    first=$(timed "${cmd[@]}")
    slowest=$(awk -v a="$slowest" -v b="${first%% *}" 'BEGIN {print (b > a) ? b : a}')
  done
  reps=${REPS:-$(awk -v w="$slowest" 'BEGIN {print (w < 1) ? 11 : 3}')}
  declare -A wall=() cpu=()
  for ((r = 0; r < reps; r++)); do
    for tool in "${tools[@]}"; do
      command_of "$tool" "$game" "$players" "$dead"
      read -r w c <<<"$(timed "${cmd[@]}")"
      wall[$tool]+="$w "; cpu[$tool]+="$c "
    done
  done
  for tool in "${tools[@]}"; do
    w=$(tr ' ' '\n' <<<"${wall[$tool]}" | grep . | median)
    c=$(tr ' ' '\n' <<<"${cpu[$tool]}" | grep . | median)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$game" "$players" "$dead" "$tool" 1 "$w" "$c" "$reps" "$load" >>"$out"
  done
  unset wall cpu
done

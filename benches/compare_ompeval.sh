#!/usr/bin/env bash
# Range and multi-way equity side by side with OMPEval's EquityCalculator (issue 16's table):
# builds OMPEval from ../shared/peers/ompeval (once), builds `sim`, and runs the peer's script,
# which alternates the two tools per workload and thread count and checks that their equities
# agree. Usage:
#   benches/compare_ompeval.sh [OUT_TSV]                      # every workload, 1 and 2 threads
#   ONLY="exact_AK_vs_QQ mc_random_6way" benches/compare_ompeval.sh out.tsv   # a subset
# Environment as ../shared/peers/ompeval/run.sh (THREADS, REPS, ONLY, LOAD_MAX, ...).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
peer="$here/../shared/peers/ompeval"
cd "$here"
# The peer's script writes its raw log beside the table (OUT_TSV less .tsv, plus .log) while the
# run goes on; standard output or error sent to that same file overwrites the log's first lines.
if [ $# -ge 1 ] && [ "$1" != --table ]; then
    log="${1%.tsv}.log"
    for fd in 1 2; do
        if [ -e "$log" ] && [ "/proc/self/fd/$fd" -ef "$log" ]; then
            echo "compare_ompeval.sh: $log is the run's own log; send standard output and error elsewhere" >&2
            exit 2
        fi
    done
fi
[ -x "${OMPEVAL_BUILD:-$HOME/.cache/ompeval-build}/ompeval_driver" ] || bash "$peer/build.sh"
cargo build --quiet --release -p sim
SIM="$here/target/release/sim" bash "$peer/run.sh" "$@"

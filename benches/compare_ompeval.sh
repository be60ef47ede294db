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
[ -x "${OMPEVAL_BUILD:-$HOME/.cache/ompeval-build}/ompeval_driver" ] || bash "$peer/build.sh"
cargo build --quiet --release -p sim
SIM="$here/target/release/sim" bash "$peer/run.sh" "$@"

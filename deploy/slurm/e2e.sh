#!/usr/bin/env bash
# Slurm end-to-end test of deploy/slurm/sim-odds.sbatch, as a user would run it, on a one-node
# cluster started on this machine for the test.
#
#   sudo deploy/slurm/e2e.sh        # as root: it may install packages and starts daemons
#
# 1. Installs Slurm and munge from the distribution's packages if they are missing (apt-get).
# 2. Builds `sim` (cargo build --release -p sim) unless E2E_SIM=/path/to/sim names the binary to
#    test.
# 3. Starts munged, slurmctld and slurmd in a temporary folder with a minimal slurm.conf (one
#    node with this machine's CPUs, daemons on 127.0.0.1 only, ports 16817/16818 or the next
#    free pair).
# 4. Submits the sbatch file unchanged as a 3-task array of 1 CPU each, sizes through the
#    environment (ROUNDS, SEED, CHECKPOINT_EVERY) and sbatch options.
# 5. Once task 1 has saved its first checkpoint, requeues it with `scontrol requeue` (what
#    preemption does: SIGTERM, then the task starts again from the top of the script), and lets it
#    start again at once rather than after the scheduler's requeue delay.
# 6. Waits for every task and for the merge job submitted as docs/src/clusters.md says (sbatch
#    --dependency=afterok ... sim merge), and checks: every job completed; the merged table is
#    byte-identical to `sim odds` with the same rounds and seed on this machine; no temporary
#    file and no checkpoint is left; the requeued task ran twice, its log says that it resumed
#    from its checkpoint, and it resumed past the last periodic save seen before the requeue (the
#    SIGTERM made it save its progress).
# 7. Cancels what is left and stops the daemons it started, whether the test passed or not.
#
# Environment: E2E_SIM (the binary to test), E2E_ROUNDS (default 4500M: 10 to 15 s per task on
# one core of a 2-core CI machine), E2E_SEED (default 2024), E2E_TIMEOUT (seconds to wait for the
# jobs, default 300), E2E_KEEP=1 (keep the temporary folder).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SBATCH_FILE=$ROOT/deploy/slurm/sim-odds.sbatch
ROUNDS=${E2E_ROUNDS:-4500M}
SEED=${E2E_SEED:-2024}
TIMEOUT=${E2E_TIMEOUT:-300}
TASKS=3              # array 0-2, one CPU each: two run at once on two cores, the third waits
REQUEUED=1           # the task that is requeued mid-way
CHECKPOINT_EVERY=2   # seconds; the requeue waits for the first save

started=$SECONDS
say() { printf 'slurm e2e [%3ds]: %s\n' "$((SECONDS - started))" "$*"; }
die() {
    say "FAILED: $*" >&2
    exit 1
}

[ "$(id -u)" -eq 0 ] || die "run as root (it installs packages and starts slurmd as root)"

# --- 1. packages -------------------------------------------------------------------------------
missing=()
for tool in munged mungekey slurmctld slurmd sbatch srun scontrol squeue sinfo scancel; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing slurm-wlm and munge (missing: ${missing[*]})"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi
say "$(slurmctld -V), munge $(munged -V 2>&1 | awk '{print $1; exit}' | sed 's/^munge-//')"

# --- 2. sim ------------------------------------------------------------------------------------
if [ -z "${E2E_SIM:-}" ]; then
    say "building sim (cargo build --release -p sim)"
    (cd "$ROOT" && cargo build --release -p sim --quiet)
    SIM=${CARGO_TARGET_DIR:-$ROOT/target}/release/sim
fi
SIM=$(realpath "${E2E_SIM:-$SIM}")
[ -x "$SIM" ] || die "no sim binary at $SIM"

# --- 3. a one-node cluster ---------------------------------------------------------------------
W=$(mktemp -d /tmp/sim-slurm-e2e.XXXXXX)
chmod 755 "$W" # munged wants every folder above its socket to be searchable by all
mkdir -p "$W"/{bin,key,run,state,spool,log,job}
chmod 700 "$W/key"
ln -s "$SIM" "$W/bin/sim"
export SLURM_CONF=$W/slurm.conf
pids=() # daemons started here, stopped by cleanup

cleanup() {
    local status=$?
    set +e
    if [ -e "$SLURM_CONF" ] && [ "${#pids[@]}" -ge 2 ]; then
        # slurmstepd outlives slurmd: end this cluster's jobs before stopping the daemons.
        scancel --quiet --user=root 2>/dev/null
        for _ in $(seq 1 50); do
            [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
            sleep 0.2
        done
    fi
    if [ "$status" -ne 0 ]; then
        for f in "$W"/job/*.log "$W"/log/*.log; do
            [ -e "$f" ] || continue
            echo "--- tail of $f" >&2
            tail -n 25 "$f" >&2
        done
    fi
    local pid
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 1 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.2
        done
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    done
    if [ "${E2E_KEEP:-0}" = 1 ]; then
        say "kept $W"
    else
        rm -rf "$W"
    fi
    [ "${#pids[@]}" -gt 0 ] && say "stopped munged, slurmctld and slurmd"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=16817
while ! port_free "$port" || ! port_free "$((port + 1))"; do
    port=$((port + 2))
    [ "$port" -lt 16900 ] || die "no free port pair in 16817..16900"
done

node=$(slurmd -C | head -n 1)             # NodeName=HOST CPUs=... RealMemory=...
host=${node%% *}
host=${host#NodeName=}
cat >"$SLURM_CONF" <<EOF
# One-node cluster of deploy/slurm/e2e.sh: everything on 127.0.0.1, state in $W.
ClusterName=sim-e2e
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$W/run/munge.socket
CredType=cred/munge
StateSaveLocation=$W/state
SlurmdSpoolDir=$W/spool
SlurmctldPidFile=$W/run/slurmctld.pid
SlurmdPidFile=$W/run/slurmd.pid
SlurmctldLogFile=$W/log/slurmctld.log
SlurmdLogFile=$W/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobRequeue=1
KillWait=30
MinJobAge=600
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=e2e Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF

mungekey --create --keyfile="$W/key/munge.key"
munged --foreground --socket="$W/run/munge.socket" --key-file="$W/key/munge.key" \
    --pid-file="$W/run/munged.pid" --seed-file="$W/key/munged.seed" \
    --log-file="$W/log/munged.log" >>"$W/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do
    [ -S "$W/run/munge.socket" ] && break
    sleep 0.1
done
[ -S "$W/run/munge.socket" ] || die "munged did not start (see $W/log/munged.log)"
slurmctld -D -f "$SLURM_CONF" >>"$W/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >>"$W/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 150); do
    [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
    sleep 0.2
done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || die "node $host did not come up: $(sinfo 2>&1)"
say "cluster up: node $host (${node#* }), slurmctld on 127.0.0.1:$port"

# --- 4. submit the sbatch file unchanged -------------------------------------------------------
cd "$W/job"
export PATH=$W/bin:$PATH # the job inherits the submitter's environment (sbatch --export=ALL)
job=$(ROUNDS=$ROUNDS SEED=$SEED CHECKPOINT_EVERY=$CHECKPOINT_EVERY \
    sbatch --parsable --array=0-$((TASKS - 1)) --cpus-per-task=1 "$SBATCH_FILE")
job=${job%%;*}
say "submitted job $job: array 0-$((TASKS - 1)), --cpus-per-task=1, ROUNDS=$ROUNDS SEED=$SEED" \
    "CHECKPOINT_EVERY=$CHECKPOINT_EVERY"
# The merge, as docs/src/clusters.md has it: a job that runs once every task has completed.
merge_job=$(sbatch --parsable --dependency=afterok:"$job" --output=merge-%j.log \
    --wrap 'sim merge shards/shard-*.json --out odds.csv')
merge_job=${merge_job%%;*}
say "submitted job $merge_job: sim merge, after every task of $job"
task_state() { squeue -h -j "${job}_$1" -o %T 2>/dev/null | head -n 1; }

# --- 5. requeue a running task after its first checkpoint --------------------------------------
ckpt=shards/shard-$REQUEUED.ckpt
deadline=$((SECONDS + 120))
until [ -e "$ckpt" ]; do
    [ "$SECONDS" -lt "$deadline" ] || die "task $REQUEUED saved no checkpoint within 120 s"
    sleep 0.1
done
saved=$(python3 -c 'import json, sys; print(sum(json.load(open(sys.argv[1]))["counts"]))' "$ckpt")
state=$(task_state "$REQUEUED")
[ "$state" = RUNNING ] || die "task $REQUEUED is $state, not RUNNING, at its first checkpoint"
scontrol requeue "${job}_$REQUEUED"
say "requeued running task ${job}_$REQUEUED; its last periodic save had $saved rounds"
# Slurm holds a requeued job back for a while (BeginTime); let it start as soon as a CPU is free.
deadline=$((SECONDS + 30))
until [ "$(task_state "$REQUEUED")" = PENDING ]; do
    [ "$SECONDS" -lt "$deadline" ] || die "task $REQUEUED did not go back to PENDING"
    sleep 0.2
done
scontrol update JobId="${job}_$REQUEUED" StartTime=now

# --- 6. wait, merge, check ---------------------------------------------------------------------
deadline=$((SECONDS + TIMEOUT))
while [ -n "$(squeue -h -o %i 2>/dev/null)" ]; do
    [ "$SECONDS" -lt "$deadline" ] || die "jobs still queued after ${TIMEOUT} s: $(squeue)"
    sleep 1
done
say "jobs $job and $merge_job finished"

passed=0
failed=0
check() { # check DESCRIPTION COMMAND...
    local what=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        say "ok: $what"
    else
        failed=$((failed + 1))
        say "FAILED: $what" >&2
    fi
}

all_completed() {
    local id states
    for id in $(seq -f "${job}_%g" 0 $((TASKS - 1))) "$merge_job"; do
        states=$(scontrol -o show job "$id" | grep -o 'JobState=[A-Z_]* .*ExitCode=[0-9:]*' |
            sed 's/ .*ExitCode=/ ExitCode=/')
        [ "$states" = "JobState=COMPLETED ExitCode=0:0" ] || {
            echo "job $id: $states" >&2
            return 1
        }
    done
}
check "every task and the merge job COMPLETED with exit code 0" all_completed

merged_equals_single() {
    [ -e odds.csv ] || {
        echo "the merge job wrote no odds.csv" >&2
        return 1
    }
    sim odds --rounds "$ROUNDS" --seed "$SEED" --quiet --out single.csv || return 1
    cmp odds.csv single.csv
}
check "the merge job's table is byte-identical to sim odds --rounds $ROUNDS --seed $SEED" \
    merged_equals_single

nothing_left() {
    local left
    left=$(find shards -name '*.tmp' -o -name '*.ckpt')
    [ -z "$left" ] || {
        echo "left behind: $left" >&2
        return 1
    }
}
check "no temporary file (*.tmp) and no checkpoint (*.ckpt) left in shards/" nothing_left

log=sim-odds-${job}_$REQUEUED.log
check "the requeued task started again (its log has restart 1)" grep -q 'restart 1,' "$log"
check "the requeued task's log says it resumed from its checkpoint" \
    grep -q 'resuming from checkpoint' "$log"

# The closing summary `sim odds: N rounds, ...` counts only the rounds dealt by the second run.
resumed_rounds() {
    local total here
    total=$(python3 -c 'import json, sys; print(sum(json.load(open(sys.argv[1]))["counts"]))' \
        "shards/shard-$REQUEUED.json")
    here=$(sed -n 's/^sim odds: \([0-9]*\) rounds,.*/\1/p' "$log" | tail -n 1)
    [ -n "$here" ] || {
        echo "no summary line in $log" >&2
        return 1
    }
    echo $((total - here))
}
resumed_past_last_save() {
    local resumed
    resumed=$(resumed_rounds) || return 1
    say "task $REQUEUED: resumed at $resumed rounds; last periodic save before the requeue: $saved"
    [ "$resumed" -gt "$saved" ]
}
check "the requeued task resumed past its last periodic save (SIGTERM saved its progress)" \
    resumed_past_last_save

say "$passed passed, $failed failed"
echo "slurm e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# End-to-end test of deploy/Containerfile, as docs/src/clusters.md builds and uses it:
#
#   sudo deploy/container/test.sh     # as root: it may install packages and runs podman as root
#
# 1. Installs podman and runc from the distribution's packages if they are missing (apt-get).
# 2. Builds the host's `sim` (cargo build --release -p sim; CONTAINER_HOST_SIM=/path/to/sim names
#    another) and the static one the image holds (docs/src/clusters.md's command: cargo build --release -p
#    sim --target x86_64-unknown-linux-gnu with -C target-feature=+crt-static), and checks that
#    the static one has no program interpreter (no dynamic loader, no libc needed).
# 3. Builds the image with docs/src/clusters.md's podman command in a podman store of its own (a temporary
#    folder: runc as the runtime, the vfs storage driver, no default ulimits), so nothing it does
#    touches the machine's images or containers, and prints the image's size (and writes it to
#    target/container-image-size, which docs/check_facts.py compares with the guide's figure).
# 4. Runs `sim odds` in the image (no network, uid 10001) and checks that its CSV and JSON are
#    byte-identical to the host build's, and that a different seed is told apart (the comparison
#    can fail).
# 5. Runs a Slurm-style sharded run in containers: each array task as deploy/slurm/sim-odds.sbatch
#    runs it (--shard auto from SLURM_ARRAY_TASK_* variables, a per-task checkpoint and shard file
#    on a mounted folder), then `sim merge`; the merged table must equal the host's unsharded run.
# 6. Runs the Kubernetes Jobs' own command lines (deploy/kubernetes/sim-odds-job.yaml, every
#    index, then sim-odds-merge.yaml) with Kubernetes' $(VAR) expansion done here, ROUNDS and
#    SEED set small; the merge's output (the pod log) must equal the host's unsharded run.
# 7. Removes its containers, its images and its temporary folder, whether the test passed or not.
#
# Environment: CONTAINER_ROUNDS (default 24M: a few seconds per step on 2 cores), CONTAINER_SEED
# (default 2024), CONTAINER_KEEP=1 (keep the temporary folder and its podman store).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
IMAGE=poker-odds-sim:0.1.0
TARGET=x86_64-unknown-linux-gnu
ROUNDS=${CONTAINER_ROUNDS:-24M}
SEED=${CONTAINER_SEED:-2024}
SHARDS=3

started=$SECONDS
say() { printf 'container test [%3ds]: %s\n' "$((SECONDS - started))" "$*"; }
die() {
    say "FAILED: $*" >&2
    exit 1
}

[ "$(id -u)" -eq 0 ] || die "run as root (it installs packages and runs podman as root)"

# --- 1. packages -------------------------------------------------------------------------------
missing=()
for tool in podman runc; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing podman and runc (missing: ${missing[*]})"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends podman runc >/dev/null
fi
say "$(podman --version), runc $(runc --version | awk 'NR == 1 {print $3}')"

# --- 2. sim, on the host and static ------------------------------------------------------------
cd "$ROOT"
target_dir=${CARGO_TARGET_DIR:-$ROOT/target}
if [ -z "${CONTAINER_HOST_SIM:-}" ]; then
    say "building the host's sim (cargo build --release -p sim)"
    cargo build --release -p sim --quiet
fi
HOST_SIM=$(realpath "${CONTAINER_HOST_SIM:-$target_dir/release/sim}")
[ -x "$HOST_SIM" ] || die "no sim binary at $HOST_SIM"
say "building the static sim (cargo build --release -p sim --target $TARGET, +crt-static)"
# STATIC_TARGET_DIR (CI: a folder of target/ of its own) lets this build run beside another cargo
# build of the workspace, which holds target/'s lock; the binary is then put where the
# Containerfile copies it from.
RUSTFLAGS="-C target-feature=+crt-static" CARGO_TARGET_DIR="${STATIC_TARGET_DIR:-$target_dir}" \
    cargo build --release -p sim --target "$TARGET" --quiet
STATIC_SIM=$ROOT/target/$TARGET/release/sim
built=${STATIC_TARGET_DIR:-$target_dir}/$TARGET/release/sim
if [ "$(realpath "$built")" != "$(realpath -m "$STATIC_SIM")" ]; then
    install -D -m 755 "$built" "$STATIC_SIM"
fi
if readelf -lW "$STATIC_SIM" | grep -q 'INTERP'; then
    die "$STATIC_SIM asks for a program interpreter: it is not statically linked"
fi
say "static sim: $(stat -c %s "$STATIC_SIM") bytes, no program interpreter"

# --- 3. the image, in a podman store of our own ------------------------------------------------
W=$(mktemp -d /tmp/sim-container-test.XXXXXX)
chmod 755 "$W"
cat >"$W/containers.conf" <<'EOF'
[containers]
# The default ulimits ask for limits that this machine's container runtime refuses to set.
default_ulimits = []
[engine]
# crun fails on some cgroup layouts; runc works on them.
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
export CONTAINERS_CONF=$W/containers.conf
pod=(podman --root "$W/store" --runroot "$W/run" --storage-driver vfs --tmpdir "$W/tmp")

cleanup() {
    local status=$?
    set +e
    if [ -d "$W" ]; then
        "${pod[@]}" rm --all --force --time 0 >/dev/null 2>&1
        "${pod[@]}" rmi --all --force >/dev/null 2>&1
        left=$("${pod[@]}" ps --all --quiet 2>/dev/null; "${pod[@]}" images --quiet 2>/dev/null)
        [ -z "$left" ] || say "left in the test's store: $left" >&2
        if [ "${CONTAINER_KEEP:-0}" = 1 ]; then
            say "kept $W"
        else
            rm -rf "$W"
        fi
    fi
    if [ "$status" -eq 0 ]; then
        say "passed"
    else
        say "failed (exit $status); cleaned up"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

say "podman build -f deploy/Containerfile -t $IMAGE ."
"${pod[@]}" build --quiet -f deploy/Containerfile -t "$IMAGE" . >"$W/build.log" 2>&1 \
    || { cat "$W/build.log" >&2; die "podman build failed"; }
size=$("${pod[@]}" image inspect --format '{{.Size}}' "$IMAGE")
say "image $IMAGE: $size bytes ($(numfmt --to=iec "$size"))"
# The guide states the image's size; docs/check_facts.py compares it with this measurement.
mkdir -p "$target_dir"
echo "$size" >"$target_dir/container-image-size"

# Runs the image like a cluster would: no network, the image's own user (uid 10001), the
# shared folder at /shards. The container is removed when it exits.
run() { "${pod[@]}" run --rm --network none --volume "$W/shards:/shards" "$@"; }
mkdir -p "$W/shards" "$W/host"
chown 10001:10001 "$W/shards" # what fsGroup or a shared file system's owner gives the pods

[ "$(run "$IMAGE" --version)" = "$("$HOST_SIM" --version)" ] || die "sim --version differs"
user=$(run --entrypoint /usr/local/bin/sim "$IMAGE" odds --rounds 1 --seed 1 --quiet --out /shards/u.csv \
    && stat -c %u "$W/shards/u.csv")
[ "$user" = 10001 ] || die "the container ran as uid $user, not 10001"
rm -f "$W/shards/u.csv"

# --- 4. the same bytes as the host -------------------------------------------------------------
for format in csv json; do
    "$HOST_SIM" odds --rounds "$ROUNDS" --seed "$SEED" --format "$format" --quiet \
        >"$W/host/odds.$format"
    run "$IMAGE" odds --rounds "$ROUNDS" --seed "$SEED" --format "$format" --quiet \
        >"$W/container.$format"
    cmp "$W/host/odds.$format" "$W/container.$format" \
        || die "sim odds --format $format in the image differs from the host build"
    say "sim odds --rounds $ROUNDS --seed $SEED --format $format: same bytes as the host"
done
run "$IMAGE" odds --rounds "$ROUNDS" --seed "$((SEED + 1))" --quiet >"$W/other.csv"
if cmp -s "$W/host/odds.csv" "$W/other.csv"; then
    die "seeds $SEED and $((SEED + 1)) gave the same table: the comparison cannot tell"
fi

# --- 5. Slurm-style: one container per array task, then sim merge ------------------------------
for ((task = 0; task < SHARDS; task++)); do
    run --env SLURM_ARRAY_TASK_ID="$task" --env SLURM_ARRAY_TASK_MIN=0 \
        --env SLURM_ARRAY_TASK_COUNT="$SHARDS" "$IMAGE" \
        odds --rounds "$ROUNDS" --seed "$SEED" --threads 1 --shard auto --quiet \
        --checkpoint "/shards/shard-$task.ckpt" --checkpoint-every 1 \
        --out "/shards/shard-$task.json"
done
leftovers=$(find "$W/shards" -name '*.ckpt' -o -name '*.tmp*')
[ -z "$leftovers" ] || die "checkpoints or temporary files left: $leftovers"
files=()
for ((task = 0; task < SHARDS; task++)); do files+=("/shards/shard-$task.json"); done
run "$IMAGE" merge "${files[@]}" >"$W/merged.csv"
cmp "$W/host/odds.csv" "$W/merged.csv" \
    || die "the merged table of $SHARDS shards differs from the host's unsharded run"
say "$SHARDS Slurm-style shards (--shard auto, checkpoints) merged: same bytes as the host"
rm -f "$W"/shards/*

# --- 6. the Kubernetes Jobs' command lines -----------------------------------------------------
# Prints each index's command and arguments (one per line, $(VAR) replaced as the kubelet does),
# then the merge Job's, separated by a line "--".
python3 - "$ROOT/deploy/kubernetes" "$ROUNDS" "$SEED" >"$W/kube.txt" <<'EOF'
import re, sys
from pathlib import Path
import yaml

kube, rounds, seed = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
job = yaml.safe_load((kube / "sim-odds-job.yaml").read_text())
merge = yaml.safe_load((kube / "sim-odds-merge.yaml").read_text())
container = job["spec"]["template"]["spec"]["containers"][0]
values = {e["name"]: e.get("value") for e in container["env"]}
values.update(ROUNDS=rounds, SEED=seed, SIM_THREADS="2")
for index in range(job["spec"]["completions"]):
    env = dict(values, JOB_COMPLETION_INDEX=str(index))
    expand = lambda s: re.sub(r"\$\((\w+)\)", lambda m: env[m.group(1)], s)
    print("\t".join(f"{k}={v}" for k, v in env.items()))
    print("\t".join(expand(w) for w in container["command"] + container["args"]))
print("--")
merger = merge["spec"]["template"]["spec"]["containers"][0]
print("\t".join(merger["command"] + merger["args"]))
EOF
indexes=0
while IFS= read -r env_line && [ "$env_line" != "--" ]; do
    IFS=$'\t' read -r -a env_words <<<"$env_line"
    IFS= read -r cmd_line
    IFS=$'\t' read -r -a cmd_words <<<"$cmd_line"
    envs=()
    for e in "${env_words[@]}"; do envs+=(--env "$e"); done
    run "${envs[@]}" --entrypoint "${cmd_words[0]}" "$IMAGE" "${cmd_words[@]:1}" --quiet
    indexes=$((indexes + 1))
done <"$W/kube.txt"
IFS=$'\t' read -r -a merge_words < <(sed -n '/^--$/{n;p}' "$W/kube.txt")
# The pod's log holds stdout and stderr: both must be the table alone.
run --entrypoint "${merge_words[0]}" "$IMAGE" "${merge_words[@]:1}" >"$W/kube-merged.csv" 2>&1
cmp "$W/host/odds.csv" "$W/kube-merged.csv" \
    || die "the Kubernetes Jobs' merged table differs from the host's unsharded run"
say "the Kubernetes Jobs' command lines ($indexes indexes, then the merge): same bytes as the host"

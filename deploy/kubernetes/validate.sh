#!/usr/bin/env bash
# Offline checks of the Kubernetes recipe in deploy/kubernetes/:
# 1. every manifest validates, strictly (no unknown fields), against the OpenAPI schemas of
#    Kubernetes 1.33 (the first release where backoffLimitPerIndex is GA; podFailurePolicy has
#    been GA since 1.31) and 1.37, with the pinned kubernetes-validate of requirements.txt;
# 2. check_rules.py checks what the schemas cannot: the API server's Job rules (backoffLimitPerIndex
#    and podFailurePolicy need restartPolicy Never, ...) and the project's (an Ignore rule on
#    DisruptionTarget, terminationGracePeriodSeconds >= --checkpoint-every + 10 s,
#    SIM_SHARD_COUNT == completions, the image deploy/Containerfile builds), and that broken
#    copies of the Job are rejected.
# The virtual environment is kept in target/ (KUBE_VALIDATE_VENV to put it elsewhere).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/deploy/kubernetes
KUBERNETES_VERSIONS=(1.33 1.37)
VENV=${KUBE_VALIDATE_VENV:-${CARGO_TARGET_DIR:-$ROOT/target}/kubernetes-validate}
STAMP=$VENV/requirements.txt

if ! cmp -s "$HERE/requirements.txt" "$STAMP" 2>/dev/null; then
    echo "kubernetes validate: installing $(grep '^kubernetes-validate' "$HERE/requirements.txt")" \
        "in $VENV"
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-input \
        -r "$HERE/requirements.txt"
    cp "$HERE/requirements.txt" "$STAMP"
fi

for version in "${KUBERNETES_VERSIONS[@]}"; do
    for manifest in "$HERE"/*.yaml; do
        "$VENV/bin/kubernetes-validate" --strict --kubernetes-version "$version" "$manifest"
    done
done
"$VENV/bin/python" "$HERE/check_rules.py" --self-test

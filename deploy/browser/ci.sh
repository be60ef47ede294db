#!/usr/bin/env bash
# The study page of `sim serve` in a real browser: headless Chromium from Debian's packages,
# driven over WebDriver by test.py (the standard library only). Installs chromium and
# chromium-driver when they are missing (as root, with apt-get). The screenshots go to a
# temporary folder; `bash deploy/browser/ci.sh --update` writes them into the guide instead
# (docs/src/pictures/serve-*.png).
#
# SERVE_SIM: the sim binary to test (default target/debug/sim, which `cargo test` builds).
set -euo pipefail
cd "$(dirname "$0")/../.."
sim=${SERVE_SIM:-target/debug/sim}
if [[ ! -x $sim ]]; then
    cargo build -p sim
    sim=target/debug/sim
fi
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if [[ $(id -u) -ne 0 ]]; then
        echo "deploy/browser/ci.sh: chromium and chromedriver are missing; install chromium and chromium-driver" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
fi
if [[ ${1:-} == --update ]]; then
    shots=docs/src/pictures
else
    shots=$(mktemp -d)
    trap 'rm -rf "$shots"' EXIT
fi
python3 deploy/browser/test.py --sim "$sim" --shots "$shots"

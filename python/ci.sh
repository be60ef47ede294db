#!/usr/bin/env bash
# CI step of the Python package. Compiles the package once, as a wheel, and tests that wheel:
# 1. builds `sim` as `cargo test --workspace` does (`cargo test --workspace --no-run`, into
#    target/debug: the identity tests run it beside the package). CI has just run that command,
#    so this takes seconds, where a release build with LTO took about four minutes (and `cargo
#    build --profile test -p sim`, whose dependencies' features differ, two and a half);
# 2. builds the abi3 wheel with `maturin build --release` (what docs/src/python.md tells users to
#    share) into target/wheels-ci, and checks its tags (cp39-abi3: CPython 3.9 and later);
# 3. installs it into the test environment target/python-ci (kept between runs; never
#    committed) and runs the pytest suite and the docstring examples;
# 4. installs it into a new environment target/python-ci-norust with a PATH that has no `cargo`
#    and no `rustc` (binary packages only: nothing may compile), and runs the README's Python
#    example there (tests/test_readme.py) against the installed wheel;
# 5. installs the package from source as the README says (`pip install ./python`) into the test
#    environment and imports it: pip's build reuses the wheel build's compiled crates in target/,
#    so this costs seconds, not a second compilation.
# pytest's exit code 5 (no tests collected) fails the step like any other failure.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-$PWD/target}
venv=$target/python-ci
bare=$target/python-ci-norust
wheels=$target/wheels-ci
pip_quiet=(--quiet --disable-pip-version-check --no-input)
step() { printf 'python/ci.sh [%3ds]: %s\n' "$SECONDS" "$*"; }

# pytest's status, with exit code 5 (no tests collected) named.
pytest_status() {
    local status=$1
    if [[ $status -eq 5 ]]; then
        echo "python/ci.sh: pytest collected no tests" >&2
    fi
    return "$status"
}

step "building sim (cargo test --workspace --no-run)"
cargo test --workspace --no-run
if [[ ! -x $venv/bin/python ]]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install "${pip_quiet[@]}" "maturin>=1.9,<2" numpy pytest pandas

step "building the wheel (maturin build --release)"
rm -rf "$wheels"
"$venv/bin/maturin" build --release -m python/Cargo.toml --out "$wheels"
shopt -s nullglob
built=("$wheels"/pokerodds-*.whl)
shopt -u nullglob
[[ ${#built[@]} -eq 1 ]] || { echo "python/ci.sh: expected one wheel, got: ${built[*]}" >&2; exit 1; }
wheel=${built[0]}
case $(basename "$wheel") in
    pokerodds-*-cp39-abi3-*.whl) step "built $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB)" ;;
    *) echo "python/ci.sh: $(basename "$wheel") is not a cp39-abi3 wheel" >&2; exit 1 ;;
esac

step "pytest suite against the wheel"
"$venv/bin/python" -m pip install "${pip_quiet[@]}" --force-reinstall --no-deps "$wheel"
status=0
(cd python/tests && SIM_BIN="$target/debug/sim" "$venv/bin/python" -m pytest -q \
    --doctest-modules --pyargs pokerodds .) || status=$?
pytest_status "$status"

step "the README's example in a new environment without cargo or rustc"
# PATH without the folders that hold cargo or rustc (rustup's ~/.cargo/bin, a distribution's
# /usr/bin, ...): a folder that has either is dropped, since a fresh machine need not have them.
norust=()
IFS=: read -r -a dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
    [[ -n $dir && ! -x $dir/cargo && ! -x $dir/rustc ]] && norust+=("$dir")
done
norust_path=$(IFS=:; echo "${norust[*]}")
rm -rf "$bare"
python3 -m venv "$bare"
(
    export PATH="$norust_path"
    unset CARGO_HOME RUSTUP_HOME RUSTUP_TOOLCHAIN
    if command -v cargo >/dev/null || command -v rustc >/dev/null; then
        echo "python/ci.sh: cargo or rustc is still on the PATH" >&2
        exit 1
    fi
    "$bare/bin/python" -m pip install "${pip_quiet[@]}" --only-binary :all: "$wheel" pytest pandas
    cd python/tests
    # The package must come from the wheel installed in $bare, not from the source tree.
    "$bare/bin/python" -c 'import pokerodds, sys
where = pokerodds._core.__file__
assert where.startswith(sys.prefix), where
print("python/ci.sh: pokerodds from", where)'
    status=0
    "$bare/bin/python" -m pytest -q -p no:cacheprovider test_readme.py || status=$?
    pytest_status "$status"
)

step "the source install (pip install ./python), reusing the compiled crates"
# The build backend runs the `maturin` executable of the test environment.
PATH="$venv/bin:$PATH" "$venv/bin/python" -m pip install "${pip_quiet[@]}" \
    --no-build-isolation --force-reinstall --no-deps ./python
(cd python/tests && "$venv/bin/python" -c 'import pokerodds
assert pokerodds.evaluate("AsKsQsJsTs9h2c").category == "royal_flush"')
step "done"

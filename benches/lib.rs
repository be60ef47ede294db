//! Criterion benchmarks of the engine live in `benches/`; this library is empty on purpose, so
//! that the package has a target for `cargo test --workspace` to build.

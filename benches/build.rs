//! The examples (the harnesses' timed processes) link as `sim` does (see the `static_libgcc`
//! crate).

fn main() {
    static_libgcc::link_binaries_statically(&[static_libgcc::Targets::Examples]);
}

//! `sim` starts without loading `libgcc_s.so.1` (see the `static_libgcc` crate).

fn main() {
    static_libgcc::link_binaries_statically(&[static_libgcc::Targets::Bins]);
}

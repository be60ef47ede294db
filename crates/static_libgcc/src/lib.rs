//! For build scripts: link libgcc's unwinder into a package's binaries statically, as `gcc
//! -static-libgcc` does for C and C++ programs, the C library itself staying dynamic.
//!
//! On `*-linux-gnu` targets Rust's standard library links the unwinder as the shared library
//! `libgcc_s.so.1` (`-lgcc_s`). Loading it costs a short process more than its mapping and
//! relocations: its constructor (`__cpu_indicator_init`) asks the processor for its features
//! with `cpuid`, which traps to the hypervisor on a virtual machine. A one-showdown `sim equity`
//! spent about a tenth of its CPU time there (the guide's performance page). The same unwinder
//! exists as the static archive `libgcc_eh.a`, which statically linked Rust binaries use: a
//! linker script named `libgcc_s.so` that reads that archive, in a directory searched before the
//! compiler's own, makes the linker take it for `-lgcc_s`. Panics, `catch_unwind` and
//! backtraces work as before.
//!
//! ```no_run
//! // build.rs of a package whose binaries should start without libgcc_s
//! static_libgcc::link_binaries_statically(&[static_libgcc::Targets::Bins]);
//! ```
//!
//! Nothing changes where it does not apply: other targets, builds that already link the C
//! runtime statically (`+crt-static`), or a linker driver that does not know `libgcc_eh.a`;
//! those binaries keep `libgcc_s.so.1`. Libraries (the Python extension module) are never
//! affected: the linker argument is given to the package's own binaries only, never passed on
//! to dependents.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Which of the package's targets get the static unwinder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Targets {
    /// The package's `[[bin]]` targets.
    Bins,
    /// The package's examples.
    Examples,
}

impl Targets {
    /// The cargo instruction that passes a linker argument to these targets.
    fn instruction(self) -> &'static str {
        match self {
            Self::Bins => "rustc-link-arg-bins",
            Self::Examples => "rustc-link-arg-examples",
        }
    }
}

/// Name of the directory, under the build script's `OUT_DIR`, holding the linker script.
const SCRIPT_DIR: &str = "static-libgcc";

/// Makes `targets` link libgcc's unwinder statically when the target is `*-linux-gnu` without
/// `+crt-static` and the linker driver knows `libgcc_eh.a`; otherwise does nothing. Call it from
/// a build script (it reads the variables cargo gives build scripts and prints cargo
/// instructions).
pub fn link_binaries_statically(targets: &[Targets]) {
    println!("cargo::rerun-if-env-changed=RUSTC_LINKER");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let applies = var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && !var("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|feature| feature == "crt-static");
    if !applies {
        return;
    }
    let linker = std::env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_owned());
    let (Some(archive), Ok(out_dir)) = (unwinder_archive(&linker), std::env::var("OUT_DIR")) else {
        return;
    };
    let dir = Path::new(&out_dir).join(SCRIPT_DIR);
    let script = format!("INPUT(\"{}\")\n", archive.display());
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("libgcc_s.so"), script));
    if written.is_err() {
        return;
    }
    for target in targets {
        println!("cargo::{}=-L{}", target.instruction(), dir.display());
    }
}

/// Where `linker` (a C compiler driver) finds `libgcc_eh.a`, if it does: an existing absolute
/// path. Drivers that do not know a file print its bare name back.
fn unwinder_archive(linker: &str) -> Option<PathBuf> {
    let output = Command::new(linker)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let path = PathBuf::from(text.trim());
    (output.status.success() && path.is_absolute() && path.is_file() && !text.contains('"'))
        .then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_target_kind_has_its_own_instruction() {
        assert_eq!(Targets::Bins.instruction(), "rustc-link-arg-bins");
        assert_eq!(Targets::Examples.instruction(), "rustc-link-arg-examples");
    }

    #[test]
    fn a_driver_that_is_not_there_finds_no_archive() {
        assert_eq!(unwinder_archive("/nonexistent/cc"), None);
    }
}

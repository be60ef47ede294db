//! Which batch evaluation path runs: scalar, AVX2 or AVX-512, as the CPU allows, chosen once at
//! run time and carried as a value.

use std::fmt;
use std::str::FromStr;

/// The environment variable through which the front ends (`sim`, the Python package) force a
/// path: `scalar`, `avx2` or `avx512`. The library never reads it: a front end reads it once and
/// passes what [`EvalPath::from_setting`] makes of it.
pub const ENV_VAR: &str = "POKERODDS_EVAL_PATH";

/// The instruction sets a path is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Isa {
    /// Plain Rust: every CPU, and the reference the vector paths are checked against.
    Scalar,
    /// Eight hands per step in 256-bit registers.
    Avx2,
    /// Sixteen hands per step in 512-bit registers, with byte permutes (VBMI) to lay the hands
    /// out and look their cards up.
    Avx512,
}

impl Isa {
    /// Every path, slowest first.
    const ALL: [Isa; 3] = [Isa::Scalar, Isa::Avx2, Isa::Avx512];

    fn name(self) -> &'static str {
        match self {
            Isa::Scalar => "scalar",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
        }
    }

    /// Whether this CPU runs the path (checked once per process by the standard library's cached
    /// feature detection).
    fn is_available(self) -> bool {
        match self {
            Isa::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Isa::Avx2 | Isa::Avx512 => false,
        }
    }
}

/// A batch evaluation path that this CPU runs: only [`EvalPath::detect`], [`EvalPath::available`],
/// [`EvalPath::SCALAR`] and parsing ([`FromStr`], [`EvalPath::from_setting`]) make one, and they
/// check the CPU first, so holding an `EvalPath` means its instructions are there.
///
/// Every path gives the same strengths as [`crate::evaluate`]; they differ only in speed.
///
/// ```
/// use eval::batch::EvalPath;
///
/// let best = EvalPath::detect();
/// assert!(EvalPath::available().any(|path| path == best));
/// assert_eq!("scalar".parse::<EvalPath>(), Ok(EvalPath::SCALAR));
/// assert!("sse9".parse::<EvalPath>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EvalPath(Isa);

impl EvalPath {
    /// The scalar path, which every CPU runs.
    pub const SCALAR: EvalPath = EvalPath(Isa::Scalar);

    /// The names [`FromStr`] accepts, slowest path first.
    pub const NAMES: [&'static str; 3] = ["scalar", "avx2", "avx512"];

    /// The fastest path this CPU runs: AVX-512 (F, BW and VBMI), else AVX2, else scalar.
    pub fn detect() -> EvalPath {
        EvalPath::available().last().unwrap_or(EvalPath::SCALAR)
    }

    /// Every path this CPU runs, slowest first (always starting with [`EvalPath::SCALAR`]).
    pub fn available() -> impl Iterator<Item = EvalPath> {
        Isa::ALL
            .into_iter()
            .filter(|isa| isa.is_available())
            .map(EvalPath)
    }

    /// The path a front end's setting asks for: [`EvalPath::detect`] when the setting is absent
    /// or empty, else the named path ([`FromStr`]); spaces around the name are ignored.
    ///
    /// # Errors
    /// [`EvalPathError::Unknown`] for a name that is no path, [`EvalPathError::Unavailable`] for
    /// a path this CPU does not run.
    pub fn from_setting(setting: Option<&str>) -> Result<EvalPath, EvalPathError> {
        match setting.map(str::trim) {
            None | Some("") => Ok(EvalPath::detect()),
            Some(name) => name.parse(),
        }
    }

    /// The path's name, as [`FromStr`] reads it: `scalar`, `avx2` or `avx512`.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Hands evaluated per step: 1, 8 or 16.
    pub fn lanes(self) -> usize {
        match self.0 {
            Isa::Scalar => 1,
            Isa::Avx2 => 8,
            Isa::Avx512 => 16,
        }
    }

    /// The instruction sets of the path.
    pub(crate) fn isa(self) -> Isa {
        self.0
    }
}

impl fmt::Display for EvalPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EvalPath {
    type Err = EvalPathError;

    /// A path by its name ([`EvalPath::NAMES`], exact and lower case), if this CPU runs it.
    fn from_str(text: &str) -> Result<EvalPath, EvalPathError> {
        let isa = Isa::ALL
            .into_iter()
            .find(|isa| isa.name() == text)
            .ok_or_else(|| EvalPathError::Unknown(text.to_owned()))?;
        if isa.is_available() {
            Ok(EvalPath(isa))
        } else {
            Err(EvalPathError::Unavailable(isa.name()))
        }
    }
}

/// Why a setting names no path this CPU runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalPathError {
    /// No path has this name.
    Unknown(String),
    /// The path exists, but this CPU lacks its instructions (or is not an x86-64 CPU).
    Unavailable(&'static str),
}

impl fmt::Display for EvalPathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalPathError::Unknown(name) => write!(
                f,
                "unknown evaluation path '{name}' (expected scalar, avx2 or avx512)"
            ),
            EvalPathError::Unavailable(name) => {
                let have: Vec<&str> = EvalPath::available().map(EvalPath::name).collect();
                write!(
                    f,
                    "this CPU cannot run the {name} evaluation path (it runs: {})",
                    have.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for EvalPathError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_to_their_paths_when_the_cpu_runs_them() {
        for path in EvalPath::available() {
            assert_eq!(path.name().parse::<EvalPath>(), Ok(path));
            assert_eq!(path.to_string(), path.name());
            assert_eq!(EvalPath::from_setting(Some(path.name())), Ok(path));
        }
        for isa in Isa::ALL {
            let parsed = isa.name().parse::<EvalPath>();
            if isa.is_available() {
                assert_eq!(parsed, Ok(EvalPath(isa)));
            } else {
                assert_eq!(parsed, Err(EvalPathError::Unavailable(isa.name())));
            }
        }
        assert_eq!(
            Isa::ALL.map(Isa::name),
            EvalPath::NAMES,
            "the documented names"
        );
    }

    #[test]
    fn unknown_names_are_typed_errors() {
        for text in ["", "AVX2", "avx-512", "sse", "scalar "] {
            assert_eq!(
                text.parse::<EvalPath>(),
                Err(EvalPathError::Unknown(text.to_owned())),
                "{text:?}"
            );
        }
        assert_eq!(
            EvalPathError::Unknown("sse".into()).to_string(),
            "unknown evaluation path 'sse' (expected scalar, avx2 or avx512)"
        );
        let unavailable = EvalPathError::Unavailable("avx512").to_string();
        assert!(
            unavailable
                .starts_with("this CPU cannot run the avx512 evaluation path (it runs: scalar"),
            "{unavailable}"
        );
    }

    #[test]
    fn an_absent_or_empty_setting_detects_the_fastest_path() {
        let best = EvalPath::detect();
        assert_eq!(EvalPath::from_setting(None), Ok(best));
        assert_eq!(EvalPath::from_setting(Some("")), Ok(best));
        assert_eq!(
            EvalPath::from_setting(Some(" scalar ")),
            Ok(EvalPath::SCALAR)
        );
        assert_eq!(EvalPath::available().next(), Some(EvalPath::SCALAR));
        assert_eq!(EvalPath::available().last(), Some(best));
        assert_eq!(EvalPath::SCALAR.lanes(), 1);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn detection_follows_the_cpu_features() {
        let expected = if std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512f")
        {
            "avx512"
        } else if std::is_x86_feature_detected!("avx2") {
            "avx2"
        } else {
            "scalar"
        };
        assert_eq!(EvalPath::detect().name(), expected);
    }
}

//! The rankings of the 962,988 six-card Omaha classes ([`crate::plo6_classes`]) against one
//! random six-card hand, by Monte Carlo: high only (wins and ties, [`ClassCounts`]) and in
//! six-card Omaha hi/lo (eight or better) by pot share in quarter pots ([`PotCounts`]), the
//! equities of `sim equity --game omaha6 HAND random` and `--game omaha6-hilo`.
//!
//! Both are [`engine::counted_ranking`]s made by the board-by-board build
//! ([`crate::board_build`], [`crate::board_build::HoleSize::Six`]), so shards of a build merge
//! to the whole build to the byte. A ranking file of this many classes is about 93 MB of text,
//! so the shipped ones are packed ([`pack`]) in `data/omaha6_ranking.bin` and
//! `data/omaha6_hilo_ranking.bin`:
//!
//! ```text
//!  line 1     "omaha6 ranking v1: high, seed 1, boards 480000" (or "hilo"): how it was made
//!  then       a row per class, in class order: its rounds as the zigzag varint of the change
//!             from the class before (the first from 0), then its other two counts as varints
//! ```
//!
//! `sim rank --game omaha6` writes a packed ranking out as the usual table.

use std::sync::OnceLock;

use engine::class_ranking::BadRanking;
use engine::counted_ranking::{ClassSet, ClassTally, CountedRanking};
use engine::pot_counts::PotCounts;
use engine::varint;

use crate::board_build::Showdowns;
use crate::plo4_ranking::ClassCounts;
use crate::plo6_classes::{class_count, combos, name, parse_class};

/// The six-card classes as a set to rank.
pub static CLASSES: ClassSet = ClassSet {
    game: "six-card Omaha",
    count: class_count,
    combos,
    name,
    parse: parse_class,
};

/// The six-card classes by high equity, strongest first.
pub type Plo6Ranking = CountedRanking<ClassCounts>;

/// The six-card classes by hi/lo pot share, strongest first.
pub type Plo6HiloRanking = CountedRanking<PotCounts>;

/// How a packed ranking was made: its build's seed and boards, high or hi/lo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Made {
    /// Hi/lo pot share; else high only.
    pub hilo: bool,
    /// The build's seed (`--seed`).
    pub seed: u64,
    /// The build's boards (`--rounds`).
    pub boards: u64,
}

impl Made {
    /// The first line of a packed file, without its line end.
    fn header(self) -> String {
        let kind = if self.hilo { "hilo" } else { "high" };
        format!(
            "omaha6 ranking v1: {kind}, seed {}, boards {}",
            self.seed, self.boards
        )
    }

    /// The header line `line` read back.
    fn of_header(line: &str) -> Option<Made> {
        let rest = line.strip_prefix("omaha6 ranking v1: ")?;
        let (kind, rest) = rest.split_once(", seed ")?;
        let (seed, boards) = rest.split_once(", boards ")?;
        let hilo = match kind {
            "high" => false,
            "hilo" => true,
            _ => return None,
        };
        Some(Made {
            hilo,
            seed: seed.parse().ok()?,
            boards: boards.parse().ok()?,
        })
    }
}

/// The packed high ranking shipped in `data/`.
const SHIPPED: &[u8] = include_bytes!("../../../data/omaha6_ranking.bin");

/// The packed hi/lo ranking shipped in `data/`.
const SHIPPED_HILO: &[u8] = include_bytes!("../../../data/omaha6_hilo_ranking.bin");

/// The shipped high ranking and how it was made, read on first use.
pub fn shipped_made() -> &'static (Made, Plo6Ranking) {
    static RANKING: OnceLock<(Made, Plo6Ranking)> = OnceLock::new();
    RANKING.get_or_init(|| unpacked(SHIPPED))
}

/// The shipped hi/lo ranking and how it was made, read on first use.
pub fn shipped_hilo_made() -> &'static (Made, Plo6HiloRanking) {
    static RANKING: OnceLock<(Made, Plo6HiloRanking)> = OnceLock::new();
    RANKING.get_or_init(|| unpacked(SHIPPED_HILO))
}

/// The shipped high ranking (`data/omaha6_ranking.bin`).
pub fn shipped() -> &'static Plo6Ranking {
    &shipped_made().1
}

/// The shipped hi/lo ranking (`data/omaha6_hilo_ranking.bin`).
pub fn shipped_hilo() -> &'static Plo6HiloRanking {
    &shipped_hilo_made().1
}

/// A shipped file unpacked; the tests check both, so a failure is a broken checkout.
fn unpacked<T: ClassTally + Showdowns>(bytes: &[u8]) -> (Made, CountedRanking<T>) {
    unpack(bytes).unwrap_or_else(|e| panic!("the shipped six-card Omaha ranking is broken: {e}"))
}

/// Zigzag: small changes either way as small numbers.
fn zigzag(change: i64) -> u64 {
    ((change << 1) ^ (change >> 63)) as u64
}

/// [`zigzag`] undone.
fn unzigzag(value: u64) -> i64 {
    (value >> 1) as i64 ^ -((value & 1) as i64)
}

/// `ranking` packed (the module's format), made by a build of `boards` boards from `seed`.
pub fn pack<T: ClassTally + Showdowns>(
    ranking: &CountedRanking<T>,
    seed: u64,
    boards: u64,
) -> Vec<u8> {
    let made = Made {
        hilo: T::HILO,
        seed,
        boards,
    };
    let mut out = made.header().into_bytes();
    out.push(b'\n');
    let mut before = 0i64;
    for class in 0..class_count() {
        let values = ranking.find(class).map(|e| e.counts.values());
        let values = values.unwrap_or_else(|| T::default().values());
        let rounds = values[0] as i64;
        varint::write(&mut out, zigzag(rounds - before));
        before = rounds;
        values[1..].iter().for_each(|&v| varint::write(&mut out, v));
    }
    out
}

/// A packed ranking read back, with how it was made.
///
/// # Errors
/// [`BadRanking`] for a file that is not a packed ranking of `T`'s kind (high or hi/lo) with
/// one row per class and counts that add up.
pub fn unpack<T: ClassTally + Showdowns>(
    bytes: &[u8],
) -> Result<(Made, CountedRanking<T>), BadRanking> {
    let bad = |what: &str| BadRanking(format!("not a packed six-card Omaha ranking: {what}"));
    let line_end = bytes.iter().position(|&b| b == b'\n');
    let line_end = line_end.ok_or_else(|| bad("no header line"))?;
    let header = std::str::from_utf8(&bytes[..line_end]).map_err(|_| bad("the header"))?;
    let made = Made::of_header(header).ok_or_else(|| bad("the header"))?;
    if made.hilo != T::HILO {
        let want = if T::HILO { "hi/lo" } else { "high" };
        return Err(bad(&format!("want the {want} ranking")));
    }
    let mut rest = &bytes[line_end + 1..];
    let mut counts = Vec::with_capacity(class_count());
    let mut before = 0i64;
    let width = T::COLUMNS.len();
    let mut values = vec![0u64; width];
    while !rest.is_empty() {
        for (i, value) in values.iter_mut().enumerate() {
            let read = varint::read(&mut rest).ok_or_else(|| bad("a row ends early"))?;
            *value = if i == 0 {
                before += unzigzag(read);
                u64::try_from(before).map_err(|_| bad("negative rounds"))?
            } else {
                read
            };
        }
        counts.push(T::from_values(&values).ok_or_else(|| bad("a row"))?);
    }
    Ok((made, CountedRanking::from_counts(&CLASSES, &counts)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_build::tests::agrees_with_sim_equity;
    use engine::GameId;

    #[test]
    fn zigzag_reads_back() {
        for change in [0, 1, -1, 63, -64, 1 << 40, -(1 << 40), i64::MAX, i64::MIN] {
            assert_eq!(unzigzag(zigzag(change)), change);
        }
        assert_eq!([0, -1, 1, -2].map(zigzag), [0, 1, 2, 3]);
    }

    /// A ranking packed and read back is the same ranking, and what is not one is refused.
    #[test]
    fn packed_rankings_read_back() {
        let counts: Vec<ClassCounts> = (0..class_count() as u64)
            .map(|c| ClassCounts {
                rounds: 1000 + c % 37,
                wins: c % 500,
                ties: c % 7,
            })
            .collect();
        let ranking = CountedRanking::from_counts(&CLASSES, &counts).unwrap();
        let packed = pack(&ranking, 7, 1234);
        let (made, back) = unpack::<ClassCounts>(&packed).unwrap();
        assert_eq!(
            made,
            Made {
                hilo: false,
                seed: 7,
                boards: 1234
            }
        );
        assert_eq!(back.entries(), ranking.entries());
        assert!(unpack::<PotCounts>(&packed).is_err());
        assert!(unpack::<ClassCounts>(&packed[..packed.len() - 1]).is_err());
        assert!(unpack::<ClassCounts>(b"omaha6 ranking v1: high, seed 1, boards 2\n").is_err());
        assert!(unpack::<ClassCounts>(b"x").is_err());
    }

    /// The shipped rankings cover every class with consistent counts and a standard error of
    /// at most 10⁻³; the high leaders are pairs of aces, the hi/lo leaders hold an ace and a
    /// deuce, and four deuces are near the bottom of both.
    #[test]
    fn the_shipped_rankings_cover_every_class() {
        let high = shipped();
        let hilo = shipped_hilo();
        assert_eq!(high.entries().len(), 962_988);
        assert_eq!(hilo.total_combos(), 20_358_520);
        assert!(high.entries().iter().all(|e| e.counts.is_consistent()));
        assert!(hilo.entries().iter().all(|e| e.counts.is_consistent()));
        assert!(high.entries().iter().all(|e| e.counts.std_error() <= 1e-3));
        assert!(hilo.entries().iter().all(|e| e.counts.std_error() <= 1e-3));
        for e in &high.entries()[..20] {
            assert!(name(e.class).starts_with("AsAh"), "{}", name(e.class));
        }
        for e in &hilo.entries()[..20] {
            let top = name(e.class);
            assert!(top.starts_with("As") && top.contains('2'), "{top}");
        }
        let quads = parse_class("2s2h2d2c3s3h").unwrap();
        assert!(high.find(quads).unwrap().rank > 950_000);
        assert!(hilo.find(quads).unwrap().rank > 900_000);
    }

    /// Sampled classes of the shipped files agree with `sim equity`'s own Monte Carlo of the
    /// hand against `random` (another sampler and seed) within 4 standard errors of the
    /// difference, high and hi/lo.
    #[test]
    fn sampled_shipped_classes_agree_with_sim_equity() {
        for text in [
            "AsAhKsKhQdJd",
            "8s7h6d5c4s3h",
            "KsKhKd2c3h9s",
            "AsAh3s2hKdQc",
        ] {
            let class = parse_class(text).unwrap();
            let h = shipped().find(class).unwrap().counts;
            agrees_with_sim_equity(GameId::Omaha6, text, h.equity(), h.std_error());
            let p = shipped_hilo().find(class).unwrap().counts;
            agrees_with_sim_equity(GameId::Omaha6Hilo, text, p.equity(), p.std_error());
        }
    }
}

//! Building a [`StreetTable`]: whether a run's question has one (every player one fixed hand,
//! `hvhEquity` on one street before the river), whether it is cheaper than the memo for the
//! trials the run deals, and the settling of every completion of the board (in hold'em and
//! short deck by rank classes instead: `street_table_ranks`).

use deck::Card;
use engine::choose::choose;
use rayon::prelude::*;

use crate::functions::Func;
use crate::hands::mask;
use crate::rules::{MAX_PLAYERS, Rules};
use crate::spot::Prepared;
use crate::street_table::{LexRank, StreetTable, subset_positions};
use crate::street_table_ranks;
use crate::trial::{SHARES, Trial};

/// Most street boards a table holds: the turns of two hold'em hands, C(48, 4) = 194,580, fit.
const MAX_STREET_BOARDS: u64 = 400_000;

/// The street every `hvhEquity` call of `prepared`'s program reads, when they all read one
/// street before the river, of a board game whose players each hold one listed hand.
fn one_street(prepared: &Prepared) -> Option<u8> {
    let program = &prepared.program;
    let rules = &program.rules;
    if rules.stud || rules.board != 5 {
        return None;
    }
    let fixed = prepared
        .players
        .iter()
        .all(|p| p.hands.len() == 1 && p.hands.slot == 0 && p.hands.hole == rules.hole);
    if !fixed {
        return None;
    }
    let streets: Vec<u8> = program
        .calls()
        .iter()
        .filter(|c| c.func == Func::HvhEquity)
        .map(|c| c.street)
        .collect();
    let &street = streets.first()?;
    let known = prepared.board.len();
    (streets.iter().all(|&s| s == street) && known < usize::from(street) && street < 5)
        .then_some(street)
}

/// The table of `prepared`'s `hvhEquity` street, when it has one (every player one fixed
/// hand, `hvhEquity` on one street before the river) and it costs fewer settled boards than
/// the street boards that `trials` trials are expected to meet (`None`: every one of them, an
/// exact count) times their runouts.
pub fn for_run(prepared: &Prepared, trials: Option<u64>) -> Option<StreetTable> {
    let (street, unseen, runouts) = plan(prepared, trials)?;
    Some(if street_table_ranks::applies(prepared) {
        street_table_ranks::build(prepared, street, &unseen, runouts)
    } else {
        build(prepared, street, &unseen, runouts)
    })
}

/// [`for_run`]'s table always built board by board, for the tests that hold the rank-class
/// build to it.
#[cfg(test)]
pub(crate) fn board_by_board(prepared: &Prepared, trials: Option<u64>) -> Option<StreetTable> {
    let (street, unseen, runouts) = plan(prepared, trials)?;
    Some(build(prepared, street, &unseen, runouts))
}

/// The street of `prepared`'s table, its unseen cards and each street board's runouts, when
/// [`for_run`] builds one.
fn plan(prepared: &Prepared, trials: Option<u64>) -> Option<(u8, Vec<Card>, u64)> {
    let street = one_street(prepared)?;
    let known = prepared.board.len();
    let mut seen = mask(&prepared.board) | mask(&prepared.dead);
    for p in &prepared.players {
        seen |= mask(p.hands.hand(0));
    }
    let unseen: Vec<Card> = prepared
        .program
        .deck
        .iter()
        .copied()
        .filter(|c| seen >> c.index() & 1 == 0)
        .collect();
    let (m, shown, rest) = (
        unseen.len(),
        usize::from(street) - known,
        5 - usize::from(street),
    );
    let boards = choose(m, shown);
    let runouts = choose(m - shown, rest);
    let completions = choose(m, shown + rest);
    if boards == 0 || boards > MAX_STREET_BOARDS {
        return None;
    }
    // Street boards met: all of them, or F (1 - e^(-T/F)) of F for T uniform trials.
    let met = match trials {
        None => boards as f64,
        Some(t) => boards as f64 * (1.0 - (-(t as f64) / boards as f64).exp()),
    };
    if met * (runouts as f64) <= completions as f64 {
        return None;
    }
    Some((street, unseen, runouts))
}

/// Settles every completion of the board and credits each street board it contains.
fn build(prepared: &Prepared, street: u8, unseen: &[Card], runouts: u64) -> StreetTable {
    let rules = &prepared.program.rules;
    let known = prepared.board.len();
    let players = prepared.players.len();
    let (m, shown) = (unseen.len(), usize::from(street) - known);
    let dealt = 5 - known;
    let mut place = [u8::MAX; 52];
    for (i, c) in unseen.iter().enumerate() {
        place[c.index()] = i as u8;
    }
    let mut base = Trial::new(players, rules.hole);
    for (p, player) in prepared.players.iter().enumerate() {
        base.holes[p][..rules.hole].copy_from_slice(player.hands.hand(0));
    }
    base.board[..known].copy_from_slice(&prepared.board);
    let size = choose(m, shown) as usize * players;
    let positions = subset_positions(dealt, shown);
    let lex = LexRank::new(m, shown);
    // Each completion by its lowest place: a job per first card, summed as integers.
    let units = (0..m)
        .into_par_iter()
        .fold(
            || vec![0u32; size],
            |mut units, first| {
                let mut trial = base.clone();
                let mut picks = [0u8; 5];
                picks[0] = first as u8;
                // Each seat's share on every last card after one prefix (`players` a card),
                // and their sums.
                let mut won = vec![0u32; m * players];
                let mut sums = vec![0u32; players];
                completions(&mut picks, 1, dealt - 1, m, &mut |prefix| {
                    let from = usize::from(prefix[prefix.len() - 1]) + 1;
                    let lasts = (m - from) * players;
                    if lasts == 0 {
                        return;
                    }
                    for (slot, &i) in prefix.iter().enumerate() {
                        trial.board[known + slot] = unseen[usize::from(i)];
                    }
                    sums.fill(0);
                    if rules.best_five_high_only() {
                        // Each seat's cards and the board's first four summed once; the last
                        // card added for every seat, as `settle` values and splits them.
                        let mut parts = [Rules::parts_of(&[]); MAX_PLAYERS];
                        let (key, masks) = Rules::parts_of(&trial.board[..4]);
                        for (seat, part) in parts[..players].iter_mut().enumerate() {
                            *part = trial
                                .hole_of(seat)
                                .iter()
                                .fold((key, masks), |(k, m), &c| (k.with(c), m.with(c)));
                        }
                        let mut values = [0u32; MAX_PLAYERS];
                        for (last, shares) in (from..m).zip(won.chunks_exact_mut(players)) {
                            let card = unseen[last];
                            let (mut best, mut winners) = (0, 0);
                            for (value, &(key, masks)) in values.iter_mut().zip(&parts[..players]) {
                                *value = rules.high_of_parts(key.with(card), masks.with(card));
                                if *value > best {
                                    (best, winners) = (*value, 1);
                                } else if *value == best {
                                    winners += 1;
                                }
                            }
                            let share = SHARES[winners];
                            for ((share_of, value), sum) in
                                shares.iter_mut().zip(&values).zip(&mut sums)
                            {
                                *share_of = if *value == best { share } else { 0 };
                                *sum += *share_of;
                            }
                        }
                    } else {
                        for (last, shares) in (from..m).zip(won.chunks_exact_mut(players)) {
                            trial.board[4] = unseen[last];
                            trial.settle(rules);
                            for ((seat, share), sum) in shares.iter_mut().enumerate().zip(&mut sums)
                            {
                                *share = trial.showdown.units(seat);
                                *sum += *share;
                            }
                        }
                    }
                    // Each street board in the completions: one without the last card takes
                    // the sums; those with it have consecutive ranks, one a last card.
                    let mut places = [0u8; 5];
                    for at in &positions {
                        let at = &at[..shown];
                        for (place, &i) in places.iter_mut().zip(at) {
                            *place = prefix.get(usize::from(i)).copied().unwrap_or(from as u8);
                        }
                        let rank = lex.rank(&places[..shown]) * players;
                        if usize::from(at[shown - 1]) == dealt - 1 {
                            let run = &mut units[rank..rank + lasts];
                            run.iter_mut().zip(&won[..lasts]).for_each(|(u, w)| *u += w);
                        } else {
                            let one = &mut units[rank..rank + players];
                            one.iter_mut().zip(&sums).for_each(|(u, s)| *u += s);
                        }
                    }
                });
                units
            },
        )
        .reduce(
            || vec![0u32; size],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    StreetTable {
        street,
        known,
        players,
        place,
        runouts: runouts as u32,
        lex,
        units,
    }
}

/// Calls `visit` with every increasing completion of `picks[..at]` to `len` places below `m`
/// (`at` ≤ `len`: with `at` = `len`, `picks[..len]` itself).
fn completions(
    picks: &mut [u8; 5],
    at: usize,
    len: usize,
    m: usize,
    visit: &mut impl FnMut(&[u8]),
) {
    if at == len {
        visit(&picks[..len]);
        return;
    }
    let from = usize::from(picks[at - 1]) + 1;
    for i in from..m {
        picks[at] = i as u8;
        completions(picks, at + 1, len, m, visit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calls::{Env, hvh_equity};
    use crate::{RangeReader, Readers, TwoCardReader, prepare};
    use engine::Game;

    /// The two-card games' reader.
    struct Plain;

    impl Readers for Plain {
        fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
            Ok(Box::new(TwoCardReader { game }))
        }
    }

    /// Every street board's value read from the table is the one the memo's enumeration of
    /// its runouts gives, to the bit (every `step`-th street board checked).
    fn table_equals_enumeration(text: &str, step: usize) {
        let prepared = prepare(text, &Plain).unwrap_or_else(|e| panic!("{text}: {e}"));
        let table = for_run(&prepared, None).unwrap_or_else(|| panic!("{text}: no table"));
        let program = &prepared.program;
        let env = Env {
            rules: &program.rules,
            sets: &program.sets,
            boards: &program.boards,
            deck: &program.deck,
            dead: program.dead,
            street_table: None,
        };
        let mut t = Trial::new(prepared.players.len(), program.rules.hole);
        let mut seen = mask(&prepared.board) | mask(&prepared.dead);
        for (p, player) in prepared.players.iter().enumerate() {
            t.holes[p][..program.rules.hole].copy_from_slice(player.hands.hand(0));
            seen |= mask(player.hands.hand(0));
        }
        let known = prepared.board.len();
        t.board[..known].copy_from_slice(&prepared.board);
        let unseen: Vec<Card> = program
            .deck
            .iter()
            .copied()
            .filter(|c| seen >> c.index() & 1 == 0)
            .collect();
        let street = usize::from(table.street);
        let mut picks = [0u8; 5];
        let mut checked = 0;
        let mut at = 0;
        let shown = street - known;
        for first in 0..unseen.len() {
            picks[0] = first as u8;
            completions(&mut picks, 1, shown, unseen.len(), &mut |picks| {
                at += 1;
                if at % step != 0 {
                    return;
                }
                // Dealt out of order, as a trial deals them.
                for (slot, &i) in picks.iter().rev().enumerate() {
                    t.board[known + slot] = unseen[usize::from(i)];
                }
                // The rest of the board dealt too, as a trial of this question deals it.
                let taken = mask(&t.board[known..street]);
                let rest = unseen.iter().filter(|c| taken >> c.index() & 1 == 0);
                for (slot, &c) in t.board[street..].iter_mut().zip(rest) {
                    *slot = c;
                }
                t.seen = seen | mask(&t.board);
                for p in 0..prepared.players.len() {
                    let slow = hvh_equity(&env, &t, p, street);
                    assert_eq!(
                        table.equity(&t, p),
                        slow,
                        "{text}: {:?}",
                        &t.board[..street]
                    );
                }
                checked += 1;
            });
        }
        assert!(checked > 10, "{text}: {checked} checked");
    }

    #[test]
    fn a_table_reads_what_the_runouts_give() {
        table_equals_enumeration(
            "select avg(hvhEquity(hero, turn)) from hero='AsAh', villain='KsKh', board='Qh7h2c'",
            1,
        );
        table_equals_enumeration(
            "select avg(hvhEquity(hero, turn)) from game='holdem-hilo', hero='As2d', villain='3h4c', board='5c7d9h', dead='Jc'",
            1,
        );
        table_equals_enumeration(
            "select avg(hvhEquity(hero, flop)) from hero='AsAh', villain='KsKh', p3='7c6c'",
            53,
        );
        // Short deck's ranking on the summed path (hold'em hi/lo's, above, is `settle`'s).
        table_equals_enumeration(
            "select avg(hvhEquity(hero, flop)) from game='shortdeck', hero='AsAh', villain='KsQs'",
            7,
        );
    }

    /// A run of few trials keeps to the memo; a flop question of every board does not build a
    /// table when the board shows the flop already, nor with a range.
    #[test]
    fn a_table_is_built_only_where_it_is_cheaper() {
        let flop = "select avg(hvhEquity(hero, flop)) from hero='AsAh', villain='KsKh'";
        let prepared = prepare(flop, &Plain).unwrap();
        assert!(for_run(&prepared, Some(100)).is_none(), "100 trials");
        assert!(for_run(&prepared, Some(20_000)).is_some(), "20,000 trials");
        for text in [
            "select avg(hvhEquity(hero, flop)) from hero='AsAh', villain='KsKh', board='Qh7h2c'",
            "select avg(hvhEquity(hero, flop)) from hero='AA', villain='KsKh'",
            "select avg(hvhEquity(hero, flop)), avg(hvhEquity(hero, turn)) from hero='AsAh', villain='KsKh'",
        ] {
            let prepared = prepare(text, &Plain).unwrap();
            assert!(for_run(&prepared, None).is_none(), "{text}");
        }
    }

    /// The rank-class build gives the board by board build's table to the bit: heads-up and
    /// three-handed, flop and turn, a known board with three cards of a suit a hand holds two
    /// of (every completion a flush board), dead cards, short deck.
    #[test]
    fn rank_classes_equal_the_board_by_board_build() {
        for text in [
            "select avg(hvhEquity(hero, flop)) from hero='AsAh', villain='KsKh'",
            "select avg(hvhEquity(hero, flop)) from hero='AhKh', villain='QsQd', p3='7c6c'",
            "select avg(hvhEquity(hero, turn)) from hero='AsAh', villain='KsKh', board='Qh7h2c'",
            "select avg(hvhEquity(hero, turn)) from hero='AhKh', villain='2c2d', board='Qh7h2h', dead='3h'",
            "select avg(hvhEquity(hero, turn)) from hero='JcTc', villain='9s9d'",
            "select avg(hvhEquity(hero, flop)) from game='shortdeck', hero='AsAh', villain='KsQs'",
            "select avg(hvhEquity(hero, turn)) from game='shortdeck', hero='9h8h', villain='AcAd', board='7h6sTd'",
        ] {
            let prepared = prepare(text, &Plain).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(street_table_ranks::applies(&prepared), "{text}");
            let by_boards =
                board_by_board(&prepared, None).unwrap_or_else(|| panic!("{text}: no table"));
            let by_ranks = for_run(&prepared, None).unwrap_or_else(|| panic!("{text}: no table"));
            assert_eq!(by_ranks, by_boards, "{text}");
        }
    }

    /// The same on 24 spots drawn at random (seed 11): hold'em or short deck, two to four
    /// hands, up to two dead cards, the flop's table or the turn's (from no board or a flop).
    #[test]
    fn rank_classes_equal_the_board_by_board_build_on_drawn_spots() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..24 {
            let short = rng.random_bool(0.3);
            let mut deck: Vec<Card> = Card::all().filter(|c| !short || c.rank() >= 4).collect();
            let mut take = |n: usize, rng: &mut rand_xoshiro::Xoshiro256PlusPlus| -> String {
                (0..n)
                    .map(|_| {
                        deck.swap_remove(rng.random_range(0..deck.len()))
                            .to_string()
                    })
                    .collect()
            };
            let players = rng.random_range(2..=4);
            let hands: Vec<String> = (0..players).map(|_| take(2, &mut rng)).collect();
            let street = if rng.random_bool(0.5) { "turn" } else { "flop" };
            let known = if street == "turn" && rng.random_bool(0.5) {
                3
            } else {
                0
            };
            let board = take(known, &mut rng);
            let dead = take(rng.random_range(0..=2), &mut rng);
            let mut text = format!(
                "select avg(hvhEquity(hero, {street})) from game='{}', board='{board}', dead='{dead}'",
                if short { "shortdeck" } else { "holdem" }
            );
            for (p, hand) in hands.iter().enumerate() {
                text.push_str(&format!(", p{p}='{hand}'"));
            }
            let text = text.replacen("p0=", "hero=", 1);
            let prepared = prepare(&text, &Plain).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(street_table_ranks::applies(&prepared), "{text}");
            let by_boards =
                board_by_board(&prepared, None).unwrap_or_else(|| panic!("{text}: no table"));
            let by_ranks = for_run(&prepared, None).unwrap_or_else(|| panic!("{text}: no table"));
            assert_eq!(by_ranks, by_boards, "{text}");
        }
    }
}

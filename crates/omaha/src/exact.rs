//! Exact Omaha equity: every board that completes the known cards, for one hand per player.
//!
//! Heads-up preflop PLO4 is C(44, 5) = 1,086,008 boards; each board is prepared once
//! ([`Board::new`]) and every hand evaluated against it. Work items are the boards' first dealt
//! card, spread over the current rayon pool; counts are integers added in any order, so the
//! result does not depend on the threads.

use deck::Card;
use engine::Watch;
use rayon::prelude::*;

use crate::evaluate::{Board, Hole, PartialBoard};
use crate::range::{HoleCards, hand_mask};
use crate::showdown::Showdown;
use crate::spot::Spot;
use engine::{MAX_PLAYERS, PotTally};

/// Boards an exact run of `spot` visits: C(cards left, cards to deal).
pub fn board_count(spot: &Spot) -> u128 {
    let used = spot.board.len() + spot.dead.len() + spot.players.len() * spot.game.hole_cards();
    deck::uniform::binomial((52 - used.min(52)) as u128, spot.to_deal() as u128)
}

/// Hands per player multiplied together: the combinations an exact run lists at most.
pub fn hand_combinations(spot: &Spot) -> u128 {
    spot.players.iter().map(|r| r.hands.len() as u128).product()
}

/// Counts every board of `spot` for every combination of its players' hands that shares no
/// card (players hold hands or unweighted listed ranges, never `random`). Each combination
/// counts once, so the result is the equity of hands drawn uniformly among the compatible
/// combinations.
pub fn enumerate(spot: &Spot) -> PotTally {
    enumerate_until_stopped(spot, &|| false).unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// [`enumerate`], asking `stop` before each combination of hands: `None` when it said to stop.
/// For callers that must be able to interrupt a long count (the Python package on Ctrl-C).
/// Each combination counted is told to `stop`, of [`hand_combinations`] (an upper bound: the
/// combinations that share a card are skipped).
pub fn enumerate_until_stopped(spot: &Spot, stop: &dyn Watch) -> Option<PotTally> {
    let mut total = PotTally::new(spot.players.len());
    let mut hands = Vec::with_capacity(spot.players.len());
    let mut stopped = false;
    let combinations = u64::try_from(hand_combinations(spot)).unwrap_or(u64::MAX);
    for_each_combination(spot, 0, spot.known_mask(), &mut hands, &mut |hands| {
        stopped = stopped || stop.should_stop();
        if !stopped {
            total = total + enumerate_hands(spot, hands);
            stop.advance(1, combinations);
        }
    });
    (!stopped).then_some(total)
}

fn for_each_combination(
    spot: &Spot,
    seat: usize,
    used: u64,
    hands: &mut Vec<HoleCards>,
    visit: &mut impl FnMut(&[HoleCards]),
) {
    if seat == spot.players.len() {
        visit(hands);
        return;
    }
    let n = spot.game.hole_cards();
    for hand in &spot.players[seat].hands {
        let mask = hand_mask(hand, n);
        if used & mask == 0 {
            hands.push(*hand);
            for_each_combination(spot, seat + 1, used | mask, hands, visit);
            hands.pop();
        }
    }
}

/// Counts every board of `spot` with one hand per player.
pub(crate) fn enumerate_hands(spot: &Spot, hands: &[HoleCards]) -> PotTally {
    let n = spot.game.hole_cards();
    let rule = spot.game.spec().hand;
    let holes: Vec<Hole> = hands.iter().map(|h| Hole::new(&h[..n], rule)).collect();
    let used = hands
        .iter()
        .fold(spot.known_mask(), |m, h| m | hand_mask(h, n));
    let rest: Vec<Card> = Card::all().filter(|c| used & 1 << c.index() == 0).collect();
    let showdown = Showdown::new(spot.game.is_hilo(), &holes);
    let mut board = [Card::from_index(0); 5];
    board[..spot.board.len()].copy_from_slice(&spot.board);
    let players = holes.len();
    let start = spot.board.len();
    if start == 5 {
        let mut tally = PotTally::new(players);
        showdown.play(&Board::new(&board), &mut tally);
        return tally;
    }
    let to_deal = 5 - start;
    // Work items: the first two dealt cards (one when only one is dealt), so that the items
    // are many and even enough for every thread to stay busy.
    let firsts = rest.len() + 1 - to_deal;
    let items: Vec<(usize, Option<usize>)> = if to_deal == 1 {
        (0..firsts).map(|a| (a, None)).collect()
    } else {
        (0..firsts)
            .flat_map(|a| (a + 1..=rest.len() + 1 - to_deal).map(move |b| (a, Some(b))))
            .collect()
    };
    items
        .into_par_iter()
        .map(|(a, b)| {
            let mut tally = PotTally::new(players);
            let mut board = board;
            board[start] = rest[a];
            let mut partial = board[..=start]
                .iter()
                .fold(PartialBoard::EMPTY, |p, &c| p.with(c));
            let (at, from) = match b {
                None => (start + 1, a + 1),
                Some(b) => {
                    board[start + 1] = rest[b];
                    partial = partial.with(rest[b]);
                    (start + 2, b + 1)
                }
            };
            fill(&mut board, partial, at, from, &rest, &showdown, &mut tally);
            tally
        })
        .reduce(|| PotTally::new(players), |a, b| a + b)
}

/// Deals `board[at..]` from `rest[from..]` in increasing order and plays every board;
/// `partial` holds `board[..at]`.
fn fill(
    board: &mut [Card; 5],
    partial: PartialBoard,
    at: usize,
    from: usize,
    rest: &[Card],
    showdown: &Showdown<'_>,
    tally: &mut PotTally,
) {
    if at == 5 {
        showdown.play(&partial.finish(), tally);
        return;
    }
    if at == 4 {
        // The last card's rank decides the rank multiset, hence everything but flushes:
        // evaluate once per rank, then add flushes card by card.
        let mut high_by_rank = [[0u16; MAX_PLAYERS]; 13];
        let mut low_by_rank = [[0u8; MAX_PLAYERS]; 13];
        let mut seen = 0u16;
        for &card in &rest[from..] {
            let r = usize::from(card.rank());
            let full = partial.with(card);
            if seen & 1 << r == 0 {
                seen |= 1 << r;
                showdown.without_flush(&full.finish(), &mut high_by_rank[r], &mut low_by_rank[r]);
            }
            let mut high = high_by_rank[r];
            let flush = full.finish_flush();
            if flush.has_flush_suit() {
                showdown.add_flushes(&flush, &mut high);
            }
            showdown.record(&high, &low_by_rank[r], tally);
        }
        return;
    }
    for j in from..=rest.len() - (5 - at) {
        board[at] = rest[j];
        let next = partial.with(rest[j]);
        fill(board, next, at + 1, j + 1, rest, showdown, tally);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity;
    use crate::oracle;
    use crate::range::Range;
    use deck::parse_cards;
    use engine::Game;
    use engine::Method;

    fn spot(game: Game, hands: &[&str], board: &str) -> Spot {
        let players = hands
            .iter()
            .map(|h| Range::parse(h, game.hole_cards()).unwrap())
            .collect();
        Spot::new(game, players, parse_cards(board).unwrap(), vec![])
            .unwrap_or_else(|e| panic!("{hands:?} {board}: {e}"))
    }

    /// Asked before every combination of hands: never stopping gives `enumerate`'s counts, a
    /// stop after a few combinations gives nothing.
    #[test]
    fn a_stop_request_ends_the_count_between_combinations() {
        let g = spot(
            Game::plain(engine::GameId::Omaha),
            &["AsAhKsKh", "QQxx"],
            "2c7d9h",
        );
        assert_eq!(enumerate_until_stopped(&g, &|| false), Some(enumerate(&g)));
        let asked = std::sync::atomic::AtomicU32::new(0);
        let stop = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 3;
        assert_eq!(enumerate_until_stopped(&g, &stop), None);
    }

    /// The same counts from the oracle evaluator, board by board, single-threaded.
    fn oracle_tally(g: &Spot) -> PotTally {
        let n = g.game.hole_cards();
        let hands: Vec<&[Card]> = g.players.iter().map(|r| &r.hands[0][..n]).collect();
        let used = g
            .players
            .iter()
            .fold(g.known_mask(), |m, r| m | hand_mask(&r.hands[0], n));
        let rest: Vec<Card> = Card::all().filter(|c| used & 1 << c.index() == 0).collect();
        let mut tally = PotTally::new(hands.len());
        let k = g.to_deal();
        let mut idx: Vec<usize> = (0..k).collect();
        loop {
            let mut board = [Card::from_index(0); 5];
            board[..g.board.len()].copy_from_slice(&g.board);
            for (slot, &i) in idx.iter().enumerate() {
                board[g.board.len() + slot] = rest[i];
            }
            let rule = g.game.spec().hand;
            let high: Vec<u16> = hands
                .iter()
                .map(|h| oracle::high_of(rule, h, &board))
                .collect();
            let low: Vec<u8> = hands
                .iter()
                .map(|h| oracle::low_strength(oracle::low_of(rule, h, &board)))
                .collect();
            tally.record(&high, g.game.is_hilo().then_some(&low[..]));
            let mut i = k;
            loop {
                if i == 0 {
                    return tally;
                }
                i -= 1;
                if idx[i] < rest.len() - k + i {
                    break;
                }
            }
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }

    #[test]
    fn flop_spots_match_the_oracle_in_every_game() {
        let spots: [(Game, &[&str], &str); 12] = [
            // Hold'em hi/lo: the best five of seven for each half, against the 21 hands.
            (
                Game::plain(engine::GameId::HoldemHilo),
                &["As2s", "KdKc", "7h6h"],
                "3h4h9c",
            ),
            (
                Game::plain(engine::GameId::HoldemHilo),
                &["Ah2h", "Ad3d", "KcKh"],
                "5c6c7sQd",
            ),
            (
                Game::plain(engine::GameId::HoldemHilo),
                &["AsKs", "Ac8d", "QhJh"],
                "2s5s9s",
            ),
            // Courchevel: five-card Omaha, from the first flop card on (a one-card board:
            // C(41, 4) = 101,270 boards).
            (
                Game::plain(engine::GameId::CourchevelHilo),
                &["As2d3hKcQc", "Ah2c4d5sJs"],
                "6c7c8h",
            ),
            (
                Game::plain(engine::GameId::Courchevel),
                &["AsAdKsKd2c", "JhTh9c8c7d"],
                "6h",
            ),
            (
                Game::plain(engine::GameId::Omaha),
                &["AsAdKsKd", "JhTh9c8c"],
                "Kc7h2d",
            ),
            (
                Game::plain(engine::GameId::OmahaHilo),
                &["AsAdKsKd", "JhTh9c8c", "2c3c4d5d"],
                "Kc7h2d6h",
            ),
            (
                Game::plain(engine::GameId::OmahaHilo),
                &["As2d3hKc", "Ah2c4d5s", "QdJdTd9d"],
                "3c4h8s",
            ),
            (
                Game::plain(engine::GameId::Omaha5),
                &["AsAdKsKd2c", "JhTh9c8c7d"],
                "6h5h2d",
            ),
            (
                Game::plain(engine::GameId::Omaha5Hilo),
                &["As2d3hKcQc", "Ah2c4d5sJs"],
                "6c7c8h",
            ),
            (
                Game::plain(engine::GameId::Omaha6),
                &["AsAdKsKd2c3c", "JhTh9c8c7d6d"],
                "4h5h2d",
            ),
            (
                Game::plain(engine::GameId::Omaha6Hilo),
                &["As2d3hKcQcJc", "Ah2c4d5sTsTh"],
                "6c7c8h",
            ),
        ];
        for (v, hands, board) in spots {
            let g = spot(v, hands, board);
            assert_eq!(enumerate(&g), oracle_tally(&g), "{v} {hands:?} {board}");
        }
    }

    #[test]
    fn hand_checked_river_spots() {
        // Hi/lo, both players hold A2: the low is tied (a quarter each) and the high goes to
        // the nut flush (three quarters).
        let g = spot(
            Game::plain(engine::GameId::OmahaHilo),
            &["Ah2hKcQd", "Ac2dKsQs"],
            "3h4h8h9cTd",
        );
        let r = equity(&g, &Method::Exact).unwrap();
        assert_eq!(
            (
                r.players[0].hilo.unwrap().pot_units,
                r.players[1].hilo.unwrap().pot_units
            ),
            (3, 1)
        );
        assert_eq!(r.players[0].hilo.unwrap().units_per_pot, 4);
        // No low possible (two low cards on board): the high hand scoops.
        let g = spot(
            Game::plain(engine::GameId::OmahaHilo),
            &["Ah2hKcKd", "Ac3dQsQh"],
            "4h8sJcKsQc",
        );
        let r = equity(&g, &Method::Exact).unwrap();
        // Kings make a set with the king on board, queens a smaller set with the queen.
        assert_eq!(r.players[0].hilo.unwrap().scoops, 1);
        assert_eq!(
            (
                r.players[0].hilo.unwrap().pot_units,
                r.players[1].hilo.unwrap().pot_units
            ),
            (4, 0)
        );
    }

    #[test]
    fn a_listed_range_counts_each_compatible_combination_once() {
        let v = Game::plain(engine::GameId::OmahaHilo);
        let ranged = spot(v, &["AsAhKsKh,AdAcKdKc,JdQdQcQh", "JdTd9c8c"], "2c3h4s");
        // The third hand shares Jd with the other player and drops out.
        assert_eq!(ranged.players[0].hands.len(), 2);
        let one = spot(v, &["AsAhKsKh", "JdTd9c8c"], "2c3h4s");
        let two = spot(v, &["AdAcKdKc", "JdTd9c8c"], "2c3h4s");
        assert_eq!(enumerate(&ranged), enumerate(&one) + enumerate(&two));
        // Two ranges whose hands collide in some combinations.
        let both = spot(v, &["AsAhKsKh,AdAcKdKc", "AsQdQcJh,7h7c6h6c"], "2c3h4s");
        let mut expected = PotTally::new(2);
        for (a, b) in [
            ("AsAhKsKh", "7h7c6h6c"),
            ("AdAcKdKc", "AsQdQcJh"),
            ("AdAcKdKc", "7h7c6h6c"),
        ] {
            expected = expected + enumerate(&spot(v, &[a, b], "2c3h4s"));
        }
        assert_eq!(enumerate(&both), expected);
        assert_eq!(
            crate::resolve(&Method::Auto { seed: 1 }, &both).unwrap(),
            Method::Exact
        );
        let weighted = spot(v, &["AsAhKsKh:0.5,AdAcKdKc", "random"], "");
        assert!(crate::resolve(&Method::Exact, &weighted).is_err());
    }

    #[test]
    fn a_famous_preflop_matchup_counts_every_board() {
        let g = spot(
            Game::plain(engine::GameId::Omaha),
            &["AsAhKsKh", "JdTd9c8c"],
            "",
        );
        let r = equity(&g, &Method::Exact).unwrap();
        assert_eq!(board_count(&g), 1_086_008);
        assert_eq!(r.tally.outcomes, 1_086_008);
        let total: u128 = r
            .tally
            .equities(true, true)
            .iter()
            .map(|p| p.hilo.unwrap().pot_units)
            .sum();
        assert_eq!(total, 4 * 1_086_008);
        let one = engine::on_pool(1, || equity(&g, &Method::Exact))
            .unwrap()
            .unwrap();
        assert_eq!(one, r);
    }
}

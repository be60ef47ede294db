//! Slow, obvious classifiers to test the fast ones against: the best five cards found by trying
//! every five-card subset with the evaluator, and draws found by dealing every next card (or
//! pair of cards) and evaluating the result.
//!
//! They follow the user guide's definitions in their own words: a combo makes a hand of its
//! own when a hole card is among the cards that make the best five's category (in every best
//! five), and an out is a card after which the evaluator calls the hand a straight (or flush)
//! that beats what the board and that card make alone.

use deck::Card;
use engine::Game;
use eval::{Category, HandKey, ShortDeckEvaluator, evaluate};

use crate::class::{Draw, Draws, MadeHand};
use crate::facts::out_of_deck;
use crate::value::Rules;

/// The ranks of `game`'s deck, lowest first.
fn deck_ranks(game: Game) -> Vec<u8> {
    match game.short_deck_rules() {
        None => (0..13).collect(),
        Some(_) => (4..13).collect(),
    }
}

/// The evaluator's strength of 5 to 7 cards.
fn strength(game: Game, cards: &[Card]) -> u16 {
    match game.short_deck_rules() {
        None => evaluate(cards).value(),
        Some(rules) => ShortDeckEvaluator::new(rules).evaluate(cards).value(),
    }
}

/// The evaluator's category of 5 to 7 cards.
pub(crate) fn category(game: Game, cards: &[Card]) -> Category {
    match game.short_deck_rules() {
        None => evaluate(cards).category(),
        Some(rules) => ShortDeckEvaluator::new(rules).evaluate(cards).category(),
    }
}

/// The evaluator's best strength and category with suits ignored (no flushes).
fn ranks_only(game: Game, cards: &[Card]) -> (u16, Category) {
    let key = HandKey::of(cards);
    match game.short_deck_rules() {
        None => {
            let rank = key.rank_strength();
            (rank.value(), rank.category())
        }
        Some(rules) => {
            let rank = ShortDeckEvaluator::new(rules).rank_strength(key);
            (rank.value(), rank.category())
        }
    }
}

/// The five highest ranks of the suit holding five or more cards, highest first.
fn plain_flush(cards: &[Card]) -> Option<Vec<u8>> {
    (0..4).find_map(|suit| {
        let mut ranks: Vec<u8> = cards
            .iter()
            .filter(|c| c.suit() == suit)
            .map(|c| c.rank())
            .collect();
        (ranks.len() >= 5).then(|| {
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            ranks.truncate(5);
            ranks
        })
    })
}

/// Whether a category is a flush or better straight flush.
fn is_flush(category: Category) -> bool {
    matches!(
        category,
        Category::Flush | Category::StraightFlush | Category::RoyalFlush
    )
}

fn with(cards: &[Card], more: &[Card]) -> Vec<Card> {
    cards.iter().chain(more).copied().collect()
}

/// A board (with dead cards) in a game, classified slowly.
pub(crate) struct Oracle {
    game: Game,
    rules: Rules,
    board: Vec<Card>,
    /// The deck's cards neither on the board nor dead.
    unseen: Vec<Card>,
}

impl Oracle {
    pub(crate) fn new(game: Game, board: &[Card], dead: &[Card]) -> Self {
        let known = board
            .iter()
            .chain(dead)
            .fold(out_of_deck(game), |m, c| m | 1 << c.index());
        Self {
            game,
            rules: Rules::of(game),
            board: board.to_vec(),
            unseen: Card::all()
                .filter(|c| known >> c.index() & 1 == 0)
                .collect(),
        }
    }

    fn live(&self, hole: [Card; 2]) -> Vec<Card> {
        self.unseen
            .iter()
            .copied()
            .filter(|c| !hole.contains(c))
            .collect()
    }

    /// The board's distinct ranks, highest first.
    fn board_ranks(&self) -> Vec<u8> {
        let mut ranks: Vec<u8> = self.board.iter().map(|c| c.rank()).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        ranks.dedup();
        ranks
    }

    /// The made-hand class by the definitions, from the evaluator's best five cards.
    pub(crate) fn made(&self, hole: [Card; 2]) -> MadeHand {
        let cards = with(&hole, &self.board);
        let n = cards.len();
        let fives: Vec<Vec<Card>> = (0u32..1 << n)
            .filter(|m| m.count_ones() == 5)
            .map(|m| {
                (0..n)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| cards[i])
                    .collect()
            })
            .collect();
        let best = fives.iter().map(|f| strength(self.game, f)).max().unwrap();
        let best_fives: Vec<&Vec<Card>> = fives
            .iter()
            .filter(|f| strength(self.game, f) == best)
            .collect();
        let cat = category(self.game, best_fives[0]);
        // The cards that make the category: repeated ranks, or all five for straights,
        // flushes and full houses; none for a high card.
        let core = |five: &[Card]| -> Vec<Card> {
            match cat {
                Category::HighCard => vec![],
                Category::Straight
                | Category::Flush
                | Category::FullHouse
                | Category::StraightFlush
                | Category::RoyalFlush => five.to_vec(),
                _ => five
                    .iter()
                    .copied()
                    .filter(|c| five.iter().filter(|d| d.rank() == c.rank()).count() >= 2)
                    .collect(),
            }
        };
        let hole_count = |cards: &[Card]| cards.iter().filter(|c| hole.contains(c)).count();
        let five = *best_fives
            .iter()
            .min_by_key(|f| hole_count(&core(f)))
            .unwrap();
        let core_cards = core(five);
        if hole_count(&core_cards) == 0 {
            // A hole ace among the kickers (outside the core) of some best five.
            let ace_plays = best_fives.iter().any(|f| {
                let core = core(f);
                f.iter()
                    .any(|c| hole.contains(c) && c.rank() == 12 && !core.contains(c))
            });
            return if ace_plays {
                MadeHand::AceHigh
            } else {
                MadeHand::NoMadeHand
            };
        }
        let held_in_five = |rank: u8| {
            five.iter()
                .filter(|c| c.rank() == rank && hole.contains(c))
                .count()
        };
        let board = self.board_ranks();
        match cat {
            Category::StraightFlush | Category::RoyalFlush => MadeHand::StraightFlush,
            Category::FourOfAKind => MadeHand::Quads,
            Category::FullHouse => MadeHand::FullHouse,
            Category::Straight => MadeHand::Straight,
            Category::Flush => {
                let ours = plain_flush(&cards);
                let live = self.live(hole);
                let beaten = (0..live.len()).any(|i| {
                    (i + 1..live.len())
                        .any(|j| plain_flush(&with(&self.board, &[live[i], live[j]])) > ours)
                });
                if beaten {
                    MadeHand::Flush
                } else {
                    MadeHand::NutFlush
                }
            }
            Category::ThreeOfAKind => {
                if hole_count(&core_cards) == 2 {
                    MadeHand::Set
                } else {
                    MadeHand::Trips
                }
            }
            Category::TwoPair => {
                let mut pairs: Vec<u8> = core_cards.iter().map(|c| c.rank()).collect();
                pairs.sort_unstable_by(|a, b| b.cmp(a));
                pairs.dedup();
                if pairs.iter().all(|&p| held_in_five(p) == 1) {
                    if pairs[..] == board[..2] {
                        MadeHand::TwoPairTopTwo
                    } else if pairs[0] == board[0] {
                        MadeHand::TwoPairTopAndBottom
                    } else {
                        MadeHand::TwoPairBottomTwo
                    }
                } else {
                    MadeHand::TwoPairBoardPair
                }
            }
            Category::Pair => {
                let pair = core_cards[0].rank();
                if held_in_five(pair) == 2 {
                    if pair > board[0] {
                        MadeHand::Overpair
                    } else {
                        MadeHand::PocketPairBelowTop
                    }
                } else if pair == board[0] {
                    let kicker = hole.iter().find(|c| c.rank() != pair).unwrap().rank();
                    let mut left: Vec<u8> = deck_ranks(self.game)
                        .into_iter()
                        .filter(|r| *r != pair && !board.contains(r))
                        .collect();
                    left.reverse();
                    match left.iter().position(|&r| r == kicker).unwrap() {
                        0 => MadeHand::TopPairTopKicker,
                        1 | 2 => MadeHand::TopPairGoodKicker,
                        _ => MadeHand::TopPairWeakKicker,
                    }
                } else if pair == board[1] {
                    MadeHand::SecondPair
                } else {
                    MadeHand::WeakPair
                }
            }
            Category::HighCard => unreachable!("a high card has no core"),
        }
    }

    /// The game's tier of a category.
    fn tier(&self, category: Category) -> u8 {
        self.rules.tier(category)
    }

    /// Whether `cards` plus the cards in `more` make a hand of the combo's own in the flush
    /// family, beating what the board and `more` make alone.
    fn own_flush(&self, cards: &[Card], more: &[Card]) -> bool {
        let all = with(cards, more);
        if !is_flush(category(self.game, &all)) {
            return false;
        }
        let board = with(&self.board, more);
        board.len() < 5 || strength(self.game, &all) > strength(self.game, &board)
    }

    /// Whether `cards` plus `more` make, suits ignored, a straight of the combo's own.
    fn own_straight(&self, cards: &[Card], more: &[Card]) -> bool {
        let all = with(cards, more);
        let (ours, category) = ranks_only(self.game, &all);
        if category != Category::Straight {
            return false;
        }
        let board = with(&self.board, more);
        board.len() < 5 || ours > ranks_only(self.game, &board).0
    }

    /// The unseen cards (not in the combo) after which the combo has, suits ignored, a
    /// straight of its own: its straight outs as cards.
    pub(crate) fn straight_out_cards(&self, hole: [Card; 2]) -> usize {
        let cards = with(&hole, &self.board);
        self.live(hole)
            .iter()
            .filter(|&&c| self.own_straight(&cards, &[c]))
            .count()
    }

    /// The draws by the definitions, found by dealing the next cards. `nut_check` also tries
    /// every other holding against the flush for [`Draw::NutFlushDraw`] (slow).
    pub(crate) fn draws(&self, hole: [Card; 2], made: MadeHand, nut_check: bool) -> Draws {
        let mut draws = Draws::NONE;
        if self.board.len() == 5 {
            return draws;
        }
        let cards = with(&hole, &self.board);
        let live = self.live(hole);
        let now = self.tier(category(self.game, &cards));
        let flop = self.board.len() == 3;

        let mut flush_draw = false;
        if now < self.tier(Category::Flush) {
            let completing: Vec<Card> = live
                .iter()
                .copied()
                .filter(|&c| self.own_flush(&cards, &[c]))
                .collect();
            if !completing.is_empty() {
                flush_draw = true;
                draws = draws.with(Draw::FlushDraw);
                if nut_check {
                    let nut = completing.iter().all(|&c| {
                        let ours = plain_flush(&with(&cards, &[c]));
                        let others: Vec<Card> = live.iter().copied().filter(|&x| x != c).collect();
                        !(0..others.len()).any(|i| {
                            (i + 1..others.len()).any(|j| {
                                plain_flush(&with(&self.board, &[c, others[i], others[j]])) > ours
                            })
                        })
                    });
                    if nut {
                        draws = draws.with(Draw::NutFlushDraw);
                    }
                }
            } else if flop
                && (0..live.len()).any(|i| {
                    (i + 1..live.len()).any(|j| self.own_flush(&cards, &[live[i], live[j]]))
                })
            {
                draws = draws.with(Draw::BackdoorFlushDraw);
            }
        }

        if now < self.tier(Category::Straight) {
            let mut outs: Vec<u8> = live
                .iter()
                .filter(|&&c| self.own_straight(&cards, &[c]))
                .map(|c| c.rank())
                .collect();
            outs.sort_unstable();
            outs.dedup();
            // The ranks in straight order, the ace at both ends.
            let mut order = vec![12u8];
            order.extend(deck_ranks(self.game));
            let held = |r: u8| cards.iter().any(|c| c.rank() == r);
            let open_ended = (1..order.len().saturating_sub(4)).any(|i| {
                order[i..i + 4].iter().all(|&r| held(r))
                    && outs.contains(&order[i - 1])
                    && outs.contains(&order[i + 4])
            });
            match outs.len() {
                0 => {
                    if flop
                        && (0..live.len()).any(|i| {
                            (i + 1..live.len())
                                .any(|j| self.own_straight(&cards, &[live[i], live[j]]))
                        })
                    {
                        draws = draws.with(Draw::BackdoorStraightDraw);
                    }
                }
                1 => draws = draws.with(Draw::Gutshot),
                _ if open_ended => draws = draws.with(Draw::OpenEndedStraightDraw),
                _ => draws = draws.with(Draw::DoubleGutshot),
            }
            if !outs.is_empty() && flush_draw {
                draws = draws.with(Draw::ComboDraw);
            }
        }

        let top = self.board.iter().map(|c| c.rank()).max().unwrap();
        if matches!(made, MadeHand::AceHigh | MadeHand::NoMadeHand)
            && hole.iter().all(|c| c.rank() > top)
        {
            draws = draws.with(Draw::TwoOvercards);
        }
        draws
    }
}

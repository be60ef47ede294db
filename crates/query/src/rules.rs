//! How a game of the language ranks hands: the high strength of a player's hole cards with a
//! board (hold'em's best five of seven, or Omaha's two from the hand and three from the
//! board; stud's best five of a player's own seven; a draw hand's five), the eight-or-better
//! low, the lows that take a whole pot (razz's and A-5 lowball's ace-to-five, 2-7's, badugi's),
//! and the hand type of a strength.
//!
//! ```text
//!  game              cards of a seat        board   main strength (the pot, or its high half)
//!  hold'em family    2 (hold'em hi/lo 2)    0-5     best high five of seven
//!  Omaha family      4, 5, 6 (Courchevel 5) 0-5     two from the hand, three from the board
//!  stud, stud-hilo   7 (two down, four up,   none   best high five of the seven
//!                    the seventh down)
//!  razz              7                      none   best ace-to-five low (pairs count against)
//!  draw5, -hilo      5 after the one draw   none   the five's high hand (hi/lo: and the 8 low)
//!  lowball-27, td-27 5 after the one draw   none   the deuce-to-seven low (eval::deuce_seven_low)
//!  lowball-a5, td-a5 5 after the one draw   none   the ace-to-five low (razz's)
//!  badugi            4 after the one draw   none   the badugi (eval::badugi)
//! ```

use deck::Card;
use engine::{Family, Game, HandRule, LowRule};
use eval::ranking::HighRanking;
use eval::{HandKey, Ranking, SuitMasks};

/// Most cards a player holds in the games the language plays (stud's seven).
pub const MAX_HOLE: usize = 7;

/// Most players at one table.
pub const MAX_PLAYERS: usize = 10;

/// A game's rules, read once from the game list.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// The game.
    pub game: Game,
    /// The Omaha evaluator's tables, in the two-plus-three games of the standard high ranking:
    /// a complete board's high hands are read from them ([`PreparedBoard`]).
    omaha: Option<OmahaTables>,
    /// Its high ranking.
    ranking: HighRanking,
    /// Exactly two hole cards and three board cards (Omaha), or the best five of all.
    two_plus_three: bool,
    /// Whether a low half is played for (eight or better).
    pub hilo: bool,
    /// Cards each player holds.
    pub hole: usize,
    /// Cards of a complete board: 5, or 0 in the stud games.
    pub board: usize,
    /// The stud family: seven cards a seat, no board, streets third to seventh.
    pub stud: bool,
    /// The draw family: a seat's five cards (badugi four) after one draw, no board, the
    /// final hand the only street.
    pub draw: bool,
    /// The whole pot goes to a low (razz, the lowball games, badugi): the main strength is
    /// that low, and no high hand is played.
    pub low_only: bool,
    /// How the main strength is valued.
    main: Main,
}

/// How a game values its main strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Main {
    /// The high hand, by the game's ranking.
    High,
    /// The ace-to-five low of five to seven cards (razz, A-5 lowball).
    AceFive,
    /// The deuce-to-seven low of five cards.
    DeuceSeven,
    /// The badugi of four cards.
    Badugi,
}

/// A board prepared once for every player's high hand on it: the key and suit masks of all its
/// cards (the best five of all), or of each of its three-card subsets (two plus three); and a
/// complete board of a two-plus-three game of the standard ranking prepared for the Omaha
/// evaluator, which reads a hand's best two-plus-three high from a table row instead of
/// valuing its sixty hands one by one.
#[derive(Debug, Clone, Copy)]
pub struct PreparedBoard {
    parts: [(HandKey, SuitMasks); 10],
    count: usize,
    omaha: Option<omaha::evaluate::Board>,
}

/// The Omaha evaluator's tables (shown by name only: they are large).
#[derive(Clone, Copy)]
struct OmahaTables(&'static omaha::tables::Tables);

impl std::fmt::Debug for OmahaTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OmahaTables")
    }
}

/// Why a game is not played by the language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnplayedGame(pub Game);

impl Rules {
    /// The rules of `game`: the hold'em, Omaha (Courchevel included), stud and draw
    /// families, high and eight-or-better hi/lo, and the games played for a low alone (razz,
    /// the lowball games, badugi).
    ///
    /// # Errors
    /// [`UnplayedGame`] for a game whose rules the language does not know (a high rule
    /// with a low other than eight or better, or neither).
    pub fn of(game: Game) -> Result<Rules, UnplayedGame> {
        let spec = game.spec();
        let main = match (spec.high, spec.low) {
            (Some(_), None | Some(LowRule::EightOrBetter)) => Main::High,
            (None, Some(LowRule::AceToFive)) => Main::AceFive,
            (None, Some(LowRule::DeuceToSeven)) => Main::DeuceSeven,
            (None, Some(LowRule::Badugi)) => Main::Badugi,
            _ => return Err(UnplayedGame(game)),
        };
        let two_plus_three = spec.hand == HandRule::TwoPlusThree;
        let standard = matches!(game.ranking(), HighRanking::Holdem(_));
        Ok(Rules {
            game,
            omaha: (two_plus_three && standard).then(|| OmahaTables(omaha::tables::Tables::get())),
            ranking: game.ranking(),
            two_plus_three: spec.hand == HandRule::TwoPlusThree,
            hilo: main == Main::High && spec.low == Some(LowRule::EightOrBetter),
            hole: spec.hole_cards,
            board: spec.board_cards,
            stud: spec.family == Family::Stud,
            draw: spec.family == Family::Draw,
            low_only: main != Main::High,
            main,
        })
    }

    /// Whether a player's strength is the high hand of the best five of his cards and the
    /// board's with no low half (hold'em, short deck): a sum of cards, to which a board's
    /// last card can be added for every player at once ([`Rules::high_of_parts`]).
    pub fn best_five_high_only(&self) -> bool {
        self.main == Main::High && !self.two_plus_three && !self.hilo
    }

    /// The key and suit masks of `cards`, for [`Rules::high_of_parts`].
    pub fn parts_of(cards: &[Card]) -> (HandKey, SuitMasks) {
        cards
            .iter()
            .fold((HandKey::EMPTY, SuitMasks::EMPTY), |(k, m), &c| {
                (k.with(c), m.with(c))
            })
    }

    /// The high strength of the five to seven cards summed in `key` and `masks`
    /// ([`Rules::parts_of`]), in a game where [`Rules::best_five_high_only`]: the value
    /// [`Rules::main`] gives them.
    #[inline]
    pub fn high_of_parts(&self, key: HandKey, masks: SuitMasks) -> u32 {
        debug_assert!(self.best_five_high_only());
        u32::from(match self.ranking {
            HighRanking::Holdem(r) => Ranking::evaluate_parts(r, key, masks),
            HighRanking::ShortDeck(r) => Ranking::evaluate_parts(r, key, masks),
        })
    }

    /// The high strength of the five to seven cards summed in `key` as though no five of them
    /// shared a suit, in a game where [`Rules::best_five_high_only`]: what
    /// [`Rules::high_of_parts`] gives them when they hold no flush.
    #[inline]
    pub fn high_without_flush(&self, key: HandKey) -> u32 {
        debug_assert!(self.best_five_high_only());
        u32::from(match self.ranking {
            HighRanking::Holdem(r) => Ranking::rank_strength(r, key),
            HighRanking::ShortDeck(r) => Ranking::rank_strength(r, key),
        })
    }

    /// The strength that takes the pot (its high half in hi/lo): [`Rules::high`], or in the
    /// games played for a low alone that low (larger is better): razz's ace-to-five of the
    /// hand's five to seven cards, A-5 lowball's of five, 2-7's ([`eval::deuce_seven_low`]) and
    /// badugi's ([`eval::badugi`]).
    #[inline]
    pub fn main(&self, hole: &[Card], board: &[Card]) -> u32 {
        self.main_on(&self.prepare_board(board), hole)
    }

    /// [`Rules::main`] on a board prepared by [`Rules::prepare_board`].
    #[inline]
    pub fn main_on(&self, board: &PreparedBoard, hole: &[Card]) -> u32 {
        match self.main {
            Main::High => u32::from(self.high_on(board, hole)),
            Main::AceFive => {
                let masks = hole.iter().fold(eval::LowMasks::EMPTY, |m, &c| m.with(c));
                eval::ace_five_low_parts(masks).value()
            }
            Main::DeuceSeven => eval::deuce_seven_low(hole).value(),
            Main::Badugi => eval::badugi(hole).value(),
        }
    }

    /// The strength of five to seven cards under the game's ranking.
    #[inline]
    fn strength(&self, cards: &[Card]) -> u16 {
        let key = HandKey::of(cards);
        match self.ranking {
            HighRanking::Holdem(r) => Ranking::evaluate_with_key(r, key, cards),
            HighRanking::ShortDeck(r) => Ranking::evaluate_with_key(r, key, cards),
        }
    }

    /// The best high strength of `hole` with `board` (three to five cards): larger is better.
    #[inline]
    pub fn high(&self, hole: &[Card], board: &[Card]) -> u16 {
        if !self.two_plus_three {
            let mut cards = [Card::from_index(0); MAX_HOLE + 5];
            let n = hole.len() + board.len();
            cards[..hole.len()].copy_from_slice(hole);
            cards[hole.len()..n].copy_from_slice(board);
            return self.strength(&cards[..n]);
        }
        let mut best = 0;
        let mut five = [Card::from_index(0); 5];
        for a in 0..hole.len() {
            for b in a + 1..hole.len() {
                five[0] = hole[a];
                five[1] = hole[b];
                for x in 0..board.len() {
                    for y in x + 1..board.len() {
                        for z in y + 1..board.len() {
                            five[2] = board[x];
                            five[3] = board[y];
                            five[4] = board[z];
                            best = best.max(self.strength(&five));
                        }
                    }
                }
            }
        }
        best
    }

    /// `board` (three to five cards) prepared for [`Rules::high_on`].
    #[inline]
    pub fn prepare_board(&self, board: &[Card]) -> PreparedBoard {
        let parts = Self::parts_of;
        let mut prepared = PreparedBoard {
            parts: [(HandKey::EMPTY, SuitMasks::EMPTY); 10],
            count: 0,
            omaha: None,
        };
        if self.omaha.is_some()
            && let Ok(five) = <&[Card; 5]>::try_from(board)
        {
            prepared.omaha = Some(omaha::evaluate::Board::new(five));
            return prepared;
        }
        if !self.two_plus_three {
            prepared.parts[0] = parts(board);
            prepared.count = 1;
            return prepared;
        }
        for x in 0..board.len() {
            for y in x + 1..board.len() {
                for z in y + 1..board.len() {
                    prepared.parts[prepared.count] = parts(&[board[x], board[y], board[z]]);
                    prepared.count += 1;
                }
            }
        }
        prepared
    }

    /// The best high strength of `hole` on a board prepared by [`Rules::prepare_board`]: the
    /// same value as [`Rules::high`], with the board's cards summed once for every player.
    #[inline]
    pub fn high_on(&self, board: &PreparedBoard, hole: &[Card]) -> u16 {
        if let (Some(tables), Some(five)) = (self.omaha, &board.omaha) {
            return omaha::evaluate::Hole::new(hole, HandRule::TwoPlusThree).high(tables.0, five);
        }
        match self.ranking {
            HighRanking::Holdem(r) => self.high_on_as(r, board, hole),
            HighRanking::ShortDeck(r) => self.high_on_as(r, board, hole),
        }
    }

    #[inline(always)]
    fn high_on_as<R: Ranking>(&self, r: R, board: &PreparedBoard, hole: &[Card]) -> u16 {
        if !self.two_plus_three {
            let (key, masks) = hole
                .iter()
                .fold(board.parts[0], |(k, m), &c| (k.with(c), m.with(c)));
            return r.evaluate_parts(key, masks);
        }
        let mut best = 0;
        for (i, &a) in hole.iter().enumerate() {
            for &b in &hole[i + 1..] {
                for &(key, masks) in &board.parts[..board.count] {
                    let strength = r.evaluate_parts(key.with(a).with(b), masks.with(a).with(b));
                    best = best.max(strength);
                }
            }
        }
        best
    }

    /// The best eight-or-better low of `hole` with the five-card `board`: 0 for none, larger
    /// is better ([`eval::EightLow`]'s values).
    #[inline]
    pub fn low(&self, hole: &[Card], board: &[Card]) -> u8 {
        let ranks = |cards: &[Card]| cards.iter().fold(0u16, |m, c| m | low_bit(c.rank()));
        if !self.two_plus_three {
            return eval::eight_low_of_ranks(ranks(hole) | ranks(board)).value();
        }
        let mut best = 0;
        for a in 0..hole.len() {
            for b in a + 1..hole.len() {
                let two = low_bit(hole[a].rank()) | low_bit(hole[b].rank());
                if two.count_ones() < 2 {
                    continue;
                }
                for x in 0..board.len() {
                    for y in x + 1..board.len() {
                        for z in y + 1..board.len() {
                            let m = two
                                | low_bit(board[x].rank())
                                | low_bit(board[y].rank())
                                | low_bit(board[z].rank());
                            best = best.max(eval::eight_low_of_ranks(m).value());
                        }
                    }
                }
            }
        }
        best
    }

    /// The hand type of `cards` alone (a stud player's first three to seven cards): fewer than
    /// five make no straight or flush, only pairs, trips and quads.
    #[inline]
    pub fn hand_type_of(&self, cards: &[Card]) -> u8 {
        if cards.len() >= 5 {
            return self.hand_type(self.high(cards, &[]));
        }
        let mut counts = [0u8; 13];
        for c in cards {
            counts[usize::from(c.rank())] += 1;
        }
        let most = counts.iter().copied().max().unwrap_or(0);
        let pairs = counts.iter().filter(|&&n| n == 2).count();
        match (most, pairs) {
            (4, _) => 7,
            (3, _) => 3,
            (_, 2) => 2,
            (_, 1) => 1,
            _ => 0,
        }
    }

    /// PQL's hand type of a strength: the category's index, a royal flush counted as a
    /// straight flush (0 high card … 8 straight flush).
    #[inline]
    pub fn hand_type(&self, strength: u16) -> u8 {
        let tiers = match self.ranking {
            HighRanking::Holdem(r) => r.tier_categories(),
            HighRanking::ShortDeck(r) => r.tier_categories(),
        };
        (tiers[usize::from(strength >> 12)].index() as u8).min(8)
    }

    /// Five-card evaluations of one hand at the river: 1 for the best five of all (one
    /// evaluation of seven cards, a stud hand and a draw hand too), Omaha's pairs of hole cards times the
    /// board's ten triples.
    pub fn evaluations(&self) -> u128 {
        if self.two_plus_three {
            engine::choose::choose(self.hole, 2) as u128 * 10
        } else {
            1
        }
    }

    /// The cards of the game's deck.
    pub fn deck(&self) -> Vec<Card> {
        self.game.spec().deck.cards()
    }
}

/// The low-rank bit of `rank` (0 deuce … 12 ace): bit 0 the ace, bit r+1 rank r, as
/// [`eval::eight_low_of_ranks`] reads them.
#[inline]
fn low_bit(rank: u8) -> u16 {
    if rank == 12 { 1 } else { 1 << (rank + 1) }
}

#[cfg(test)]
mod tests;

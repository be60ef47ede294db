//! The pat rule coded again from its words (`rule`'s module documentation) and a brute-force
//! simulation of the draws written apart from the crate's: a `Vec` deck shuffled whole each
//! round, the discards shuffled back should the stub run out. Shared by the tests of more than
//! one draw (`multi_draw.rs`, `draws_exact.rs`).
#![allow(dead_code)]

use deck::Card;
use draw::{Game, Hand, Spot};
use rand::seq::SliceRandom;
use rand::{SeedableRng, rngs::StdRng};

/// The rule's words, coded plainly: a made hand at or below the pat rank stands pat; else
/// keep one card of each rank at or below it (aces high in 2-7, low otherwise; badugi: the
/// largest, then lowest, set of distinct ranks and suits); 2-7 breaks a kept five at its top.
pub(crate) fn keep(game: Game, hand: &[Card], pat: u8) -> Vec<Card> {
    let low_rank = |c: &Card| -> u8 {
        if game.scoring() == draw::Scoring::DeuceSeven {
            c.rank()
        } else {
            (c.rank() + 1) % 13
        }
    };
    let limit = if game.scoring() == draw::Scoring::DeuceSeven {
        pat
    } else {
        (pat + 1) % 13
    };
    if game == Game::Badugi {
        let mut best: Option<Vec<Card>> = None;
        for subset in 0u32..16 {
            let cards: Vec<Card> = (0..4)
                .filter(|i| subset >> i & 1 == 1)
                .map(|i| hand[i])
                .collect();
            let mut ranks: Vec<u8> = cards.iter().map(low_rank).collect();
            let mut suits: Vec<u8> = cards.iter().map(|c| c.suit()).collect();
            ranks.sort_unstable();
            suits.sort_unstable();
            let distinct =
                ranks.windows(2).all(|w| w[0] != w[1]) && suits.windows(2).all(|w| w[0] != w[1]);
            if !distinct || ranks.iter().any(|&r| r > limit) {
                continue;
            }
            let better = match &best {
                None => true,
                Some(b) => {
                    let mut bro: Vec<u8> = b.iter().map(low_rank).collect();
                    bro.sort_unstable_by(|a, b| b.cmp(a));
                    let mut rr = ranks.clone();
                    rr.sort_unstable_by(|a, b| b.cmp(a));
                    cards.len() > b.len() || cards.len() == b.len() && rr < bro
                }
            };
            if better {
                best = Some(cards);
            }
        }
        return best.unwrap_or_default();
    }
    let mut kept: Vec<Card> = Vec::new();
    for &card in hand {
        if low_rank(&card) <= limit && !kept.iter().any(|k| k.rank() == card.rank()) {
            kept.push(card);
        }
    }
    if kept.len() == 5 && game.scoring() == draw::Scoring::DeuceSeven {
        let mut ranks: Vec<u8> = kept.iter().map(|c| c.rank()).collect();
        ranks.sort_unstable();
        let straight = ranks[4] - ranks[0] == 4;
        let flush = kept.iter().all(|c| c.suit() == kept[0].suit());
        if straight || flush {
            let top = kept.iter().map(|c| c.rank()).max().unwrap();
            kept.retain(|c| c.rank() != top);
        }
    }
    kept
}

pub(crate) fn value(game: Game, hand: &[Card]) -> u32 {
    draw::ranking::main_value(game.scoring(), hand)
}

/// The brute-force estimate of seat 0's equity over `rounds` rounds.
pub(crate) fn brute_force(spot: &Spot, rounds: u64, seed: u64) -> (f64, f64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let size = spot.game.hand_size();
    let mut shares = 0.0;
    let mut squares = 0.0;
    for _ in 0..rounds {
        let mut stub = spot.stub();
        stub.shuffle(&mut rng);
        let mut pile: Vec<Card> = Vec::new();
        let take = |stub: &mut Vec<Card>, pile: &mut Vec<Card>, rng: &mut StdRng| {
            if stub.is_empty() {
                std::mem::swap(stub, pile);
                stub.shuffle(rng);
            }
            stub.pop().unwrap()
        };
        let mut hands: Vec<Vec<Card>> = spot.players.iter().map(|p| p.kept.clone()).collect();
        for hand in &mut hands {
            while hand.len() < size {
                hand.push(take(&mut stub, &mut pile, &mut rng));
            }
        }
        for _ in 1..spot.draws {
            for (seat, hand) in hands.iter_mut().enumerate() {
                let kept = keep(spot.game, hand, spot.pat[seat]);
                pile.extend(hand.iter().filter(|c| !kept.contains(c)));
                *hand = kept;
                while hand.len() < size {
                    hand.push(take(&mut stub, &mut pile, &mut rng));
                }
            }
        }
        let values: Vec<u32> = hands.iter().map(|h| value(spot.game, h)).collect();
        let best = *values.iter().max().unwrap();
        let winners = values.iter().filter(|&&v| v == best).count() as f64;
        let share = if values[0] == best {
            1.0 / winners
        } else {
            0.0
        };
        shares += share;
        squares += share * share;
    }
    let n = rounds as f64;
    let mean = shares / n;
    (mean, ((squares / n - mean * mean) / n).sqrt())
}

pub(crate) fn spot(game: Game, players: &[&str], dead: &str, draws: u32, pat: &[u8]) -> Spot {
    let players = players
        .iter()
        .map(|p| Hand::parse(game, p).unwrap())
        .collect();
    Spot::new(game, players, deck::parse_cards(dead).unwrap(), draws, pat).unwrap()
}

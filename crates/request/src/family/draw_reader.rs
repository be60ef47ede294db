//! The draw games' players as the query language reads them.

use engine::Game;
use query::{Hands, RangeReader};

/// A draw game's players ([`draw::Hand::parse`], as `sim equity --game lowball-27` reads
/// them): the cards kept at the one draw to come (`7c5d2h`, none to five, badugi's four) or
/// `random` (keeps nothing); the one draw fills the rest of the hand.
pub(crate) struct DrawReader {
    /// The draw game.
    pub(crate) game: Game,
}

impl RangeReader for DrawReader {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let family = draw::Game::of(self.game.id())
            .ok_or_else(|| format!("{} is not a draw game", self.game.name()))?;
        let hand = draw::Hand::parse(family, text).map_err(|e| match e {
            draw::DrawError::BadCards { error, .. } => {
                format!("{error} (a draw player is the cards kept, or random)")
            }
            other => other.to_string(),
        })?;
        if hand.range.is_some() {
            // The language deals each draw player one kept hand; a list read as none kept
            // would answer another question.
            return Err(format!(
                "'{}' is a range of kept hands; a draw player here keeps one hand (the cards \
                 kept, or random): ask sim equity for ranges",
                text.trim()
            ));
        }
        let size = self.game.hole_cards();
        if hand.kept.len() > size {
            return Err(format!(
                "keeps {} cards; a {} hand has {size}",
                hand.kept.len(),
                self.game.spec().title
            ));
        }
        Ok(Hands {
            hole: hand.kept.len(),
            slot: 0,
            cards: hand.kept,
            weights: vec![1000],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_players_are_the_cards_they_keep() {
        let reader = |id| DrawReader {
            game: Game::plain(id),
        };
        let lowball = reader(engine::GameId::Lowball27);
        let kept = lowball.hands("7c 5d 2h").unwrap();
        assert_eq!((kept.hole, kept.slot, kept.len()), (3, 0, 1));
        assert_eq!(kept.hand(0), deck::parse_cards("7c5d2h").unwrap());
        let pat = lowball.hands("9c8d6h4s2c").unwrap();
        assert_eq!(pat.hole, 5);
        let none = lowball.hands("random").unwrap();
        assert_eq!((none.hole, none.len()), (0, 1));
        assert_eq!(
            lowball.hands("7c5d2h3s4c9d").unwrap_err(),
            "keeps 6 cards; a 2-7 lowball hand has 5"
        );
        assert_eq!(
            reader(engine::GameId::Badugi)
                .hands("Ac2d3h4s5c")
                .unwrap_err(),
            "keeps 5 cards; a badugi hand has 4"
        );
        assert_eq!(
            lowball.hands("7c7c").unwrap_err(),
            "duplicate card 7c (a draw player is the cards kept, or random)"
        );
        assert!(lowball.hands("7c5x").is_err());
        assert!(lowball.hands("AA").is_err(), "no ranges in the draw games");
        for range in ["7c5d4h3s,8s6h4c3d", "15%", "5%-15%:0.5"] {
            let err = lowball.hands(range).unwrap_err();
            assert!(err.contains("range of kept hands"), "{range}: {err}");
        }
    }
}

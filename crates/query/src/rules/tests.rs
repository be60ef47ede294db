use super::*;
use deck::parse_cards;
use engine::GameId;

fn rules(id: GameId) -> Rules {
    Rules::of(Game::plain(id)).unwrap()
}

#[test]
fn omaha_plays_two_and_three() {
    let hole = parse_cards("AhKhQcJc").unwrap();
    let board = parse_cards("2h3h4h9s9d").unwrap();
    let omaha = rules(GameId::Omaha);
    let holdem = rules(GameId::Holdem);
    // Omaha: AhKh with three hearts is a flush; hold'em sees the same flush.
    assert_eq!(omaha.hand_type(omaha.high(&hole, &board)), 5);
    // Four hearts on board and one in hand: Omaha has no flush, hold'em does.
    let hole = parse_cards("AhKsQcJc").unwrap();
    let board = parse_cards("2h3h4h9h9d").unwrap();
    assert!(omaha.hand_type(omaha.high(&hole, &board)) < 5);
    assert_eq!(holdem.hand_type(holdem.high(&hole[..2], &board)), 5);
}

#[test]
fn a_prepared_board_gives_the_same_high_hands() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
    for game in [
        GameId::Holdem,
        GameId::ShortDeck,
        GameId::Omaha,
        GameId::Omaha6,
        GameId::Courchevel,
        GameId::Stud,
    ] {
        let rules = Rules::of(Game::plain(game)).unwrap();
        let mut deck = rules.deck();
        for _ in 0..2000 {
            let hole = rules.hole;
            let board = if rules.stud {
                0
            } else {
                rng.random_range(3..=5)
            };
            for i in 0..hole + board {
                let j = rng.random_range(i..deck.len());
                deck.swap(i, j);
            }
            let (hole, board) = deck[..hole + board].split_at(hole);
            let prepared = rules.prepare_board(board);
            assert_eq!(rules.high_on(&prepared, hole), rules.high(hole, board));
            assert_eq!(
                rules.main_on(&prepared, hole),
                u32::from(rules.high(hole, board))
            );
        }
    }
}

#[test]
fn lows_qualify_with_five_ranks_of_eight_or_less() {
    let omaha = rules(GameId::OmahaHilo);
    let board = parse_cards("2h3h7c9sKd").unwrap();
    assert!(omaha.low(&parse_cards("As4dQcQd").unwrap(), &board) > 0);
    // Only one low card in hand: no Omaha low.
    assert_eq!(omaha.low(&parse_cards("AsKdQcQd").unwrap(), &board), 0);
    let holdem = rules(GameId::HoldemHilo);
    assert!(holdem.low(&parse_cards("As4d").unwrap(), &board) > 0);
    // The wheel is the best low.
    let wheel = holdem.low(
        &parse_cards("As4d").unwrap(),
        &parse_cards("2h3h5cKsKd").unwrap(),
    );
    assert_eq!(wheel, 224);
}

#[test]
fn every_game_of_the_list_is_played() {
    for id in GameId::ALL {
        assert!(Rules::of(Game::plain(id)).is_ok(), "{id:?}");
    }
    let razz = rules(GameId::Razz);
    assert!(razz.stud && razz.low_only && !razz.hilo && razz.board == 0 && razz.hole == 7);
    let eight = rules(GameId::StudHilo);
    assert!(eight.stud && !eight.low_only && eight.hilo);
    let badugi = rules(GameId::Badugi);
    assert!(badugi.draw && badugi.low_only && !badugi.hilo && badugi.board == 0);
    assert_eq!(badugi.hole, 4);
    let hilo = rules(GameId::Draw5Hilo);
    assert!(hilo.draw && hilo.hilo && !hilo.low_only && hilo.hole == 5);
    let deuce = rules(GameId::TripleDraw27);
    assert!(deuce.draw && deuce.low_only && !deuce.hilo && !deuce.stud);
}

#[test]
fn draw_hands_are_valued_by_the_game_s_evaluator() {
    let of = |id: GameId, t: &str| rules(id).main(&parse_cards(t).unwrap(), &[]);
    // 2-7: the nuts beats the wheel (ace high there) and a six-high straight.
    let nuts = of(GameId::Lowball27, "7c5d4h3s2c");
    assert!(nuts > of(GameId::Lowball27, "Ac5d4h3s2c"));
    assert!(nuts > of(GameId::Lowball27, "6c5d4h3s2c"));
    assert_eq!(
        nuts,
        eval::deuce_seven_low(&parse_cards("7c5d4h3s2c").unwrap()).value()
    );
    // the wheel is the nuts, as in razz.
    assert!(of(GameId::LowballA5, "Ac5d4h3s2c") > of(GameId::TripleDrawA5, "6c4d3h2sAc"));
    // Badugi: any four-card badugi beats a three-card one.
    assert!(of(GameId::Badugi, "KcQdJhTs") > of(GameId::Badugi, "Ac2c3d4h"));
    // Five-card draw: a pair beats ace high; hi/lo also reads the eight low.
    let draw5 = rules(GameId::Draw5);
    let pair = parse_cards("2c2d4h5s7c").unwrap();
    assert!(draw5.main(&pair, &[]) > draw5.main(&parse_cards("AcKdQhJs9c").unwrap(), &[]));
    assert_eq!(draw5.hand_type(draw5.high(&pair, &[])), 1);
    let hilo = rules(GameId::Draw5Hilo);
    let wheel = parse_cards("Ac2d3h4s5c").unwrap();
    assert_eq!(hilo.low(&wheel, &[]), eval::eight_low(&wheel).value());
    assert_eq!(hilo.low(&pair, &[]), 0);
}

#[test]
fn stud_hands_read_their_own_cards() {
    let stud = rules(GameId::Stud);
    let seven = parse_cards("AsAdKcKh2s3d9c").unwrap();
    assert_eq!(stud.hand_type(stud.high(&seven, &[])), 2);
    assert_eq!(
        stud.hand_type_of(&seven[..3]),
        1,
        "a pair of aces on third street"
    );
    assert_eq!(
        stud.hand_type_of(&seven[..4]),
        2,
        "two pair on fourth street"
    );
    assert_eq!(stud.hand_type_of(&parse_cards("7s7d7c").unwrap()), 3);
    assert_eq!(stud.hand_type_of(&parse_cards("7s7d7c7h").unwrap()), 7);
    assert_eq!(stud.hand_type_of(&parse_cards("7s8d9c").unwrap()), 0);
    // Razz: the wheel beats any eight low; a paired hand loses to an unpaired king.
    let razz = rules(GameId::Razz);
    let of = |t: &str| razz.main(&parse_cards(t).unwrap(), &[]);
    assert!(of("As2d3c4h5sKdKc") > of("As2d3c4h8sKdKc"));
    assert!(of("9c9dAs2s2h3d3c") < of("KcQdJh8s7c6dKh"));
}

/// A complete board of a two-plus-three game is read by the Omaha evaluator's tables: the same
/// strength as the sixty two-plus-three hands valued one by one ([`Rules::high`]), on 20,000
/// random deals in each game of four to six hole cards (seeded, so deterministic).
#[test]
fn omaha_tables_value_hands_as_the_sixty_hands_do() {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
    let mut deck: Vec<Card> = Card::all().collect();
    for id in [
        GameId::Omaha,
        GameId::OmahaHilo,
        GameId::Omaha5,
        GameId::Omaha6,
        GameId::Courchevel,
    ] {
        let r = rules(id);
        assert!(r.omaha.is_some(), "{id:?}");
        for _ in 0..20_000 {
            deck.shuffle(&mut rng);
            let (board, hole) = deck.split_at(5);
            let hole = &hole[..r.hole];
            let prepared = r.prepare_board(board);
            assert!(prepared.omaha.is_some());
            assert_eq!(r.high_on(&prepared, hole), r.high(hole, board), "{id:?}");
        }
        // A flop is still valued hand by hand.
        assert!(r.prepare_board(&deck[..3]).omaha.is_none());
    }
    assert!(rules(GameId::Holdem).omaha.is_none());
}

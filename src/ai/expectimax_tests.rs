//! Tests of our player for chance.

use super::*;
use crate::ai::testing::assert_arena_replays;
use crate::ai::{AiKind, Rating};
use crate::game::{Map, RuleSet, deal_territories, random_board};
use rand::SeedableRng;

fn rules(set: RuleSet, side: usize, players: usize) -> Rules {
    let map = match set {
        RuleSet::Racket => Map::offset(side),
        _ => Map::rhombus(side),
    };
    let dice = set.defaults().max_dice.into();
    Rules::of(set, map.unwrap(), players, dice).unwrap()
}

fn attack(from: u8, to: u8) -> Move {
    Move::Attack { from, to }
}

#[test]
fn plays_what_the_odds_and_the_board_say() {
    // (rule set, side, board, at the start of the turn, the move it
    // plays (true) or never plays (false), why)
    let cases = [
        (
            RuleSet::Dicewars,
            2,
            "a-8 b-1 / a-1 a-1",
            true,
            (true, attack(0, 1)),
            "a sure attack that wins the game",
        ),
        (
            RuleSet::Dicewars,
            2,
            "a-2 b-8 / b-8 b-8",
            true,
            (true, Move::Pass),
            "no hopeless attack when the turn may end",
        ),
        (
            RuleSet::Dicewars,
            2,
            "a-4 b-8 / b-3 a-1",
            false,
            (false, attack(0, 1)),
            "no hopeless attack that leaves a cell to a weak enemy",
        ),
        (
            RuleSet::Lol4,
            3,
            "a-1 b-2 a-1 / b-5 a-5 b-5 / b-5 b-2 b-5",
            true,
            (true, attack(4, 1)),
            "of two equal attacks, the one that joins its groups",
        ),
    ];
    for (set, side, board, first, (plays, mv), why) in cases {
        let rules = rules(set, side, 2);
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        let at = if first {
            start
        } else {
            Position::from_parts(*start.board(), Player::A, 0, false)
        };
        let chosen = Chance::default().choose(&rules, &at, Budget::nodes(20_000));
        assert_eq!(chosen == Some(mv), plays, "{why}: {chosen:?}");
    }
}

#[test]
fn a_node_budget_reproduces_its_moves() {
    let rules = rules(RuleSet::Lol4, 4, 3);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..5 {
        let board = random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let budget = Budget::nodes(5_000);
        let first = Chance::default().analyse(&rules, &start, budget, true);
        let mut again = Chance::default();
        assert_eq!(again.analyse(&rules, &start, budget, true), first);
        assert!(again.last_search().0 > 0);
    }
    // And so does a whole arena, three players, side A in each seat.
    assert_arena_replays(&rules, AiKind::Chance, Budget::nodes(2_000));
}

#[test]
fn without_dice_it_plays_as_search() {
    let rules = Rules::classic(3, 2, 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..5 {
        let board = random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let budget = Budget::nodes(3_000);
        let ours = Chance::default().analyse(&rules, &start, budget, true);
        let search = Search::new(SearchConfig::default()).analyse(&rules, &start, budget, true);
        assert_eq!(ours, search);
    }
}

#[test]
fn no_exact_rating_where_dice_decide() {
    // Search's proofs take every attack as won: proven on the classic
    // board, estimates only under lol4.
    let board = "a-3 b-1 / a-1 a-1";
    let exact = |set| {
        let rules = rules(set, 2, 2);
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        let analysis = AiKind::Search
            .build(1)
            .analyse(&rules, &start, Budget::nodes(10_000), true)
            .unwrap();
        analysis
            .moves
            .iter()
            .any(|m| matches!(m.rating, Rating::Exact(_)))
    };
    assert!(exact(RuleSet::Classic));
    assert!(!exact(RuleSet::Lol4));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Under every rule set and player count it answers a legal move
    /// until the game ends.
    #[test]
    fn always_a_legal_move(set in 0..4usize, players in 2..5usize, seed in 0..1_000u64) {
        let set = RuleSet::ALL[set];
        let players = if set == RuleSet::Racket { 2 } else { players };
        let rules = rules(set, 3, players);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut at = if set == RuleSet::Dicewars {
            deal_territories(&rules, &mut rng).unwrap()
        } else {
            let board = random_board(&rules, Player::A, &mut rng).unwrap();
            Position::start(&rules, board, Player::A).unwrap()
        };
        let mut ai = Chance::default();
        for _ in 0..60 {
            let menu = at.moves(&rules);
            let chosen = ai.choose(&rules, &at, Budget::nodes(300));
            if menu.is_empty() {
                proptest::prop_assert_eq!(chosen, None);
                break;
            }
            let mv = chosen.unwrap();
            proptest::prop_assert!(menu.contains(&mv), "{} not in {:?}", mv, menu);
            at = at.play_rolled(&rules, mv, &mut rng).unwrap().position;
        }
    }
}

#[test]
fn an_attack_is_worth_its_outcomes_weighed_by_the_odds() {
    // One attack deep, the search rates an attack p * (ending the turn
    // after taking the target) + (1 - p) * (ending it after the source is
    // held), each the value another search gives to ending the turn there.
    let rules = rules(RuleSet::Lol4, 3, 3);
    let one_deep = || {
        Chance::new(ChanceConfig {
            max_depth: 1,
            ..ChanceConfig::default()
        })
    };
    let rating = |at: &Position, mv: Move| -> f64 {
        let analysis = one_deep()
            .analyse(&rules, at, Budget::nodes(1_000_000), true)
            .unwrap();
        let rated = analysis.moves.iter().find(|m| m.mv == mv).unwrap();
        match rated.rating {
            Rating::Estimate(v) => f64::from(v),
            ref other => panic!("{other:?}"),
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut checked = 0;
    for _ in 0..4 {
        let board = random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::from_parts(board, Player::A, 0, false);
        for mv in start.moves(&rules) {
            let Move::Attack { from, to } = mv else {
                continue;
            };
            let b = start.board();
            let p = odds(
                b.cell(usize::from(from)).dice(),
                b.cell(usize::from(to)).dice(),
            );
            let won = start.resolve(&rules, mv, true, &mut NoChance);
            let lost = start.resolve(&rules, mv, false, &mut NoChance);
            let outcome = |at: &Position| {
                if at.is_game_over(&rules) {
                    return None;
                }
                Some(rating(at, Move::Pass))
            };
            let (Some(w), Some(l)) = (outcome(&won), outcome(&lost)) else {
                continue;
            };
            // Ratings are rounded to hundredths of a point.
            let expected = p * w + (1.0 - p) * l;
            assert!(
                (rating(&start, mv) - expected).abs() <= 1.0,
                "{mv}: {} against {expected}",
                rating(&start, mv)
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} attacks checked");
}

/// `chance` with the two-player reply of this width (4 playouts an
/// outcome), or without.
fn replying(width: u32, max_depth: u32) -> Chance {
    Chance::new(ChanceConfig {
        max_depth,
        reply: (width > 0).then_some(Reply { width, playouts: 4 }),
        ..ChanceConfig::default()
    })
}

#[test]
fn the_reply_is_the_worst_of_her_first_attacks_for_us() {
    // Ending the turn is worth the least, over the first attacks looked
    // at, of their values: looking at more of them never raises it.
    let rules = rules(RuleSet::Lol4, 4, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut lowered = 0;
    for _ in 0..6 {
        let board = random_board(&rules, Player::A, &mut rng).unwrap();
        let at = Position::from_parts(board, Player::A, 0, false);
        let pass = |width| -> i64 {
            let analysis = replying(width, 1)
                .analyse(&rules, &at, Budget::nodes(1_000_000), true)
                .unwrap();
            let rated = analysis.moves.iter().find(|m| m.mv == Move::Pass).unwrap();
            match rated.rating {
                Rating::Estimate(v) => i64::from(v),
                ref other => panic!("{other:?}"),
            }
        };
        let values: Vec<i64> = (1..=4).map(pass).collect();
        assert!(values.windows(2).all(|w| w[1] <= w[0]), "{values:?}");
        lowered += usize::from(values[3] < values[0]);
    }
    assert!(lowered > 0, "a wider reply never found a worse attack");
}

#[test]
fn the_reply_plays_only_in_two_player_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for players in [2, 3] {
        let rules = rules(RuleSet::Lol4, 4, players);
        let board = random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let budget = Budget::nodes(5_000);
        let with = replying(3, 8).analyse(&rules, &start, budget, true);
        // Reproducible for a seed and a budget.
        assert_eq!(replying(3, 8).analyse(&rules, &start, budget, true), with);
        let without = replying(0, 8).analyse(&rules, &start, budget, true);
        assert_eq!(with == without, players > 2, "{players} players");
    }
}

//! Tests of the tree search over whole rounds.

use super::*;
use crate::ai::arena::Arena;
use crate::ai::testing::assert_arena_replays;
use crate::ai::{AiKind, Stop, stoppable};
use crate::game::{Map, Player, RuleSet, deal_start};
use rand::SeedableRng;
use std::sync::atomic::AtomicU64;

fn rules(set: RuleSet, side: usize, players: usize) -> Rules {
    let map = match set {
        RuleSet::Racket => Map::offset(side),
        _ => Map::rhombus(side),
    };
    let dice = set.defaults().max_dice.into();
    Rules::of(set, map.unwrap(), players, dice).unwrap()
}

fn mcts(seed: u64) -> Mcts {
    Mcts::new(MctsConfig::default(), seed)
}

#[test]
fn plays_only_legal_moves_under_every_rule_set() {
    for set in RuleSet::ALL {
        for (side, players) in [(3, 2), (4, 3), (4, 4)] {
            let rules = rules(set, side, players);
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            for game in 0..2u64 {
                let mut position = deal_start(&rules, Player::A, &mut rng).unwrap();
                let mut seats: Vec<Mcts> =
                    (0..players as u64).map(|p| mcts(game * 8 + p)).collect();
                // The first 60 moves of the game, every seat searching.
                for _ in 0..60 {
                    if position.is_game_over(&rules) {
                        break;
                    }
                    let seat = &mut seats[usize::from(position.player().index())];
                    let analysis = seat
                        .analyse(&rules, &position, Budget::nodes(600), false)
                        .unwrap();
                    let menu: Vec<Move> = analysis.moves.iter().map(|m| m.mv).collect();
                    assert_eq!(menu, position.moves(&rules), "{set}");
                    let mv = analysis.chosen().unwrap();
                    position = position.play_rolled(&rules, mv, &mut rng).unwrap().position;
                }
            }
        }
    }
}

#[test]
fn a_seed_and_a_node_budget_reproduce_its_moves() {
    for set in [RuleSet::Lol4, RuleSet::Dicewars] {
        let rules = rules(set, 4, 3);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..4 {
            let start = deal_start(&rules, Player::A, &mut rng).unwrap();
            let budget = Budget::nodes(3_000);
            let first = mcts(3).analyse(&rules, &start, budget, true);
            let mut again = mcts(3);
            assert_eq!(again.analyse(&rules, &start, budget, true), first, "{set}");
            let (nodes, simulations) = again.last_search();
            assert!(
                nodes >= 3_000 && simulations > 1,
                "{set}: {nodes} {simulations}"
            );
        }
    }
    // And so does a whole arena, three players, side A in each seat.
    let rules = rules(RuleSet::Lol4, 3, 3);
    assert_arena_replays(&rules, AiKind::Mcts, Budget::nodes(1_000));
}

#[test]
fn its_horizon_and_common_random_numbers_keep_the_search_reproducible() {
    let rules = rules(RuleSet::Dicewars, 4, 3);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let start = deal_start(&rules, Player::A, &mut rng).unwrap();
    let budget = Budget::nodes(3_000);
    let mut searched = Vec::new();
    for (turns, crn) in [(None, 0), (Some(1), 0), (Some(1), 16), (None, 16)] {
        let config = MctsConfig {
            turns,
            crn,
            ..MctsConfig::default()
        };
        let first = Mcts::new(config, 4).analyse(&rules, &start, budget, true);
        let mut again = Mcts::new(config, 4);
        assert_eq!(again.analyse(&rules, &start, budget, true), first);
        searched.push(again.last_search());
    }
    // A horizon of one turn (the mover's) costs fewer nodes a simulation
    // than a round of three players' turns: more simulations.
    assert!(searched[1].1 > searched[0].1, "{searched:?}");
}

#[test]
fn a_tree_of_the_movers_turn_alone_is_reproducible() {
    let rules = rules(RuleSet::Dicewars, 4, 3);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let start = deal_start(&rules, Player::A, &mut rng).unwrap();
    let budget = Budget::nodes(3_000);
    let mut searched = Vec::new();
    for tree_turns in [None, Some(1)] {
        let config = MctsConfig {
            tree_turns,
            ..MctsConfig::default()
        };
        let first = Mcts::new(config, 4).analyse(&rules, &start, budget, true);
        let mut again = Mcts::new(config, 4);
        assert_eq!(again.analyse(&rules, &start, budget, true), first);
        assert_eq!(
            first.map(|a| a.moves.len()),
            Some(start.moves(&rules).len())
        );
        searched.push(again.last_search());
    }
    // Either way the budget is spent over many simulations.
    assert!(
        searched
            .iter()
            .all(|&(nodes, sims)| nodes >= 3_000 && sims > 1),
        "{searched:?}"
    );
}

#[test]
fn takes_an_obvious_win() {
    // (rule set, board, the winning attack)
    let cases = [
        (RuleSet::Dicewars, "a-8 b-1 / a-1 a-1", (0, 1)),
        (RuleSet::Lol4, "a-1 a-1 / b-1 a-5", (3, 2)),
        (RuleSet::Classic, "a-1 a-1 / b-1 a-3", (3, 2)),
    ];
    for (set, board, (from, to)) in cases {
        let rules = rules(set, 2, 2);
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        let mv = mcts(1).choose(&rules, &start, Budget::nodes(2_000));
        assert_eq!(mv, Some(Move::Attack { from, to }), "{set}");
    }
}

#[test]
fn rates_every_move_when_asked_and_answers_when_stopped() {
    let rules = rules(RuleSet::Dicewars, 4, 3);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let start = deal_start(&rules, Player::A, &mut rng).unwrap();
    let analysis = mcts(0)
        .analyse(&rules, &start, Budget::nodes(10), true)
        .unwrap();
    assert!(analysis.moves.len() > 1);
    assert!(
        analysis
            .moves
            .iter()
            .all(|m| matches!(m.rating, Rating::Estimate(r) if r >= 0)),
        "{analysis:?}"
    );
    // Stopped from outside before it starts: one simulation, a legal move.
    static WANTED: AtomicU64 = AtomicU64::new(0);
    let mut player = mcts(0);
    let mv = stoppable(Stop::new(&WANTED, 1), || {
        player.choose(&rules, &start, Budget::nodes(1_000_000))
    });
    assert!(start.moves(&rules).contains(&mv.unwrap()));
    assert_eq!(player.last_search().1, 1);
}

#[test]
fn beats_random_players_by_a_clear_margin() {
    // Four players, side A in each seat: a fair share is 25%.
    let rules = rules(RuleSet::Lol4, 4, 4);
    let result = Arena::new(
        rules,
        [AiKind::Mcts, AiKind::Random],
        8,
        7,
        Budget::nodes(2_000),
    )
    .unwrap()
    .run(|_| {})
    .unwrap();
    let ours = &result.opponents[0];
    assert_eq!(ours.games, 32);
    // Well past the fair share of 8 wins: the 95% interval lies above it.
    assert!(ours.wins >= 14, "{ours:?}");
    assert!(ours.win_rate_ci95.0 > ours.fair_share, "{ours:?}");
}

#[test]
fn the_leaf_favours_the_stronger_player() {
    let rules = rules(RuleSet::Lol4, 3, 3);
    let leaf = SoftmaxLeaf::default();
    let at = |board: &str| {
        let start = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        leaf.values(&rules, &start)
    };
    let values = at("a-3 a-3 a-3 / a-3 b-1 b-1 / c-1 c-2 c-1");
    assert!((values.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    assert!(values[0] > values[1] && values[0] > values[2]);
    assert_eq!(values[3], 0.0);
    let values = at("a-3 b-1 b-1 / b-1 b-1 b-1 / b-1 b-1 b-1");
    assert!(values[1] > values[0] && values[2] == 0.0);
}

#[test]
fn the_tree_bound_keeps_a_seat_within_its_memory() {
    // docs/OPPONENTS.md: 24 bytes a node and a move; the default bounds,
    // the moves counted twice for the vectors' spare room, within the
    // 4 MiB a server sets aside for a seat of any opponent but the
    // searches with tables.
    assert_eq!(std::mem::size_of::<tree::Edge>(), 24);
    assert_eq!(std::mem::size_of::<tree::Node>(), 24);
    let config = MctsConfig::default();
    let bytes = 24 * config.max_tree_nodes + 2 * 24 * config.max_tree_edges;
    assert!(bytes <= 4 << 20, "{bytes}");
}

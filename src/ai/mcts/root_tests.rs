//! Tests of the root's turn search.

use super::*;
use crate::ai::{Mcts, MctsConfig};
use crate::game::{Map, Player, RuleSet, deal_start};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn with_root(settings: RootSearch) -> MctsConfig {
    MctsConfig {
        root: Some(settings),
        ..MctsConfig::default()
    }
}

#[test]
fn the_share_of_a_budget_keeps_a_node_at_least() {
    assert_eq!(share_of(Budget::nodes(100_000), 0.3).nodes, Some(30_000));
    assert_eq!(share_of(Budget::nodes(1), 0.0).nodes, Some(1));
    let t = share_of(Budget::time(std::time::Duration::from_millis(100)), 0.5);
    assert_eq!(t.time, Some(std::time::Duration::from_millis(50)));
    assert_eq!(t.nodes, None);
}

#[test]
fn the_root_search_is_reproducible_and_spends_within_the_budget() {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(4).unwrap(), 3, 8).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for settings in [
        RootSearch::default(),
        RootSearch {
            visits: 4,
            ..RootSearch::default()
        },
        RootSearch {
            learned: false,
            temperature: 0.5,
            ..RootSearch::default()
        },
    ] {
        let start = deal_start(&rules, Player::A, &mut rng).unwrap();
        let budget = Budget::nodes(20_000);
        let mut first = Mcts::new(with_root(settings), 7);
        let analysis = first.analyse(&rules, &start, budget, false);
        let mut again = Mcts::new(with_root(settings), 7);
        assert_eq!(again.analyse(&rules, &start, budget, false), analysis);
        assert_eq!(again.last_search(), first.last_search());
        let menu = start.moves(&rules);
        assert_eq!(
            analysis.map(|a| a.moves.len()),
            Some(menu.len()),
            "{settings:?}"
        );
        // The tree still ran: the turn search spent its share only.
        let (nodes, simulations) = first.last_search();
        assert!(nodes >= 20_000 && simulations > 1, "{nodes} {simulations}");
    }
}

#[test]
fn the_root_search_takes_the_winning_attack() {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
    let start = Position::start(&rules, "a-8 b-1 / a-1 a-1".parse().unwrap(), Player::A).unwrap();
    let mv =
        Mcts::new(with_root(RootSearch::default()), 1).choose(&rules, &start, Budget::nodes(5_000));
    assert_eq!(mv, Some(Move::Attack { from: 0, to: 1 }));
}

#[test]
fn the_root_priors_follow_the_turn_searchs_ratings() {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
    let start = Position::start(&rules, "a-8 b-1 / a-1 a-1".parse().unwrap(), Player::A).unwrap();
    let menu = start.moves(&rules);
    let mut tree = Tree::new(64, 64);
    let settings = RootSearch::default();
    let spent = seed_root(
        settings,
        &rules,
        &start,
        &menu,
        Budget::nodes(1_000),
        &mut tree,
    );
    assert!(spent > 0);
    let edges = &tree.nodes[0].edges;
    assert_eq!(edges.iter().map(|e| e.mv).collect::<Vec<_>>(), menu);
    let attack = edges.iter().position(|e| e.mv != Move::Pass).unwrap();
    let pass = edges.iter().position(|e| e.mv == Move::Pass).unwrap();
    // The winning attack is the favourite, at weight 1.
    assert!((edges[attack].weight - 1.0).abs() < 1e-6);
    assert!(edges[pass].weight < edges[attack].weight);
}

//! The strength levels' budgets and the pace the screen states.

use super::*;

#[test]
fn a_level_gives_mcts_half_of_chance_s_nodes_and_says_so() {
    for strength in Strength::ALL {
        let mcts = AiKind::Mcts.budget_for(strength.budget()).nodes;
        assert_eq!(mcts, Some(strength.nodes() / 2), "{strength:?}");
    }
    assert!(
        (Strength::Normal.pace(RuleSet::Lol4, AiKind::Mcts))
            .starts_with("100,000 nodes: a round of three ~"),
    );
    assert!(
        (Strength::Normal.pace(RuleSet::Dicewars, AiKind::Chance))
            .starts_with("200,000 nodes: a round of six ~"),
    );
}

#[test]
fn the_pace_is_measured_for_each_rule_set_s_own_opponent_and_differs_by_opponent() {
    for set in RuleSet::ALL {
        let own = AiKind::for_rules(set);
        assert!(own.round_time(set).is_some(), "{set}: {own} unmeasured");
    }
    let lol4 = |ai| Strength::Normal.pace(RuleSet::Lol4, ai);
    assert_ne!(lol4(AiKind::Mcts), lol4(AiKind::Chance));
}

#[test]
fn an_opponent_that_counts_no_nodes_plays_alike_at_every_level() {
    for strength in Strength::ALL {
        assert_eq!(
            strength.pace(RuleSet::Dicewars, AiKind::Defensive),
            "defensive plays at once, at every strength"
        );
    }
    assert_eq!(
        Strength::Easy.pace(RuleSet::Classic, AiKind::Lol),
        "10,000 nodes a move"
    );
}

//! The balanced deal (`--deal balanced`) on every rule set with a board of
//! its own deal: the cells and the dice shared out within one, the same
//! deal from the same seed.

use dice_of_doom::game::{
    Deal, DealChoice, Ground, Player, Position, RuleSet, Rules, deal_game, deal_game_as,
};
use proptest::prelude::*;

/// Each player's cells and dice.
fn holdings(rules: &Rules, start: &Position) -> Vec<(usize, u32)> {
    let board = start.board();
    Player::all(rules.players())
        .map(|p| {
            let own: Vec<usize> = board.owned_by(p).collect();
            let dice = own.iter().map(|&i| u32::from(board.cell(i).dice())).sum();
            (own.len(), dice)
        })
        .collect()
}

/// The most and the fewest of one number among the players.
fn spread(values: impl Iterator<Item = u32> + Clone) -> u32 {
    values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
}

/// A rule set that deals a board (not Dice Wars' territories), a ground
/// (a board of hexagons of side 2 to 6, or a random map of 6 to 30
/// territories), 2 to 8 players, a dice limit of the rule set's, the
/// first player and the seed.
fn games() -> impl Strategy<Value = (RuleSet, Ground, usize, usize, u8, u64)> {
    let sets: Vec<RuleSet> = RuleSet::ALL
        .into_iter()
        .filter(|s| s.spec().deal != Deal::Territories)
        .collect();
    (
        prop::sample::select(sets),
        prop::bool::ANY,
        2..=6usize,
        6..=30usize,
        2..=8usize,
        any::<prop::sample::Index>(),
        0..8u8,
        any::<u64>(),
    )
        .prop_map(
            |(set, hexagons, side, territories, players, dice, first, seed)| {
                let ground = match hexagons {
                    true => Ground::Hexagons(side),
                    false => Ground::RandomMap(set.map_shape(Some(territories), None).unwrap()),
                };
                let limits = set.ranges().max_dice;
                let span = usize::from(limits.end() - limits.start()) + 1;
                let max_dice = usize::from(*limits.start()).max(2) + dice.index(span);
                let max_dice = max_dice.min(usize::from(*limits.end()));
                (set, ground, players, max_dice, first % players as u8, seed)
            },
        )
}

proptest! {
    #![proptest_config(crate::proptest_config(1000))]

    /// Wherever the book's deal deals a game, the balanced one does too,
    /// on the same map, with every player's cells and dice within one of
    /// the others', each cell within the dice limit; and the seed deals
    /// it again.
    #[test]
    fn a_balanced_deal_shares_cells_and_dice_within_one(
        (set, ground, players, max_dice, first, seed) in games()
    ) {
        let first = Player::new(first).unwrap();
        let book = deal_game(set, ground.clone(), players, max_dice, first, seed);
        let deal = |ground| deal_game_as(DealChoice::Balanced, set, ground, players, max_dice, first, seed);
        let Ok((book_rules, _)) = book else {
            return Ok(());
        };
        let (rules, start) = deal(ground.clone()).unwrap();
        prop_assert_eq!(rules.map(), book_rules.map());
        prop_assert_eq!(start.player(), first);
        prop_assert!(start.can_attack(&rules));
        let held = holdings(&rules, &start);
        prop_assert!(spread(held.iter().map(|h| h.0 as u32)) <= 1, "cells {:?}", held);
        prop_assert!(spread(held.iter().map(|h| h.1)) <= 1, "dice {:?}", held);
        prop_assert_eq!(held.iter().map(|h| h.0).sum::<usize>(), rules.map().len());
        let most = u8::try_from(max_dice).unwrap();
        prop_assert!(start.board().cells().iter().all(|c| (1..=most).contains(&c.dice())));
        prop_assert_eq!(deal(ground).unwrap(), (rules, start));
    }
}

#[test]
fn dice_wars_keeps_its_own_deal() {
    let ground = Ground::RandomMap(RuleSet::Dicewars.map_shape(None, None).unwrap());
    let deal = |d| deal_game_as(d, RuleSet::Dicewars, ground.clone(), 7, 8, Player::A, 4);
    assert_eq!(
        deal(DealChoice::Balanced).unwrap(),
        deal(DealChoice::Book).unwrap()
    );
}

#[test]
fn the_book_deal_is_unchanged_and_the_balanced_one_differs() {
    let deal = |d| deal_game_as(d, RuleSet::Classic, Ground::Hexagons(3), 2, 3, Player::A, 1);
    let book = deal_game(RuleSet::Classic, Ground::Hexagons(3), 2, 3, Player::A, 1).unwrap();
    assert_eq!(deal(DealChoice::Book).unwrap(), book);
    assert_ne!(deal(DealChoice::Balanced).unwrap(), book);
}

use super::*;
use crate::game::{Map, RuleSet};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn a_seed_gives_a_fixed_balanced_board() {
    // Pinned: a seed deals the same balanced game on every machine.
    let rules = Rules::classic(3, 2, 3).unwrap();
    let board = balanced_board(&rules, Player::A, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    let again = balanced_board(&rules, Player::A, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert_eq!(board, again);
    insta::assert_snapshot!(board.on(rules.map()).to_string());
}

#[test]
fn impossible_requests_are_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let one_die = Rules::classic(3, 2, 1).unwrap();
    assert_eq!(
        balanced_board(&one_die, Player::A, &mut rng),
        Err(GenerateError::NoAttacks)
    );
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 2, 3).unwrap();
    assert!(matches!(
        balanced_board(&rules, Player::new(2).unwrap(), &mut rng),
        Err(GenerateError::Position(_))
    ));
}

#[test]
fn names_read_back() {
    for deal in DealChoice::ALL {
        assert_eq!(deal.name().parse(), Ok(deal));
        assert_eq!(deal.to_string(), deal.name());
    }
    assert_eq!(
        "fair".parse::<DealChoice>().unwrap_err().to_string(),
        "unknown deal 'fair': the deals are book and balanced"
    );
    assert_eq!(DealChoice::default(), DealChoice::Book);
}

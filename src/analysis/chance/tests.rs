use super::*;
use crate::game::{Map, Player};

fn rules(set: RuleSet, side: usize, players: usize, max_dice: usize) -> Rules {
    let map = match set {
        RuleSet::Racket => Map::offset(side),
        _ => Map::rhombus(side),
    };
    Rules::of(set, map.unwrap(), players, max_dice).unwrap()
}

fn start(rules: &Rules, board: &str) -> Position {
    Position::start(rules, board.parse().unwrap(), Player::A).unwrap()
}

fn solved(rules: &Rules, board: &str) -> ChanceSolution {
    solve(rules, &start(rules, board), &Limits::UNLIMITED, &mut |_| {}).unwrap()
}

#[test]
fn smoke() {
    let r = rules(RuleSet::Lol4, 2, 2, 5);
    let s = solved(&r, "a-2 b-1 / b-1 b-1");
    eprintln!(
        "{:?} {} {} {:?}",
        s.best_move, s.lower, s.upper, s.positions
    );
}

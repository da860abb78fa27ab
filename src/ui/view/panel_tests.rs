//! The log beside the board: its last entries, or scrolled back to its
//! first move (`<`), its heading saying which are shown.

use super::super::super::state::{App, Target};
use super::super::render;
use crate::game::{Player, Position, Rules};

/// A two-player game on a 3x3 board after `n` moves picked by a fixed rule.
fn long_game(n: usize) -> App {
    let rules = Rules::classic(3, 2, 3).unwrap();
    let board = "a-3 b-1 a-2 / b-3 a-1 b-2 / a-3 b-2 a-1".parse().unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let mut a = App::new(rules, start, None);
    for _ in 0..n {
        if a.winners().is_some() {
            break;
        }
        a.click(Target::Menu(0));
    }
    a
}

#[test]
fn the_log_scrolled_back_to_its_first_move() {
    let mut a = long_game(200);
    let n = a.log().len();
    let last = render(&a, 80, 24, false).text();
    assert!(last.contains("Log (< scrolls back)"), "{last}");
    assert!(!last.contains(&a.log()[0]), "{last}");
    for _ in 0..n {
        a.typed('<');
    }
    let first = render(&a, 80, 24, false).text();
    assert!(first.contains(&a.log()[0]), "{first}");
    assert!(first.contains("Log, moves 1-"), "{first}");
    insta::assert_snapshot!(format!(
        "--- the last moves ---\n{last}\n--- scrolled back ---\n{first}"
    ));
}

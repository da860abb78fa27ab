//! The log beside the board: its last entries, or scrolled back to its
//! first move (`<`), its heading saying which are shown.

use super::super::super::state::tests_support::long_game;
use super::super::render;

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

use dice_of_doom::analysis::stats;
use dice_of_doom::game::*;
fn main() {
    for f in ["test-2x2", "3x3-a", "3x3-b", "3x3-c", "3x3-e"] {
        let text = std::fs::read_to_string(format!("boards/{f}.txt")).unwrap();
        let board: Board = text.parse().unwrap();
        for p in [Player::A, Player::B] {
            let rules = Rules::classic(board.side(), 2, 3).unwrap();
            let t = std::time::Instant::now();
            let mut tree = GameTree::new(rules.clone(), Position::start(&rules, board, p).unwrap());
            let r = tree.root();
            let s = stats(&mut tree, r, 100_000_000).unwrap();
            println!("{f} {p}: {:?} {:?}", s, t.elapsed());
        }
    }
}

//! Property tests of the history (a child module of `state`'s `history`):
//! whatever is played, taken back and played again, the game shown is the
//! one its moves give, and undo then redo comes back to it.

use proptest::prelude::*;

use super::super::*;
use crate::record::actions::{Action, action};

/// The random 3x3 board of `seed`, two players, b the computer's if
/// `computer`.
fn game(seed: u64, computer: bool) -> App {
    let rules = Rules::classic(3, 2, 3).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let computers = if computer {
        PlayerSet::single(Player::B)
    } else {
        PlayerSet::EMPTY
    };
    App::new(rules, start, Some(seed)).with_computers(computers, "first")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_game_shown_is_the_one_its_moves_give(
        seed in 0u64..50,
        computer in any::<bool>(),
        actions in prop::collection::vec(action(), 0..60),
    ) {
        let mut a = game(seed, computer);
        let start = a.position_after(0);
        for action in actions {
            // The computer's turns are played by taking its first move.
            while a.computer_to_move().is_some() {
                let mv = a.moves()[0];
                prop_assert!(a.computer_move(mv));
            }
            let before = (a.position(), a.history(), a.log().to_vec());
            match action {
                Action::Play(i) if a.winners().is_none() => {
                    let count = a.moves().len();
                    a.click(Target::Menu(i % count));
                    prop_assert!(!a.can_redo(), "a new move forgets the redo list");
                }
                Action::Play(_) => {}
                Action::Undo if a.can_undo() => {
                    a.key(Key::Undo);
                    prop_assert!(a.computer_to_move().is_none(), "back to a person");
                    prop_assert!(a.history().len() < before.1.len());
                    a.key(Key::Redo);
                    let after = (a.position(), a.history(), a.log().to_vec());
                    prop_assert_eq!(&after, &before, "undo then redo comes back");
                    a.key(Key::Undo);
                }
                Action::Undo | Action::Redo => {
                    a.key(if matches!(action, Action::Undo) { Key::Undo } else { Key::Redo });
                }
            }
            let again = App::resume(a.rules().clone(), start, &a.history(), None);
            prop_assert!(again.is_ok());
            let again = again.unwrap();
            prop_assert_eq!(again.position(), a.position());
            prop_assert_eq!(again.log(), a.log());
            prop_assert_eq!(a.log().len(), a.history().len());
            prop_assert_eq!(a.last_move(), a.history().last().copied());
        }
    }
}

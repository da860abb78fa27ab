//! The full-screen game's computer that fails: its seat falls back to a
//! lesser opponent, which is asked again and plays; with nothing below it,
//! the failure is said and it is not asked again.

use std::sync::mpsc::channel;
use std::time::Duration;

use super::*;
use crate::ai::AiKind;
use crate::game::PlayerSet;
use crate::session::Why;
use crate::ui::state::tests_support::app;

/// The longest a test waits for the pool's answer.
const BOUND: Duration = Duration::from_secs(20);

/// A computer whose opponent panics until it has fallen back (if it may).
struct Failing {
    fell: bool,
    may_fall: bool,
}

impl ComputerPlayer for Failing {
    fn choose(&mut self, rules: &Rules, position: &Position) -> Option<Move> {
        if !self.fell {
            panic!("injected failure");
        }
        position.moves(rules).into_iter().next()
    }

    fn fall_back(&mut self, player: Player, why: String) -> Option<FellBack> {
        if !self.may_fall {
            return None;
        }
        self.fell = true;
        Some(FellBack {
            player,
            was: AiKind::Search,
            now: AiKind::Random,
            why: Why::Failed(why),
        })
    }
}

/// The computer plays `a`, who moves first.
fn computers_turn() -> App {
    let app = app("b-2 b-2 / a-2 b-1").with_computers(PlayerSet::single(Player::A), "search");
    assert_eq!(app.computer_to_move(), Some(Player::A));
    app
}

/// Asks `computer` for its move and takes its answer, within [`BOUND`].
fn ask_and_take(thinking: Thinking, app: &mut App, computer: &Computer) -> Thinking {
    let (tx, rx) = channel();
    let send = move |thought| {
        let _ = tx.send(thought);
    };
    let thinking = thinking
        .update(app, computer, Instant::now(), send)
        .unwrap();
    assert!(matches!(thinking, Thinking::Asked { .. }));
    let thought = rx.recv_timeout(BOUND).expect("the pool answers");
    thinking.take(thought, app, Some(computer))
}

#[test]
fn a_failing_computer_falls_back_and_the_lesser_one_plays() {
    let pool = Pool::start(1).unwrap();
    let failing = Failing {
        fell: false,
        may_fall: true,
    };
    let computer = Computer::new(pool, Box::new(failing));
    let mut app = computers_turn();
    let thinking = ask_and_take(Thinking::Idle, &mut app, &computer);
    assert!(matches!(thinking, Thinking::Idle), "asked again");
    let said = app.message().unwrap_or_default().to_string();
    assert!(said.contains("computer a failed ("), "{said}");
    assert!(said.contains("injected failure"), "{said}");
    assert!(said.contains("a now plays as `random`"), "{said}");
    // Asked again, the lesser opponent finds a move.
    let thinking = ask_and_take(thinking, &mut app, &computer);
    assert!(
        matches!(thinking, Thinking::Found { mv: Some(_), .. }),
        "the fallen-back seat plays"
    );
}

#[test]
fn a_failing_computer_with_nothing_below_it_is_not_asked_again() {
    let pool = Pool::start(1).unwrap();
    let failing = Failing {
        fell: false,
        may_fall: false,
    };
    let computer = Computer::new(pool, Box::new(failing));
    let mut app = computers_turn();
    let thinking = ask_and_take(Thinking::Idle, &mut app, &computer);
    let said = app.message().unwrap_or_default().to_string();
    assert!(said.starts_with("The computer failed: "), "{said}");
    assert!(said.contains("injected failure"), "{said}");
    // The same position: not asked again.
    let (tx, _rx) = channel();
    let send = move |thought| {
        let _ = tx.send(thought);
    };
    let thinking = thinking
        .update(&app, &computer, Instant::now(), send)
        .unwrap();
    assert!(matches!(thinking, Thinking::Failed(_)));
}

//! How the driver tells the [`Recorder`] of the game: after every change,
//! and when a new game starts.

use super::super::state::App;
use super::super::state::Recorder;

/// Tells `recorder` of the game if it changed since `recorded` changes,
/// and shows what it reports; returns whether it reported something.
pub(super) fn tell_recorder(
    app: &mut App,
    recorder: Option<&mut dyn Recorder>,
    recorded: &mut u64,
) -> bool {
    let Some(recorder) = recorder else {
        return false;
    };
    let mut told = false;
    if app.changes() != *recorded {
        *recorded = app.changes();
        if let Some(message) = recorder.record(app.plays(), app.winners().is_some()) {
            app.say(message);
            told = true;
        }
    }
    app.set_unsaved(recorder.unsaved()) || told
}

/// Starts a new game on a board drawn from `seed`, once `app`'s game is
/// over, and tells `recorder`, which keeps it as a game of its own (the
/// game that ended stays as it was kept), showing what it reports; the
/// changes of the new game are counted from `recorded`. Returns whether a
/// new game started (no board may be drawn with these rules).
pub(super) fn start_new_game(
    app: &mut App,
    recorder: Option<&mut dyn Recorder>,
    seed: u64,
    recorded: &mut u64,
) -> bool {
    let started = app.new_game(seed);
    *recorded = app.changes();
    if started && let Some(recorder) = recorder {
        let message = recorder.new_game(app.rules(), app.start(), app.seed());
        app.set_unsaved(recorder.unsaved());
        if let Some(message) = message {
            app.say(message);
        }
    }
    started
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::tui::state::Effect;
    use crate::cli::tui::state::Key;
    use crate::game::{Move, Position, Rules};
    use crate::record::Play;

    /// A recorder that keeps what it is told, and fails once the game is
    /// over; the new games it is told of, with what it answers.
    #[derive(Default)]
    struct Kept(Vec<(Vec<Move>, bool)>, Vec<(Rules, Position, Option<u64>)>);

    impl Recorder for Kept {
        fn record(&mut self, moves: &[Play], over: bool) -> Option<String> {
            self.0.push((moves.iter().map(|p| p.mv).collect(), over));
            over.then(|| "could not save: disk full".to_string())
        }

        fn new_game(
            &mut self,
            rules: &Rules,
            start: Position,
            seed: Option<u64>,
        ) -> Option<String> {
            self.1.push((rules.clone(), start, seed));
            Some(format!("new game {}", self.1.len()))
        }
    }

    #[test]
    fn a_new_game_is_told_to_the_recorder_and_recorded_from_its_start() {
        use crate::cli::tui::state::tests_support::app;
        let mut a = app("b-2 b-2 / a-2 b-1");
        let mut kept = Kept::default();
        let mut recorded = a.changes();
        for key in [Key::Digit(1), Key::EndTurn, Key::Digit(1), Key::EndTurn] {
            a.key(key);
            tell_recorder(&mut a, Some(&mut kept), &mut recorded);
        }
        assert!(a.winners().is_some());
        assert_eq!(a.key(Key::NewGame), Effect::NewGame);
        let told = kept.0.len();
        assert!(start_new_game(&mut a, Some(&mut kept), 42, &mut recorded));
        assert_eq!(kept.1, [(a.rules().clone(), a.start(), Some(42))]);
        assert_eq!(a.seed(), Some(42));
        assert_eq!(a.history(), []);
        assert_eq!(a.message(), Some("new game 1"));
        assert!(
            !tell_recorder(&mut a, Some(&mut kept), &mut recorded),
            "nothing played yet: not told"
        );
        assert_eq!(kept.0.len(), told);
        a.key(Key::Digit(1));
        tell_recorder(&mut a, Some(&mut kept), &mut recorded);
        let first = a.history();
        assert_eq!(first.len(), 1);
        assert_eq!(kept.0[told..], [(first, false)]);
        // The same board from the same seed; with no recorder, still a game.
        let mut b = app("b-2 b-2 / a-2 b-1");
        let mut none = b.changes();
        assert!(start_new_game(&mut b, None, 42, &mut none));
        assert_eq!(b.start(), kept.1[0].1);
    }

    #[test]
    fn the_recorder_is_told_of_every_change_once() {
        use crate::cli::tui::state::tests_support::app;
        let mut a = app("b-2 b-2 / a-2 b-1");
        let mut kept = Kept::default();
        let mut recorded = a.changes();
        let attack = Move::Attack { from: 2, to: 3 };
        let mut step = |a: &mut App, key: Key, kept: &mut Kept| {
            a.key(key);
            tell_recorder(a, Some(kept), &mut recorded)
        };
        assert!(!step(&mut a, Key::Right, &mut kept), "no change: not told");
        assert!(kept.0.is_empty());
        step(&mut a, Key::Digit(1), &mut kept);
        step(&mut a, Key::Undo, &mut kept);
        step(&mut a, Key::Redo, &mut kept);
        step(&mut a, Key::EndTurn, &mut kept);
        step(&mut a, Key::Digit(1), &mut kept);
        assert!(step(&mut a, Key::EndTurn, &mut kept), "its message");
        assert_eq!(a.message(), Some("could not save: disk full"));
        let attack_b = Move::Attack { from: 0, to: 2 };
        let expected: Vec<(Vec<Move>, bool)> = vec![
            (vec![attack], false),
            (vec![], false),
            (vec![attack], false),
            (vec![attack, Move::Pass], false),
            (vec![attack, Move::Pass, attack_b], false),
            (vec![attack, Move::Pass, attack_b, Move::Pass], true),
        ];
        assert_eq!(kept.0, expected);
    }

    /// A recorder whose saves fail while `0` is true.
    struct Failing(bool);

    impl Recorder for Failing {
        fn record(&mut self, _moves: &[Play], _over: bool) -> Option<String> {
            self.unsaved()
        }

        fn new_game(&mut self, _: &Rules, _: Position, _: Option<u64>) -> Option<String> {
            None
        }

        fn unsaved(&self) -> Option<String> {
            self.0
                .then(|| "This game is not being saved: disk full.".to_string())
        }
    }

    #[test]
    fn a_game_not_being_saved_says_so_at_once_and_keeps_saying_it() {
        use crate::cli::tui::state::tests_support::app;
        let status_text = |a: &App, width: u16| {
            let text = crate::cli::tui::view::render(a, width, 24, false).text();
            text.lines().take(2).collect::<Vec<_>>().join("\n")
        };
        let mut a = app("b-2 b-2 / a-2 b-1");
        let mut failing = Failing(true);
        let mut recorded = a.changes();
        assert!(
            tell_recorder(&mut a, Some(&mut failing), &mut recorded),
            "a save that failed before the first move is shown at once"
        );
        let warning = "This game is not being saved: disk full.";
        assert_eq!((a.message(), a.unsaved()), (Some(warning), Some(warning)));
        a.key(Key::Digit(1));
        tell_recorder(&mut a, Some(&mut failing), &mut recorded);
        assert_eq!(a.message(), Some(warning));
        a.key(Key::Right);
        assert!(!tell_recorder(&mut a, Some(&mut failing), &mut recorded));
        assert_eq!(a.message(), None, "the message line moves on");
        assert!(
            status_text(&a, 80).contains("NOT SAVED"),
            "the status does not"
        );
        failing.0 = false;
        a.key(Key::Undo);
        assert!(tell_recorder(&mut a, Some(&mut failing), &mut recorded));
        assert_eq!(a.unsaved(), None);
        assert_eq!(a.message(), Some("This game is being saved again."));
        assert!(!status_text(&a, 80).contains("NOT SAVED"));
    }
}

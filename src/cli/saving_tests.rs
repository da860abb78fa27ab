//! The saver's tests: notes, new files, the full-screen game's files.

use super::*;
use crate::game::{Player, Position, Rules};

/// Seed 000's 2x2 board, `a` to move.
fn seed_000() -> (Rules, Position) {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let board = "b-2 b-2 / a-2 b-1".parse().unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    (rules, start)
}

#[test]
fn the_note_says_where_the_game_is_or_why_it_is_not() {
    use crate::game::Move;
    let dir = tempfile::tempdir().unwrap();
    let (rules, start) = seed_000();
    let mut record = Record::new(rules, start, Vec::new());
    let path = dir.path().join("it's.txt");
    let mut saver = Saver::file(path.clone());
    saver.save(&record).unwrap();
    let shown = crate::text::shell_quote(&path);
    assert_eq!(
        saver.note(&record).unwrap(),
        format!("The game is saved to {shown}: `dice-of-doom resume {shown}` goes on with it.")
    );
    let mut autosave = Saver::autosave(dir.path().join("auto.txt"));
    autosave.save(&record).unwrap();
    assert!(dir.path().join("auto.txt").exists());
    for mv in [
        Move::Attack { from: 2, to: 3 },
        Move::Pass,
        Move::Attack { from: 0, to: 2 },
        Move::Pass,
    ] {
        record.push(mv).unwrap();
    }
    autosave.save(&record).unwrap();
    assert!(
        !dir.path().join("auto.txt").exists(),
        "over: nothing to resume"
    );
    assert_eq!(autosave.note(&record), None);
    std::fs::remove_dir_all(dir.path()).unwrap();
    assert!(saver.save(&record).is_err());
    assert_eq!(saver.note(&record), None, "not saved: the error says so");
    assert_eq!(
        saver.warning().unwrap(),
        "This game is not being saved: No such file or directory."
    );
    assert_eq!(
        saver.failure_as("the game").unwrap(),
        format!("the game could not be saved to {shown}: No such file or directory")
    );
    std::fs::create_dir(dir.path()).unwrap();
    saver.save(&record).unwrap();
    assert_eq!(
        (saver.warning(), saver.failure_as("the game")),
        (None, None),
        "saved again"
    );
}

#[test]
fn a_new_file_s_saver_never_writes_over_a_file_that_is_there() {
    use crate::game::Move;
    let dir = tempfile::tempdir().unwrap();
    let (rules, start) = seed_000();
    let mut record = Record::new(rules, start, Vec::new());
    let taken = dir.path().join("taken.txt");
    std::fs::write(&taken, "mine\n").unwrap();
    let mut saver = Saver::file(taken.clone()).only_new();
    assert!(saver.save(&record).is_err());
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "mine\n");
    // Made by its first save, then kept up to date.
    let path = dir.path().join("game.txt");
    let mut saver = Saver::file(path.clone()).only_new();
    saver.save(&record).unwrap();
    record.push(Move::Attack { from: 2, to: 3 }).unwrap();
    saver.save(&record).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with("moves:\na: 2 -> 3\n"), "{text}");
}

#[test]
fn the_full_screen_game_keeps_every_game_in_a_file_of_its_own() {
    use crate::record::Seat;
    use crate::ui::state::Key;
    use crate::ui::state::tests_support::app;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    // A file of that name is there already: never written over.
    std::fs::write(dir.path().join("game-2.txt"), "mine\n").unwrap();
    let a = app("b-2 b-2 / a-2 b-1");
    let seats = vec![Seat::Person, Seat::Person];
    let header = Record::new(a.rules().clone(), a.start(), seats.clone());
    let kept = Kept::default();
    let saver = kept.keep(Saver::file(path.clone()), None);
    let mut a = a.with_store(&header, Some(Box::new(saver)));
    assert_eq!(kept.notes(), (None, None), "nothing saved yet");
    let read = |path: &Path| Record::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    a.key(Key::Digit(1));
    assert_eq!(read(&path).moves(), a.history(), "kept after a move");
    a.key(Key::Undo);
    assert!(read(&path).moves().is_empty(), "and after an undo");
    for key in [Key::Redo, Key::EndTurn, Key::Digit(1), Key::EndTurn] {
        a.key(key);
    }
    let finished = std::fs::read_to_string(&path).unwrap();
    assert!(finished.contains("result: b wins\n"), "{finished}");
    let third = dir.path().join("game-3.txt");
    let shown = crate::text::shell_quote(&third);
    assert!(a.new_game_dated(7, Some(crate::record::Date::now())));
    assert_eq!(
        a.message(),
        Some(format!("This game is saved to {shown}.").as_str())
    );
    let record = read(&third);
    assert_eq!(record.start(), a.start());
    assert_eq!(record.seats(), seats);
    assert_eq!(record.tags().seed, Some(7));
    assert!(record.tags().date.is_some());
    assert!(record.moves().is_empty());
    a.key(Key::Digit(1));
    assert_eq!(read(&third).moves(), a.history());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), finished);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("game-2.txt")).unwrap(),
        "mine\n"
    );
    let first_shown = crate::text::shell_quote(&path);
    assert_eq!(
        kept.notes().0.unwrap(),
        format!(
            "Game 1 is saved in {first_shown}: `dice-of-doom replay {first_shown}` shows it again.\n\
             Game 2 is saved to {shown}: `dice-of-doom resume {shown}` goes on with it."
        )
    );
    // A file that cannot be written: the game goes on, unsaved, and says why.
    let gone = dir.path().join("gone");
    let kept = Kept::default();
    let saver = kept.keep(Saver::file(gone.join("game.txt")), None);
    let mut a = app("b-2 b-2 / a-2 b-1").with_store(&header, Some(Box::new(saver)));
    assert!(a.new_game(7));
    let reason = a.message().unwrap().to_string();
    assert!(
        reason.starts_with("This game is not being saved: "),
        "{reason}"
    );
    assert_eq!(a.unsaved(), Some(reason.as_str()));
    let (notes, failures) = kept.notes();
    assert_eq!(notes, None);
    assert!(
        failures
            .unwrap()
            .starts_with("Game 2 could not be saved to ")
    );
}

#[test]
fn unused_names_are_numbered_past_the_files_there() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    assert_eq!(unused(&at("game.txt"), 1), at("game.txt"));
    assert_eq!(unused(&at("game.txt"), 2), at("game-2.txt"));
    std::fs::write(at("game.txt"), "").unwrap();
    assert_eq!(unused(&at("game.txt"), 1), at("game-2.txt"));
    std::fs::write(at("game-2.txt"), "").unwrap();
    assert_eq!(unused(&at("game.txt"), 2), at("game-3.txt"));
    assert_eq!(unused(&at("notes"), 2), at("notes-2"));
    assert_eq!(unused(Path::new("game.txt"), 2), Path::new("game-2.txt"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever is typed in the line mode (moves, undo, redo, rubbish), against the
    /// computer or not, the file kept after every change holds the game
    /// as it stands, and reads back to it.
    #[test]
    fn the_file_follows_the_game_through_undo_and_redo(
        seed in 0u64..1000,
        answers in proptest::collection::vec(
            proptest::sample::select(vec!["1", "2", "3", "u", "r", "x"]), 0..40),
        computer in proptest::bool::ANY,
    ) {
        let rules = Rules::classic(3, 2, 3).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        let record = Record::new(rules, start, Vec::new());
        let players = if computer { crate::game::PlayerSet::single(Player::B) } else { crate::game::PlayerSet::EMPTY };
        let computers = crate::ui::computer::Computers::new(crate::ai::AiKind::Greedy, players, 2, 1, crate::ai::Budget::nodes(100));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        let mut saver = Saver::file(path.clone());
        saver.save(&record).unwrap();
        let input: String = answers.iter().map(|a| format!("{a}\n")).collect();
        let mut output = Vec::new();
        let mut session = crate::session::Session::new(record, seed)
            .with_seats(computers)
            .with_store(Box::new(saver));
        crate::ui::line_mode::play_with(&mut session, &mut input.as_bytes(), &mut output, false).unwrap();
        let kept = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        proptest::prop_assert_eq!(&kept, session.record());
    }
}

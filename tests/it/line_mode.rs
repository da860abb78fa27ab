//! The line mode's lines end to end: the command that plays a game again,
//! standard input kept for the moves, the hint list's columns.

use crate::common;

use common::dice_of_doom;

/// The line mode's output for `args`, quitting at once.
fn first_screen(args: &[&str]) -> String {
    first_screen_after(args, "q\n")
}

/// The line mode's output for `args` and the answers `input`.
fn first_screen_after(args: &[&str], input: &str) -> String {
    let out = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", tempfile::tempdir().unwrap().path())
        .args(["play", "--plain", "--no-autosave"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_command_to_play_again_deals_the_same_game() {
    let cases = [
        "--size 4 --players 3 --max-dice 5 --seed 5",
        "--rules lol4 --seed 1",
        "--deal balanced --size 4 --players 3 --seed 5",
        "--rules lol4 --players 2 --first b --seed 4",
        "--rules racket --size 4 --seed 2",
        "--rules dicewars --players 3 --seed 6",
        "--seed 3 --map random --territories 12 --grid 20x14 --players 3",
        "--seed 5 --map maps/duel-12.map --max-dice 4",
        // A board file's game has a seed too; the computer's seat, opponent
        // and budget are part of the command.
        "--board boards/3x3-e.txt --seed 5 --computer b --ai greedy --nodes 500",
        // The map is drawn for two players (`players: 2`): lol4's 4 would
        // be refused.
        "--rules lol4 --map maps/duel-12.map --seed 8 --players 2 --computer b",
    ];
    for case in cases {
        let args: Vec<&str> = case.split_whitespace().collect();
        let args = &args[..];
        let first = first_screen(args);
        let line = first.lines().nth(1).unwrap_or_default();
        let command = line
            .strip_prefix("Play it again with `dice-of-doom ")
            .and_then(|rest| rest.strip_suffix("`."))
            .unwrap_or_else(|| panic!("{args:?}: no command to play it again in\n{first}"));
        let again: Vec<&str> = command.split(' ').collect();
        assert_eq!(first_screen(&again), first, "{args:?} and {again:?}");
        // The same seed alone is another game: the options matter.
        let seed = args.iter().position(|&a| a == "--seed").unwrap();
        assert_ne!(
            first_screen(&args[seed..=seed + 1]),
            first,
            "{args:?}: the seed alone deals the same game, not a test of the options"
        );
    }
}

#[test]
fn a_board_or_map_from_standard_input_needs_the_computer_at_every_seat() {
    let board = std::fs::read_to_string(common::board("test-2x2.txt")).unwrap();
    let map = std::fs::read_to_string(common::root().join("maps/tiny-4.map")).unwrap();
    // A person's moves would come from standard input too: refused before
    // anything starts.
    for (option, text, seats) in [
        ("--board", &board, &[][..]),
        ("--map", &map, &[][..]),
        ("--board", &board, &["--computer", "b"][..]),
        ("--map", &map, &["--computer", "none"][..]),
        ("--map", &map, &["--computer", "a,b", "--players", "3"][..]),
    ] {
        dice_of_doom()
            .args(["play", "--no-autosave", option, "-"])
            .args(seats)
            .write_stdin(text.as_str())
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "dice-of-doom: {option} -: standard input is for the moves: give a file \
                 (or `--computer all`, to watch the computer play every seat)\n"
            ));
    }
    // With the computer at every seat nothing reads the moves.
    for (option, text, seats) in [
        ("--board", &board, &["--computer", "all"][..]),
        ("--map", &map, &["--computer", "a,b"][..]),
    ] {
        dice_of_doom()
            .args(["play", "--no-autosave", "--ai", "greedy", option, "-"])
            .args(seats)
            .write_stdin(text.as_str())
            .assert()
            .success()
            .stdout(predicates::str::contains("The winner is "));
    }
    // `play --help` says so for both.
    let help = dice_of_doom().args(["play", "--help"]).output().unwrap();
    // Help is wrapped: read it as one line.
    let help = String::from_utf8(help.stdout).unwrap();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let says = "reads it from standard input, only with the computer at every seat";
    assert!(
        help.contains(&format!("instead of a random one; `-` {says}")),
        "{help}"
    );
    assert!(
        help.contains(
            "`-` reads the map from standard input, only with the computer at every seat"
        ),
        "{help}"
    );
}

#[test]
fn the_hint_list_keeps_its_columns_past_nine_moves() {
    let out = first_screen_after(&["--rules", "lol4", "--seed", "1"], "h\nq\n");
    let hints: Vec<&str> = out
        .lines()
        .skip_while(|line| !line.starts_with("hints ("))
        .skip(1)
        .take_while(|line| !line.starts_with("best: "))
        .collect();
    assert!(hints.len() >= 10, "{out}");
    let column = |line: &str, of: &str| {
        line.find(of)
            .unwrap_or_else(|| panic!("{of:?} in {line:?}"))
    };
    for line in &hints {
        // The number ends, and the move and its chance begin, in one column.
        assert_eq!(column(line, ". "), column(hints[0], ". "), "{out}");
        assert_eq!(column(line, "%"), column(hints[0], "%"), "{out}");
    }
    assert!(hints[0].starts_with(" 1. 2 -> 7      97%  "), "{out}");
    assert!(hints[9].starts_with("10. 9 -> 3      94%  "), "{out}");
    // Each rated in one of the words the line under the list explains.
    for line in &hints {
        let word = line[column(line, "%") + 3..]
            .split("  <-")
            .next()
            .unwrap_or("");
        assert!(["best", "good", "risky"].contains(&word), "{word:?}: {out}");
    }
}

/// A line far longer than any answer but ending in a newline (a pasted
/// page) is refused like any bad answer, and the game goes on.
#[test]
fn a_long_line_is_refused_and_the_game_goes_on() {
    let mut input = "1".repeat(100_000);
    input.push_str("\n1\nq\n");
    let out = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", tempfile::tempdir().unwrap().path())
        .args([
            "play",
            "--plain",
            "--no-autosave",
            "--board",
            "boards/test-2x2.txt",
        ])
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let (before, after) = stdout
        .split_once("That line is too long: type a move number.\n")
        .unwrap_or_else(|| panic!("no refusal in\n{stdout}"));
    // The move typed after it was played: the board is shown again, the
    // next player to move.
    assert_eq!(before.matches("current player = ").count(), 1, "{stdout}");
    assert!(after.contains("current player = "), "{stdout}");
    assert!(!stdout.contains("11111111111111111111"), "{stdout}");
}

/// Input that never ends a line (`< /dev/zero`: more than 1 MiB with no
/// newline) ends the game with status 1, its record saved first.
#[test]
fn input_with_no_line_end_ends_the_game_with_its_record_saved() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.txt");
    let mut input = b"1\n".to_vec();
    input.resize(2 + 3 * 1024 * 1024, 0);
    let stdin = dir.path().join("zeros");
    std::fs::write(&stdin, input).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
        .current_dir(common::root())
        .env("DICE_OF_DOOM_DATA_DIR", dir.path().join("data"))
        .args([
            "play",
            "--plain",
            "--board",
            "boards/test-2x2.txt",
            "--save",
        ])
        .arg(&saved)
        .stdin(std::fs::File::open(&stdin).unwrap())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = crate::safety_cli::finish(child, std::time::Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dice-of-doom: the input sent a line of more than 1,048,576 bytes with no end: \
         it is read no further\n"
    );
    // The move played before is kept.
    let record = std::fs::read_to_string(&saved).unwrap();
    let moves: Vec<&str> = record
        .lines()
        .skip_while(|l| *l != "moves:")
        .skip(1)
        .filter(|l| !l.starts_with('#'))
        .collect();
    assert_eq!(moves.len(), 1, "{record}");
}

#[test]
fn a_balanced_deal_shows_the_split_and_a_bad_deal_is_refused() {
    // Seed 1's book deal on 3x3 is lopsided; the balanced one gives each
    // player 4 or 5 cells and 9 dice.
    let args = ["--deal", "balanced", "--seed", "1"];
    let first = first_screen(&args);
    assert!(
        first.starts_with("A random 3x3 board, balanced, seed 1.\n"),
        "{first}"
    );
    assert!(
        first.contains("--seed 1 --size 3 --deal balanced`"),
        "{first}"
    );
    let board: String = first
        .lines()
        .skip_while(|l| !l.contains("a-") && !l.contains("b-"))
        .take(3)
        .collect::<Vec<_>>()
        .join("\n");
    let cells = |p: char| board.matches(&format!("{p}-")[..]).count();
    let dice = |p: char| -> u32 {
        board
            .split_whitespace()
            .filter_map(|w| w.strip_prefix(&format!("{p}-")[..]))
            .filter_map(|d| d.parse::<u32>().ok())
            .sum()
    };
    assert_eq!(cells('a') + cells('b'), 9, "{board}");
    assert!(cells('a').abs_diff(cells('b')) <= 1, "{board}");
    assert_eq!((dice('a'), dice('b')), (9, 9), "{board}");
    let out = dice_of_doom()
        .args(["play", "--plain", "--deal", "fair"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("the deals are book and balanced"),
        "{stderr}"
    );
}

//! The command line's own words end to end: bad usage and its exit status,
//! `--help`, the man page, shell completions, and output that cannot be
//! written.

use crate::common;

use common::dice_of_doom;
use predicates::prelude::*;

#[test]
fn bad_usage_exits_2() {
    let cases: &[&[&str]] = &[
        &["--size", "11"],
        &["--size", "1"],
        &["--players", "9"],
        &["--max-dice", "0"],
        &["--first", "c"],
        &["--first", "ab"],
        &["--board", "boards/3x3-a.txt", "--size", "3"],
        &["--max-dice", "1"],
        &["--seed", "-1"],
        &["--seed", "99999999999999999999999"],
        &["--color", "pink"],
        &["--deal", "fair"],
        &["bogus"],
        &["stats"],
    ];
    for args in cases {
        dice_of_doom()
            .args(*args)
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::is_empty().not());
    }
}

#[test]
fn help_documents_commands_and_exit_statuses() {
    let play = "Exit status:
    0  the game was played to its end, or a player quit with `q`
    1  the input ended before the game was over
    1  the game cannot be saved in the file of --save (or --load), or another process plays it
    1  an I/O error, such as output that cannot be written
    2  bad usage, or a bad board file or game record (named with its line and column)
  130  interrupted with Ctrl-C; a signal n that ends the full-screen game gives 128 + n
";
    let tree = "Exit status:
    0  success
    1  the tree is too large for the limits it was given
    1  an I/O error, such as output that cannot be written
    2  bad usage, or a bad board file (named with its line and column)
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    let arena = "Exit status:
    0  success
    1  an opponent could not finish a game (no move, or an illegal one)
    1  an I/O error, such as output that cannot be written
    2  bad usage (the message says which option and why)
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    let survey = "Exit status:
    0  success
    1  --max-memory is too small (the message says how much), or the system refused it
    1  an I/O error, such as output that cannot be written
    2  bad usage, such as a size with more boards than a survey takes, or a bad part in --out
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    let solve = "Exit status:
    0  success
    1  the value was not proven within --time (the bounds proven are printed)
    1  --max-memory is below the least a proof needs (the message names it)
    1  the --cache file cannot be written there, or its bounds take more than --max-memory
    1  an I/O error, such as output that cannot be written
    2  bad usage, or a bad board file (named with its line and column)
    2  a --cache path that is not a file, or a damaged cache or one of another version or game
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    let stats = "Exit status:
    0  success
    1  the tree is too large for the limits it was given
    1  with --rules: the bounds of the value did not meet within the tolerance (they are printed)
    1  an I/O error, such as output that cannot be written
    2  bad usage, or a bad board file (named with its line and column)
  130  stopped by Ctrl-C, saying what it found so far; 128 + n for signal n (143 for TERM)
";
    for (command, statuses) in [
        ("play", play),
        ("stats", stats),
        ("solve", solve),
        ("dot", tree),
        ("arena", arena),
        ("survey", survey),
    ] {
        dice_of_doom()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::ends_with(statuses));
    }
    dice_of_doom()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains(play))
        .stdout(predicate::str::ends_with(
            "Each command's --help lists its own exit statuses.\n",
        ));
    dice_of_doom()
        .arg("--help")
        .assert()
        .stdout(predicate::str::contains("play").and(predicate::str::contains("stats")));
}

/// Output that cannot be written is an I/O error, said without Rust's
/// `(os error N)`.
/// `--help` and `--version` (of the program and of a command) too.
#[cfg(target_os = "linux")]
#[test]
fn io_errors_are_said_without_their_os_error_number() {
    for args in [
        &["stats", "--board", "boards/test-2x2.txt"][..],
        &["--help"],
        &["-h"],
        &["--version"],
        &["stats", "--help"],
        &["help", "play"],
        &["completions", "bash"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_dice-of-doom"))
            .current_dir(common::root())
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "dice-of-doom: No space left on device\n",
            "{args:?}"
        );
    }
    // Written, they succeed as before.
    for args in [&["--help"][..], &["--version"], &["dot", "--help"]] {
        dice_of_doom()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::is_empty().not())
            .stderr("");
    }
}

#[test]
fn completions_for_every_shell_name_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = dice_of_doom()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for word in ["stats", "arena", "survey", "dot", "max-dice", "think-time"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    dice_of_doom()
        .args(["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("complete -F _dice__of__doom"))
        .stdout(predicate::str::contains("dice__of__doom,play)"))
        .stdout(predicate::str::contains("dice__of__doom,completions)"))
        .stdout(predicate::str::contains("dice__of__doom,man)"));
    dice_of_doom()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'tcsh'"));
}

#[test]
fn the_man_page_has_its_sections_and_options() {
    let page = |args: &[&str]| {
        let output = dice_of_doom().arg("man").args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let program = page(&[]);
    for part in [
        ".TH dice-of-doom 1",
        ".SH NAME\ndice\\-of\\-doom \\- Dice of Doom",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        "\\fB\\-\\-max\\-dice\\fR",
        "\\fB\\-\\-think\\-time\\fR",
        ".SH SUBCOMMANDS",
        "dice\\-of\\-doom\\-stats(1)",
        ".SH \"EXIT STATUS\"",
        "130  interrupted with Ctrl\\-C",
    ] {
        assert!(program.contains(part), "no {part:?} in:\n{program}");
    }
    let stats = page(&["stats"]);
    for part in [
        ".TH dice-of-doom-stats 1",
        ".SH NAME\ndice\\-of\\-doom\\-stats \\- Count and solve",
        "\\fB\\-\\-max\\-positions\\fR",
        "1  the tree is too large",
    ] {
        assert!(stats.contains(part), "no {part:?} in:\n{stats}");
    }
    dice_of_doom()
        .args(["man", "bogus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'bogus'"));
}

/// Completes `dice-of-doom stats --m` and `arena --a ` in bash, when bash
/// is installed.
#[test]
fn bash_completes_a_commands_options() {
    if std::process::Command::new("bash")
        .arg("--version")
        .output()
        .is_err()
    {
        println!("note: bash is not installed; skipping the completion check");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("dice-of-doom.bash");
    let output = dice_of_doom()
        .args(["completions", "bash"])
        .output()
        .unwrap();
    std::fs::write(&script, output.stdout).unwrap();
    let complete = |words: &str, cword: usize, current: &str, previous: &str| {
        let line = format!(
            "source {script}; COMP_WORDS=({words}); COMP_CWORD={cword}; \
             _dice__of__doom dice-of-doom '{current}' '{previous}'; echo \"${{COMPREPLY[*]}}\"",
            script = script.display()
        );
        let out = std::process::Command::new("bash")
            .args(["--norc", "-c", &line])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        complete("dice-of-doom stats --m", 2, "--m", "stats"),
        "--map --max-dice --max-memory --max-positions\n"
    );
    assert_eq!(
        complete("dice-of-doom arena --a ''", 3, "", "--a"),
        "perfect search lol greedy random lol4 racket dicewars chance defensive strategic mcts\n"
    );
    assert_eq!(
        complete("dice-of-doom s", 1, "s", "dice-of-doom"),
        "stats solve survey serve\n"
    );
}

#[test]
fn every_command_words_players_alike_and_offers_only_what_it_takes() {
    for command in ["play", "stats", "solve", "arena", "map"] {
        dice_of_doom()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "Number of players, 2 to 8 (a to h)",
            ));
    }
    // `stats` solves every rule set but Dice Wars, and offers no other.
    dice_of_doom()
        .args(["stats", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("- racket:"))
        .stdout(predicate::str::contains("dicewars").not());
}

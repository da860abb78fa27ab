//! Ctrl-C and TERM on the long commands (issue 25): each says what it
//! knows, removes its temporary files and exits 130 or 143. Every test
//! bounds its own time.

use crate::common;
use crate::safety_cli::{finish, names, signal, text};

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use rustix::process::Signal;

/// Runs `args` for `after`, then sends `sig`: the output, within 20 s.
fn stopped(args: &[&str], after: Duration, sig: Signal, cwd: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dice-of-doom"));
    command
        .current_dir(cwd.map_or_else(common::root, Path::to_path_buf))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = command.spawn().unwrap();
    std::thread::sleep(after);
    signal(&child, sig);
    finish(child, Duration::from_secs(20))
}

#[test]
fn ctrl_c_stops_solve_with_the_bounds_proven() {
    let output = stopped(
        &[
            "solve",
            "--seed",
            "4",
            "--size",
            "5",
            "--max-memory",
            "300M",
        ],
        Duration::from_millis(1500),
        Signal::INT,
        None,
    );
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(
        out.contains("value for a: not proven (a gets at least"),
        "{out}"
    );
    assert_eq!(
        text(&output.stderr),
        "dice-of-doom: stopped by Ctrl-C (SIGINT)\n"
    );
}

#[test]
fn term_stops_dot_leaving_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.txt");
    std::fs::write(&board, "a-2 b-2 a-1 / b-3 a-1 b-2 / a-2 b-1 a-3\n").unwrap();
    let output = stopped(
        &[
            "dot",
            "--board",
            "board.txt",
            "--max-nodes",
            "100000000000",
            "-o",
            "big.dot",
        ],
        Duration::from_millis(1500),
        Signal::TERM,
        Some(dir.path()),
    );
    assert_eq!(output.status.code(), Some(143), "{}", text(&output.stderr));
    let err = text(&output.stderr);
    assert!(err.contains("dot stopped before its end: "), "{err}");
    assert!(err.ends_with("dice-of-doom: stopped by SIGTERM\n"), "{err}");
    assert_eq!(
        names(dir.path()),
        ["board.txt"],
        "no graph, no temporary file"
    );
}

#[test]
fn ctrl_c_stops_stats_survey_and_arena_saying_how_far_they_went() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["stats", "--seed", "1", "--size", "4"],
            "stats stopped before its end (partial counts): ",
        ),
        (
            &[
                "survey",
                "--size",
                "4",
                "--sample",
                "100000",
                "--threads",
                "1",
            ],
            "survey --sample stopped before its end (partial): ",
        ),
        (
            &[
                "arena", "--a", "search", "--b", "greedy", "--size", "5", "--games", "100000",
                "--nodes", "20000",
            ],
            "arena stopped before its end: ",
        ),
    ];
    for (args, said) in cases {
        let output = stopped(args, Duration::from_millis(2500), Signal::INT, None);
        let err = text(&output.stderr);
        assert_eq!(output.status.code(), Some(130), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(
            err.ends_with("dice-of-doom: stopped by Ctrl-C (SIGINT)\n"),
            "{err}"
        );
    }
}

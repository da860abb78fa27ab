//! End-to-end tests of the memory limits of `stats`, `dot`, `solve` and
//! `survey`: trees too large for the memory are refused with exit status 1
//! and a message, under an address-space limit (`ulimit -v`) too, and never
//! abort.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The program under `sh -c 'ulimit -v KIB; exec ...'`, or `None` (with a
/// note) where `sh` or `ulimit -v` is not available.
fn limited(kib: u64, args: &[&str]) -> Option<Command> {
    let probe = Command::new("sh")
        .args(["-c", &format!("ulimit -v {kib}")])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        println!("note: `sh -c 'ulimit -v {kib}'` does not work here; skipping");
        return None;
    }
    let mut cmd = Command::new("sh");
    // One C-library heap for all threads: glibc gives a thread that
    // allocates while another does a heap of its own, reserving 64 MiB of
    // address space (or failing to, and falling back), so that which
    // allocations a tight limit refuses would depend on the threads'
    // timing and on the binary's layout (a debug build aborted on a
    // 50-byte allocation in 19 runs of 20, the release build never).
    cmd.env("MALLOC_ARENA_MAX", "1")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(cargo_bin("dice-of-doom"))
        .args(args)
        .current_dir(root());
    Some(cmd)
}

/// Runs a command, giving its output and how long it took.
fn run(mut cmd: Command) -> (Output, Duration) {
    let started = Instant::now();
    let output = cmd.output().expect("the program runs");
    (output, started.elapsed())
}

/// Checks a refusal: exit status 1 (not a signal), one line on standard
/// error containing each of `parts`, nothing on standard output.
fn assert_refused(output: &Output, parts: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{:?}: {stderr}",
        output.status
    );
    assert!(output.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("dice-of-doom: "), "{stderr}");
    for part in parts {
        assert!(stderr.contains(part), "{part:?} not in {stderr}");
    }
}

/// The cases: `stats` on a 4x4 board and on a 10x10 board with 8
/// players and 9 dice under a 4 GB address-space limit. Both used to run
/// past 1 and 3 GB before refusing, the second aborting (status 134) on a
/// failed allocation; now the default limit is a sixteenth of the address
/// space and both are refused within it.
#[test]
#[ignore = "heavy (a minute): two trees built up to 244 MiB; cargo test -- --ignored"]
fn stats_refuses_trees_past_an_address_space_limit() {
    let boards: [&[&str]; 2] = [
        &["stats", "--board", "tests/data/4x4-seed1.txt"],
        &[
            "stats",
            "--board",
            "tests/data/10x10-8p-9d-seed1.txt",
            "--players",
            "8",
            "--max-dice",
            "9",
        ],
    ];
    let runs: Vec<_> = boards
        .iter()
        .filter_map(|args| limited(4_000_000, args))
        .map(|cmd| std::thread::spawn(move || run(cmd)))
        .collect();
    for run in runs {
        let (output, took) = run.join().expect("a run");
        assert_refused(
            &output,
            &[
                "the game tree does not fit in 244.1 MiB of memory (stopped after ",
                " distinct positions): raise --max-memory",
            ],
        );
        println!("refused in {took:?}");
        assert!(took < Duration::from_secs(300), "{took:?}");
    }
}

/// The default limit is a sixteenth of the address-space limit when that is
/// less than the machine's memory; `--help` shows it.
#[test]
fn the_default_limit_follows_the_address_space_limit() {
    // 400,000 KiB: a sixteenth is 24.4 MiB.
    let Some(cmd) = limited(400_000, &["stats", "--help"]) else {
        return;
    };
    let (output, _) = run(cmd);
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success());
    assert!(help.contains("[default: \"24.4 MiB\"]"), "{help}");
}

/// Memory the system refuses below `--max-memory` is an error with exit
/// status 1, not an abort.
#[test]
#[ignore = "heavy (a minute): trees built until the system refuses memory; cargo test -- --ignored"]
fn memory_the_system_refuses_is_an_error() {
    let args = ["--board", "tests/data/4x4-seed1.txt", "--max-memory", "4G"];
    for command in ["stats", "dot"] {
        let mut all = vec![command];
        all.extend(args);
        if command == "dot" {
            all.extend(["--max-nodes", "1000000000000"]);
        }
        let Some(cmd) = limited(400_000, &all) else {
            return;
        };
        let (output, _) = run(cmd);
        assert_refused(
            &output,
            &[
                "the system refused ",
                " of memory after ",
                "the system cannot give the 4 GiB that --max-memory allows",
            ],
        );
    }
}

/// `dot --max-nodes 1` is refused at once, however large the tree.
#[test]
fn dot_refuses_small_limits_cheaply() {
    for board in ["tests/data/4x4-seed1.txt", "boards/3x3-e.txt"] {
        let Some(cmd) = limited(4_000_000, &["dot", "--board", board, "--max-nodes", "1"]) else {
            return;
        };
        let (output, took) = run(cmd);
        assert_refused(
            &output,
            &[
                "the game tree has more than the 1 node allowed: raise --max-nodes or draw \
               the shared tree with --shared",
            ],
        );
        assert!(took < Duration::from_secs(30), "{took:?}");
    }
}

/// Board E's 1.47-billion-node tree, allowed: it streams out (where it
/// used to be built in memory first and abort), here until the reader
/// stops after a megabyte.
#[test]
fn dot_streams_large_drawings() {
    let Some(mut cmd) = limited(
        4_000_000,
        &[
            "dot",
            "--board",
            "boards/3x3-e.txt",
            "--max-nodes",
            "100000000000",
        ],
    ) else {
        return;
    };
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let mut head = vec![0; 1 << 20];
    let mut stdout = child.stdout.take().expect("its output");
    stdout.read_exact(&mut head).expect("a megabyte of graph");
    drop(stdout);
    let output = child.wait_with_output().expect("it ends");
    // A closed pipe ends the program quietly.
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("digraph game_tree {\n"));
    assert!(
        head.contains("\n  n1000 [label=\"b to move"),
        "{}",
        &head[..200]
    );
}

#[test]
fn bad_memory_sizes_are_usage_errors() {
    for bad in ["lots", "0", "-1G", "2X", "99999999999999999999E"] {
        let output = Command::new(cargo_bin("dice-of-doom"))
            .args([
                "stats",
                "--board",
                "boards/test-2x2.txt",
                "--max-memory",
                bad,
            ])
            .current_dir(root())
            .output()
            .expect("the program runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{bad}: {stderr}");
        assert!(stderr.contains("--max-memory"), "{bad}: {stderr}");
    }
    // A small limit is enough for a small tree.
    let output = Command::new(cargo_bin("dice-of-doom"))
        .args([
            "stats",
            "--board",
            "boards/3x3-e.txt",
            "--max-memory",
            "20M",
        ])
        .current_dir(root())
        .output()
        .expect("the program runs");
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("1,468,919,491"));
    let output = Command::new(cargo_bin("dice-of-doom"))
        .args(["stats", "--board", "boards/3x3-e.txt", "--max-memory", "2M"])
        .current_dir(root())
        .output()
        .expect("the program runs");
    assert_refused(
        &output,
        &["the game tree does not fit in 2 MiB of memory (stopped after "],
    );
}

/// The whole survey keeps `--max-memory` (it ignored it once and grew to
/// 1 GiB): a memo larger than the limit is refused before it is made, with
/// the address space barely above the limit.
#[test]
fn the_full_survey_keeps_its_limit_under_an_address_space_limit() {
    let Some(cmd) = limited(
        150 * 1024,
        &["survey", "--size", "3", "--max-memory", "100M"],
    ) else {
        return;
    };
    let (output, _) = run(cmd);
    assert_refused(&output, &["100 MiB", "raise --max-memory"]);
}

/// Proofs keep within `--max-memory` and a fixed overhead: with the address
/// space 48 MiB above a 32 MiB limit, `solve` and a sampled `survey` end as
/// their limits say (proven, or given up with their bounds), never with an
/// allocation failure or a signal.
#[test]
fn proofs_keep_their_limit_under_an_address_space_limit() {
    let cases: [&[&str]; 2] = [
        // One thread, so that the search is the same on every run.
        &[
            "solve",
            "--size",
            "5",
            "--seed",
            "1",
            "--time",
            "2",
            "--threads",
            "1",
        ],
        &[
            "survey",
            "--size",
            "5",
            "--sample",
            "2",
            "--time",
            "2",
            "--threads",
            "1",
        ],
    ];
    for args in cases {
        let mut args = args.to_vec();
        args.extend(["--max-memory", "32M"]);
        let Some(cmd) = limited((32 + 48) * 1024, &args) else {
            return;
        };
        let (output, _) = run(cmd);
        let stderr = String::from_utf8_lossy(&output.stderr);
        match output.status.code() {
            Some(0) => assert!(!output.stdout.is_empty(), "{args:?}"),
            // Not proven within its time: the bounds are said.
            Some(1) => assert!(stderr.contains("not proven"), "{args:?}: {stderr}"),
            _ => panic!("{args:?}: {:?}: {stderr}", output.status),
        }
        assert!(!stderr.contains("memory allocation"), "{args:?}: {stderr}");
    }
}

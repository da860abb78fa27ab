//! End-to-end tests of `solve`.

use crate::common;

use common::dice_of_doom;
use predicates::prelude::*;
use serde_json::Value;

/// The JSON object a command prints.
fn json(args: &[&str]) -> Value {
    let out = dice_of_doom().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn solve_agrees_with_stats_on_every_shipped_board_with_each_player_first() {
    for board in [
        "boards/test-2x2.txt",
        "boards/3x3-a.txt",
        "boards/3x3-b.txt",
        "boards/3x3-c.txt",
        "boards/3x3-e.txt",
    ] {
        for first in ["a", "b"] {
            let solved = json(&["solve", "--board", board, "--first", first, "--json"]);
            let stats = json(&["stats", "--board", board, "--first", first, "--json"]);
            assert_eq!(solved["value"], stats["value"], "{board} {first}");
            assert_eq!(solved["proven"], true);
            assert_eq!(solved["lower"], solved["upper"]);
            assert_eq!(solved["board"], stats["board"]);
            assert_eq!(solved["best_move"].is_null(), stats["best_move"].is_null());
            // Only a game over at the start takes no search.
            let searched = solved["nodes"].as_u64().unwrap() >= 1;
            assert_eq!(searched, !solved["best_move"].is_null());
        }
    }
}

#[test]
fn solve_prints_the_value_the_move_and_the_work() {
    dice_of_doom()
        .args(["solve", "--board", "boards/3x3-e.txt"])
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with("board boards/3x3-e.txt, a to move:\n")
                .and(predicate::str::contains(
                    "value for a: 1 (a can force a win)\n",
                ))
                .and(predicate::str::is_match("best move: +[0-9] -> [0-9]\n").unwrap())
                .and(predicate::str::is_match("nodes: +[0-9,]+\n").unwrap())
                .and(predicate::str::is_match("positions: +[0-9,]+ stored\n").unwrap())
                .and(predicate::str::is_match("time: +[0-9.]+ s\n").unwrap())
                .and(predicate::str::contains("memory:")),
        )
        .stderr("");
    // Over: no move, and the leaf's value.
    dice_of_doom()
        .args(["solve", "--board", "-", "--first", "b"])
        .write_stdin("b-2 b-2\na-2 b-1\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("value for b: 1 (b can force a win)\n").and(
                predicate::str::contains("best move:   none (the game is over)\n"),
            ),
        );
}

#[test]
fn solve_takes_random_boards_by_seed() {
    let solved = json(&["solve", "--size", "4", "--seed", "3", "--json"]);
    assert_eq!(solved["seed"], 3);
    assert_eq!(solved["proven"], true);
    assert_eq!(
        solved["board"],
        "a-2 b-1 b-1 b-1 / b-2 a-3 a-1 b-1 / b-1 b-1 b-3 a-3 / a-2 a-3 b-3 a-1"
    );
    dice_of_doom()
        .args(["solve", "--size", "2", "--seed", "7", "--players", "3"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "random 2x2 board, seed 7, a to move:\n",
        ));
}

#[test]
fn the_value_is_the_same_on_any_number_of_threads() {
    for (size, seed) in [("3", "1"), ("3", "2"), ("4", "3"), ("4", "5"), ("4", "57")] {
        let base = ["solve", "--size", size, "--seed", seed, "--json"];
        let one = json(&[&base[..], &["--threads", "1"]].concat());
        assert_eq!(one["proven"], true);
        for threads in ["2", "4"] {
            let many = json(&[&base[..], &["--threads", threads]].concat());
            assert_eq!(
                many["value"], one["value"],
                "{size}x{size} seed {seed}, {threads}"
            );
            assert_eq!(
                (&many["lower"], &many["upper"]),
                (&one["lower"], &one["upper"])
            );
            assert_eq!(many["best_move"].is_null(), one["best_move"].is_null());
        }
    }
    // --cache and alphabeta prove on one thread.
    for extra in [
        &["--cache", "x.cache"][..],
        &["--algorithm", "alphabeta"][..],
    ] {
        dice_of_doom()
            .args(
                [
                    &["solve", "--size", "3", "--seed", "1", "--threads", "2"][..],
                    extra,
                ]
                .concat(),
            )
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "proves on one thread: leave out --threads, or give --threads 1",
            ));
    }
    for bad in ["0", "257", "many"] {
        dice_of_doom()
            .args(["solve", "--size", "3", "--seed", "1", "--threads", bad])
            .assert()
            .code(2);
    }
}

#[test]
fn out_of_time_is_status_1_with_the_bounds_proven() {
    // A 4x4 board whose proof takes seconds.
    let out = dice_of_doom()
        .args([
            "solve", "--size", "4", "--seed", "8", "--time", "0.05", "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let solved: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(solved["proven"], false);
    assert!(solved["value"].is_null() && solved["best_move"].is_null());
    assert!(solved["lower"].as_f64() <= solved["upper"].as_f64());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with(
            "dice-of-doom: the value was not proven within --time 0.05: a gets at least "
        ),
        "{stderr}"
    );
    dice_of_doom()
        .args(["solve", "--size", "4", "--seed", "8", "--time", "0.05"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("value for a: not proven (a gets at least ")
                .and(predicate::str::contains("best move:   not proven\n")),
        );
}

#[test]
fn bad_input_is_status_2() {
    let cases: [(&[&str], &str); 7] = [
        (&["solve"], "required"),
        (
            &["solve", "--board", "boards/3x3-e.txt", "--seed", "1"],
            "cannot be used with",
        ),
        (
            &["solve", "--board", "boards/3x3-e.txt", "--size", "4"],
            "cannot be used with",
        ),
        (
            &["solve", "--seed", "1", "--time", "0"],
            "the time must be from 0.001",
        ),
        (
            &["solve", "--seed", "1", "--time", "soon"],
            "is not a number of seconds",
        ),
        (
            &["solve", "--seed", "1", "--max-memory", "lots"],
            "--max-memory",
        ),
        (
            &["solve", "--board", "tests/data/bad/unknown-player.txt"],
            "tests/data/bad/unknown-player.txt:",
        ),
    ];
    for (args, message) in cases {
        dice_of_doom()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    dice_of_doom()
        .args(["solve", "--board", "/no/such/board.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/no/such/board.txt: cannot read"));
}

#[test]
fn survey_samples_seeded_boards_and_gives_the_win_rate() {
    let sampled = json(&[
        "survey", "--size", "3", "--sample", "50", "--seed", "7", "--nodes", "100000", "--json",
    ]);
    let n = |key: &str| sampled[key].as_u64().unwrap();
    assert_eq!((n("boards"), n("seed"), n("unproven")), (50, 7, 0));
    assert_eq!(n("wins") + n("losses") + n("ties"), 50);
    let rate = sampled["win_rate"].as_f64().unwrap();
    assert_eq!(rate, n("wins") as f64 / 50.0);
    let (low, high) = (
        sampled["win_rate_ci95"][0].as_f64().unwrap(),
        sampled["win_rate_ci95"][1].as_f64().unwrap(),
    );
    assert!(low < rate && rate < high, "{sampled}");
    // Its boards are `solve --seed`'s: the last one's value agrees.
    let last = json(&["solve", "--size", "3", "--seed", "56", "--json"]);
    assert_eq!(last["proven"], true);
    // The same sample with one thread, and as text.
    let one = json(&[
        "survey",
        "--size",
        "3",
        "--sample",
        "50",
        "--seed",
        "7",
        "--nodes",
        "100000",
        "--json",
        "--threads",
        "1",
    ]);
    assert_eq!(one["wins"], sampled["wins"]);
    dice_of_doom()
        .args(["survey", "--size", "4", "--sample", "3", "--time", "5"])
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with(
                "3 random 4x4 boards with at most 3 dice, a moving first (seeds 1 to 3):\n",
            )
            .and(predicate::str::contains("a's win rate:"))
            .and(predicate::str::contains("(95% interval ")),
        );
}

#[test]
fn survey_sample_options_are_checked() {
    let cases: [&[&str]; 6] = [
        &["survey", "--size", "4", "--seed", "3"],
        &["survey", "--size", "4", "--sample", "3", "--max-dice", "1"],
        &["survey", "--size", "4", "--sample", "0"],
        &["survey", "--size", "4", "--sample", "5", "--table"],
        &[
            "survey", "--size", "4", "--sample", "5", "--time", "1", "--nodes", "5",
        ],
        &["survey", "--size", "4", "--sample", "5", "--first", "c"],
    ];
    for args in cases {
        dice_of_doom().args(args).assert().code(2).stdout("");
    }
    // `--threads` is read as the number it is.
    dice_of_doom()
        .args(["survey", "--size", "2", "--threads", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("boards:        1,296\n"));
}

#[test]
fn a_sample_s_seeds_never_wrap() {
    let max = u64::MAX.to_string();
    dice_of_doom()
        .args(["survey", "--size", "3", "--sample", "3", "--seed", &max])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dice-of-doom: --seed 18,446,744,073,709,551,615 with --sample 3: the last board's \
             seed, S + N - 1, would pass 18,446,744,073,709,551,615; give a seed of at most \
             18,446,744,073,709,551,613\n",
        );
    // The last seed there is, reached and not passed.
    let last = (u64::MAX - 2).to_string();
    dice_of_doom()
        .args(["survey", "--size", "3", "--sample", "3", "--seed", &last])
        .args(["--nodes", "100000"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(seeds 18,446,744,073,709,551,613 to 18,446,744,073,709,551,615)",
        ));
}

#[test]
fn too_little_memory_for_a_proof_is_refused_before_it_starts() {
    // 4x4 classic: a proof's first table is 65 KiB.
    for (memory, shown) in [("1", "1 B"), ("64K", "64 KiB")] {
        dice_of_doom()
            .args([
                "solve",
                "--seed",
                "1",
                "--size",
                "4",
                "--max-memory",
                memory,
            ])
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!(
                "dice-of-doom: a proof needs at least 65 KiB of memory, more than the {shown} \
                 allowed: raise --max-memory\n"
            ));
    }
    dice_of_doom()
        .args(["solve", "--seed", "1", "--size", "4", "--max-memory", "65K"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "value for a: 1 (a can force a win)",
        ));
    // A sample shares --max-memory among its threads.
    dice_of_doom()
        .args(["survey", "--size", "3", "--sample", "3", "--threads", "2"])
        .args(["--max-memory", "129K"])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "dice-of-doom: a proof needs at least 65 KiB of memory, more than --max-memory \
             129 KiB, 64.5 KiB of it each of 2 threads gets: raise --max-memory to 130 KiB or \
             more, or use fewer --threads\n",
        );
    dice_of_doom()
        .args(["survey", "--size", "3", "--sample", "3", "--threads", "2"])
        .args(["--max-memory", "130K", "--nodes", "100000"])
        .assert()
        .success();
}

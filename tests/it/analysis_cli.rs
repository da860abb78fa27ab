//! End-to-end tests of `dot`, `survey` and `stats --threads`.

use crate::common;

use common::{data, dice_of_doom, golden};
use predicates::prelude::*;

#[test]
fn dot_draws_seed_000s_tree_exactly() {
    dice_of_doom()
        .args(["dot", "--board", "boards/test-2x2.txt"])
        .assert()
        .success()
        .stdout(golden("test-2x2.dot"))
        .stderr("");
    dice_of_doom()
        .args(["dot", "--board", "boards/test-2x2.txt", "--shared"])
        .assert()
        .success()
        .stdout(golden("test-2x2-shared.dot"));
    let expanded = golden("test-2x2.dot");
    assert_eq!(expanded.matches("[label=").count(), 13 + 12);
    assert_eq!(expanded.matches(" -> n").count(), 12);
    let shared = golden("test-2x2-shared.dot");
    assert_eq!(shared.matches(" -> p").count(), 11);
}

#[test]
fn dot_reads_standard_input_and_writes_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tree.dot");
    dice_of_doom()
        .args(["dot", "--board", "-", "-o"])
        .arg(&out)
        .write_stdin("b-2 b-2\na-2 b-1\n")
        .assert()
        .success()
        .stdout("");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        golden("test-2x2.dot")
    );
}

/// The files in `dir`, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A graph that cannot be written (here: over the file size limit) leaves
/// the file it was to replace as it was, and nothing else behind; written,
/// it replaces the file, keeping its permissions, and a link stays a link.
#[cfg(unix)]
#[test]
fn dot_output_that_fails_leaves_the_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("keep.dot");
    std::fs::write(&keep, "precious\n").unwrap();
    let binary = env!("CARGO_BIN_EXE_dice-of-doom");
    // The limit of one block, the signal it sends ignored: the write fails
    // with "File too large" instead.
    let limited = |out: &std::path::Path| {
        assert_cmd::Command::new("sh")
            .current_dir(common::root())
            .args(["-c", "trap '' XFSZ; ulimit -f 1; exec \"$@\"", "sh", binary])
            .args(["dot", "--board", "boards/3x3-a.txt", "-o"])
            .arg(out)
            .assert()
    };
    limited(&keep).code(1).stdout("").stderr(format!(
        "dice-of-doom: cannot write {}: File too large\n",
        keep.display()
    ));
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "precious\n");
    let new = dir.path().join("new.dot");
    limited(&new).code(1);
    assert_eq!(names(dir.path()), ["keep.dot"]);

    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&keep, std::fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.path().join("link.dot");
    std::os::unix::fs::symlink(&keep, &link).unwrap();
    dice_of_doom()
        .args(["dot", "--board", "boards/test-2x2.txt", "-o"])
        .arg(&link)
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(&keep).unwrap(),
        golden("test-2x2.dot")
    );
    let mode = std::fs::metadata(&keep).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(names(dir.path()), ["keep.dot", "link.dot"]);
}

#[test]
fn dot_refuses_big_trees_before_writing_anything() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tree.dot");
    dice_of_doom()
        .args(["dot", "--board", "boards/3x3-b.txt", "-o"])
        .arg(&out)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "the game tree has 845,109 nodes, more than the 2,000 allowed",
        ));
    assert!(!out.exists());
    // The shared tree of board A with b first is small enough; its full tree
    // (1,307 nodes) is refused under a lower limit.
    dice_of_doom()
        .args(["dot", "--board", "boards/3x3-a.txt", "--first", "b"])
        .args(["--max-nodes", "1000"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("has 1,307 nodes"));
    dice_of_doom()
        .args([
            "dot",
            "--board",
            "boards/3x3-a.txt",
            "--first",
            "b",
            "--shared",
        ])
        .args(["--max-nodes", "1000"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("digraph"));
}

#[test]
fn dot_reports_bad_boards_with_their_location() {
    dice_of_doom()
        .args(["dot", "--board", "tests/data/bad/unknown-player.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "tests/data/bad/unknown-player.txt:",
        ));
    dice_of_doom()
        .args([
            "dot",
            "--board",
            "boards/test-2x2.txt",
            "--max-nodes",
            "lots",
        ])
        .assert()
        .code(2);
}

/// Renders the 2x2 tree with Graphviz when it is installed.
#[test]
fn graphviz_renders_the_2x2_tree() {
    let Ok(status) = std::process::Command::new("dot").arg("-V").output() else {
        println!("note: Graphviz `dot` is not installed; skipping the rendering check");
        return;
    };
    assert!(status.status.success());
    for name in ["test-2x2.dot", "test-2x2-shared.dot"] {
        let out = std::process::Command::new("dot")
            .args(["-Tsvg", data(name).to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let svg = String::from_utf8_lossy(&out.stdout);
        let nodes = svg.matches("class=\"node\"").count();
        assert_eq!(
            nodes,
            if name.contains("shared") { 11 } else { 13 },
            "{name}"
        );
    }
}

#[test]
fn survey_of_every_2x2_board() {
    dice_of_doom()
        .args(["survey", "--size", "2"])
        .assert()
        .success()
        .stdout(golden("survey-2x2.txt"))
        .stderr("");
    dice_of_doom()
        .args(["survey", "--size", "2", "--table"])
        .assert()
        .success()
        .stdout(golden("survey-2x2-table.txt"));
}

#[test]
fn survey_json_adds_up() {
    let out = dice_of_doom()
        .args(["survey", "--size", "2", "--json", "--table", "--first", "b"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let n = |k: &str| v[k].as_u64().unwrap();
    assert_eq!(n("boards"), 1296);
    assert_eq!(n("wins") + n("losses") + n("ties") + n("no_move"), 1296);
    assert_eq!(v["first"], "b");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1296);
    let example = rows
        .iter()
        .find(|r| r["board"] == "b-2 b-2 / a-2 b-1")
        .unwrap();
    assert_eq!(example["nodes_a_first"], 13);
    assert_eq!(example["nodes_b_first"], 1);
    assert_eq!(
        example["leaves_a_first"],
        serde_json::json!([{"winners": ["b"], "count": 5}])
    );
    // Swapping the colours of every board swaps the players: with b first,
    // b wins as many boards as a does with a first.
    let a_first: serde_json::Value = serde_json::from_slice(
        &dice_of_doom()
            .args(["survey", "--size", "2", "--json"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    for k in [
        "wins",
        "losses",
        "ties",
        "no_move",
        "largest_tree",
        "positions",
    ] {
        assert_eq!(a_first[k], v[k], "{k}");
    }
}

#[test]
fn survey_refuses_what_it_cannot_do() {
    dice_of_doom()
        .args(["survey", "--size", "4"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("2,821,109,907,456 boards"));
    dice_of_doom()
        .args(["survey", "--size", "3", "--table"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a table has at most"));
    dice_of_doom()
        .args(["survey", "--size", "2", "--first", "c"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a or b"));
    dice_of_doom()
        .args(["survey", "--size", "11"])
        .assert()
        .code(2);
}

/// Checks one command's `--json` against the style every command shares:
/// one object on one line, snake_case keys, players as letters, boards on
/// one line.
fn assert_json_style(args: &[&str]) -> serde_json::Value {
    let out = dice_of_doom().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with("}\n") && text.matches('\n').count() == 1,
        "{args:?}: not one line: {text}"
    );
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(json.is_object(), "{args:?}");
    let board = matching(r"^[a-h]-[1-9]( [a-h]-[1-9])*( / [a-h]-[1-9]( [a-h]-[1-9])*)+$");
    let mut stack = vec![("".to_string(), &json)];
    while let Some((key, value)) = stack.pop() {
        match value {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    assert!(
                        k.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                        "{args:?}: key {k}"
                    );
                    stack.push((k.clone(), v));
                }
            }
            serde_json::Value::Array(items) => {
                stack.extend(items.iter().map(|v| (key.clone(), v)));
            }
            serde_json::Value::String(s) => match key.as_str() {
                "first" | "winners" => assert!(
                    s.len() == 1 && ("a"..="h").contains(&s.as_str()),
                    "{args:?}: {key} {s}"
                ),
                "board" | "largest_board" => assert!(board(s), "{args:?}: {key} {s}"),
                _ => {}
            },
            _ => {}
        }
    }
    for key in ["players", "max_dice"] {
        assert!(json[key].is_u64(), "{args:?}: {key}");
    }
    json
}

/// Whether a text matches a regular expression (predicates' regex).
fn matching(pattern: &str) -> impl Fn(&str) -> bool {
    let predicate = predicate::str::is_match(pattern).unwrap();
    move |s| predicate.eval(s)
}

#[test]
fn json_is_one_style_in_every_command() {
    let stats = assert_json_style(&["stats", "--json", "--board", "boards/test-2x2.txt"]);
    assert_eq!(stats["board"], "b-2 b-2 / a-2 b-1");
    assert_eq!(stats["first"], "a");
    assert_eq!(
        stats["leaves"],
        serde_json::json!([{"winners": ["b"], "count": 5}])
    );
    let survey = assert_json_style(&["survey", "--size", "2", "--json", "--table"]);
    assert_eq!(survey["size"], 2);
    assert_eq!(survey["players"], 2);
    assert_eq!(survey["largest_board"], "a-3 a-3 / b-2 b-3");
    let arena = assert_json_style(&[
        "arena",
        "--size",
        "2",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "2",
        "--json",
        "--think-time",
        "0.01",
    ]);
    assert_eq!(arena["think_time"], 0.01);
    assert_eq!(arena["sides"][0]["side"], "A");
    assert!(arena["sides"][1]["mean_move_ms"].is_f64());
}

/// `stats --threads`: the same output and exit status, byte for byte, on 1,
/// 2 and 3 threads, a refusal included; 0 threads is bad usage.
#[test]
fn stats_prints_the_same_on_any_number_of_threads() {
    let cases: [&[&str]; 3] = [
        &["--board", "boards/3x3-c.txt", "--first", "b"],
        &["--board", "boards/3x3-e.txt", "--json"],
        &["--board", "boards/3x3-e.txt", "--max-positions", "1000"],
    ];
    same_on_any_number_of_threads("stats", &cases);
    dice_of_doom()
        .args(["stats", "--board", "boards/3x3-a.txt", "--threads", "0"])
        .assert()
        .code(2);
}

/// `dot --threads`: the same drawing (the shared one names its nodes by
/// their ids) or refusal and exit status, byte for byte, on 1, 2 and 3
/// threads; 0 threads is bad usage.
#[test]
fn dot_prints_the_same_on_any_number_of_threads() {
    let cases: [&[&str]; 4] = [
        &[
            "--board",
            "boards/3x3-b.txt",
            "--shared",
            "--max-nodes",
            "20000",
        ],
        &["--board", "boards/3x3-a.txt", "--first", "b"],
        &["--board", "boards/3x3-b.txt", "--first", "b"],
        &["--board", "boards/3x3-e.txt", "--shared"],
    ];
    same_on_any_number_of_threads("dot", &cases);
    dice_of_doom()
        .args(["dot", "--board", "boards/3x3-a.txt", "--threads", "0"])
        .assert()
        .code(2);
}

/// `command` with each of `cases` prints something, and the same output
/// and exit status, byte for byte, on 2 and 3 threads as on 1.
fn same_on_any_number_of_threads(command: &str, cases: &[&[&str]]) {
    for args in cases {
        let run = |threads: &str| {
            let out = dice_of_doom()
                .arg(command)
                .args(*args)
                .args(["--threads", threads])
                .output()
                .expect("the command runs");
            (out.status.code(), out.stdout, out.stderr)
        };
        let one = run("1");
        assert!(!one.1.is_empty() || !one.2.is_empty(), "{args:?}");
        for threads in ["2", "3"] {
            assert!(
                run(threads) == one,
                "{command} {args:?} on {threads} threads"
            );
        }
    }
}

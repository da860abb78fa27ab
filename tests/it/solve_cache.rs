//! End-to-end tests of `solve --cache`: proven bounds kept in a file from
//! one run to the next.

use crate::common;

use common::dice_of_doom;
use predicates::prelude::*;
use serde_json::Value;

/// `solve --size 4 --seed 8` (a loss for a, some 4 million positions
/// searched from nothing) with these options: its exit status and JSON.
fn solve(extra: &[&str]) -> (Option<i32>, Value) {
    let mut args = vec!["solve", "--size", "4", "--seed", "8", "--json"];
    args.extend_from_slice(extra);
    let out = dice_of_doom().args(&args).output().unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code(), json)
}

/// `solve --size 3 --seed 1 --cache CACHE` refused as bad input (status 2)
/// before any proof, with exactly this message.
fn refused_at_once(cache: &str, message: &str) {
    dice_of_doom()
        .args(["solve", "--size", "3", "--seed", "1", "--cache", cache])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!("dice-of-doom: {cache}: {message}\n"));
}

fn nodes(json: &Value) -> u64 {
    json["nodes"].as_u64().unwrap()
}

#[test]
fn a_proof_goes_on_from_the_bounds_an_earlier_run_saved() {
    let dir = tempfile::tempdir().unwrap();
    // On one thread, as a run with --cache: the positions to compare with.
    let (status, fresh) = solve(&["--threads", "1"]);
    assert_eq!(status, Some(0));
    assert_eq!(fresh["value"], 0.0);

    // Stopped by --time: the bounds found so far are saved all the same,
    // and the next run proves the value in fewer positions than a run from
    // nothing.
    let cache = dir.path().join("seed8.cache");
    let cache = cache.to_str().unwrap();
    let (status, stopped) = solve(&["--time", "0.5", "--cache", cache]);
    assert_eq!(status, Some(1), "{stopped}");
    assert_eq!(stopped["proven"], false);
    let (status, rest) = solve(&["--cache", cache]);
    assert_eq!(status, Some(0));
    assert_eq!(rest["value"], fresh["value"]);
    assert!(nodes(&rest) < nodes(&fresh), "{rest} {fresh}");

    // Once the value is proven, the saved bounds prove it again at once.
    let (status, again) = solve(&["--cache", cache]);
    assert_eq!(status, Some(0));
    assert_eq!(again["value"], fresh["value"]);
    assert!(nodes(&again) * 100 < nodes(&fresh), "{again} {fresh}");
}

#[test]
fn a_cache_of_another_game_or_no_cache_at_all_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk");
    std::fs::write(&junk, "not bounds\n").unwrap();
    let junk = junk.to_str().unwrap();
    refused_at_once(
        junk,
        "not a proof cache of dice-of-doom: use another --cache file, or remove this one",
    );
    assert_eq!(std::fs::read_to_string(junk).unwrap(), "not bounds\n");

    // Bounds of a 4x4 board (seed 30: some 57,000 positions).
    let four = dir.path().join("four");
    let four = four.to_str().unwrap();
    dice_of_doom()
        .args(["solve", "--size", "4", "--seed", "30", "--cache", four])
        .assert()
        .success();
    let saved = std::fs::read(four).unwrap();
    for (args, why) in [
        (vec!["--size", "3"], "bounds of another game"),
        (
            vec!["--size", "4", "--first", "b"],
            "bounds for a to move, not b",
        ),
        (
            vec!["--size", "4", "--algorithm", "alphabeta"],
            "bounds proven by the dfpn search, not alphabeta",
        ),
    ] {
        let mut all = vec!["solve", "--seed", "30", "--cache", four];
        all.extend(args);
        dice_of_doom()
            .args(&all)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(format!("{four}: {why}")));
    }
    // Too little memory for the saved table is a runtime failure.
    dice_of_doom()
        .args(["solve", "--size", "4", "--seed", "30", "--cache", four])
        .args(["--max-memory", "1M"])
        .assert()
        .code(1)
        .stderr(
            predicates::str::contains("its table takes")
                .and(predicates::str::contains("raise --max-memory")),
        );
    assert_eq!(std::fs::read(four).unwrap(), saved);

    // Only a file will do: not a directory, nor a device or a pipe (which
    // would block or hold no bounds).
    for place in [dir.path().to_str().unwrap(), "/dev/null"] {
        refused_at_once(place, "not a file: --cache needs a file's path");
    }

    // A place the bounds cannot be saved in is said before any proof.
    let nowhere = dir.path().join("no/such/dir/cache");
    dice_of_doom()
        .args(["solve", "--size", "3", "--seed", "1", "--cache"])
        .arg(&nowhere)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicates::str::contains(
            "the proven bounds cannot be saved there: No such file or directory",
        ));
}

//! End-to-end tests of a survey run in slices (`survey --sample N --shard
//! K/M`), kept as it goes (`--out DIR`) and merged (`survey merge`), and of
//! the full survey's `--max-memory`.

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use predicates::prelude::*;
use serde_json::Value;

use crate::common::dice_of_doom;

/// The sample of these tests: 40 3x3 boards, each proof within 100,000
/// positions (so the same values everywhere), with the memory and threads
/// given (so the same settings in every part).
const SAMPLE: [&str; 14] = [
    "survey",
    "--size",
    "3",
    "--sample",
    "40",
    "--seed",
    "7",
    "--nodes",
    "100000",
    "--max-memory",
    "64M",
    "--threads",
    "2",
    "--json",
];

/// The sample's command with more arguments (`--json` left out when
/// `json` is false).
fn sample(json: bool, more: &[&str]) -> Vec<String> {
    let base = if json { &SAMPLE[..] } else { &SAMPLE[..13] };
    base.iter().chain(more).map(ToString::to_string).collect()
}

/// Runs the program and gives its standard output; it must succeed.
fn output(args: &[String]) -> String {
    let out = dice_of_doom().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn path(p: &Path) -> String {
    p.display().to_string()
}

/// A report's JSON without its wall-clock times.
fn untimed(report: &str) -> Value {
    let mut value: Value = serde_json::from_str(report).unwrap();
    let object = value.as_object_mut().unwrap();
    for key in ["median_seconds", "max_seconds"] {
        assert!(object.remove(key).is_some(), "{key} in {report}");
    }
    value
}

/// The lines of a file.
fn lines(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines().map(ToString::to_string).collect()
}

/// The seeds of a part's boards.
fn seeds(part: &[String]) -> Vec<u64> {
    part[1..]
        .iter()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["seed"]
                .as_u64()
                .unwrap()
        })
        .collect()
}

#[test]
fn shards_merge_to_the_report_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept");
    let mut parts: Vec<String> = Vec::new();
    for (k, first, last) in [(0, 7, 19), (1, 20, 32), (2, 33, 46)] {
        let shard = format!("{k}/3");
        let part = output(&sample(false, &["--shard", &shard, "--out", &path(&kept)]));
        let lines: Vec<String> = part.lines().map(ToString::to_string).collect();
        let header: Value = serde_json::from_str(&lines[0]).unwrap();
        assert_eq!(header["shard"]["index"], k);
        assert_eq!(header["shard"]["of"], 3);
        assert_eq!(header["settings"]["boards"], 40);
        assert_eq!(seeds(&lines), (first..=last).collect::<Vec<_>>());
        // What --out keeps is the part printed, in the order the boards
        // were finished.
        let file = kept.join(format!("part-{k}-of-3.jsonl"));
        let mut in_file = self::lines(&file);
        in_file[1..].sort_by_key(|l| seeds(&[String::new(), l.clone()]));
        assert_eq!(lines, in_file);
        let name = dir.path().join(format!("p{k}.jsonl"));
        std::fs::write(&name, &part).unwrap();
        parts.push(path(&name));
    }
    let merge = |json: bool, from: &[String]| {
        let mut args = vec!["survey".to_string(), "merge".to_string()];
        args.extend(from.iter().cloned());
        if json {
            args.push("--json".to_string());
        }
        output(&args)
    };
    let merged = merge(true, &parts);
    // The kept directory merges to the same.
    assert_eq!(merge(true, &[path(&kept)]), merged);
    // One run of the whole sample over the kept boards proves none again
    // and prints the merged report, byte for byte, as JSON and as text.
    let single = output(&sample(true, &["--out", &path(&kept)]));
    assert_eq!(single, merged);
    assert_eq!(lines(&kept.join("part-0-of-1.jsonl")).len(), 1);
    let text = output(&sample(false, &["--out", &path(&kept)]));
    assert_eq!(text, merge(false, &parts));
    assert!(text.starts_with(
        "40 random 3x3 boards with at most 3 dice, a moving first (seeds 7 to 46):\n"
    ));
    // A fresh run of the whole sample finds the same values.
    let fresh = output(&sample(true, &[]));
    assert_eq!(untimed(&fresh), untimed(&merged));
    let n = |key: &str| untimed(&merged)[key].as_u64().unwrap();
    assert_eq!(n("wins") + n("losses") + n("ties") + n("unproven"), 40);
}

/// A sample's boards come out the same on any number of threads, as over
/// any number of shards: the same seeds, values and positions searched
/// (each board is proven on one thread; the memory a board gets is kept
/// the same).
#[test]
fn a_sample_is_the_same_on_any_number_of_threads() {
    let part = |threads: u32| {
        let memory = format!("{}M", 32 * threads);
        let threads = threads.to_string();
        let mut args = sample(false, &["--shard", "0/1"]);
        let at = |name: &str| args.iter().position(|a| a == name).unwrap() + 1;
        let (m, t) = (at("--max-memory"), at("--threads"));
        (args[m], args[t]) = (memory, threads);
        output(&args)
            .lines()
            .map(|line| {
                let mut value: Value = serde_json::from_str(line).unwrap();
                if let Some(board) = value.as_object_mut().filter(|o| o.contains_key("seed")) {
                    assert!(board.remove("time_ns").is_some(), "{line}");
                }
                value
            })
            .collect::<Vec<Value>>()
    };
    let one = part(1);
    assert_eq!(one.len(), 41);
    for threads in [2, 3, 5] {
        assert_eq!(part(threads), one, "{threads} threads");
    }
}

/// Writes `text` to `name` in `dir`, and gives its path.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    path(&file)
}

#[test]
fn merge_refuses_other_settings_overlaps_and_missing_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let part = |shard: &str, more: &[&str]| {
        let mut args = sample(false, &["--shard", shard]);
        args.extend(more.iter().map(ToString::to_string));
        output(&args)
    };
    let p0 = write(dir.path(), "p0.jsonl", &part("0/4", &[]));
    let p2 = write(dir.path(), "p2.jsonl", &part("2/4", &[]));
    let other = write(
        dir.path(),
        "other.jsonl",
        &part("1/4", &["--max-dice", "4"]),
    );
    let refused = |files: &[&str], message: &str| {
        dice_of_doom()
            .args(["survey", "merge"])
            .args(files)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    };
    refused(
        &[&p0, &other],
        "other.jsonl:1: a part of other settings than ",
    );
    refused(&[&p0, &other], "(max_dice 4 there, 3 here)");
    refused(&[&p0, &p0], "the part starting at ");
    refused(
        &[&p0, &p0],
        "p0.jsonl:1 is given twice (the board of seed 7 is in it)",
    );
    refused(
        &[&p0, &p2],
        "20 of the sample's 40 boards are missing: seeds 17 to 26, 37 to 46 \
         (--shard 1/4, 3/4: run them again",
    );
    // Parts in one file, as GNU parallel prints its jobs' output.
    let both = std::fs::read_to_string(&p0).unwrap() + &std::fs::read_to_string(&p2).unwrap();
    let one = write(dir.path(), "both.jsonl", &both);
    refused(&[&one], "seeds 17 to 26, 37 to 46");
    refused(&[&one, &p0], "the board of seed 7 is in two parts, ");
    refused(&[&one, &p0], "both.jsonl:1 and ");
    refused(&[&one, &p0], "p0.jsonl:1: parts must not overlap");
    // Files that are not parts.
    let garbage = write(dir.path(), "garbage.jsonl", "{\"seed\":1}\n");
    refused(&[&garbage], "garbage.jsonl:1: not a survey part's line");
    let empty = write(dir.path(), "empty.jsonl", "");
    refused(&[&empty], "empty.jsonl: holds no survey part");
    refused(&["/no/such/part.jsonl"], "/no/such/part.jsonl: ");
    dice_of_doom()
        .args(["survey", "merge"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<PARTS>"));
}

#[test]
fn a_killed_run_goes_on_from_the_boards_it_kept() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole");
    let report = output(&sample(true, &["--out", &path(&whole)]));
    let kept = lines(&whole.join("part-0-of-1.jsonl"));
    assert_eq!(kept.len(), 41);
    // A run killed after 15 boards, in the middle of writing the 16th.
    let killed = dir.path().join("killed");
    std::fs::create_dir(&killed).unwrap();
    let mut text = kept[..16].join("\n") + "\n";
    text.push_str(&kept[16][..30]);
    let file = killed.join("part-0-of-1.jsonl");
    std::fs::write(&file, &text).unwrap();
    let out = dice_of_doom()
        .args(sample(true, &["--out", &path(&killed)]))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("part-0-of-1.jsonl:17: the last line is cut short"),
        "{stderr}"
    );
    let again = lines(&file);
    // The 15 boards kept were not proven again (their times are the first
    // run's), the cut line is gone, and every other board was added once.
    assert_eq!(again[..16], kept[..16]);
    assert_eq!(again.len(), 41);
    let mut found = seeds(&again);
    found.sort_unstable();
    assert_eq!(found, (7..47).collect::<Vec<_>>());
    assert_eq!(
        untimed(&String::from_utf8(out.stdout).unwrap()),
        untimed(&report)
    );
}

#[test]
fn bad_kept_parts_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept");
    output(&sample(true, &["--out", &path(&kept)]));
    let file = kept.join("part-0-of-1.jsonl");
    // Another sample in the same directory.
    let mut other = sample(true, &["--out", &path(&kept)]);
    other[6] = "8".to_string();
    dice_of_doom()
        .args(other)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "part-0-of-1.jsonl:1: a survey part of other settings (seed 7, not 8): \
             give --out another directory",
        ));
    // A line broken in the middle of the file.
    let mut text = lines(&file);
    text[3] = "{not json".to_string();
    std::fs::write(&file, text.join("\n") + "\n").unwrap();
    dice_of_doom()
        .args(sample(true, &["--out", &path(&kept)]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "part-0-of-1.jsonl:4: not a survey part's line",
        ));
    // --out must be a directory that can be made.
    let plain = write(dir.path(), "plain", "");
    dice_of_doom()
        .args(sample(true, &["--out", &plain]))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("plain: "));
}

#[test]
fn shard_options_are_checked() {
    for (more, message) in [
        (
            &["--shard", "3/3"][..],
            "the slice K must be from 0 to M - 1",
        ),
        (&["--shard", "x"][..], "is not K/M"),
    ] {
        dice_of_doom()
            .args(sample(false, more))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    for args in [
        &["survey", "--size", "3", "--shard", "0/2"][..],
        &["survey", "--size", "3", "--out", "x"][..],
    ] {
        dice_of_doom()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--sample"));
    }
    dice_of_doom()
        .args(sample(true, &["--shard", "0/2"]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn the_full_survey_keeps_to_max_memory() {
    // 3x3's memo is 472 MiB: refused before it is made.
    dice_of_doom()
        .args(["survey", "--size", "3", "--max-memory", "100M"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "dice-of-doom: the survey's memo needs 472 MiB of memory, more than the \
             100 MiB allowed: raise --max-memory to 472 MiB or more\n",
        );
    // 2x2's is 63 KiB.
    dice_of_doom()
        .args(["survey", "--size", "2", "--max-memory", "62K"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "raise --max-memory to 63 KiB or more",
        ));
    dice_of_doom()
        .args(["survey", "--size", "2", "--max-memory", "63K"])
        .assert()
        .success()
        .stdout(predicate::str::contains("boards:        1,296\n"));
}

/// Whether GNU parallel can be run.
fn parallel_present() -> bool {
    Process::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The recipe of docs/SURVEYS.md with two local slots: the shards run by
/// GNU parallel, their parts printed in one file, merged, give the report
/// of one run over the same boards (and the values of a fresh one).
#[test]
fn gnu_parallel_runs_the_shards_and_they_merge() {
    if !parallel_present() {
        eprintln!("skipped: GNU parallel is not installed (`apt-get install parallel`)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_dice-of-doom"));
    let kept = dir.path().join("kept");
    let parts = dir.path().join("parts.jsonl");
    let command = format!(
        "{} {} --shard {{}}/4 --out {}",
        path(&bin),
        sample(false, &[])[..].join(" "),
        path(&kept)
    );
    let status = Process::new("parallel")
        .args(["-j2", &command, ":::", "0", "1", "2", "3"])
        .stdout(std::fs::File::create(&parts).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    let merged = output(&[
        "survey".to_string(),
        "merge".to_string(),
        path(&parts),
        "--json".to_string(),
    ]);
    let single = output(&sample(true, &["--out", &path(&kept)]));
    assert_eq!(merged, single);
    let fresh = output(&sample(true, &[]));
    assert_eq!(untimed(&fresh), untimed(&merged));
}

//! `picture`, `replay --html`, `arena --plot` and `survey --plot` end to
//! end: what they write is well-formed SVG (or a page), bad options are
//! refused with exit status 2, unwritable files with 1; and the pictures
//! committed in docs/pictures/ are what the commands of docs/PICTURES.md
//! write now.

use std::path::Path;

use predicates::prelude::*;

use crate::common::{data, dice_of_doom, root};

/// Parses `text` as XML and gives the names of its root and of the ids of
/// its cells' groups.
fn svg_cells(text: &str) -> (String, usize) {
    let xml = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let cells = xml
        .descendants()
        .filter(|n| n.attribute("id").is_some_and(|id| id.starts_with("cell-")))
        .count();
    (xml.root_element().tag_name().name().to_string(), cells)
}

#[test]
fn the_committed_pictures_are_what_the_documented_commands_write() {
    let page = std::fs::read_to_string(root().join("docs/PICTURES.md")).unwrap();
    let block = page
        .split("```sh\ncd docs/pictures\n")
        .nth(1)
        .expect("docs/PICTURES.md has a block starting `cd docs/pictures`");
    let block = &block[..block.find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for line in block.lines().filter(|l| !l.trim().is_empty()) {
        let args: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(args[0], "dice-of-doom", "{line}");
        let output = args
            .windows(2)
            .find(|w| w[0] == "-o" || w[0] == "--plot")
            .map(|w| w[1])
            .unwrap_or_else(|| panic!("no -o or --plot in {line}"));
        dice_of_doom()
            .current_dir(dir.path())
            .args(&args[1..])
            .assert()
            .success();
        let written = std::fs::read(dir.path().join(output)).unwrap();
        let committed = std::fs::read(root().join("docs/pictures").join(output)).unwrap();
        assert!(
            written == committed,
            "docs/pictures/{output} is not what `{line}` writes now: run the commands \
             of docs/PICTURES.md in docs/pictures/ and commit the files"
        );
        svg_cells(&String::from_utf8(written).unwrap());
        checked += 1;
    }
    assert_eq!(checked, 4, "{block}");
}

#[test]
fn a_picture_of_a_record_at_a_move_and_of_files() {
    let record = data("test-2x2.record");
    let out = dice_of_doom()
        .arg("picture")
        .arg("--record")
        .arg(&record)
        .args(["--move", "1", "--numbers"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(svg_cells(&text), ("svg".to_string(), 4));
    assert!(text.contains("after move 1 of 4"), "{text}");
    let end = dice_of_doom()
        .arg("picture")
        .arg("--record")
        .arg(&record)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(
        String::from_utf8(end)
            .unwrap()
            .contains("game over: b wins")
    );
    for files in [
        ["--board", "boards/3x3-e.txt"],
        ["--map", "maps/duel-12.map"],
    ] {
        let out = dice_of_doom()
            .arg("picture")
            .args(files)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let (_, cells) = svg_cells(&String::from_utf8(out).unwrap());
        assert!(cells == 9 || cells == 12, "{files:?}: {cells}");
    }
    // The largest sizes.
    for size in [["--size", "10"], ["--territories", "40"]] {
        let rules = if size[0] == "--size" {
            "classic"
        } else {
            "dicewars"
        };
        let out = dice_of_doom()
            .args(["picture", "--rules", rules])
            .args(size)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let (_, cells) = svg_cells(&String::from_utf8(out).unwrap());
        assert_eq!(cells, if rules == "classic" { 100 } else { 40 });
    }
}

#[test]
fn bad_picture_options_are_refused() {
    let record = data("test-2x2.record");
    dice_of_doom()
        .arg("picture")
        .arg("--record")
        .arg(&record)
        .args(["--move", "5"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("dice-of-doom: --move 5: the record has 4 moves (give 0 to 4)\n");
    for args in [
        &["picture", "--move", "1"][..],
        &["picture", "--size", "11"],
        &["picture", "--rules", "dicewars", "--territories", "41"],
        &["picture", "--board", "no-such-board.txt"],
        &["picture", "--dice", "round"],
        &["picture", "--size", "3", "--board", "boards/3x3-e.txt"],
    ] {
        dice_of_doom()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::starts_with("dice-of-doom: ")
                    .or(predicate::str::contains("error:")),
            );
    }
    let dir = tempfile::tempdir().unwrap();
    let unwritable = dir.path().join("no-such-dir/picture.svg");
    dice_of_doom()
        .args(["picture", "-o"])
        .arg(&unwritable)
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("dice-of-doom: cannot write "));
}

#[test]
fn replay_writes_one_page_or_says_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("game.html");
    dice_of_doom()
        .arg("replay")
        .arg(data("test-2x2.record"))
        .arg("--html")
        .arg(&page)
        .assert()
        .success()
        .stdout("")
        .stderr(format!(
            "The page is written to {}: open it in a web browser.\n",
            page.display()
        ));
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"));
    assert!(text.contains("\"a plays 2 -> 3\""), "{text}");
    assert!(text.contains("<svg"));
    dice_of_doom()
        .arg("replay")
        .arg(data("test-2x2.record"))
        .arg("--html")
        .arg(dir.path().join("no-such-dir/game.html"))
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("dice-of-doom: cannot write "));
    dice_of_doom()
        .args(["replay", "no-such.record", "--html"])
        .arg(&page)
        .assert()
        .code(2);
    // The options of showing or continuing the game are refused with it,
    // not silently ignored.
    for option in [&["--plain"][..], &["--computer", "b"], &["--no-autosave"]] {
        dice_of_doom()
            .arg("replay")
            .arg(data("test-2x2.record"))
            .arg("--html")
            .arg(&page)
            .args(option)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
}

#[test]
fn a_chart_says_where_it_is_written_and_leaves_json_alone() {
    let dir = tempfile::tempdir().unwrap();
    let output = dice_of_doom()
        .current_dir(dir.path())
        .args(["arena", "--size", "2", "--a", "greedy", "--b", "random"])
        .args([
            "--games",
            "2",
            "--nodes",
            "100",
            "--json",
            "--plot",
            "arena.svg",
        ])
        .assert()
        .success()
        .stderr("The chart is written to arena.svg.\n")
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&output).unwrap();
    assert!(json.is_object(), "{json}");
    assert!(dir.path().join("arena.svg").is_file());
}

/// The standard output of `args`, run in `dir`.
fn output_in(dir: &Path, args: &[&str]) -> String {
    let out = dice_of_doom()
        .current_dir(dir)
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn charts_leave_the_printed_results_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let arena = [
        "arena", "--size", "2", "--a", "greedy", "--b", "random", "--games", "4", "--nodes", "100",
    ];
    let plain = output_in(dir.path(), &arena);
    let mut with_plot = arena.to_vec();
    with_plot.extend(["--plot", "arena.svg"]);
    assert_eq!(output_in(dir.path(), &with_plot), plain);
    let chart = std::fs::read_to_string(dir.path().join("arena.svg")).unwrap();
    assert_eq!(svg_cells(&chart).0, "svg");
    assert!(
        chart.contains("A: greedy") && chart.contains("fair share"),
        "{chart}"
    );

    let survey = ["survey", "--size", "2", "--max-dice", "2"];
    let plain = output_in(dir.path(), &survey);
    let mut with_plot = survey.to_vec();
    with_plot.extend(["--plot", "survey.svg"]);
    assert_eq!(output_in(dir.path(), &with_plot), plain);
    let chart = std::fs::read_to_string(dir.path().join("survey.svg")).unwrap();
    assert!(
        chart.contains("a wins") && chart.contains("no move"),
        "{chart}"
    );

    // Too many boards for a row each.
    dice_of_doom()
        .current_dir(dir.path())
        .args(["survey", "--size", "3", "--plot", "big.svg"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--plot"));
    assert!(!dir.path().join("big.svg").exists());
}

#[test]
fn a_chart_that_cannot_be_written_leaves_the_results_printed() {
    let dir = tempfile::tempdir().unwrap();
    let nowhere = dir.path().join("no-such-dir").join("chart.svg");
    let nowhere = nowhere.to_str().unwrap();
    let runs: [&[&str]; 3] = [
        &[
            "arena", "--size", "2", "--a", "greedy", "--b", "random", "--games", "2", "--nodes",
            "100",
        ],
        &["survey", "--size", "2", "--max-dice", "2"],
        &["survey", "--size", "3", "--sample", "2", "--nodes", "1000"],
    ];
    // The proofs' times differ from run to run: the rest is compared.
    let timeless = |text: &str| -> String {
        text.lines()
            .filter(|line| !line.starts_with("proof times:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for run in runs {
        let plain = output_in(dir.path(), run);
        assert!(!plain.is_empty(), "{run:?}");
        let failed = dice_of_doom()
            .current_dir(dir.path())
            .args(run)
            .args(["--plot", nowhere])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("--plot: cannot write"))
            .get_output()
            .stdout
            .clone();
        let failed = String::from_utf8(failed).unwrap();
        assert_eq!(timeless(&failed), timeless(&plain), "{run:?}");
    }
}

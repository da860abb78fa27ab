//! Output meant for people fits 80 columns: the arena's table, the survey's
//! table, the line mode's placement lines and its first lines.

use crate::common;

use common::dice_of_doom;

/// The lines of `args`'s standard output wider than 80 columns, but for
/// the command that plays a game again (a command is not broken).
fn wide_lines(args: &[&str]) -> Vec<String> {
    let out = dice_of_doom()
        .env("DICE_OF_DOOM_DATA_DIR", tempfile::tempdir().unwrap().path())
        .args(args)
        .write_stdin("q\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| l.chars().count() > 80 && !l.starts_with("Play it again with `"))
        .map(str::to_string)
        .collect()
}

#[test]
fn output_for_people_fits_80_columns() {
    let commands = [
        "arena --size 3 --a search --b lol --games 2 --seed 1 --nodes 20000",
        "arena --map maps/duel-12.map --a greedy --b random --games 2 --seed 1 --nodes 10 \
         --players 3",
        // With a think time the table has the times per move.
        "arena --size 2 --a greedy --b random --games 1 --think-time 0.01",
        "arena --size 2 --a greedy --b random --games 1 --nodes 100 --times",
        "survey --size 2 --max-dice 2 --table",
        "play --plain --no-autosave --rules dicewars --seed 11 --computer all --ai greedy",
        "play --plain --no-autosave --rules lol4 --seed 11 --computer all --ai greedy",
        "play --plain --no-autosave --seed 1 --map random",
        "play --plain --no-autosave --rules lol4 --seed 1",
    ];
    for command in commands {
        let args: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(wide_lines(&args), Vec::<String>::new(), "{command}");
    }
}

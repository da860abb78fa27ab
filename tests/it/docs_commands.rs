//! Every `dice-of-doom` command the documentation shows is run here, against
//! the built binary, and its exit status checked.
//!
//! The convention, for README.md, CONTRIBUTING.md and docs/*.md:
//!
//! - In a fenced ```` ```sh ```` block, every line that starts with
//!   `dice-of-doom`, `cargo run --release` or `printf '...' |` followed by
//!   one of those is a command (an optional `$ ` prompt is allowed); other
//!   lines (comments, `cargo test`, `mkdir`, `man`) are not run.
//! - Anywhere else (```` ```text ```` blocks, indented blocks, list items),
//!   a command is marked by the prompt: a line `$ dice-of-doom ...` (or
//!   `$ printf ... | dice-of-doom ...`); the lines after it are its output.
//!   A line there that starts with `dice-of-doom ` without the prompt is a
//!   mistake (the test says where), unless it is a record's version line
//!   `dice-of-doom record 1`.
//! - `cargo run --release -- ARGS` is `dice-of-doom ARGS`, and a bare
//!   `cargo run --release` is `dice-of-doom`.
//! - A trailing `# comment` is dropped; `# exit status N` in it gives the
//!   expected exit status. Without it the status is 0, except for a game
//!   (no command, `play` or `resume`) given no input (no `printf`) and not
//!   played by the computer at every seat: 1, the input ended before the
//!   game was over (or, for `resume`, there is no unfinished game).
//! - `printf 'TEXT' |` before the command is its standard input (`\n`
//!   escapes read), which is otherwise empty. `> FILE` and `| ...` after the
//!   command are dropped: the command runs alone and its output is kept
//!   here.
//! - A command shown with the prompt and followed by an error line
//!   `dice-of-doom: MESSAGE` must print that message on standard error.
//! - A block whose fence says `slow` (```` ```sh slow ````, ```` ```text
//!   slow ````) holds commands that take minutes: only
//!   `cargo test --test it docs_commands -- --ignored` runs them.
//!
//! Each file's commands run in order in a directory of their own under
//! Cargo's temporary directory, holding copies of `boards/`, `maps/` and
//! `tests/data/`, with `DICE_OF_DOOM_DATA_DIR` pointing into it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;

/// The project's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One command found in the docs.
#[derive(Debug)]
struct DocCommand {
    /// Where it is written: `file:line`.
    place: String,
    /// The arguments after `dice-of-doom`.
    args: Vec<String>,
    /// Its standard input.
    stdin: String,
    /// The exit status it must end with.
    status: i32,
    /// The error message it must print, if the docs show one.
    error: Option<String>,
    /// In a `slow` block.
    slow: bool,
}

/// The documentation files: README.md, CONTRIBUTING.md and docs/*.md.
fn doc_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let contributing = root().join("CONTRIBUTING.md");
    if contributing.exists() {
        files.push(contributing);
    }
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("an entry of docs/").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// Splits a shell line into words: single and double quotes, backslash
/// escapes outside single quotes; `|`, `>` and `#` (at the start of a
/// word) outside quotes become words of their own, and the comment is the
/// rest of the line.
fn shell_words(line: &str) -> (Vec<String>, Option<String>) {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for (_, q) in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    word.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some((_, q)) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => word.extend(chars.next().map(|(_, e)| e)),
                        _ => word.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next().map(|(_, e)| e));
            }
            '#' if !in_word => {
                return (words, Some(line[at + 1..].trim().to_string()));
            }
            '|' | '>' if !in_word => words.push(c.to_string()),
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    (words, None)
}

/// `printf`'s escapes that the docs use.
fn printf_text(format: &str) -> String {
    format.replace("\\n", "\n").replace("\\t", "\t")
}

/// Whether a line (less any `$ ` prompt) starts a command.
fn is_command(line: &str) -> bool {
    line.starts_with("dice-of-doom ")
        || line == "dice-of-doom"
        || line.starts_with("cargo run --release")
        || (line.starts_with("printf ") && line.contains("| dice-of-doom"))
        || (line.starts_with("printf ") && line.contains("| cargo run --release"))
}

/// The command of a line, or why it cannot be read.
fn parse_command(text: &str, place: String, slow: bool) -> Result<DocCommand, String> {
    let (words, comment) = shell_words(text);
    let mut words = words.into_iter().peekable();
    let mut stdin = None;
    if words.peek().map(String::as_str) == Some("printf") {
        words.next();
        let format = words
            .next()
            .ok_or(format!("{place}: printf without text"))?;
        stdin = Some(printf_text(&format));
        if words.next().as_deref() != Some("|") {
            return Err(format!("{place}: printf not piped into the command"));
        }
    }
    let words: Vec<String> = words.collect();
    let rest: &[String] = match words.first().map(String::as_str) {
        Some("dice-of-doom") => &words[1..],
        Some("cargo") if words.get(1..3) == Some(&["run".into(), "--release".into()]) => {
            match words.get(3).map(String::as_str) {
                Some("--") => &words[4..],
                None => &words[3..],
                Some(_) => return Err(format!("{place}: `cargo run --release` without `--`")),
            }
        }
        _ => return Err(format!("{place}: not a dice-of-doom command: {text}")),
    };
    let args: Vec<String> = rest
        .iter()
        .take_while(|word| *word != "|" && *word != ">")
        .cloned()
        .collect();
    // The docs write the command first: no command, or options alone, is `play`.
    let game = match args.first().map(String::as_str) {
        None | Some("play") | Some("resume") => true,
        Some(first) => first.starts_with('-') && first != "--help" && first != "--version",
    };
    let all_computer = args
        .windows(2)
        .any(|pair| pair[0] == "--computer" && pair[1] == "all");
    let stated = comment.as_deref().and_then(|comment| {
        let at = comment.find("exit status ")?;
        comment[at + "exit status ".len()..]
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse::<i32>()
            .ok()
    });
    let status = stated.unwrap_or(if game && stdin.is_none() && !all_computer {
        1
    } else {
        0
    });
    Ok(DocCommand {
        place,
        args,
        stdin: stdin.unwrap_or_default(),
        status,
        error: None,
        slow,
    })
}

/// The commands of one documentation file, or the mistakes found in it.
fn commands_in(path: &Path) -> Result<Vec<DocCommand>, Vec<String>> {
    let text = std::fs::read_to_string(path).expect("a documentation file");
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let mut commands: Vec<DocCommand> = Vec::new();
    let mut mistakes = Vec::new();
    // The fence's info string while inside a fenced block.
    let mut fence: Option<String> = None;
    // The command just read, whose output may follow.
    let mut last_prompted = false;
    for (index, line) in text.lines().enumerate() {
        let place = format!("{name}:{}", index + 1);
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            fence = match fence {
                None => Some(info.trim().to_string()),
                Some(_) => None,
            };
            last_prompted = false;
            continue;
        }
        let info = fence.as_deref().unwrap_or("");
        let sh = info.split_whitespace().next() == Some("sh");
        let slow = info.split_whitespace().any(|word| word == "slow");
        let (prompted, body) = match trimmed.strip_prefix("$ ") {
            Some(body) => (true, body),
            None => (false, trimmed),
        };
        if is_command(body) && (prompted || sh) {
            match parse_command(body, place, slow) {
                Ok(command) => commands.push(command),
                Err(mistake) => mistakes.push(mistake),
            }
            last_prompted = prompted;
            continue;
        }
        if let Some(message) = trimmed.strip_prefix("dice-of-doom: ") {
            if last_prompted && let Some(command) = commands.last_mut() {
                command.error = Some(message.to_string());
            }
        } else if (fence.is_some() || line.starts_with("    "))
            && !sh
            && body.starts_with("dice-of-doom ")
            && body != "dice-of-doom record 1"
        {
            mistakes.push(format!(
                "{place}: a command in the docs needs a `$ ` prompt or a sh block: {line}"
            ));
        }
        last_prompted = false;
    }
    if mistakes.is_empty() {
        Ok(commands)
    } else {
        Err(mistakes)
    }
}

/// Copies a folder of the project into the run directory.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder in the run directory");
    for entry in std::fs::read_dir(from).expect("a folder of the project") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

/// A fresh directory for one file's commands, with the files they name.
fn run_dir(file: &Path) -> PathBuf {
    let stem = file
        .strip_prefix(root())
        .unwrap_or(file)
        .display()
        .to_string()
        .replace('/', "-");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("docs_commands")
        .join(stem);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("the old run directory removed");
    }
    for folder in ["boards", "maps", "tests/data"] {
        copy_dir(&root().join(folder), &dir.join(folder));
    }
    dir
}

/// Runs one command; a description of what went wrong, if anything did.
fn run(command: &DocCommand, dir: &Path) -> Option<String> {
    let started = std::time::Instant::now();
    let output = Command::cargo_bin("dice-of-doom")
        .expect("the binary")
        .args(&command.args)
        .current_dir(dir)
        .env("DICE_OF_DOOM_DATA_DIR", dir.join("data"))
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .write_stdin(command.stdin.as_bytes())
        .timeout(Duration::from_secs(if command.slow { 3600 } else { 60 }))
        .output()
        .expect("the command ran");
    let took = started.elapsed();
    if took > Duration::from_secs(1) {
        // Seen with `--nocapture`: what makes this test slow.
        eprintln!("{}: {:.1} s", command.place, took.as_secs_f64());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let status = output.status.code();
    if status != Some(command.status) {
        return Some(format!(
            "{}: dice-of-doom {}: exit status {:?}, the docs expect {}\n{}",
            command.place,
            command.args.join(" "),
            status,
            command.status,
            stderr.trim_end()
        ));
    }
    match &command.error {
        Some(message) if !stderr.contains(message.as_str()) => Some(format!(
            "{}: dice-of-doom {}: the docs show `{message}`, it printed:\n{}",
            command.place,
            command.args.join(" "),
            stderr.trim_end()
        )),
        _ => None,
    }
}

/// Runs the commands of every file, the slow ones or the others.
fn run_all(slow: bool) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in doc_files() {
        let commands = match commands_in(&file) {
            Ok(commands) => commands,
            Err(mistakes) => {
                failures.extend(mistakes);
                continue;
            }
        };
        let commands: Vec<&DocCommand> = commands.iter().filter(|c| c.slow == slow).collect();
        if commands.is_empty() {
            continue;
        }
        let dir = run_dir(&file);
        for command in commands {
            ran += 1;
            failures.extend(run(command, &dir));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of the documented commands failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    ran
}

#[test]
fn every_documented_command_runs_with_its_exit_status() {
    let ran = run_all(false);
    eprintln!("{ran} documented commands ran");
    // The README alone shows more than a dozen.
    assert!(ran >= 30, "only {ran} commands found in the docs");
}

#[test]
#[ignore = "minutes: long arenas, 4x4 surveys and proofs"]
fn every_slow_documented_command_runs_with_its_exit_status() {
    let ran = run_all(true);
    eprintln!("{ran} slow documented commands ran");
    assert!(ran >= 3, "only {ran} slow commands found in the docs");
}

#[test]
fn the_readme_shows_how_to_play_and_test() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    for setup in [
        "cargo install --locked --path .\ndice-of-doom",
        "cargo test",
    ] {
        assert!(
            readme.contains(&format!("```sh\n{setup}\n```")),
            "README.md shows `{setup}` in a sh block of its own"
        );
    }
    // One build: the set-up never asks for both `cargo install` and
    // `cargo run --release`, each of which builds the release binary.
    let builds = readme
        .lines()
        .filter(|line| line.starts_with("cargo install") || line.starts_with("cargo run"))
        .count();
    assert_eq!(builds, 1, "README.md's set-up builds the game once");
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines, more than 300");
}

#[test]
fn the_convention_reads_what_the_docs_write() {
    let command = parse_command(
        r"printf '1\nq\n' | dice-of-doom play --board b.txt > out.txt  # exit status 1",
        "x:1".into(),
        false,
    )
    .expect("a command");
    assert_eq!(command.args, ["play", "--board", "b.txt"]);
    assert_eq!(command.stdin, "1\nq\n");
    assert_eq!(command.status, 1);
    let game =
        parse_command("cargo run --release -- --size 3", "x:2".into(), false).expect("a command");
    assert_eq!((game.args.len(), game.status), (2, 1));
    let watched =
        parse_command("dice-of-doom --computer all", "x:3".into(), false).expect("a command");
    assert_eq!(watched.status, 0);
    let stats =
        parse_command("dice-of-doom man | man -l -", "x:4".into(), false).expect("a command");
    assert_eq!((stats.args, stats.status), (vec!["man".to_string()], 0));
    assert!(parse_command("cargo run --release --size 3", "x:5".into(), false).is_err());
}

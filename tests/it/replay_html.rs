//! `replay FILE --html OUT.html` in a real browser: headless Chromium (from
//! the system's packages) opens the page at a move, a key press (the page's
//! `#press=` runs it through the page's own key handler once it is open)
//! steps to the next move, and the screenshot shows, at each territory's
//! swatch, the colour that move's SVG picture (rendered by `resvg`) shows
//! there. Without Chromium the test says that it was skipped.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dice_of_doom::picture::{Picture, Style};
use dice_of_doom::record::Record;

use crate::common::dice_of_doom;

/// The browsers tried, by the names their packages give them.
const BROWSERS: [&str; 4] = ["chromium", "chromium-browser", "google-chrome", "chrome"];

/// The first of [`BROWSERS`] on the `PATH`.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| BROWSERS.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Runs headless Chromium on `url` with `extra` options, in a profile of its
/// own, and gives its standard output; at most a minute.
fn headless(browser: &Path, url: &str, extra: &[String]) -> String {
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--window-size=1400,1000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Read while it runs: a page's DOM fills a pipe long before it ends.
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut text).map(|_| text)
    });
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{} did not finish within a minute", browser.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let text = reader.join().unwrap().unwrap();
    String::from_utf8_lossy(&text).into_owned()
}

/// The value of attribute `name` of the page's `<body>` in a dumped DOM.
fn body_attribute<'a>(dom: &'a str, name: &str) -> &'a str {
    let body = &dom[dom.find("<body").unwrap()..];
    let body = &body[..body.find('>').unwrap()];
    let key = format!("{name}=\"");
    let start = body
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {body}"))
        + key.len();
    &body[start..start + body[start..].find('"').unwrap()]
}

/// `#rrggbb` of a pixel.
fn hex(pixmap: &resvg::tiny_skia::Pixmap, x: f64, y: f64) -> String {
    let p = pixmap.pixel(x as u32, y as u32).unwrap().demultiply();
    format!("#{:02X}{:02X}{:02X}", p.red(), p.green(), p.blue())
}

#[test]
fn a_dice_wars_replay_steps_on_a_key_press_in_headless_chromium() {
    let Some(browser) = chromium() else {
        println!(
            "skipped: no Chromium on the PATH (tried {}); `apt-get install chromium` to run it",
            BROWSERS.join(", ")
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let record_path = dir.path().join("dicewars.record");
    let page = dir.path().join("dicewars.html");
    dice_of_doom()
        .args(["play", "--plain", "--no-autosave", "--rules", "dicewars"])
        .args([
            "--seed",
            "5",
            "--computer",
            "all",
            "--ai",
            "greedy",
            "--save",
        ])
        .arg(&record_path)
        .write_stdin("")
        .assert()
        .success();
    dice_of_doom()
        .arg("replay")
        .arg(&record_path)
        .arg("--html")
        .arg(&page)
        .assert()
        .success()
        .stdout("");
    let record = Record::parse(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
    let positions: Vec<_> = record.positions().collect();
    let owners = |i: usize| -> Vec<_> {
        let board = positions[i].board();
        (0..board.len()).map(|c| board.cell(c).owner()).collect()
    };
    // The first move that takes a territory: the page opens before it and
    // the key press must show it.
    let taken = (1..positions.len())
        .find(|&i| owners(i) != owners(i - 1))
        .expect("a territory changes hands");
    let url = format!(
        "file://{}#move={}&press=ArrowRight",
        page.display(),
        taken - 1
    );

    let dom = headless(&browser, &url, &["--dump-dom".into()]);
    assert_eq!(
        body_attribute(&dom, "data-move"),
        taken.to_string(),
        "{url}"
    );
    let board: Vec<f64> = body_attribute(&dom, "data-board")
        .split(',')
        .map(|v| v.parse().unwrap())
        .collect();
    let (left, top) = (board[0], board[1]);

    let shot = dir.path().join("shot.png");
    headless(
        &browser,
        &url,
        &[format!("--screenshot={}", shot.display())],
    );
    let screen = resvg::tiny_skia::Pixmap::load_png(&shot).unwrap();

    // What the picture of that move shows, rendered apart.
    // As the page draws it: with the territories' numbers.
    let style = Style {
        numbers: true,
        ..Style::default()
    };
    let picture = Picture::new(record.rules(), style);
    let moves = record.plays().len();
    let svg = picture
        .document(&positions[taken], &format!("move {taken} of {moves}"))
        .to_string();
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut rendered = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut rendered.as_mut(),
    );
    let before = owners(taken - 1);
    let mut changed = 0;
    for (cell, &(x, y)) in picture.layout().swatches.iter().enumerate() {
        let expected = hex(&rendered, x, y);
        let seen = hex(&screen, left + x, top + y);
        assert_eq!(seen, expected, "territory {cell} at move {taken} ({url})");
        if expected != dice_of_doom::picture::colour(before[cell]) {
            changed += 1;
        }
    }
    assert!(changed > 0, "the key press showed a change");
}

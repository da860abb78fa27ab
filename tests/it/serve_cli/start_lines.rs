//! `serve`'s start lines: an open server says who may log in.

use super::start;

#[test]
fn an_open_server_says_in_its_start_lines_that_anyone_may_log_in() {
    let data = tempfile::tempdir().unwrap();
    let server = start(data.path(), &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l == "open: anyone on this machine may log in (any name, no password)"),
        "{:?}",
        server.banner
    );
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("password");
    std::fs::write(&file, "sesame\n").unwrap();
    let file = file.display().to_string();
    let server = start(data.path(), &["--password-file", &file]);
    assert!(
        !server.banner.iter().any(|l| l.starts_with("open: ")),
        "{:?}",
        server.banner
    );
}

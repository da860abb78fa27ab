//! The integration tests, in one binary (one link instead of one per
//! file): a module per area, the helpers they share in `common` and `pty`
//! (and proptest's settings here).
//! The expected outputs are in `tests/data/`.

mod common;
#[cfg(unix)]
mod pty;

mod ai_cli;
mod analysis_cli;
mod arena_free_for_all;
mod cli;
mod deal_properties;
mod dice_stats_cli;
#[cfg(unix)]
mod dice_tui;
mod dicewars_cli;
mod docs_commands;
mod figures;
mod hints_pace;
mod kept;
mod line_mode;
mod line_words;
mod map_properties;
#[cfg(unix)]
mod map_tui;
mod maps_cli;
mod memory_cli;
#[cfg(unix)]
mod new_game_tui;
mod numbers_cli;
mod pictures;
mod properties;
mod records;
mod records_reading;
mod records_saving;
#[cfg(unix)]
mod records_tui;
mod replay_html;
mod rules_cli;
#[cfg(unix)]
mod safety_cli;
#[cfg(unix)]
mod save_tui;
mod serve_cli;
#[cfg(unix)]
mod signals_cli;
mod solve_cache;
mod solve_cli;
#[cfg(unix)]
mod status_tui;
mod survey_cli;
#[cfg(unix)]
mod tui;
mod usage_cli;
mod widths;

/// Proptest's settings for `cases` cases, with the failures it finds kept
/// beside the test's source file (`tests/it/NAME.proptest-regressions`)
/// and replayed first on every run. Its default would look for them in
/// `tests/proptest-regressions/` since `tests/it/` holds a `main.rs`.
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, FileFailurePersistence};
    Config {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::with_cases(cases)
    }
}

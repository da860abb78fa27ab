//! The integration tests, in one binary (one link instead of one per
//! file): a module per area, the helpers they share in `common` and `pty`.
//! The expected outputs are in `tests/data/`.

mod common;
#[cfg(unix)]
mod pty;

mod ai_cli;
mod analysis_cli;
mod chance_cli;
mod cli;
#[cfg(unix)]
mod dice_tui;
mod figures;
mod line_mode;
mod map_properties;
mod maps_cli;
mod memory_cli;
mod properties;
mod records;
#[cfg(unix)]
mod records_tui;
mod rules_cli;
mod solve_cli;
#[cfg(unix)]
mod tui;
mod widths;

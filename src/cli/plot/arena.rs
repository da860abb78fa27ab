//! `arena --plot FILE.svg`: each side's win rate with its 95% confidence
//! interval, against its fair share (the share of the seats it plays).

use std::path::Path;

use super::{Bar, Panel, draw_panel, percent, svg};
use crate::ai::arena::ArenaResult;
use crate::cli::CliError;
use crate::game::Rules;
use crate::picture::COLOURS;

/// The chart of an arena played under `rules`, as SVG text.
pub(in crate::cli) fn chart(rules: &Rules, result: &ArenaResult) -> Result<String, String> {
    let bars: Vec<Bar> = result
        .opponents
        .iter()
        .zip('A'..)
        .enumerate()
        .map(|(i, (side, letter))| {
            // Side A plays one seat of each game, side B all the others.
            Bar {
                label: format!("{letter}: {}", side.ai),
                value: side.win_rate,
                interval: Some(side.win_rate_ci95),
                reference: Some(side.fair_share),
                colour: COLOURS[i % COLOURS.len()],
                note: format!(
                    "{} ({} of {})",
                    percent(side.win_rate),
                    side.wins,
                    side.games
                ),
            }
        })
        .collect();
    let title = format!(
        "arena: {} rules, {}, {} players, {} games",
        rules.set(),
        rules.map(),
        rules.players(),
        result.games
    );
    svg((640, 440), |area| {
        draw_panel(
            area,
            &Panel {
                title: &title,
                x_desc: "side: its computer opponent",
                y_desc: "games won (95% interval)",
                y_max: 1.0,
                shares: true,
                bars: &bars,
                reference: "fair share: its seats",
            },
        )
    })
}

/// Writes the chart of an arena to `path`.
pub(in crate::cli) fn write(
    path: &Path,
    rules: &Rules,
    result: &ArenaResult,
) -> Result<(), CliError> {
    super::write(path, chart(rules, result))
}

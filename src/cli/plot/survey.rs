//! `survey --plot FILE.svg`: the first player's outcomes as shares of the
//! boards, beside the distribution of the boards' tree sizes (a survey of
//! every board) or of the proofs' times (`--sample`).

use std::path::Path;

use plotters::style::IntoFont;

use super::{Bar, Panel, draw_panel, percent, svg};
use crate::analysis::survey::Survey;
use crate::cli::CliError;
use crate::game::Player;
use crate::picture::COLOURS;
use crate::text::count;

/// The colours of a win, a loss, a tie and no result (Okabe-Ito's bluish
/// green, vermillion, sky blue and grey).
const OUTCOME_COLOURS: [&str; 4] = [COLOURS[2], COLOURS[5], COLOURS[1], COLOURS[7]];

/// The bars of the outcomes: `(name, boards)` each, as shares of `total`.
fn outcomes(list: &[(String, u64)], total: u64) -> Vec<Bar> {
    list.iter()
        .enumerate()
        .map(|(i, (name, n))| {
            let share = if total == 0 {
                0.0
            } else {
                *n as f64 / total as f64
            };
            Bar {
                label: name.clone(),
                value: share,
                interval: None,
                reference: None,
                colour: OUTCOME_COLOURS[i % OUTCOME_COLOURS.len()],
                note: format!("{} ({n})", percent(share)),
            }
        })
        .collect()
}

/// A short name of a number: `512`, `16k`, `4M`, `2G`.
fn short(n: u64) -> String {
    match n {
        n if n >= 1 << 30 => format!("{}G", n >> 30),
        n if n >= 1 << 20 => format!("{}M", n >> 20),
        n if n >= 1 << 10 => format!("{}k", n >> 10),
        n => n.to_string(),
    }
}

/// The histogram of `values` in bins that double (`2^k` to `2^(k+1) - 1`),
/// from the lowest bin used to the highest, each labelled by its lower end
/// as `label` writes it.
fn doubling(values: impl Iterator<Item = u64>, label: impl Fn(u64) -> String) -> Vec<Bar> {
    let mut bins: Vec<u64> = Vec::new();
    let mut lowest = usize::MAX;
    for v in values {
        let bin = (64 - v.max(1).leading_zeros() - 1) as usize;
        if bin >= bins.len() {
            bins.resize(bin + 1, 0);
        }
        bins[bin] += 1;
        lowest = lowest.min(bin);
    }
    bins.iter()
        .enumerate()
        .skip(lowest.min(bins.len()))
        .map(|(bin, &n)| Bar {
            label: label(1 << bin),
            value: n as f64,
            interval: None,
            reference: None,
            colour: COLOURS[4],
            note: if n == 0 { String::new() } else { n.to_string() },
        })
        .collect()
}

/// Two panels side by side: the outcomes and a histogram.
fn two_panels(
    title: &str,
    results: &[Bar],
    histogram: &[Bar],
    x_desc: &str,
) -> Result<String, String> {
    let top = histogram.iter().map(|b| b.value).fold(1.0, f64::max) * 1.18;
    svg((1000, 460), |area| {
        let font = ("sans-serif", 17).into_font().color(&super::INK);
        let area = area.titled(title, font).map_err(|e| e.to_string())?;
        let (left, right) = area.split_horizontally(400);
        draw_panel(
            &left,
            &Panel {
                title: "",
                x_desc: "outcome under perfect play",
                y_desc: "share of the boards",
                y_max: 1.08,
                shares: true,
                bars: results,
                reference: "",
            },
        )?;
        draw_panel(
            &right,
            &Panel {
                title: "",
                x_desc,
                y_desc: "boards",
                y_max: top,
                shares: false,
                bars: histogram,
                reference: "",
            },
        )
    })
}

/// The chart of a survey of every board.
pub(in crate::cli) fn chart(s: &Survey) -> Result<String, String> {
    let first = s.options.first;
    let results = outcomes(
        &[
            (format!("{first} wins"), s.wins),
            (format!("{first} loses"), s.losses),
            ("tie".to_string(), s.ties),
            ("no move".to_string(), s.no_move),
        ],
        s.boards,
    );
    let nodes = s.rows.iter().map(|row| {
        if first == Player::A {
            row.nodes_a_first
        } else {
            row.nodes_b_first
        }
    });
    let histogram = doubling(nodes, short);
    let title = format!(
        "every {} board with at most {}, {first} first",
        s.options.map,
        count(s.options.max_dice, "die", "dice")
    );
    two_panels(
        &title,
        &results,
        &histogram,
        "nodes in the game tree, from (bins double)",
    )
}

/// The chart of a sample of boards, `first` moving first: `outcomes` its
/// wins, losses, ties and unproven boards, `micros` each proof's time in
/// microseconds.
pub(in crate::cli) fn sample_chart(
    outcomes_: [u64; 4],
    micros: &[u64],
    first: Player,
    title: &str,
) -> Result<String, String> {
    let [wins, losses, ties, unproven] = outcomes_;
    let results = outcomes(
        &[
            (format!("{first} wins"), wins),
            (format!("{first} loses"), losses),
            ("tie".to_string(), ties),
            ("unproven".to_string(), unproven),
        ],
        micros.len() as u64,
    );
    let histogram = doubling(micros.iter().copied(), |us| match us {
        us if us >= 1_000_000 => format!("{}s", us / 1_000_000),
        us if us >= 1_000 => format!("{}ms", us / 1_000),
        us => format!("{us}\u{b5}s"),
    });
    two_panels(
        title,
        &results,
        &histogram,
        "time of the proof, from (bins double)",
    )
}

/// Writes the chart of a sample to `path` (see [`sample_chart`]).
pub(in crate::cli) fn write_sample(
    path: &Path,
    outcomes: [u64; 4],
    micros: &[u64],
    first: Player,
    title: &str,
) -> Result<(), CliError> {
    super::write(path, sample_chart(outcomes, micros, first, title))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_double_from_the_lowest_used() {
        let bars = doubling([3, 2, 9, 15, 16].into_iter(), short);
        let labels: Vec<&str> = bars.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["2", "4", "8", "16"]);
        let counts: Vec<f64> = bars.iter().map(|b| b.value).collect();
        assert_eq!(counts, [2.0, 0.0, 2.0, 1.0]);
        assert_eq!(
            (short(2048), short(3 << 20)),
            ("2k".to_string(), "3M".to_string())
        );
    }
}

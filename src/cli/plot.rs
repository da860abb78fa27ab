//! Charts of the analyses as SVG files, drawn with `plotters` (its SVG
//! backend only): `arena --plot` (`arena.rs`) and `survey --plot`
//! (`survey.rs`). Both are bar charts, drawn here: a bar a category, with
//! its confidence interval and a reference line where it has them.
//!
//! The text is drawn with plotters' own estimate of its width (no font is
//! read), so the same results give the same file everywhere.

pub(in crate::cli) mod arena;
pub(in crate::cli) mod survey;

use std::io::{self, Write};
use std::path::Path;

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use crate::cli::CliError;
use crate::cli::files::{Existing, write_file};
use crate::cli::setup::load::io_reason;

/// One bar of a chart.
#[derive(Clone, Debug)]
pub(in crate::cli) struct Bar {
    /// Its label under the axis.
    pub(in crate::cli) label: String,
    /// Its height.
    pub(in crate::cli) value: f64,
    /// The low and high ends of its confidence interval, if it has one.
    pub(in crate::cli) interval: Option<(f64, f64)>,
    /// A reference value drawn across it as a dashed line (a fair share).
    pub(in crate::cli) reference: Option<f64>,
    /// Its colour, `#rrggbb`.
    pub(in crate::cli) colour: &'static str,
    /// The text above it.
    pub(in crate::cli) note: String,
}

/// A panel of bars: its title, the axes' descriptions, the top of the
/// value axis, and whether values are shares (drawn as percentages).
pub(in crate::cli) struct Panel<'a> {
    pub(in crate::cli) title: &'a str,
    pub(in crate::cli) x_desc: &'a str,
    pub(in crate::cli) y_desc: &'a str,
    pub(in crate::cli) y_max: f64,
    pub(in crate::cli) shares: bool,
    pub(in crate::cli) bars: &'a [Bar],
    /// The legend's name for the reference lines.
    pub(in crate::cli) reference: &'a str,
}

/// The colour of `#rrggbb`, black if it is not one.
fn rgb(hex: &str) -> RGBColor {
    let channel = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0)
    };
    RGBColor(channel(1), channel(3), channel(5))
}

/// The colour of lines and text.
const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);

/// Draws `panel` on `area`.
pub(in crate::cli) fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
) -> Result<(), String> {
    let error = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let n = panel.bars.len() as u32;
    let mut builder = ChartBuilder::on(area);
    if !panel.title.is_empty() {
        builder.caption(panel.title, ("sans-serif", 17).into_font().color(&INK));
    }
    // Plotters' integer ranges hold their end: `0..n - 1` is n segments.
    let mut chart = builder
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d((0..n.saturating_sub(1)).into_segmented(), 0.0..panel.y_max)
        .map_err(error)?;
    let labels: Vec<String> = panel.bars.iter().map(|b| b.label.clone()).collect();
    let shares = panel.shares;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(panel.bars.len().max(1))
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_label_formatter(&|v| {
            if shares {
                format!("{:.0}%", v * 100.0)
            } else {
                format!("{v:.0}")
            }
        })
        .x_desc(panel.x_desc)
        .y_desc(panel.y_desc)
        .label_style(("sans-serif", 13).into_font().color(&INK))
        .axis_desc_style(("sans-serif", 14).into_font().color(&INK))
        .draw()
        .map_err(error)?;
    chart
        .draw_series(panel.bars.iter().enumerate().map(|(i, bar)| {
            let i = i as u32;
            let mut rect = Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), bar.value),
                ],
                rgb(bar.colour).filled(),
            );
            rect.set_margin(0, 0, 14, 14);
            rect
        }))
        .map_err(error)?;
    chart
        .draw_series(panel.bars.iter().enumerate().filter_map(|(i, bar)| {
            let (low, high) = bar.interval?;
            Some(ErrorBar::new_vertical(
                SegmentValue::CenterOf(i as u32),
                low,
                bar.value,
                high,
                INK.stroke_width(2),
                14,
            ))
        }))
        .map_err(error)?;
    let references: Vec<_> = panel
        .bars
        .iter()
        .enumerate()
        .filter_map(|(i, bar)| bar.reference.map(|r| (i as u32, r)))
        .collect();
    if !references.is_empty() {
        chart
            .draw_series(references.iter().map(|&(i, r)| {
                plotters::element::DashedPathElement::new(
                    vec![(SegmentValue::Exact(i), r), (SegmentValue::Exact(i + 1), r)],
                    6,
                    4,
                    INK.stroke_width(2),
                )
            }))
            .map_err(error)?
            .label(panel.reference)
            // Dashed as the line it stands for.
            .legend(|(x, y)| {
                plotters::element::DashedPathElement::new(
                    vec![(x, y), (x + 20, y)],
                    6,
                    4,
                    INK.stroke_width(2),
                )
            });
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.9))
            .border_style(INK)
            .label_font(("sans-serif", 13).into_font().color(&INK))
            .draw()
            .map_err(error)?;
    }
    chart
        .draw_series(panel.bars.iter().enumerate().map(|(i, bar)| {
            let top = bar.interval.map_or(bar.value, |(_, high)| high);
            Text::new(
                bar.note.clone(),
                (SegmentValue::CenterOf(i as u32), top),
                ("sans-serif", 13).into_font().color(&INK).pos(
                    plotters::style::text_anchor::Pos::new(
                        plotters::style::text_anchor::HPos::Center,
                        plotters::style::text_anchor::VPos::Bottom,
                    ),
                ),
            )
        }))
        .map_err(error)?;
    Ok(())
}

/// An SVG chart `size` pixels wide and high, drawn by `draw` on its area.
pub(in crate::cli) fn svg(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        draw(&root)?;
        root.present().map_err(|e| e.to_string())?;
    }
    text.push('\n');
    Ok(text)
}

/// Writes a chart to `path` (`--plot`), and says so on standard error
/// (standard output keeps the results, JSON or table, alone).
pub(in crate::cli) fn write(path: &Path, chart: Result<String, String>) -> Result<(), CliError> {
    let text = chart.map_err(|e| CliError::Runtime(format!("cannot draw the chart: {e}")))?;
    write_file(path, &text, Existing::Replace).map_err(|e| {
        CliError::Runtime(format!(
            "--plot: cannot write {}: {}",
            path.display(),
            io_reason(&e)
        ))
    })?;
    let _ = writeln!(io::stderr(), "{}", written_note(path));
    Ok(())
}

/// The line that says where a chart was written.
fn written_note(path: &Path) -> String {
    format!(
        "The chart is written to {}.",
        crate::text::shell_quote(path)
    )
}

/// A share as a percentage with one decimal.
pub(in crate::cli) fn percent(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}

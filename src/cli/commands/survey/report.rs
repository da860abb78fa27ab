//! The report of a sampled survey, as text or `--json`, worked out from
//! its settings and its boards' records alone: a run and `survey merge` of
//! its parts print it by the same code from the same records.

use serde::Serialize;

use super::part::{BoardRecord, Outcome, Settings};
use crate::ai::arena::wilson_interval;
use crate::analysis::group_digits;
use crate::text::count;

/// `survey --sample --json`: the sample, then its tallies.
#[derive(Serialize)]
struct SampleJson {
    size: u8,
    players: u8,
    max_dice: u8,
    first: String,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_limit: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes_limit: Option<u64>,
    boards: u64,
    wins: u64,
    losses: u64,
    ties: u64,
    unproven: u64,
    win_rate: Option<f64>,
    win_rate_ci95: (f64, f64),
    median_seconds: f64,
    max_seconds: f64,
}

/// The figures read from a sample's records.
struct Figures {
    wins: u64,
    losses: u64,
    ties: u64,
    unproven: u64,
    /// Wins among the proven boards, if any.
    rate: Option<f64>,
    interval: (f64, f64),
    median: f64,
    max: f64,
    slowest_seed: u64,
}

impl Figures {
    fn of(boards: &[BoardRecord]) -> Figures {
        let tally =
            |outcome: Outcome| boards.iter().filter(|b| b.outcome == outcome).count() as u64;
        let (wins, losses, ties) = (
            tally(Outcome::Win),
            tally(Outcome::Loss),
            tally(Outcome::Tie),
        );
        let proven = wins + losses + ties;
        let rate = (proven > 0).then(|| wins as f64 / proven as f64);
        let to_u32 = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        let interval = wilson_interval(to_u32(wins), to_u32(proven));
        let mut times: Vec<(f64, u64)> = boards
            .iter()
            .map(|b| (b.time().as_secs_f64(), b.seed))
            .collect();
        // Equal times in seed order, whatever order the records came in.
        times.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let median = times.get(times.len() / 2).map_or(0.0, |t| t.0);
        let (max, slowest_seed) = times.last().copied().unwrap_or_default();
        Figures {
            wins,
            losses,
            ties,
            unproven: tally(Outcome::Unproven),
            rate,
            interval,
            median,
            max,
            slowest_seed,
        }
    }
}

/// The report of `--json`: one line.
pub(super) fn json(settings: &Settings, boards: &[BoardRecord]) -> String {
    let f = Figures::of(boards);
    super::part::line(&SampleJson {
        size: settings.size,
        players: settings.players,
        max_dice: settings.max_dice,
        first: settings.first.clone(),
        seed: settings.seed,
        time_limit: settings.time_limit().map(|t| t.as_secs_f64()),
        nodes_limit: settings.nodes_limit,
        boards: settings.boards,
        wins: f.wins,
        losses: f.losses,
        ties: f.ties,
        unproven: f.unproven,
        win_rate: f.rate,
        win_rate_ci95: f.interval,
        median_seconds: f.median,
        max_seconds: f.max,
    })
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The report as text.
pub(super) fn text(settings: &Settings, boards: &[BoardRecord]) -> String {
    let f = Figures::of(boards);
    let first = &settings.first;
    let last = settings.seed_of(settings.boards.saturating_sub(1));
    let mut out = format!(
        "{} random {size}x{size} boards with at most {}, {first} moving first (seeds {} to {}):\n",
        group_digits(settings.boards),
        count(settings.max_dice, "die", "dice"),
        group_digits(settings.seed),
        group_digits(last),
        size = settings.size,
    );
    let limit = match (settings.time_limit(), settings.nodes_limit) {
        (_, Some(n)) => format!("{} each", count(n, "position", "positions")),
        (Some(t), None) => format!("{} s each", t.as_secs_f64()),
        (None, None) => "no limit".to_string(),
    };
    let rate = match f.rate {
        Some(rate) => format!(
            "{} of the proven boards (95% interval {} to {})",
            percent(rate),
            percent(f.interval.0),
            percent(f.interval.1)
        ),
        None => "none proven".to_string(),
    };
    let rows = [
        (format!("{first} wins"), group_digits(f.wins)),
        (format!("{first} loses"), group_digits(f.losses)),
        ("ties".to_string(), group_digits(f.ties)),
        (
            "unproven".to_string(),
            format!("{} (limit: {limit})", group_digits(f.unproven)),
        ),
        (format!("{first}'s win rate"), rate),
        (
            "proof times".to_string(),
            format!(
                "median {:.3} s, slowest {:.3} s (seed {})",
                f.median, f.max, f.slowest_seed
            ),
        ),
    ];
    let width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0) + 1;
    for (label, value) in rows {
        out.push_str(&format!("{:width$} {value}\n", format!("{label}:")));
    }
    out
}

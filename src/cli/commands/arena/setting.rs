//! What every arena report starts with, two opponents or a free-for-all:
//! the options it ran with, as JSON fields and as the table's heading,
//! and the columns of a win-rate row.

use serde::Serialize;

use super::ArenaArgs;
use crate::game::{RuleSet, Rules};
use crate::text::{COLUMNS, count, wrap_pieces};

/// The options an arena ran with (flattened into its JSON report).
#[derive(Serialize)]
pub(super) struct Setting {
    /// The rule set (left out for the classic rules).
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<&'static str>,
    /// Board side (absent on a map of territories).
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<u8>,
    /// The map of territories, when the boards are drawn on one.
    #[serde(skip_serializing_if = "Option::is_none")]
    map: Option<String>,
    /// Players per game.
    players: u8,
    /// Most dice per hexagon.
    max_dice: u8,
    /// Boards drawn.
    boards: u32,
    /// Games played (the boards times the players).
    games: u32,
    /// The seed.
    seed: u64,
    /// Think time per move, in seconds (absent with a node budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    think_time: Option<f64>,
    /// Search nodes per move (absent with a think time).
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    /// Whether the nodes are `chance`'s, each opponent given as long a
    /// think in its own (`--equal-time`; absent when not).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    equal_time: bool,
}

impl Setting {
    /// The options of an arena of `boards` boards and `games` games
    /// under `rules`, on `map` when it is drawn on a named one.
    pub(super) fn new(
        args: &ArenaArgs,
        rules: &Rules,
        boards: u32,
        games: u32,
        map: Option<String>,
    ) -> Setting {
        Setting {
            rules: (rules.set() != RuleSet::default()).then_some(rules.set().name()),
            size: map
                .is_none()
                .then(|| u8::try_from(rules.map().rows()).ok())
                .flatten(),
            map,
            players: rules.players(),
            max_dice: rules.max_dice(),
            boards,
            games,
            seed: args.seed,
            think_time: args
                .nodes
                .is_none()
                .then(|| args.think_time.time.map(|t| t.as_secs_f64()))
                .flatten(),
            nodes: args.nodes.and_then(|b| b.nodes),
            equal_time: args.equal_time && args.nodes.is_some(),
        }
    }

    /// The players per game.
    pub(super) fn players(&self) -> u8 {
        self.players
    }

    /// The table's heading, `title: ...`, on lines that fit 80 columns
    /// with each clause whole; `how` says how the seats were played.
    pub(super) fn heading(&self, title: &str, how: &str) -> String {
        let budget = match (self.nodes, self.think_time) {
            (Some(nodes), _) if self.equal_time => {
                format!("{} of chance's", count(nodes, "node", "nodes"))
            }
            (Some(nodes), _) => count(nodes, "node", "nodes"),
            (None, think) => format!("{} s", think.unwrap_or_default()),
        };
        let on = match (&self.map, self.size) {
            (Some(map), _) => format!("boards on a {map}"),
            (None, size) => format!("{size}x{size} boards", size = size.unwrap_or_default()),
        };
        let on = match self.rules {
            Some(set) => format!("{set} rules, {on}"),
            None => on,
        };
        let mut clauses = vec![
            format!("{title}: {on},"),
            format!("{} players,", self.players),
            format!("at most {},", count(self.max_dice, "die", "dice")),
            format!("seed {},", self.seed),
            format!(
                "{} x {} games ({how}),",
                count(self.boards, "board", "boards"),
                self.players
            ),
            format!("{budget} per move"),
        ];
        if self.equal_time {
            clauses.push("(as long a think for each)".to_string());
        }
        let mut out = wrap_pieces(clauses.iter().map(String::as_str), COLUMNS, "       ");
        out.push('\n');
        out
    }
}

/// The heading of the win-rate columns [`rate_cells`] fills.
pub(super) const RATE_HEADING: &str = "games  wins  losses  ties  win rate  95% CI";

/// One row's win-rate columns, under [`RATE_HEADING`].
pub(super) fn rate_cells(
    (games, wins, losses, ties): (u32, u32, u32, u32),
    win_rate: f64,
    (low, high): (f64, f64),
) -> String {
    format!(
        "{games:>5} {wins:>5} {losses:>7} {ties:>5} {:>8.1}%  {:>5.1}%-{:>5.1}%",
        win_rate * 100.0,
        low * 100.0,
        high * 100.0,
    )
}

/// The heading of the think-time columns [`time_cells`] fills.
pub(super) const TIME_HEADING: &str = "mean move  median move  worst move";

/// One row's think times, in milliseconds, under [`TIME_HEADING`].
pub(super) fn time_cells(mean: f64, median: f64, worst: f64) -> String {
    format!(
        "{:>6} ms  {:>8} ms  {:>7} ms",
        millis(mean),
        millis(median),
        millis(worst)
    )
}

/// A time in milliseconds for the table: one decimal from 1 ms up, two
/// significant digits below (`0.043`) down to a tenth of a microsecond
/// (`0.0005`), so that fast moves do not read 0 and the column stays
/// aligned.
fn millis(ms: f64) -> String {
    if ms >= 1.0 || ms <= 0.0 || !ms.is_finite() {
        return format!("{ms:.1}");
    }
    // 0.5 has its first significant digit 1 place after the point, 0.04 two.
    let first = (-ms.log10()).ceil().max(1.0);
    let decimals = (first as usize + 1).min(4);
    format!("{ms:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_times_under_a_millisecond_keep_two_digits() {
        let cases = [
            (0.0, "0.0"),
            (0.04, "0.040"),
            (0.0431, "0.043"),
            (0.5, "0.50"),
            (0.0012, "0.0012"),
            (0.000_46, "0.0005"),
            (0.000_000_1, "0.0000"),
            (1.0, "1.0"),
            (26.04, "26.0"),
            (1004.0, "1004.0"),
        ];
        for (ms, shown) in cases {
            assert_eq!(millis(ms), shown, "{ms}");
        }
    }
}

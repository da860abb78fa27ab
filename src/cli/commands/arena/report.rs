//! What `arena` prints, two sides or a free-for-all: one report, as a
//! table or as JSON. Two sides are rows `A` and `B` (under `sides`), with
//! more than two players the fair shares, the games' length and side A's
//! results from each seat; a free-for-all is a row an opponent (under
//! `ais`), the fair share and the games' length.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::setting::{RATE_HEADING, Setting, TIME_HEADING, rate_cells, time_cells};
use crate::ai::arena::{ArenaResult, Lineup, OpponentResult, SeatResult};

/// An arena's report: the options it ran with and the results.
#[derive(serde::Serialize)]
pub(super) struct Report<'a> {
    /// The options the arena ran with.
    #[serde(flatten)]
    setting: Setting,
    /// Two sides: side A, then side B.
    #[serde(skip_serializing_if = "Option::is_none")]
    sides: Option<Vec<Row<'a>>>,
    /// A free-for-all: each opponent, in the order `--seats` names them.
    #[serde(skip_serializing_if = "Option::is_none")]
    ais: Option<Vec<Row<'a>>>,
    /// The mean length of the games, in turns (not for two players on
    /// two sides).
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_turns: Option<f64>,
    /// Their median length, in turns (as `mean_turns`).
    #[serde(skip_serializing_if = "Option::is_none")]
    median_turns: Option<f64>,
    /// Two sides of more than two players: side A's results from each
    /// seat of the turn order, the first player's first.
    #[serde(skip_serializing_if = "Option::is_none")]
    seats: Option<&'a [SeatResult]>,
}

/// One opponent's row.
pub(super) struct Row<'a> {
    /// Its side's letter, for two sides.
    side: Option<char>,
    result: &'a OpponentResult,
    /// Its fair share, where it is told (not for two players on two
    /// sides, where it is a half for both).
    fair_share: Option<f64>,
}

impl<'a> Report<'a> {
    /// The report of `result`, played by `lineup` with `setting`.
    pub(super) fn new(setting: Setting, lineup: &Lineup, result: &'a ArenaResult) -> Report<'a> {
        let sides = matches!(lineup, Lineup::Sides(_));
        let many = setting.players() > 2;
        let rows = result
            .opponents
            .iter()
            .zip('A'..)
            .map(|(result, side)| Row {
                side: sides.then_some(side),
                result,
                fair_share: (many || !sides).then_some(result.fair_share),
            })
            .collect();
        let summary = many || !sides;
        let (sides, ais) = if sides {
            (Some(rows), None)
        } else {
            (None, Some(rows))
        };
        Report {
            setting,
            seats: (many && sides.is_some()).then_some(&result.seats[..]),
            sides,
            ais,
            mean_turns: summary.then_some(result.mean_turns),
            median_turns: summary.then_some(result.median_turns),
        }
    }

    fn rows(&self) -> &[Row<'a>] {
        self.sides.as_deref().or(self.ais.as_deref()).unwrap_or(&[])
    }
}

/// The fields in the order each report has always had them: a side's
/// times mean, worst, median; an opponent's of a free-for-all mean,
/// median, worst.
impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let r = self.result;
        let mut row = serializer.serialize_struct("Row", 13)?;
        if let Some(side) = self.side {
            row.serialize_field("side", &side)?;
        }
        row.serialize_field("ai", &r.ai)?;
        row.serialize_field("games", &r.games)?;
        row.serialize_field("wins", &r.wins)?;
        row.serialize_field("losses", &r.losses)?;
        row.serialize_field("ties", &r.ties)?;
        row.serialize_field("win_rate", &r.win_rate)?;
        row.serialize_field("win_rate_ci95", &r.win_rate_ci95)?;
        if let Some(fair_share) = self.fair_share {
            row.serialize_field("fair_share", &fair_share)?;
        }
        row.serialize_field("moves", &r.moves)?;
        let times = [
            ("mean_move_ms", r.mean_move_ms),
            ("median_move_ms", r.median_move_ms),
            ("worst_move_ms", r.worst_move_ms),
        ];
        let order = if self.side.is_some() {
            [0, 2, 1]
        } else {
            [0, 1, 2]
        };
        for (name, value) in order.map(|i| times[i]) {
            if let Some(ms) = value {
                row.serialize_field(name, &ms)?;
            }
        }
        row.end()
    }
}

/// The report as a table; with a node budget, without the think times.
pub(super) fn table(report: &Report) -> String {
    let players = report.setting.players();
    let rows = report.rows();
    let sides = report.sides.is_some();
    let (title, how) = match (sides, players) {
        (false, _) => ("free-for-all", "seats rotated"),
        (true, 2) => ("arena", "sides swapped"),
        (true, _) => ("arena", "side A in each seat"),
    };
    let mut out = report.setting.heading(title, how);
    // The names' column: 8 wide, wider for a longer name (`defensive`).
    let w = rows.iter().map(|r| r.result.ai.len()).fold(8, usize::max);
    // Two sides have a column of their letters.
    let side = if sides { "side  " } else { "" };
    let label = |row: &Row| row.side.map_or_else(String::new, |s| format!("{s:<5} "));
    out.push_str(&format!("{side}{:<w$} {RATE_HEADING}\n", "ai"));
    for row in rows {
        let r = row.result;
        out.push_str(&format!(
            "{}{:<w$} {}\n",
            label(row),
            r.ai,
            rate_cells(
                (r.games, r.wins, r.losses, r.ties),
                r.win_rate,
                r.win_rate_ci95
            ),
        ));
    }
    if let (Some(mean), Some(median)) = (report.mean_turns, report.median_turns) {
        let shares: Vec<String> = rows
            .iter()
            .filter_map(|row| Some((row.side?, row.fair_share?)))
            .map(|(side, share)| format!("side {side} {:.1}%", share * 100.0))
            .collect();
        let fair = if shares.is_empty() {
            let each = rows.first().and_then(|r| r.fair_share).unwrap_or_default();
            format!("{:.1}% each (ties: games won together)", each * 100.0)
        } else {
            shares.join(", ")
        };
        out.push_str(&format!(
            "fair share: {fair}\n\
             game length: {mean:.1} turns on average, median {median:.1}\n"
        ));
    }
    if let (Some(seats), Some(first)) = (report.seats, rows.first()) {
        out.push_str(&seat_table(&first.result.ai, seats));
    }
    // The times per move in a table of their own, to fit 80 columns.
    let times: Vec<_> = rows
        .iter()
        .filter_map(|row| {
            let r = row.result;
            Some((row, r.mean_move_ms?, r.median_move_ms?, r.worst_move_ms?))
        })
        .collect();
    if !times.is_empty() {
        out.push_str(&format!("\n{side}{:<w$} {TIME_HEADING}\n", "ai"));
    }
    for (row, mean, median, worst) in times {
        out.push_str(&format!(
            "{}{:<w$} {}\n",
            label(row),
            row.result.ai,
            time_cells(mean, median, worst)
        ));
    }
    out
}

/// Side A's (`ai`'s) results from each seat of the turn order.
fn seat_table(ai: &str, seats: &[SeatResult]) -> String {
    let mut out = format!(
        "\nside A ({ai}) by seat (1st moves first), turns a game: mean and median\n\
         {:<43}{:<13}{:>8}{:>7}{:>8}\n",
        "seat  games  wins  losses  ties  win rate", "95% CI", "fair", "turns", "median"
    );
    for seat in seats {
        out.push_str(&format!(
            "{:<5} {:>5} {:>5} {:>7} {:>5} {:>8.1}%  {:>5.1}%-{:>5.1}%  {:>5.1}% {:>6.1} {:>7.1}\n",
            ordinal(seat.seat),
            seat.games,
            seat.wins,
            seat.losses,
            seat.ties,
            seat.win_rate * 100.0,
            seat.win_rate_ci95.0 * 100.0,
            seat.win_rate_ci95.1 * 100.0,
            seat.fair_share * 100.0,
            seat.mean_turns,
            seat.median_turns,
        ));
    }
    out
}

/// `1st`, `2nd`, `3rd`, `4th`, ... (to 8).
fn ordinal(n: u8) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_and_an_opponent_of_a_free_for_all_keep_their_fields_order() {
        let mut result = OpponentResult::default();
        result.ai = "greedy".into();
        (
            result.mean_move_ms,
            result.median_move_ms,
            result.worst_move_ms,
        ) = (Some(1.0), Some(2.0), Some(3.0));
        let side = Row {
            side: Some('A'),
            result: &result,
            fair_share: None,
        };
        let common = r#""ai":"greedy","games":0,"wins":0,"losses":0,"ties":0,"win_rate":0.0,"win_rate_ci95":[0.0,0.0]"#;
        assert_eq!(
            serde_json::to_string(&side).unwrap(),
            format!(
                r#"{{"side":"A",{common},"moves":0,"mean_move_ms":1.0,"worst_move_ms":3.0,"median_move_ms":2.0}}"#
            )
        );
        let ai = Row {
            side: None,
            result: &result,
            fair_share: Some(0.5),
        };
        assert_eq!(
            serde_json::to_string(&ai).unwrap(),
            format!(
                r#"{{{common},"fair_share":0.5,"moves":0,"mean_move_ms":1.0,"median_move_ms":2.0,"worst_move_ms":3.0}}"#
            )
        );
    }
}

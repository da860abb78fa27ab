//! Writing a record: `Display` gives the text that [`Record::parse`] reads
//! back.

use std::fmt;

use super::header::TERRITORIES;
use super::{Record, VERSION_LINE};
use crate::game::{DealChoice, MapKind, Move, Player, PlayerSet, Position, Rules, territory_char};

/// How a game stands after its moves, as the `result` tag says it:
/// `b wins`, `a and b tie`, or `unfinished`.
fn result_text(rules: &Rules, end: &Position) -> String {
    if end.is_game_over(rules) {
        winners_text(end.winners())
    } else {
        "unfinished".to_string()
    }
}

/// `b wins`, or `a and b tie`.
pub(super) fn winners_text(winners: PlayerSet) -> String {
    if winners.len() == 1 {
        format!("{winners} wins")
    } else {
        format!("{winners} tie")
    }
}

/// A move as a record writes it: `a: 3 -> 7`, `a: end turn`.
pub(super) fn move_line(player: Player, mv: Move) -> String {
    format!("{player}: {mv}")
}

/// A tag's free text on one line, with no `#` (which starts a comment).
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c == '#' || c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = &self.rules;
        writeln!(f, "{VERSION_LINE}")?;
        for comment in &self.tags.comments {
            // One line each, whatever a caller put there.
            let comment: String = comment.chars().filter(|c| !c.is_control()).collect();
            writeln!(f, "#{comment}")?;
        }
        writeln!(f, "rules: {}", rules.set())?;
        match rules.map().kind() {
            MapKind::Territories => writeln!(f, "map: {TERRITORIES}")?,
            MapKind::Rhombus | MapKind::Offset => writeln!(f, "map: {}", rules.map())?,
        }
        writeln!(f, "players: {}", rules.players())?;
        writeln!(f, "max-dice: {}", rules.max_dice())?;
        writeln!(f, "first: {}", self.start.player())?;
        for (player, seat) in Player::all(rules.players()).zip(&self.seats) {
            writeln!(f, "player {player}: {seat}")?;
        }
        if let Some(seed) = self.tags.seed {
            writeln!(f, "seed: {seed}")?;
        }
        if let Some(date) = self.tags.date {
            writeln!(f, "date: {date}")?;
        }
        if let Some(event) = &self.tags.event {
            let event = one_line(event);
            if !event.is_empty() {
                writeln!(f, "event: {event}")?;
            }
        }
        if self.tags.practice {
            writeln!(f, "practice: yes")?;
        }
        if self.tags.deal != DealChoice::Book {
            writeln!(f, "deal: {}", self.tags.deal)?;
        }
        writeln!(f, "result: {}", result_text(rules, &self.end))?;
        writeln!(f, "board:")?;
        let board = self.start.board();
        match rules.map().grid() {
            Some(grid) => {
                // As a map file: the map, then each territory's owner and dice.
                f.write_str(&grid.write_with("", |_, c| c.to_string()))?;
                for t in 0..rules.map().len() {
                    let name = territory_char(t).unwrap_or('?');
                    writeln!(f, "{name} {}", board.cell(t))?;
                }
            }
            None => write!(f, "{}", board.on(rules.map()))?,
        }
        writeln!(f, "moves:")?;
        for (position, play) in self.positions().zip(&self.moves) {
            write!(f, "{}", move_line(position.player(), play.mv))?;
            if let Some(roll) = play.roll {
                write!(f, " rolls {}", roll.faces())?;
            }
            if !play.placed.cells().is_empty() {
                write!(f, " {}", play.placed)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

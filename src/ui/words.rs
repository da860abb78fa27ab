//! Every sentence the user reads that the line mode and the full-screen
//! game share: what a move did, how the game ended, what an undo took
//! back, a chance in words.

use crate::game::{Event, Map, MapKind, Move, Player, PlayerSet, Rules};

/// What the cells of a game are called where the player reads them: a
/// map's are territories, a board of hexagons' are cells. Every sentence
/// that names one asks this, so that a map of territories never speaks of
/// cells (nor a board of hexagons of territories).
///
/// ```text
/// Cells::of(&map).one()    -> "territory" | "cell"
/// Cells::of(&map).count(3) -> "3 territories" | "3 cells"
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cells {
    territories: bool,
}

impl Cells {
    /// The words of `map`'s cells.
    pub(crate) fn of(map: &Map) -> Cells {
        Cells {
            territories: map.kind() == MapKind::Territories,
        }
    }

    /// One of them: `territory` or `cell`.
    pub(crate) fn one(self) -> &'static str {
        if self.territories {
            "territory"
        } else {
            "cell"
        }
    }

    /// More than one: `territories` or `cells`.
    pub(crate) fn many(self) -> &'static str {
        if self.territories {
            "territories"
        } else {
            "cells"
        }
    }

    /// One of them at the start of a sentence: `Territory` or `Cell`.
    pub(crate) fn capital(self) -> &'static str {
        if self.territories {
            "Territory"
        } else {
            "Cell"
        }
    }

    /// `n` of them: `1 territory`, `4 cells`.
    pub(crate) fn count(self, n: usize) -> String {
        crate::text::count(n, self.one(), self.many())
    }

    /// `text` (a rule set's own words) in these words: each whole word
    /// `cell`, `cells`, `territory` or `territories` (capitalised or not)
    /// made this map's, so that the rules in short speak of the map played.
    pub(crate) fn say(self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            let swapped = match word.as_str() {
                "cell" | "territory" => Some(self.one()),
                "cells" | "territories" => Some(self.many()),
                "Cell" | "Territory" => Some(self.capital()),
                "Cells" | "Territories" => Some(if self.territories {
                    "Territories"
                } else {
                    "Cells"
                }),
                _ => None,
            };
            out.push_str(swapped.unwrap_or(word));
            word.clear();
        };
        for c in text.chars() {
            if c.is_alphanumeric() {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }
}

/// What a move did, as the line mode prints it, under the rule sets other
/// than the classic one: `a: 3 -> 7 rolls 4+6+2 = 12 against 5+1 = 6:
/// taken`; `a: end turn: places 2 dice (0, 4)`, with what is left in the
/// pool or stock.
pub(crate) fn event_line(rules: &Rules, player: Player, mv: Move, event: &Event) -> Option<String> {
    if rules.plain() {
        return None;
    }
    Some(match event {
        Event::Attack { roll: Some(_), .. } => format!("{player}: {mv} {event}"),
        Event::Attack { .. } => return None,
        Event::Pass { left, .. } => {
            let what = match rules.policy().supply {
                crate::game::Supply::SharedPool(_) => "in the pool",
                crate::game::Supply::Stock(_) => "in stock",
                _ => "",
            };
            let event = event.to_string();
            let event = match left {
                Some(_) => event.replacen(" left", &format!(" left {what}"), 1),
                None => event,
            };
            format!("{player}: {mv}: {event}")
        }
    })
}

/// Why an undo is refused under dice against the computer (see
/// [`crate::session::Event::UndoRefused`]).
pub(crate) const UNDO_REFUSED: &str = "No undo: against the computer a roll once shown \
     stands (a practice game, --practice, allows it).";

/// A chance as a whole percentage that never rounds a possible outcome
/// away: `84%`, `>99%`, `<1%`, `100%` only for a sure thing.
pub(crate) fn percent(p: f64) -> String {
    if p >= 1.0 {
        "100%".to_string()
    } else if p >= 0.995 {
        ">99%".to_string()
    } else if p <= 0.0 {
        "0%".to_string()
    } else if p < 0.005 {
        "<1%".to_string()
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

/// What the transcript says of a computer's move.
pub(crate) fn computer_move_text(player: Player, mv: Move) -> String {
    match mv {
        Move::Pass => format!("{player} ends turn"),
        Move::Attack { .. } => format!("{player} plays {mv}"),
    }
}

/// The plays from `from` on of a game, as their lines (`a: 2 -> 3, a: end
/// turn`): `players` is the player to move before each play.
pub(crate) fn moves_text(players: impl IntoIterator<Item = (Player, Move)>) -> String {
    players
        .into_iter()
        .map(|(player, mv)| format!("{player}: {mv}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What an undo says in the line mode: `Taken back: a: 2 -> 3.`
pub(crate) fn taken_back(moves: &str) -> String {
    format!("Taken back: {moves}.")
}

/// What a redo says in the line mode: `Played again: a: 2 -> 3.`
pub(crate) fn played_again(moves: &str) -> String {
    format!("Played again: {moves}.")
}

/// Why the game ended: `b cannot attack: the game is over`, where b is
/// the player to move in the final position.
pub fn game_over(player: Player) -> String {
    format!("{player} cannot attack: the game is over")
}

/// Why the game is over at `at`: no cell changed hands for a while, one
/// player holds every cell (under the rules that play to the last one
/// standing), or the player to move cannot attack; a map's cells called
/// territories ([`Cells`]).
pub fn game_over_why(rules: &crate::game::Rules, at: &crate::game::Position) -> String {
    let cells = Cells::of(rules.map());
    if at.is_stalled(rules) {
        format!(
            "No {} changed hands in {} whole rounds: the game is over",
            cells.one(),
            crate::game::QUIET_ROUNDS
        )
    } else if rules.policy().ending == crate::game::Ending::LastStanding {
        format!(
            "{} holds every {}: the game is over",
            at.winners(),
            cells.one()
        )
    } else {
        game_over(at.player())
    }
}

/// Why the game is over, in the full-screen game's words, with the rule
/// of the rule set that ended it: `c has no cells: under Land of Lisp's
/// last rules the game ends when the player to move cannot act` (the line
/// mode keeps Land of Lisp's `cannot attack`); a map's cells called
/// territories ([`Cells`]).
pub fn game_over_plain(rules: &crate::game::Rules, at: &crate::game::Position) -> String {
    let summary = rules.set().spec().summary;
    let name = summary.split(':').next().unwrap_or(summary);
    let player = at.player();
    let cells = Cells::of(rules.map());
    let (one, many) = (cells.one(), cells.many());
    if at.is_stalled(rules) {
        format!(
            "No {one} changed hands in {} whole rounds: under {name} the game then ends, \
             the most {many} winning",
            crate::game::QUIET_ROUNDS
        )
    } else if rules.policy().ending == crate::game::Ending::LastStanding {
        format!(
            "{} holds every {one}: under {name} the game ends when one player holds them all",
            at.winners()
        )
    } else if at.board().owned_by(player).next().is_none() {
        format!(
            "{player} has no {many}: under {name} the game ends when the player to move \
             cannot act"
        )
    } else {
        format!(
            "{player} cannot attack: under {name} the game ends when the player to move \
             cannot attack"
        )
    }
}

/// The end of the game: `The winner is b` or `The game is a tie between a and b`.
pub fn result(winners: PlayerSet) -> String {
    if winners.len() == 1 {
        format!("The winner is {winners}")
    } else {
        format!("The game is a tie between {winners}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_name_winners_and_ties() {
        let set = |s: &str| -> PlayerSet { s.chars().filter_map(Player::from_letter).collect() };
        assert_eq!(result(set("b")), "The winner is b");
        assert_eq!(result(set("ab")), "The game is a tie between a and b");
        assert_eq!(result(set("abd")), "The game is a tie between a, b and d");
        assert_eq!(game_over(Player::B), "b cannot attack: the game is over");
    }

    #[test]
    fn the_end_is_said_in_the_rule_sets_words() {
        use crate::game::{Map, Position, RuleSet};
        // c, to move, has no cells left under Land of Lisp's last rules.
        let map = Map::rhombus(2).unwrap();
        let rules = Rules::of(RuleSet::Lol4, map, 3, 3).unwrap();
        let board = "a-2 b-1 / a-1 b-2".parse().unwrap();
        let c = Player::new(2).unwrap();
        let at = Position::start(&rules, board, c).unwrap();
        assert_eq!(
            game_over_plain(&rules, &at),
            "c has no cells: under Land of Lisp's last rules the game ends when the \
             player to move cannot act"
        );
        let classic = Rules::classic(2, 2, 3).unwrap();
        let board = "a-1 b-1 / b-1 a-1".parse().unwrap();
        let at = Position::start(&classic, board, Player::A).unwrap();
        assert_eq!(
            game_over_plain(&classic, &at),
            "a cannot attack: under Land of Lisp's first rules the game ends when the player \
             to move cannot attack"
        );
    }

    #[test]
    fn a_map_speaks_of_territories_and_a_board_of_cells() {
        use crate::game::{Grid, Map};
        let board = Cells::of(&Map::rhombus(3).unwrap());
        let mut grid = Grid::new(2, 2).unwrap();
        for (x, y, t) in [(0, 0, 0), (1, 0, 1), (0, 1, 0), (1, 1, 1)] {
            grid.set(x, y, Some(t));
        }
        let map = Cells::of(&Map::territories(grid).unwrap());
        assert_eq!(
            (board.one(), board.many(), board.capital()),
            ("cell", "cells", "Cell")
        );
        assert_eq!(
            (map.one(), map.many(), map.capital()),
            ("territory", "territories", "Territory")
        );
        assert_eq!(
            (map.count(1), board.count(4)),
            ("1 territory".into(), "4 cells".into())
        );
        let rule = "- Attack from a cell of yours into an enemy cell. Most cells wins; cancelled.";
        assert_eq!(
            map.say(rule),
            "- Attack from a territory of yours into an enemy territory. Most territories \
             wins; cancelled."
        );
        assert_eq!(
            board.say("A player with no territory is out. Territories: 3"),
            "A player with no cell is out. Cells: 3"
        );
    }

    #[test]
    fn chances_never_round_an_outcome_away() {
        let cases = [
            (1.0, "100%"),
            (0.999, ">99%"),
            (0.995, ">99%"),
            (0.994, "99%"),
            (0.837963, "84%"),
            (0.5, "50%"),
            (0.006, "1%"),
            (0.004, "<1%"),
            (0.0, "0%"),
        ];
        for (p, text) in cases {
            assert_eq!(percent(p), text, "{p}");
        }
    }
}

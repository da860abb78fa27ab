//! Every sentence the user reads that the line mode and the full-screen
//! game share: what a move did, how the game ended, what an undo took
//! back, a chance in words.

use crate::game::{Event, Move, Player, PlayerSet, Rules};

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
/// standing), or the player to move cannot attack.
pub fn game_over_why(rules: &crate::game::Rules, at: &crate::game::Position) -> String {
    if at.is_stalled(rules) {
        format!(
            "No cell changed hands in {} whole rounds: the game is over",
            crate::game::QUIET_ROUNDS
        )
    } else if rules.policy().ending == crate::game::Ending::LastStanding {
        format!("{} holds every cell: the game is over", at.winners())
    } else {
        game_over(at.player())
    }
}

/// Why the game is over, in the full-screen game's words, with the rule
/// of the rule set that ended it: `c has no cells: under Land of Lisp's
/// last rules the game ends when the player to move cannot act` (the line
/// mode keeps Land of Lisp's `cannot attack`).
pub fn game_over_plain(rules: &crate::game::Rules, at: &crate::game::Position) -> String {
    let summary = rules.set().spec().summary;
    let name = summary.split(':').next().unwrap_or(summary);
    let player = at.player();
    if at.is_stalled(rules) {
        format!(
            "No cell changed hands in {} whole rounds: under {name} the game then ends, \
             the most cells winning",
            crate::game::QUIET_ROUNDS
        )
    } else if rules.policy().ending == crate::game::Ending::LastStanding {
        format!(
            "{} holds every cell: under {name} the game ends when one player holds them all",
            at.winners()
        )
    } else if at.board().owned_by(player).next().is_none() {
        format!(
            "{player} has no cells: under {name} the game ends when the player to move \
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

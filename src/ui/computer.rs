//! The computer at the table: the opponents that move some players and
//! rate the moves for hints, for the line-mode game and as the full-screen
//! game's [`ComputerPlayer`] and [`HintProvider`].

mod verdict;

use super::state::{ComputerPlayer, Hint, HintProvider};
use super::words::percent;
use crate::ai::{Analysis, Budget, Strategy};
use crate::game::{Battle, Move, Player, Position, Rules};
pub(crate) use verdict::LEGEND as HINT_LEGEND;

/// The chance that an attack takes its target, from the exact odds of its
/// battle, under rules that roll dice; `None` for a pass or a sure attack.
pub(crate) fn attack_chance(rules: &Rules, position: &Position, mv: Move) -> Option<f64> {
    match position.outcomes(rules, mv) {
        Ok(Some(outcomes)) if outcomes.len() == 2 => Some(outcomes[0].probability),
        _ => None,
    }
}

/// What works out hints, in words, for the full-screen game's message
/// while it does: `search, up to 20 s`, `search, up to 1,000 nodes`.
pub fn hints_text(name: &str, budget: Budget) -> String {
    let limit = match (budget.time, budget.nodes) {
        (_, Some(nodes)) => format!("up to {}", crate::text::count(nodes, "node", "nodes")),
        (Some(time), None) => format!("up to {} s", time.as_secs_f64()),
        (None, None) => "no limit".to_string(),
    };
    format!("{name}, {limit}")
}

pub use crate::session::Seats as Computers;

impl ComputerPlayer for Computers {
    /// The move of the opponent seated for the player to move, within the
    /// budget; `None` if the computer does not move this player.
    fn choose(&mut self, rules: &Rules, position: &Position) -> Option<Move> {
        let (ai, budget) = self.seat(position.player())?;
        ai.choose(rules, position, budget)
    }

    fn fall_back(&mut self, player: Player, why: String) -> Option<crate::session::FellBack> {
        Computers::fall_back(self, player, why)
    }
}

pub use crate::session::seats_of as seats;

/// The hint text: every move with its rating in words ([`verdict`]:
/// `best`, `good`, `risky`, `wins (proven)`...), the computer's choice,
/// and what the words mean; under rules that roll dice, each attack's
/// chance of taking its target before its rating (`1. 0 -> 1      84%
/// best`), the numbers right-aligned (` 9.` above `10.`).
pub(crate) fn hint_text(
    name: &str,
    analysis: &Analysis,
    rules: &Rules,
    position: &Position,
) -> String {
    let dice = rules.policy().battle == Battle::Dice;
    let mut out = if dice {
        format!("hints ({name}; %: the chance that the attack takes its target):\n")
    } else {
        format!("hints ({name}):\n")
    };
    // The numbers right-aligned, so that the columns stay put past 9.
    let width = analysis.moves.len().to_string().len();
    let words = verdict::verdicts(analysis);
    for ((i, m), words) in analysis.moves.iter().enumerate().zip(&words) {
        let mark = if i == analysis.choice {
            "  <- the computer's choice"
        } else {
            ""
        };
        let chance = match attack_chance(rules, position, m.mv) {
            Some(p) => format!("{:>4}  ", percent(p)),
            None if dice => " ".repeat(6),
            None => String::new(),
        };
        out.push_str(&format!(
            "{:>width$}. {:<10} {chance}{words}{mark}\n",
            i + 1,
            m.mv.to_string(),
        ));
    }
    out.push_str(HINT_LEGEND);
    out.push('\n');
    if let Some(mv) = analysis.chosen() {
        out.push_str(&format!(
            "The computer would choose {} ({mv}).\n",
            analysis.choice + 1
        ));
    }
    out
}

/// A computer opponent rating moves for the full-screen game's hint key,
/// each rating in words ([`verdict`]).
pub(crate) struct StrategyHints {
    /// The opponent: the rule set's rater ([`crate::ai::AiKind::rater`]).
    pub(crate) ai: Box<dyn Strategy>,
    /// Its think time per hint.
    pub(crate) budget: Budget,
}

impl HintProvider for StrategyHints {
    fn hints(&mut self, rules: &Rules, position: &Position) -> Option<Vec<Hint>> {
        let analysis = self.ai.analyse(rules, position, self.budget, true)?;
        let words = verdict::verdicts(&analysis);
        Some(
            analysis
                .moves
                .iter()
                .zip(words)
                .enumerate()
                .map(|(i, (m, rating))| Hint {
                    mv: m.mv,
                    rating,
                    best: i == analysis.choice,
                    chance: attack_chance(rules, position, m.mv),
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiKind;
    use crate::game::Player;

    #[test]
    fn the_hints_say_what_they_cost() {
        let time = Budget::time(std::time::Duration::from_secs(20));
        assert_eq!(hints_text("search", time), "search, up to 20 s");
        let half = Budget::time(std::time::Duration::from_millis(500));
        assert_eq!(hints_text("lol", half), "lol, up to 0.5 s");
        let nodes = Budget::nodes(1000);
        assert_eq!(hints_text("search", nodes), "search, up to 1,000 nodes");
        assert_eq!(
            hints_text("perfect", Budget::UNLIMITED),
            "perfect, no limit"
        );
    }

    #[test]
    fn the_full_screen_hints_come_from_the_computer() {
        let rules = Rules::classic(2, 2, 3).unwrap();
        let start =
            Position::start(&rules, "a-3 b-2 / b-2 b-1".parse().unwrap(), Player::A).unwrap();
        let mut hints = StrategyHints {
            ai: AiKind::Perfect.build(0),
            budget: Budget::UNLIMITED,
        };
        let rated = hints.hints(&rules, &start).unwrap();
        let moves: Vec<Move> = rated.iter().map(|h| h.mv).collect();
        assert_eq!(moves, start.moves(&rules));
        assert_eq!(rated[0].rating, "wins (proven)");
        assert!(rated[0].best);
        assert_eq!(rated.iter().filter(|h| h.best).count(), 1);
    }

    /// Land of Lisp's last rules on a 2x2 board: `a` can attack 0 -> 2 (2
    /// dice against 2: a tie is 146 of 1,296 rolls, so a win is half of the
    /// rest, 575 of 1,296) or 0 -> 1 (2 dice against 1: 181 of 216).
    fn lol4() -> (Rules, Position) {
        let rules = Rules::of(
            "lol4".parse().unwrap(),
            crate::game::Map::rhombus(2).unwrap(),
            2,
            5,
        )
        .unwrap();
        let board = "a-2 b-1 / b-2 a-1".parse().unwrap();
        let start = Position::start(&rules, board, Player::A).unwrap();
        (rules, start)
    }

    #[test]
    fn the_line_mode_hints_under_dice_give_each_attack_s_chance() {
        let (rules, start) = lol4();
        let kind = AiKind::rater(rules.set());
        let analysis = kind
            .build(0)
            .analyse(&rules, &start, Budget::UNLIMITED, true)
            .unwrap();
        let text = hint_text(kind.name(), &analysis, &rules, &start);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "hints (chance; %: the chance that the attack takes its target):"
        );
        assert_eq!(
            lines[1],
            "1. 0 -> 2      44%  best  <- the computer's choice"
        );
        assert_eq!(lines[2], "2. 0 -> 1      84%  risky", "{text}");
        assert_eq!(lines[3..5].join("\n"), HINT_LEGEND);
        assert!(
            lines.iter().all(|line| line.chars().count() <= 80),
            "{text}"
        );
        assert!(!text.contains("exact"), "{text}");
        assert!(text.contains("<- the computer's choice"), "{text}");
        // The classic rules keep the book's hints, with no chances.
        let classic = Rules::classic(2, 2, 3).unwrap();
        let start =
            Position::start(&classic, "a-3 b-2 / b-2 b-1".parse().unwrap(), Player::A).unwrap();
        let analysis = AiKind::Perfect
            .build(0)
            .analyse(&classic, &start, Budget::UNLIMITED, true)
            .unwrap();
        let text = hint_text("perfect", &analysis, &classic, &start);
        assert!(
            text.starts_with("hints (perfect):\n1. 0 -> 2     wins (proven)  <- "),
            "{text}"
        );
        assert!(!text.contains('%'), "{text}");
    }

    #[test]
    fn the_full_screen_hints_under_dice_carry_each_attack_s_chance() {
        let (rules, start) = lol4();
        let mut hints = StrategyHints {
            ai: AiKind::rater(rules.set()).build(0),
            budget: Budget::UNLIMITED,
        };
        let rated = hints.hints(&rules, &start).unwrap();
        let chances: Vec<Option<String>> = rated
            .iter()
            .map(|h| h.chance.map(|p| format!("{p:.6}")))
            .collect();
        assert_eq!(
            chances,
            [Some("0.443673".to_string()), Some("0.837963".to_string())]
        );
        let words: Vec<&str> = rated.iter().map(|h| h.rating.as_str()).collect();
        assert_eq!(words, ["best", "risky"]);
    }
}

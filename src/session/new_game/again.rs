//! The command that plays a new game again: the options that give its
//! board or map (a seed with a size, a random map's shape, a board or map
//! file) with the rule set, the numbers that differ from the rule set's own
//! and the computer's seats, opponent and budget as they were asked for.
//! The line mode, the full-screen game's summary and the new-game screen
//! all name it from here.

use super::{Board, ComputerSeats, NewGame, Seating};
use crate::ai::{AiKind, Budget};
use crate::game::{DealChoice, Player, RuleSet};

/// How to play a game again: what it is played on, and the command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayAgain {
    /// `"board"` or `"map"`.
    pub what: &'static str,
    /// The command's words after the program's name, unquoted:
    /// `--seed 7 --size 4 --players 3`.
    pub words: Vec<String>,
}

impl PlayAgain {
    /// The whole command as a shell reads it back, each word quoted where
    /// it needs to be: `dice-of-doom --seed 7 --size 4 --players 3`.
    pub fn command(&self) -> String {
        let mut command = "dice-of-doom".to_string();
        for word in &self.words {
            command.push(' ');
            command.push_str(&crate::text::shell_quote(std::path::Path::new(word)));
        }
        command
    }
}

impl NewGame {
    /// The command that plays this game again; `None` where no command
    /// names it: a random board or map without a seed, or seats with
    /// opponents of their own other than the one named.
    ///
    /// ```text
    /// --size 4 --players 3, seed 5      ->  dice-of-doom --seed 5 --size 4 --players 3
    /// --board b.txt --computer b, seed 5 ->  dice-of-doom --board b.txt --seed 5 --computer b
    /// ```
    pub fn again(&self) -> Option<PlayAgain> {
        let ai = self.ai();
        let computers = self.computers();
        if (self.computer.own.iter()).any(|(p, own)| computers.contains(*p) && *own != ai) {
            return None;
        }
        let mut words: Vec<String> = Vec::new();
        let mut say = |option: &str, value: String| {
            words.push(format!("--{option}"));
            words.push(value);
        };
        let set = self.rules;
        if set != RuleSet::default() {
            say("rules", set.name().to_string());
        }
        let seed = self.seed.map(|seed| seed.to_string());
        let what = match &self.board {
            Board::Hexagons(side) => {
                say("seed", seed?);
                say("size", side.to_string());
                "board"
            }
            Board::RandomMap(map) => {
                say("seed", seed?);
                if map.named {
                    say("map", "random".to_string());
                }
                if let Some(n) = map.territories {
                    say("territories", n.to_string());
                }
                if let Some((width, height)) = map.grid {
                    say("grid", format!("{width}x{height}"));
                }
                "map"
            }
            Board::MapFile(path) | Board::BoardFile(path) => {
                let what = self.file().map_or("board", |(_, what)| what);
                say(what, path.display().to_string());
                if let Some(seed) = seed {
                    say("seed", seed);
                }
                what
            }
        };
        let defaults = set.defaults();
        if self.players != defaults.players {
            say("players", self.players.to_string());
        }
        if self.max_dice != defaults.max_dice {
            say("max-dice", self.max_dice.to_string());
        }
        if self.first != Player::A {
            say("first", self.first.to_string());
        }
        match self.computer.seats {
            Seating::Unsaid => {}
            Seating::All => say("computer", "all".to_string()),
            Seating::These(set) if set.is_empty() => say("computer", "none".to_string()),
            Seating::These(set) => {
                let letters: Vec<String> = set.iter().map(|p| p.to_string()).collect();
                say("computer", letters.join(","));
            }
        }
        if let Some(ai) = self.computer.ai {
            say("ai", ai.name().to_string());
        }
        match self.budget_said(ai).map(|b| (b.nodes, b.time)) {
            None => {}
            Some((Some(nodes), _)) => say("nodes", nodes.to_string()),
            Some((None, Some(time))) => say("think-time", time.as_secs_f64().to_string()),
            Some((None, None)) => {}
        }
        if self.dealt_as() == DealChoice::Balanced {
            say("deal", DealChoice::Balanced.name().to_string());
        }
        if self.practice {
            words.push("--practice".to_string());
        }
        Some(PlayAgain { what, words })
    }

    /// The budget the command names (`--nodes`, `--think-time`), if the
    /// game's differ from those of no option: that of the computer's seats
    /// (played by `ai`), which the command gives every opponent as it is,
    /// or with no computer seat the hints'. `None` where the seats and the
    /// hints think as long as with no option ([`ComputerSeats::default`]):
    /// a strength level of `normal`, or `--nodes 200000` given to an
    /// opponent that counts nodes at `chance`'s pace.
    fn budget_said(&self, ai: AiKind) -> Option<Budget> {
        let (asked, unsaid) = (&self.computer, ComputerSeats::default());
        let seated = !self.computers().is_empty();
        let seats = asked.budget_of(ai);
        if asked.budget == unsaid.budget && (!seated || seats == unsaid.budget_of(ai)) {
            return None;
        }
        Some(if seated { seats } else { asked.budget })
    }
}

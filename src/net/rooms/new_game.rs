//! A new game as the lobby asks for it: its rule set, board or map,
//! players, computer seats with their opponents, and the computer's time
//! per move.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::ai::AiKind;
use crate::game::{Deal, Ground, MapShape, Player, RuleSet};

use super::COMPUTER_BUDGET;

/// The shortest and longest time the computer may be given per move in a
/// network game, in milliseconds: `new ... time SECONDS` takes 0.1 to 10.
pub const THINK_MILLIS: (u64, u64) = (100, 10_000);

/// The board of a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardSize {
    /// The rule set's own: its board of hexagons, or the original Dice
    /// Wars' map.
    Default,
    /// A board of hexagons of this many rows.
    Rows(usize),
    /// A random map of this many territories (Dice Wars).
    Territories(usize),
}

/// A new game, as the lobby's `new` asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The rule set.
    pub rules: RuleSet,
    /// The board or map.
    pub board: BoardSize,
    /// The number of players.
    pub players: u8,
    /// The players the computer plays, each with its opponent.
    pub computers: BTreeMap<Player, AiKind>,
    /// What the computer may think per move.
    pub think: Duration,
}

impl NewGame {
    /// A game of rule set `rules` as it comes: its board, its players, all
    /// of them people, and the computer's default time per move.
    pub fn new(rules: RuleSet) -> NewGame {
        NewGame {
            rules,
            board: BoardSize::Default,
            players: rules.defaults().players,
            computers: BTreeMap::new(),
            think: COMPUTER_BUDGET.time.unwrap_or(Duration::from_millis(500)),
        }
    }

    /// The ground the game is dealt on.
    pub(super) fn ground(&self) -> Result<Ground, String> {
        let defaults = self.rules.defaults();
        let territories = self.rules.spec().deal == Deal::Territories;
        Ok(match (self.board, territories) {
            (BoardSize::Default, false) => {
                Ground::Hexagons(usize::from(defaults.side.unwrap_or(3)))
            }
            (BoardSize::Default, true) => Ground::RandomMap(MapShape::original()),
            (BoardSize::Rows(rows), false) => Ground::Hexagons(rows),
            (BoardSize::Territories(n), true) => {
                Ground::RandomMap(MapShape::new(n).map_err(|e| e.to_string())?)
            }
            (BoardSize::Rows(_), true) => {
                return Err(format!(
                    "{} plays a map of territories, not rows",
                    self.rules.name()
                ));
            }
            (BoardSize::Territories(_), false) => {
                return Err(format!(
                    "{} plays a board of hexagons, not territories",
                    self.rules.name()
                ));
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::Rooms;
    use super::*;
    use crate::ai::Budget;
    use crate::record::Seat;
    use crate::session::Table as _;

    #[test]
    fn a_game_is_made_with_its_board_players_opponents_and_time_and_resumed_alike() {
        let dir = tempfile::tempdir().unwrap();
        let rooms = Rooms::open(dir.path().to_path_buf(), 5).unwrap();
        let b = Player::B;
        let c = Player::from_letter('c').unwrap();
        let new = NewGame {
            board: BoardSize::Rows(3),
            players: 3,
            computers: [(b, AiKind::Random), (c, AiKind::Lol4)].into(),
            think: Duration::from_millis(200),
            ..NewGame::new(RuleSet::Lol4)
        };
        let room = rooms.create(&new).unwrap();
        let record = room.view().record;
        assert_eq!(
            (record.rules().players(), record.rules().map().rows()),
            (3, 3)
        );
        let budget = Budget::time(Duration::from_millis(200));
        let seats = [
            Seat::Person,
            Seat::Computer {
                ai: AiKind::Random,
                budget,
            },
            Seat::Computer {
                ai: AiKind::Lol4,
                budget,
            },
        ];
        assert_eq!(record.seats(), seats);
        room.close();
        let again = Rooms::open(dir.path().to_path_buf(), 6).unwrap();
        let resumed = again.get(room.code()).unwrap();
        assert_eq!(resumed.view().record.seats(), seats, "a restart keeps them");
        assert!(
            resumed
                .summary()
                .contains("b: computer random, c: computer lol4"),
            "{}",
            resumed.summary()
        );
        resumed.close();
    }

    #[test]
    fn dicewars_is_dealt_on_a_random_map_of_the_territories_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let rooms = Rooms::open(dir.path().to_path_buf(), 7).unwrap();
        let original = rooms.create(&NewGame::new(RuleSet::Dicewars)).unwrap();
        assert_eq!(original.view().record.rules().players(), 7);
        let new = NewGame {
            board: BoardSize::Territories(12),
            players: 3,
            ..NewGame::new(RuleSet::Dicewars)
        };
        let small = rooms.create(&new).unwrap();
        assert!(small.view().record.rules().map().len() <= 12);
        assert_eq!(small.view().record.rules().players(), 3);
    }

    #[test]
    fn a_game_the_rules_or_bounds_refuse_is_not_made() {
        let dir = tempfile::tempdir().unwrap();
        let rooms = Rooms::open(dir.path().to_path_buf(), 8).unwrap();
        let refused = |new: NewGame| rooms.create(&new).unwrap_err();
        let classic = NewGame::new(RuleSet::Classic);
        let slow = refused(NewGame {
            think: Duration::from_secs(11),
            ..classic.clone()
        });
        assert!(slow.contains("0.1 to 10 s"), "{slow}");
        let rows = refused(NewGame {
            board: BoardSize::Rows(1),
            players: 3,
            ..classic.clone()
        });
        assert!(!rows.is_empty());
        let territories = refused(NewGame {
            board: BoardSize::Territories(10),
            ..classic.clone()
        });
        assert!(territories.contains("not territories"), "{territories}");
        let seat = refused(NewGame {
            computers: [(Player::from_letter('c').unwrap(), AiKind::Random)].into(),
            ..classic.clone()
        });
        assert!(seat.contains("no seat c"), "{seat}");
        let all = refused(NewGame {
            computers: [(Player::A, AiKind::Random), (Player::B, AiKind::Random)].into(),
            ..classic
        });
        assert!(all.contains("leave one for a person"), "{all}");
        assert!(rooms.codes().is_empty(), "nothing was made");
    }
}

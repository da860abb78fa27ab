//! A new game dealt: its rules and start, drawn from the seed as the rule
//! set deals, or balanced ([`deal_game_as`]) or read from the text of its board or map
//! file, then its seats; and the record it starts.

use std::path::PathBuf;

use super::{Board, NewGame};
use crate::ai::{AiKind, Budget};
use crate::game::{
    DealChoice, DealError, Ground, MapPlayersError, MapSetup, Player, Position, RuleSet, Rules,
    Setup, SetupError, deal_game_as,
};
use crate::record::{Date, Record, Seat, Tags};

/// A new game dealt, ready to play.
#[derive(Clone, Debug)]
pub struct Dealt {
    /// The rules.
    pub rules: Rules,
    /// The start.
    pub start: Position,
    /// The seed it was dealt from: of its dice and the computer's play too.
    pub seed: u64,
    /// Who plays each player: a person, or the computer with its opponent
    /// and budget.
    pub seats: Vec<Seat>,
    /// The opponent that rates moves for hints, and its budget.
    pub hints: (AiKind, Budget),
    /// Whether it is played as practice ([`NewGame::practice`]).
    pub practice: bool,
    /// How its start was dealt: balanced only where a balanced deal was
    /// asked for and made ([`NewGame::dealt_as`]; not a file's position).
    pub deal: DealChoice,
}

impl Dealt {
    /// The record the game starts: its rules, start and seats, with its
    /// seed, `date` and `event`.
    pub fn record(&self, date: Option<Date>, event: Option<String>) -> Record {
        Record::new(self.rules.clone(), self.start, self.seats.clone()).with_tags(Tags {
            seed: Some(self.seed),
            date,
            event,
            practice: self.practice,
            deal: self.deal,
            comments: Vec::new(),
        })
    }
}

/// Why a new game cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    /// The rules refuse the game, or no start can be drawn.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// A mistake in the board or map file, where it is in the text.
    #[error("{0}")]
    File(SetupError),
    /// The board or map file's text was not given to the deal.
    #[error("the {what} file {} was not read", .path.display())]
    Unread {
        /// `"board"` or `"map"`.
        what: &'static str,
        /// The file.
        path: PathBuf,
    },
    /// A computer's seat past the players.
    #[error("no seat {player}: this game has {players} players, a to {}", Player::last_of(*players))]
    NoSeat {
        /// The seat.
        player: Player,
        /// The players of the game.
        players: u8,
    },
    /// A computer's seat whose opponent cannot play the rule set's games
    /// ([`AiKind::fit`]).
    #[error(transparent)]
    Unfit(#[from] crate::ai::Unfit),
    /// The map file is drawn for other players than the game's
    /// ([`MapSetup::players_for`]).
    #[error("the map {0}")]
    MapPlayers(MapPlayersError),
}

impl NewGame {
    /// The game dealt from `seed` (its own [`NewGame::seed`] where it has
    /// one; the front-end draws one otherwise): a random board or map as
    /// the rule set deals it, or the board or map file whose text is
    /// `file` (read by the front-end: nothing here opens a file) as it is
    /// written, a map file without owners dealt from the seed; then the
    /// computer's seats.
    ///
    /// # Errors
    /// [`NewGameError`]: the rules refuse the game, the file has a mistake
    /// or was not read, a computer's seat is past the players, or its
    /// opponent cannot play the rule set's games.
    pub fn deal(&self, seed: u64, file: Option<&str>) -> Result<Dealt, NewGameError> {
        let (set, players, max_dice) = (
            self.rules,
            usize::from(self.players),
            usize::from(self.max_dice),
        );
        let how = self.dealt_as();
        let mut deal = how;
        let dealt = |ground| deal_game_as(how, set, ground, players, max_dice, self.first, seed);
        let text = || match (self.file(), file) {
            (_, Some(text)) => Ok(text),
            (Some((path, what)), None) => Err(NewGameError::Unread {
                what,
                path: path.to_path_buf(),
            }),
            (None, None) => Ok(""),
        };
        let (rules, start) = match &self.board {
            Board::Hexagons(side) => dealt(Ground::Hexagons(usize::from(*side)))?,
            Board::RandomMap(map) => {
                dealt(Ground::RandomMap(map.shape(set).map_err(DealError::from)?))?
            }
            Board::BoardFile(_) => {
                let file = NewGameError::File;
                let setup = Setup::parse(text()?).map_err(file)?.with_first(self.first);
                let rules = Rules::new(setup.rhombus().map_err(file)?, players, max_dice)
                    .map_err(DealError::from)?;
                let start = setup.position(&rules).map_err(file)?;
                in_set(set, rules, start)?
            }
            Board::MapFile(_) => {
                let setup = MapSetup::parse(text()?).map_err(NewGameError::File)?;
                (setup.players_for(Some(self.players), self.players))
                    .map_err(NewGameError::MapPlayers)?;
                if setup.is_bare() {
                    // The map alone: its owners and dice dealt from the seed.
                    dealt(Ground::Map(setup.map().clone()))?
                } else {
                    let setup = setup.with_first(self.first);
                    let rules = Rules::new(setup.map().clone(), players, max_dice)
                        .map_err(DealError::from)?;
                    let start = setup.position(&rules).map_err(NewGameError::File)?;
                    deal = DealChoice::Book;
                    in_set(set, rules, start)?
                }
            }
        };
        let computers = self.computers();
        if let Some(player) = computers.iter().find(|p| p.index() >= self.players) {
            return Err(NewGameError::NoSeat {
                player,
                players: self.players,
            });
        }
        let (ai, budget) = (self.ai(), self.computer.budget);
        let seats: Vec<Seat> = Player::all(self.players)
            .map(|p| match computers.contains(p) {
                true => {
                    let ai = self.computer.own.get(&p).copied().unwrap_or(ai);
                    Seat::Computer {
                        ai,
                        budget: self.computer.budget_of(ai),
                    }
                }
                false => Seat::Person,
            })
            .collect();
        // An opponent that could never finish its search is refused before
        // the game starts, wherever the game is asked for.
        for seat in &seats {
            if let Seat::Computer { ai, .. } = seat {
                ai.fit(set)?;
            }
        }
        Ok(Dealt {
            rules,
            start,
            seed,
            seats,
            hints: (ai, budget),
            practice: self.practice,
            deal,
        })
    }
}

/// The same game under rule set `set`: its rules on the map it plays
/// (Realm of Racket's offset rows where the map is a board of hexagons),
/// the start checked against them.
fn in_set(set: RuleSet, rules: Rules, start: Position) -> Result<(Rules, Position), DealError> {
    if set == rules.set() {
        return Ok((rules, start));
    }
    let refused = |reason: String| DealError::InSet { set, reason };
    let rules = rules.in_set(set).map_err(|e| refused(e.to_string()))?;
    let start = Position::start(&rules, *start.board(), start.player())
        .map_err(|e| refused(e.to_string()))?;
    Ok((rules, start))
}

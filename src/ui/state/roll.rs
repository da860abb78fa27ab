//! The state machine's dice (a child module of `state`): the last roll of
//! the game as the screen shows it, rolling for a few of the driver's ticks
//! after an attack is played (any key settles it), and the computer's turn
//! fast-forwarded (`f`: no pauses, no rolling).

use super::{App, Move, Play, Player, Position};
use crate::game::{PlayerSet, Roll};

/// The driver's ticks a roll rolls for before it settles on its faces.
pub const ROLL_FRAMES: u8 = 6;

/// The roll being animated, and whether the computer's turn is being
/// fast-forwarded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Rolling {
    /// Ticks left before the last roll settles (0: settled).
    frames: u8,
    /// The player whose turn was fast-forwarded, while it goes on.
    fast: Option<Player>,
}

impl Rolling {
    /// Settles the roll and ends a fast-forward: the game jumped elsewhere.
    pub(super) fn stop(&mut self) {
        *self = Rolling::default();
    }
}

/// A roll as the screen shows it: who attacked which cell from which, the
/// dice, and how many ticks it still rolls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollShown {
    /// The attacker.
    pub attacker: Player,
    /// The defender.
    pub defender: Player,
    /// The attacking cell.
    pub from: u8,
    /// The cell attacked.
    pub to: u8,
    /// The dice thrown.
    pub roll: Roll,
    /// Ticks left before it settles on its faces (0: settled).
    pub frames: u8,
}

impl RollShown {
    /// Whether the dice have settled: their faces are the roll's.
    pub fn settled(&self) -> bool {
        self.frames == 0
    }

    /// The attacker's faces to show: the roll's once settled, others that
    /// change from tick to tick while it rolls.
    pub fn attack_faces(&self) -> Vec<u8> {
        self.faces(self.roll.attack(), 1)
    }

    /// The defender's faces to show, as [`RollShown::attack_faces`].
    pub fn defence_faces(&self) -> Vec<u8> {
        self.faces(self.roll.defence(), 4)
    }

    /// Each face moved on by 1 to 5 (never its own face while it rolls,
    /// another number on each tick), or itself once settled.
    fn faces(&self, faces: &[u8], salt: u16) -> Vec<u8> {
        let frames = u16::from(self.frames);
        faces
            .iter()
            .zip(0u16..)
            .map(|(&f, i)| {
                let by = if frames == 0 {
                    0
                } else {
                    (frames * 7 + i * 3 + salt) % 5 + 1
                };
                ((u16::from(f) - 1 + by) % 6) as u8 + 1
            })
            .collect()
    }
}

impl App {
    /// The last roll of the moves played, if any was rolled: the screen
    /// shows it, rolling while [`App::rolling`].
    pub fn last_roll(&self) -> Option<RollShown> {
        let plays = self.session.timeline().plays();
        let (i, play) = plays
            .iter()
            .enumerate()
            .rev()
            .find(|(_, play)| play.roll.is_some())?;
        let (Move::Attack { from, to }, Some(roll)) = (play.mv, play.roll) else {
            return None;
        };
        let before = self.position_after(i);
        let last = i + 1 == plays.len();
        Some(RollShown {
            attacker: before.player(),
            defender: before.board().cell(usize::from(to)).owner(),
            from,
            to,
            roll,
            frames: if last { self.roll.frames } else { 0 },
        })
    }

    /// Whether the last roll is still rolling: the program around the state
    /// machine calls [`App::roll_tick`] at its pace until it settles, and
    /// waits for that before the computer's next move.
    pub fn rolling(&self) -> bool {
        self.roll.frames > 0
    }

    /// The position the board shows: while the last roll rolls, the one
    /// before its attack (the dice have not said yet how it went), then
    /// the position reached.
    pub fn shown_position(&self) -> Position {
        match self.session.timeline().played().checked_sub(1) {
            Some(before) if self.rolling() => self.position_after(before),
            _ => self.position(),
        }
    }

    /// The moves the list shows: those of [`App::shown_position`], so that
    /// while the last roll rolls the list is the one the attack was picked
    /// from.
    pub fn shown_moves(&self) -> Vec<Move> {
        self.shown_position().moves(self.rules())
    }

    /// Who won, as the screen shows it: nobody yet while the last roll
    /// rolls (the game-over box waits for the dice to settle).
    pub fn shown_winners(&self) -> Option<PlayerSet> {
        if self.rolling() { None } else { self.winners() }
    }

    /// The computer's player the screen shows moving: while the last roll
    /// rolls, the attacker's, if the computer plays it.
    pub fn shown_computer(&self) -> Option<Player> {
        if !self.rolling() {
            return self.computer_to_move();
        }
        let player = self.shown_position().player();
        (self.replay.is_none() && self.computers().contains(player)).then_some(player)
    }

    /// One tick of the rolling dice; returns whether the screen changed.
    pub fn roll_tick(&mut self) -> bool {
        let rolled = self.roll.frames > 0;
        self.roll.frames = self.roll.frames.saturating_sub(1);
        rolled
    }

    /// Whether the computer's turn is being fast-forwarded: the program
    /// around the state machine then plays its moves without a pause.
    pub fn fast_forward(&self) -> bool {
        self.roll.fast.is_some()
    }

    /// Settles a rolling roll at a key; returns whether one was rolling.
    pub(super) fn settle(&mut self) -> bool {
        let rolled = self.rolling();
        self.roll.frames = 0;
        rolled
    }

    /// `f`: fast-forwards the computer's turn, up to the next person's turn
    /// (in a game of computers only, to the end of this player's turn).
    pub(super) fn fast_forward_key(&mut self) {
        match self.computer_to_move() {
            Some(player) => {
                self.roll = Rolling {
                    frames: 0,
                    fast: Some(player),
                };
                self.message = Some(format!("Fast-forwarding {player}'s turn..."));
            }
            None => {
                self.message =
                    Some("f fast-forwards the computer's turn: this one is yours.".into())
            }
        }
    }

    /// A move was played: its roll rolls if it was played `live` (not read
    /// back from a record) and the turn is not fast-forwarded; a
    /// fast-forward ends once a person is to move (or, among computers
    /// only, the turn it began in is over).
    pub(super) fn roll_played(&mut self, play: Play, live: bool) {
        if let Some(player) = self.roll.fast {
            let position = self.position();
            let people = position
                .players_in()
                .iter()
                .any(|p| !self.computers().contains(p));
            let goes_on = self
                .computer_to_move()
                .is_some_and(|next| people || next == player);
            if !goes_on {
                self.roll.fast = None;
            }
        }
        self.roll.frames = if live && play.roll.is_some() && self.roll.fast.is_none() {
            ROLL_FRAMES
        } else {
            0
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolling_faces_change_and_settle_on_the_roll() {
        let roll = Roll::new(&[6, 1, 3], &[2, 5]).unwrap();
        let mut shown = RollShown {
            attacker: Player::A,
            defender: Player::B,
            from: 0,
            to: 1,
            roll,
            frames: ROLL_FRAMES,
        };
        let mut seen = Vec::new();
        while shown.frames > 0 {
            let faces = shown.attack_faces();
            assert!(faces.iter().all(|f| (1..=6).contains(f)), "{faces:?}");
            assert_eq!(shown.defence_faces().len(), 2);
            seen.push(faces);
            shown.frames -= 1;
        }
        assert!(seen.windows(2).all(|w| w[0] != w[1]), "{seen:?}");
        assert!(seen.iter().all(|faces| faces != &[6, 1, 3]), "{seen:?}");
        assert!(shown.settled());
        assert_eq!(shown.attack_faces(), [6, 1, 3]);
        assert_eq!(shown.defence_faces(), [2, 5]);
    }
}

//! The state machine's computer players (a child module of `state`): which
//! players the computer moves, its turn detected, its moves played and
//! logged like a person's, and the board refused to people meanwhile.

use super::{App, Move, Player, PlayerSet};

impl App {
    /// This game with the computer moving `players`, with the opponent
    /// called `ai_name` (for the status line). The program around the state
    /// machine asks [`App::computer_to_move`] and answers with
    /// [`App::computer_move`].
    pub fn with_computers(mut self, players: PlayerSet, ai_name: &'static str) -> App {
        self.set_computers(players, ai_name);
        self
    }

    pub(super) fn set_computers(&mut self, players: PlayerSet, ai_name: &'static str) {
        self.session
            .set_seats(crate::session::Seats::elsewhere(players));
        self.ai_name = ai_name;
        if let Some(player) = self.computer_to_move() {
            self.message = Some(self.computer_turn_message(player));
        }
    }

    /// The players the computer moves.
    pub fn computers(&self) -> PlayerSet {
        self.session.computers()
    }

    /// The name of the computer opponent.
    pub fn ai_name(&self) -> &'static str {
        self.ai_name
    }

    /// The player the computer must move now, if the game is on and the
    /// player to move is the computer's: the program around the state
    /// machine then finds a move (see [`ComputerPlayer`](super::ComputerPlayer)) and plays it with
    /// [`App::computer_move`]. Until then the board takes no input.
    pub fn computer_to_move(&self) -> Option<Player> {
        let player = self.position().player();
        (self.replay.is_none() && self.computers().contains(player) && self.winners().is_none())
            .then_some(player)
    }

    /// Plays the computer's move `mv` and logs it like a person's; returns
    /// false (and changes nothing but the message) if the computer is not to
    /// move or `mv` is not legal here.
    pub fn computer_move(&mut self, mv: Move) -> bool {
        let Some(player) = self.computer_to_move() else {
            return false;
        };
        match self.moves().iter().position(|&m| m == mv) {
            Some(index) => {
                self.play_index(index);
                true
            }
            None => {
                self.message = Some(format!(
                    "The computer chose {mv} for {player}, which is not legal here."
                ));
                false
            }
        }
    }

    /// Where the game stands, for the computer's jobs (see
    /// [`crate::session::computer`]): a job's answer is for it only.
    pub fn stamp(&self) -> crate::session::Stamp {
        self.session.stamp()
    }

    /// Says that `what` (`The computer`, `The hints`) failed, and why.
    pub fn failed(&mut self, what: &str, why: &str) {
        self.message = Some(format!("{what} failed: {why}."));
    }

    /// Says that a computer's seat fell back to a lesser opponent (its own
    /// failed), and seats it in the record.
    pub fn fell_back(&mut self, fell: &crate::session::FellBack) {
        self.session.reseat(fell.player, fell.now);
        self.message = Some(format!("{fell}."));
    }

    pub(super) fn computer_turn_message(&self, player: Player) -> String {
        if let Some(text) = self.network_turn_message(player) {
            return text;
        }
        format!("{player}'s turn: the computer ({}) plays it.", self.ai_name)
    }

    /// Says the board is the computer's for now.
    pub(super) fn refuse(&mut self, player: Player) {
        self.message = Some(self.network_refusal(player).unwrap_or_else(|| {
            format!("The computer is playing {player}: wait for your turn (? help, q quit).")
        }));
    }
}

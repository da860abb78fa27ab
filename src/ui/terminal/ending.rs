//! How the full-screen game ended, and its exit status. What is printed
//! after it (who won, how to play it again) is the front-end's to say.

use crate::game::PlayerSet;

/// The end of a full-screen game, as [`super::run`] returns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winners, when the last game was played to its end.
    pub winners: Option<PlayerSet>,
    /// The seed of the last game's random board, if it was a random one.
    pub seed: Option<u64>,
    /// The rows of the last game's board: the side of its rhombus.
    pub side: usize,
    /// Whether the last game was dealt anew (`n`) rather than the one the
    /// command line asked for.
    pub dealt: bool,
    /// The signal that ended it, if one did (`Ctrl-C` is `SIGINT`).
    pub signal: Option<i32>,
    /// Whether the person asked for a new game (`n`), to set up on the
    /// new-game screen.
    pub new_game: bool,
}

impl Ending {
    /// The exit status: 0, or 128 + the number of the signal that ended it.
    pub fn status(&self) -> i32 {
        self.signal.map_or(0, |n| 128 + n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ending(winners: Option<PlayerSet>, seed: Option<u64>) -> Ending {
        Ending {
            winners,
            seed,
            side: 3,
            dealt: false,
            signal: None,
            new_game: false,
        }
    }

    #[test]
    fn the_status_is_128_and_the_signal() {
        let mut end = ending(None, None);
        assert_eq!(end.status(), 0);
        end.signal = Some(2);
        assert_eq!(end.status(), 130);
    }
}

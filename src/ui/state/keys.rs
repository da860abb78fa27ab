//! The state machine's vocabulary (a child module of `state`): the keys
//! and clicks it takes, what it asks of the program around it, and the
//! windows it opens over the board.

use super::hints::Spot;

/// A key, as the game understands it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Cursor up (arrow or `k`).
    Up,
    /// Cursor down (arrow or `j`).
    Down,
    /// Cursor left (arrow or `h`).
    Left,
    /// Cursor right (arrow or `l`).
    Right,
    /// Mark the cursor's cell, or attack it (`Enter` or `Space`).
    Select,
    /// Cancel a mark or a typed number (`Esc`).
    Cancel,
    /// End the turn (`e`).
    EndTurn,
    /// End the turn in play, like [`Key::EndTurn`]; play or pause a replay
    /// (`p`).
    Play,
    /// Take back the last move; against the computer, back to the last
    /// position where a person was to move (`u`).
    Undo,
    /// Play again what was taken back (`r`).
    Redo,
    /// Continue the game from the position a replay shows (`c`).
    Continue,
    /// The start of a replay (`Home` or `g`).
    Home,
    /// The end of a replay (`End` or `G`).
    End,
    /// A digit of a menu number.
    Digit(u8),
    /// Erase the last digit of a menu number being typed (`Backspace`,
    /// `Ctrl-H`).
    Backspace,
    /// Show or hide the help (`?`).
    Help,
    /// Ask for a hint (`H`).
    Hint,
    /// Quit, after confirming (`q`).
    Quit,
    /// Yes, to the quit question (`y`).
    Yes,
    /// No, to the quit question (`n` or anything else).
    No,
    /// A new game, once this one is over (`n`).
    NewGame,
    /// Quit at once (`Ctrl-C`).
    Interrupt,
    /// Suspend the game, as a shell's job (`Ctrl-Z`); the driver stops the
    /// process and redraws when it is resumed.
    Suspend,
    /// The cursor to the next cell of the player to move (`Tab`).
    NextOwn,
    /// The cursor to the previous cell of the player to move (`Shift-Tab`).
    PrevOwn,
    /// Show or hide the cells' numbers on a board drawn too small for them
    /// (`#`).
    Numbers,
    /// The next page of a move list too long for the window (`PgDn` or
    /// `]`).
    PageDown,
    /// The previous page of the move list (`PgUp` or `[`).
    PageUp,
    /// Play the computer's turn at once, without pauses or rolling dice
    /// (`f`).
    FastForward,
    /// Save the game to a file the player names (`s`).
    Save,
    /// Scroll the log back, toward its first move (`<`).
    LogBack,
    /// Scroll the log on, toward its last move (`>`).
    LogOn,
    /// Clear the line typed in a prompt (`Ctrl-U`).
    ClearLine,
    /// Any other key.
    Other,
}

impl Key {
    /// The game's key for a typed character (the driver's parser turns the
    /// arrows, `Enter`, `Esc` and the control keys into keys itself).
    pub fn from_char(c: char) -> Key {
        match c {
            'k' => Key::Up,
            'j' => Key::Down,
            'h' => Key::Left,
            'l' => Key::Right,
            ' ' => Key::Select,
            'e' => Key::EndTurn,
            'p' => Key::Play,
            'u' => Key::Undo,
            'r' => Key::Redo,
            'c' => Key::Continue,
            'g' => Key::Home,
            'G' => Key::End,
            '0'..='9' => Key::Digit(c as u8 - b'0'),
            '?' => Key::Help,
            'H' => Key::Hint,
            'f' => Key::FastForward,
            ']' => Key::PageDown,
            '#' => Key::Numbers,
            '[' => Key::PageUp,
            's' => Key::Save,
            '<' => Key::LogBack,
            '>' => Key::LogOn,
            'q' | 'Q' => Key::Quit,
            'y' | 'Y' => Key::Yes,
            'n' | 'N' => Key::NewGame,
            _ => Key::Other,
        }
    }
}

/// What a mouse click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A cell of the board.
    Cell(usize),
    /// An entry of the move list (from 0).
    Menu(usize),
    /// A move of a replay's log: the position after this many moves.
    Step(usize),
    /// A button that acts like a key.
    Button(Key),
}

/// What the program around the state machine must do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Keep going.
    Continue,
    /// Leave the game.
    Quit,
    /// Start a new game on a new random board.
    NewGame,
    /// Work out the hints for the position at this spot, the one shown (see
    /// [`HintProvider`](super::HintProvider)), off the main loop, and answer with
    /// [`App::hints_ready`](super::App::hints_ready).
    Hints(Spot),
}

/// A window over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// None: the board has the keys.
    None,
    /// The list of keys.
    Help,
    /// "Quit the game?"
    ConfirmQuit,
    /// "Save to file:", a file name typed (see [`App::save_name`](super::App::save_name)).
    SaveAs,
}

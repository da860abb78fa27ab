//! The save prompt (a child module of `state`): `s` asks for a file name,
//! typed on a line over the board (characters, `Backspace`, `Ctrl-U`
//! clears, `Enter` writes, `Esc` cancels), and the game is written there
//! through the session's store, which keeps it there from then on.

use super::{App, Effect, Key, Overlay};

/// The longest file name typed, in characters.
const MAX_NAME: usize = 1024;

impl App {
    /// The file name being typed in the save prompt, while it is open.
    pub fn save_name(&self) -> Option<&str> {
        (self.overlay == Overlay::SaveAs).then_some(self.save_name.as_str())
    }

    /// A character typed: into the save prompt while it is open, otherwise
    /// the game's key for it (see [`Key::from_char`]).
    pub fn typed(&mut self, c: char) -> Effect {
        if self.overlay != Overlay::SaveAs {
            return self.key(Key::from_char(c));
        }
        if !c.is_control() && self.save_name.chars().count() < MAX_NAME {
            self.save_name.push(c);
        }
        Effect::Continue
    }

    /// `s`: opens the save prompt, unless the game is a network one (its
    /// room keeps it) or a replay (continue it first).
    pub(super) fn open_save_prompt(&mut self) {
        if self.off_in_network("Saving to a file (s)") {
            return;
        }
        if self.replay.is_some() {
            self.message = Some("A replay is not saved: c continues the game from here.".into());
            return;
        }
        self.overlay = Overlay::SaveAs;
        self.save_name.clear();
        self.message = None;
    }

    /// A key while the save prompt is open.
    pub(super) fn save_prompt_key(&mut self, key: Key) -> Effect {
        match key {
            Key::Select => self.save_typed(),
            Key::Cancel => {
                self.overlay = Overlay::None;
                self.message = Some("Not saved.".into());
            }
            Key::Backspace => {
                self.save_name.pop();
            }
            Key::ClearLine => self.save_name.clear(),
            _ => {}
        }
        Effect::Continue
    }

    /// Writes the game to the file named (relative to the current folder),
    /// which keeps it from then on; says where, or why not (the prompt
    /// stays open then, to name another).
    fn save_typed(&mut self) {
        let name = self.save_name.trim().to_string();
        if name.is_empty() {
            self.message = Some("Type a file name to save to, or Esc.".into());
            return;
        }
        match self.session.save_as(&name) {
            Ok(shown) => {
                self.overlay = Overlay::None;
                self.save_name.clear();
                self.unsaved = None;
                self.message = Some(format!("Saved to {shown}; the game is kept there now."));
            }
            Err(reason) => {
                self.message = Some(format!("Not saved: {reason}."));
            }
        }
    }
}

#[cfg(test)]
#[path = "prompt_tests.rs"]
mod tests;

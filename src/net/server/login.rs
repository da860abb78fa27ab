//! Who logged in: the user name read as the player's name, or as the
//! game to join at once (`CODE`, `NAME+CODE`, `NAME+CODE.SECRET`), the
//! name then the key's. A user name the game cannot show as it is typed
//! is refused (told to the client once logged in), never changed: no two
//! user names become one name.

use russh::keys::PublicKey;

use crate::net::rooms::{Who, is_code};
use crate::text::escape_controls;

/// The longest name, in characters.
pub(super) const NAME_LENGTH: usize = 32;

/// The longest seat secret read from a user name.
const SECRET_LENGTH: usize = 64;

/// The start of the names the server gives to keys (`key-` and the start
/// of the key's fingerprint): no one else may take one.
const KEY_NAME: &str = "key-";

/// Whether `c` may be in a name: letters, digits, `-`, `_` and `.`.
pub(super) fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')
}

/// Who logged in: the name the game knows them by and their key, the game
/// to join at once and the seat's secret; or why the user name is refused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Login {
    /// The player.
    pub who: Who,
    /// The game's code.
    pub join: Option<String>,
    /// The secret of their seat in that game (`NAME+CODE.SECRET`).
    pub secret: Option<String>,
    /// Why the user name is refused, in words for the client.
    pub refused: Option<String>,
}

/// The name of `key`: `key-` and the first ten letters and digits of its
/// SHA-256 fingerprint (the same at every login).
fn key_name(key: &PublicKey) -> String {
    let print = key.fingerprint(russh::keys::HashAlg::Sha256).to_string();
    let base64 = print.strip_prefix("SHA256:").unwrap_or(&print);
    let short: String = base64
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(10)
        .collect();
    format!("{KEY_NAME}{short}")
}

/// The name typed checked: 1 to [`NAME_LENGTH`] of the [`name_char`]s, and
/// not a key's name unless it is the name of the key logged in with.
fn checked_name(name: &str, key: Option<&PublicKey>) -> Result<String, String> {
    let shown = || escape_controls(&name.chars().take(40).collect::<String>());
    if name.is_empty() {
        return Err(
            "refused: an empty user name: log in as NAME@HOST (NAME letters, \
             digits, `-`, `_` and `.`)"
                .to_string(),
        );
    }
    if !name.chars().all(name_char) || name.chars().count() > NAME_LENGTH {
        return Err(format!(
            "refused: the user name \"{}\" is not one the game shows: a name is 1 to \
             {NAME_LENGTH} letters, digits, `-`, `_` and `.` (log in as ann@HOST, or \
             ann+CODE@HOST to join a game)",
            shown()
        ));
    }
    if name.starts_with(KEY_NAME) && key.map(key_name).as_deref() != Some(name) {
        return Err(format!(
            "refused: names starting `{KEY_NAME}` are the keys' own, and {} is not the \
             name of the key you logged in with: log in under another name",
            shown()
        ));
    }
    Ok(name.to_string())
}

/// The game (and seat secret) after `+`: `CODE` in any case, then
/// `.SECRET` if given.
fn game_part(text: &str) -> Option<(String, Option<String>)> {
    let (code, secret) = match text.split_once('.') {
        Some((code, secret)) => (code, Some(secret)),
        None => (text, None),
    };
    let code = code.to_ascii_uppercase();
    if !is_code(&code) {
        return None;
    }
    let secret = match secret {
        Some(s) if s.is_empty() || s.len() > SECRET_LENGTH => return None,
        Some(s) if !s.bytes().all(|b| b.is_ascii_alphanumeric()) => return None,
        Some(s) => Some(s.to_ascii_lowercase()),
        None => None,
    };
    Some((code, secret))
}

/// Reads a user name: `NAME+CODE` (the code in any case) is NAME joining
/// game CODE, `NAME+CODE.SECRET` with the seat's secret; a game's code in
/// capitals alone (`ABCD`, or `+CODE`) joins it under the name of the key
/// logged in with (`key-` and the start of its SHA-256 fingerprint, the
/// same at every login), or, without a key, a guest's name drawn for this
/// connection; any other user name is the player's name, refused if it is
/// not one the game shows as it is ([`checked_name`]).
pub(super) fn login(user: &str, key: Option<&PublicKey>) -> Login {
    let print = key.map(|k| k.fingerprint(russh::keys::HashAlg::Sha256).to_string());
    let (name, join, secret) = match user.rsplit_once('+') {
        Some((name, game)) => match game_part(game) {
            Some((code, secret)) => (name, Some(code), secret),
            None => {
                return refused(format!(
                    "refused: after `+` in a user name comes a game's code, and its \
                     seat's secret after a dot (NAME+CODE, NAME+CODE.SECRET), not \"{}\"",
                    escape_controls(&game.chars().take(40).collect::<String>())
                ));
            }
        },
        None if is_code(user) => ("", Some(user.to_string()), None),
        None => (user, None, None),
    };
    let name = if name.is_empty() && join.is_some() {
        match key {
            Some(key) => key_name(key),
            None => format!("guest-{:06x}", rand::random::<u32>() & 0xff_ffff),
        }
    } else {
        match checked_name(name, key) {
            Ok(name) => name,
            Err(why) => return refused(why),
        }
    };
    Login {
        who: Who { name, key: print },
        join,
        secret,
        refused: None,
    }
}

/// A login whose user name is refused.
fn refused(why: String) -> Login {
    Login {
        refused: Some(why),
        ..Login::default()
    }
}

#[cfg(test)]
#[path = "login_tests.rs"]
mod tests;

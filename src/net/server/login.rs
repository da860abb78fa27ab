//! Who logged in: the user name read as the player's name, or as the
//! game to join at once (`CODE`, `NAME+CODE`), the name then the key's.

use russh::keys::PublicKey;

use crate::net::rooms::is_code;

/// The user name as the game shows it: letters, digits, `-`, `_` and `.`,
/// at most 32 of them (`guest` if none is left).
fn user_name(user: &str) -> String {
    let name: String = user
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .take(32)
        .collect();
    if name.is_empty() {
        "guest".to_string()
    } else {
        name
    }
}

/// Who logged in: the name the game knows them by, and the game to join
/// at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Login {
    /// The name.
    pub name: String,
    /// The game's code.
    pub join: Option<String>,
}

/// Reads a user name: `NAME+CODE` (the code in any case) is NAME joining
/// game CODE; a game's code in capitals alone (`ABCD`, or `+CODE`) joins it under the
/// name of the key logged in with (`key-` and the start of its SHA-256
/// fingerprint, the same at every login), or, without a key, a guest's
/// name drawn for this connection; any other user name is the player's
/// name ([`user_name`]).
pub(super) fn login(user: &str, key: Option<&PublicKey>) -> Login {
    let (name, code) = match user.rsplit_once('+') {
        Some((name, code)) if is_code(&code.to_ascii_uppercase()) => {
            (name, code.to_ascii_uppercase())
        }
        _ if is_code(user) => ("", user.to_string()),
        _ => {
            return Login {
                name: user_name(user),
                join: None,
            };
        }
    };
    if !name.is_empty() {
        return Login {
            name: user_name(name),
            join: Some(code),
        };
    }
    let name = match key {
        Some(key) => {
            let print = key.fingerprint(russh::keys::HashAlg::Sha256).to_string();
            let base64 = print.strip_prefix("SHA256:").unwrap_or(&print);
            let short: String = base64
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .take(10)
                .collect();
            format!("key-{short}")
        }
        None => format!("guest-{:06x}", rand::random::<u32>() & 0xff_ffff),
    };
    Login {
        name,
        join: Some(code),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_names_keep_only_plain_characters() {
        assert_eq!(user_name("ann"), "ann");
        assert_eq!(user_name("\u{1b}[31mbob\n"), "31mbob");
        assert_eq!(user_name(""), "guest");
        assert_eq!(user_name(&"x".repeat(100)).len(), 32);
    }

    fn key(seed: u8) -> PublicKey {
        let pair = russh::keys::ssh_key::private::Ed25519Keypair::from_seed(&[seed; 32]);
        russh::keys::PrivateKey::from(pair).public_key().clone()
    }

    #[test]
    fn a_code_as_user_name_joins_its_game_under_a_name_that_comes_back() {
        let plain = |name: &str| Login {
            name: name.to_string(),
            join: None,
        };
        assert_eq!(login("ann", None), plain("ann"));
        assert_eq!(login("abcd", None), plain("abcd"), "a code is in capitals");
        assert_eq!(login("ABCI", None), plain("ABCI"), "no I in a code");
        assert_eq!(login("ann+", None), plain("ann"));
        assert_eq!(login("+ABCD", None).join.as_deref(), Some("ABCD"));
        assert_eq!(
            login("ann+abcd", None),
            Login {
                name: "ann".to_string(),
                join: Some("ABCD".to_string())
            }
        );
        let with_key = login("ABCD", Some(&key(1)));
        assert_eq!(with_key.join.as_deref(), Some("ABCD"));
        assert!(with_key.name.starts_with("key-"), "{with_key:?}");
        assert_eq!(with_key.name.len(), 14);
        assert_eq!(
            login("WXYZ", Some(&key(1))).name,
            with_key.name,
            "the same key, the same name"
        );
        assert_ne!(login("ABCD", Some(&key(2))).name, with_key.name);
        let guest = login("ABCD", None);
        assert!(guest.name.starts_with("guest-"), "{guest:?}");
        assert_eq!(guest.join.as_deref(), Some("ABCD"));
    }
}

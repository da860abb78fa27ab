//! User names read: names kept as typed or refused, codes, secrets, keys.

use super::*;
use proptest::prelude::*;

fn key(seed: u8) -> PublicKey {
    let pair = russh::keys::ssh_key::private::Ed25519Keypair::from_seed(&[seed; 32]);
    russh::keys::PrivateKey::from(pair).public_key().clone()
}

fn name(user: &str) -> Result<String, String> {
    let login = login(user, None);
    match login.refused {
        Some(why) => Err(why),
        None => Ok(login.who.name),
    }
}

#[test]
fn user_names_are_kept_as_typed_or_refused_never_changed() {
    assert_eq!(name("ann"), Ok("ann".to_string()));
    assert_eq!(name("Ann.B-2_x"), Ok("Ann.B-2_x".to_string()));
    let x32 = "x".repeat(32);
    assert_eq!(name(&x32), Ok(x32.clone()));
    // What once became `guest`, `31mbob`, or 32 x's, is refused.
    for odd in [
        "",
        " ",
        "\0",
        "+",
        "ann+",
        "\u{1b}[31mbob\n",
        &"x".repeat(33),
    ] {
        let why = name(odd).expect_err(odd);
        assert!(why.starts_with("refused: "), "{why}");
        assert!(!why.chars().any(char::is_control), "no raw byte: {why:?}");
    }
    assert!(
        name(" ")
            .unwrap_err()
            .contains("letters, digits, `-`, `_` and `.`")
    );
}

#[test]
fn a_code_as_user_name_joins_its_game_under_a_name_that_comes_back() {
    let plain = |name: &str| Login {
        who: Who::named(name),
        ..Login::default()
    };
    assert_eq!(login("ann", None), plain("ann"));
    assert_eq!(login("abcd", None), plain("abcd"), "a code is in capitals");
    assert_eq!(login("ABCI", None), plain("ABCI"), "no I in a code");
    assert_eq!(login("+ABCD", None).join.as_deref(), Some("ABCD"));
    assert_eq!(
        login("ann+abcd", None),
        Login {
            who: Who::named("ann"),
            join: Some("ABCD".to_string()),
            ..Login::default()
        }
    );
    let with_key = login("ABCD", Some(&key(1)));
    assert_eq!(with_key.join.as_deref(), Some("ABCD"));
    assert!(with_key.who.name.starts_with("key-"), "{with_key:?}");
    assert_eq!(with_key.who.name.len(), 14);
    assert!(with_key.who.key.as_deref().unwrap().starts_with("SHA256:"));
    assert_eq!(
        login("WXYZ", Some(&key(1))).who.name,
        with_key.who.name,
        "the same key, the same name"
    );
    assert_ne!(login("ABCD", Some(&key(2))).who.name, with_key.who.name);
    let guest = login("ABCD", None);
    assert!(guest.who.name.starts_with("guest-"), "{guest:?}");
    assert_eq!(guest.join.as_deref(), Some("ABCD"));
}

#[test]
fn a_seat_secret_comes_after_the_code() {
    let login = login("ann+abcd.K7m2x9", None);
    assert_eq!(login.who, Who::named("ann"));
    assert_eq!(login.join.as_deref(), Some("ABCD"));
    assert_eq!(login.secret.as_deref(), Some("k7m2x9"));
    for bad in [
        "ann+ABCD.",
        "ann+ABCD.k7-m2",
        "ann+ABCD.k7.m2",
        "ann+AB",
        "ann+x",
    ] {
        assert!(super::login(bad, None).refused.is_some(), "{bad}");
    }
}

#[test]
fn a_key_name_is_its_key_s_alone() {
    let own = key_name(&key(1));
    assert_eq!(login(&own, Some(&key(1))).who.name, own, "its own key");
    let with_code = login(&format!("{own}+ABCD"), Some(&key(1)));
    assert_eq!(with_code.refused, None);
    for other in [Some(key(2)), None] {
        let stolen = login(&own, other.as_ref());
        let why = stolen.refused.expect("another key's name is refused");
        assert!(why.contains("are the keys' own"), "{why}");
        assert!(
            login(&format!("{own}+ABCD"), other.as_ref())
                .refused
                .is_some()
        );
    }
}

proptest! {
    #[test]
    fn any_user_name_is_kept_as_typed_or_refused(user in "\\PC{0,40}|[\\x00-\\x7f]{0,40}") {
        let login = login(&user, None);
        match login.refused {
            Some(why) => {
                prop_assert!(!why.chars().any(char::is_control), "{:?}", why);
                prop_assert_eq!(login.who, Who::default());
            }
            None => {
                let name = &login.who.name;
                prop_assert!(!name.is_empty() && name.chars().count() <= NAME_LENGTH);
                prop_assert!(name.chars().all(name_char), "{:?}", name);
                prop_assert!(login.join.as_deref().is_none_or(is_code));
                if login.join.is_none() {
                    // Two different user names never become one name.
                    prop_assert_eq!(name, &user);
                } else if !name.starts_with("guest-") {
                    prop_assert!(user.starts_with(&format!("{name}+")), "{} {}", user, name);
                }
            }
        }
    }

    #[test]
    fn any_user_name_with_a_key_is_read_without_a_panic(
        user in "[a-zA-Z0-9+.\\-_]{0,20}(\\+[a-zA-Z]{0,6}(\\.[a-z0-9]{0,6})?)?",
        seed in 0u8..4,
    ) {
        let key = key(seed);
        let login = login(&user, Some(&key));
        if login.refused.is_none() {
            prop_assert!(login.who.key.is_some());
            let name = &login.who.name;
            prop_assert!(!name.starts_with(KEY_NAME) || *name == key_name(&key));
        }
    }
}

//! `dice-of-doom serve`: plays games across the network, an SSH server
//! that friends join with a plain `ssh` (the server itself is
//! [`crate::net`]; this file reads the options and checks them).

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use russh::keys::PublicKey;
use russh::keys::ssh_key::authorized_keys::Entry;

use crate::cli::CliError;
use crate::cli::autosaves::data_dir;
use crate::net::rooms::Quota;
use crate::net::{Access, Limits, ServeOptions};

/// Options of `serve`.
#[derive(Debug, Clone, Args)]
pub(in crate::cli) struct ServeArgs {
    /// The address and port to listen on (port 0: any free port, printed
    /// at start). An address other than loopback needs one of --open,
    /// --password, --password-file or --authorized-keys.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:2222")]
    listen: SocketAddr,
    /// Let anyone in, with any user name and no password.
    #[arg(long, group = "access")]
    open: bool,
    /// Ask every player for a password: the one in the environment
    /// variable DICE_OF_DOOM_PASSWORD, or else typed at start (not shown)
    /// when the server runs at a terminal.
    #[arg(long, group = "access")]
    password: bool,
    /// Ask every player for the password in this file (its first line).
    #[arg(long, value_name = "FILE", group = "access")]
    password_file: Option<PathBuf>,
    /// Let in only the holders of the keys in this file (OpenSSH's
    /// `authorized_keys` format; a malformed line is refused at start).
    #[arg(long, value_name = "FILE", group = "access")]
    authorized_keys: Option<PathBuf>,
    /// The most connections at once.
    #[arg(long, value_name = "N", default_value_t = Limits::default().total)]
    max_connections: usize,
    /// The most connections at once from one address.
    #[arg(long, value_name = "N", default_value_t = Limits::default().per_address)]
    max_per_address: usize,
    /// How long a dropped player's seat is held for them (the same name
    /// joining the game's code gets it back), then open to anyone; a game
    /// no one has been at or watched for as long is put away (its record
    /// kept; `join` brings it back): seconds, or a number with `s`, `m` or
    /// `h` (`90s`, `5m`, `1h`), at most 24h.
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = parse_hold)]
    seat_hold: Duration,
    /// Draw the games' codes and deals from this seed, so that a server
    /// started alike deals the same games in the same order (default: a
    /// random seed at each start).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    // The games one person or address may have in play (issue 35).
    /// The games not over that one user name may have made (at least 1).
    #[arg(long, value_name = "N", default_value_t = Quota::default().games_per_person)]
    max_games_per_person: usize,
    /// The games not over that one address may have made (at least 1).
    #[arg(long, value_name = "N", default_value_t = Quota::default().games_per_address)]
    max_games_per_address: usize,
    /// The computer seats in the games not over that one user name made.
    #[arg(long, value_name = "N", default_value_t = Quota::default().computers_per_person)]
    max_computers_per_person: usize,
    /// The computer seats in the games not over that one address made.
    #[arg(long, value_name = "N", default_value_t = Quota::default().computers_per_address)]
    max_computers_per_address: usize,
}

/// The games and computer seats per person and per address the options
/// ask for; a bound of no game is refused (exit status 2).
fn quota(args: &ServeArgs) -> Result<Quota, CliError> {
    for (value, flag) in [
        (args.max_games_per_person, "--max-games-per-person"),
        (args.max_games_per_address, "--max-games-per-address"),
    ] {
        if value == 0 {
            return Err(CliError::Usage(format!("{flag} must be at least 1")));
        }
    }
    Ok(Quota {
        games_per_person: args.max_games_per_person,
        games_per_address: args.max_games_per_address,
        computers_per_person: args.max_computers_per_person,
        computers_per_address: args.max_computers_per_address,
    })
}

/// Locks the server's folder `dir` for this process (its lock file
/// `.serve.lock`, as `resume` locks a record, see [`crate::cli::locks`]):
/// a second server on the same data directory is refused (exit status 1)
/// naming the first one's process; a lock whose process is gone is taken.
fn lock_folder(dir: &std::path::Path) -> Result<Option<crate::cli::locks::FileLock>, CliError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::Runtime(format!("{}: {e}", dir.display())))?;
    crate::cli::locks::lock(&dir.join("serve")).map_err(|e| match e {
        crate::cli::locks::LockError::Held { holder } => CliError::Runtime(format!(
            "another dice-of-doom server ({holder}) is serving {}",
            dir.display()
        )),
        other => CliError::Runtime(format!("{}: {other}", dir.display())),
    })
}

/// Reads `--seat-hold`: seconds, or a number with `s`, `m` or `h`.
fn parse_hold(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.char_indices().last() {
        Some((i, 's')) => (&text[..i], 1),
        Some((i, 'm')) => (&text[..i], 60),
        Some((i, 'h')) => (&text[..i], 3600),
        _ => (text, 1),
    };
    let n: u64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration such as 300, 90s, 5m or 1h"))?;
    let seconds = n.saturating_mul(unit);
    if seconds > 24 * 3600 {
        return Err("the seat hold is at most 24h".to_string());
    }
    Ok(Duration::from_secs(seconds))
}

/// The environment variable `--password` reads the password from.
pub(in crate::cli) const PASSWORD_VARIABLE: &str = "DICE_OF_DOOM_PASSWORD";

/// The access the options ask for; `--open` when none is given on
/// loopback, refused (exit status 2) elsewhere.
fn access(args: &ServeArgs) -> Result<Access, CliError> {
    if args.password {
        return password().map(Access::Password);
    }
    if let Some(file) = &args.password_file {
        let text = std::fs::read_to_string(file)
            .map_err(|e| CliError::Usage(format!("{}: {e}", file.display())))?;
        let password = text.lines().next().unwrap_or("").to_string();
        if password.is_empty() {
            return Err(CliError::Usage(format!(
                "{}: the first line is empty (it holds the password)",
                file.display()
            )));
        }
        return Ok(Access::Password(password));
    }
    if let Some(file) = &args.authorized_keys {
        let text = std::fs::read_to_string(file)
            .map_err(|e| CliError::Usage(format!("{}: {e}", file.display())))?;
        let keys = authorized_keys(&text)
            .map_err(|why| CliError::Usage(format!("{}:{why}", file.display())))?;
        return Ok(Access::Keys(keys));
    }
    if args.open || args.listen.ip().is_loopback() {
        return Ok(Access::Open);
    }
    Err(CliError::Usage(format!(
        "listening on {} (not loopback) needs an access option: --open, --password, \
         --password-file or --authorized-keys",
        args.listen.ip()
    )))
}

/// `--password`'s password: from [`PASSWORD_VARIABLE`], else typed at the
/// terminal without echo; a usage error when neither is there.
fn password() -> Result<String, CliError> {
    use std::io::IsTerminal as _;
    if let Some(value) = std::env::var_os(PASSWORD_VARIABLE) {
        let value = value
            .into_string()
            .map_err(|_| CliError::Usage(format!("{PASSWORD_VARIABLE} is not valid UTF-8")))?;
        if value.is_empty() {
            return Err(CliError::Usage(format!("{PASSWORD_VARIABLE} is empty")));
        }
        return Ok(value);
    }
    if !std::io::stdin().is_terminal() {
        return Err(CliError::Usage(format!(
            "--password: no terminal to type it at; set {PASSWORD_VARIABLE} or use --password-file"
        )));
    }
    let typed = rpassword::prompt_password("password for the players (not shown): ")
        .map_err(|e| CliError::Usage(format!("--password: {e}")))?;
    if typed.is_empty() {
        return Err(CliError::Usage(
            "--password: the password is empty".to_string(),
        ));
    }
    let again = rpassword::prompt_password("the same again: ")
        .map_err(|e| CliError::Usage(format!("--password: {e}")))?;
    if again != typed {
        return Err(CliError::Usage("--password: the two differ".to_string()));
    }
    Ok(typed)
}

/// The keys of an `authorized_keys` file; why not, as `LINE: what`.
fn authorized_keys(text: &str) -> Result<Vec<PublicKey>, String> {
    let mut keys = Vec::new();
    for (number, line) in (1..).zip(text.lines()) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry: Entry = line
            .parse()
            .map_err(|e| format!("{number}: not an authorized_keys line ({e})"))?;
        keys.push(entry.public_key().clone());
    }
    if keys.is_empty() {
        return Err(" holds no key".to_string());
    }
    Ok(keys)
}

/// The start line of an open server: who may log in.
fn open_note(access: &Access, listen: SocketAddr) -> Option<String> {
    let who = if listen.ip().is_loopback() {
        "anyone on this machine"
    } else {
        "anyone who can reach this port"
    };
    matches!(access, Access::Open)
        .then(|| format!("open: {who} may log in (any name, no password)"))
}

/// Runs `serve` until a signal stops it (exit status 130, 143 or 129:
/// 128 + the signal's number, after a clean stop).
pub(in crate::cli) fn run(args: &ServeArgs) -> Result<(), CliError> {
    let access = access(args)?;
    if args.max_connections == 0 {
        return Err(CliError::Usage(
            "--max-connections must be at least 1".to_string(),
        ));
    }
    let quota = quota(args)?;
    let dir = data_dir()
        .ok_or_else(|| CliError::Runtime("there is no data directory (no home)".to_string()))?
        .join("net");
    // Held until the server stops.
    let _lock = lock_folder(&dir)?;
    let limits = Limits {
        total: args.max_connections,
        per_address: args.max_per_address,
        ..Limits::default()
    };
    if let Some(note) = open_note(&access, args.listen) {
        // Best effort, as the server's other start lines.
        let _ = writeln!(std::io::stdout(), "{note}");
    }
    let stopped = crate::net::serve(ServeOptions {
        listen: args.listen,
        access,
        dir,
        limits,
        seat_hold: args.seat_hold,
        seed: args.seed,
        quota,
    })
    .map_err(|e| CliError::Runtime(e.to_string()))?;
    // Stopped cleanly by a signal: 128 + its number, as the long commands.
    Err(CliError::Interrupted(stopped.signal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_server_says_who_may_log_in() {
        let here: SocketAddr = "127.0.0.1:2222".parse().unwrap();
        let anywhere: SocketAddr = "0.0.0.0:2222".parse().unwrap();
        let note = open_note(&Access::Open, here).unwrap();
        assert!(
            note.starts_with("open: anyone on this machine may log in"),
            "{note}"
        );
        let note = open_note(&Access::Open, anywhere).unwrap();
        assert!(
            note.starts_with("open: anyone who can reach this port may log in"),
            "{note}"
        );
        assert_eq!(open_note(&Access::Password("x".into()), anywhere), None);
    }

    #[test]
    fn seat_holds_read_seconds_minutes_and_hours() {
        assert_eq!(parse_hold("300"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_hold("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_hold("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_hold("1h"), Ok(Duration::from_secs(3600)));
        assert!(parse_hold("25h").is_err());
        assert!(parse_hold("5 minutes").is_err());
        assert!(parse_hold("").is_err());
        assert!(parse_hold("-1").is_err());
    }

    #[test]
    fn an_authorized_keys_file_is_read_and_a_bad_line_named() {
        let pair = russh::keys::ssh_key::private::Ed25519Keypair::from_seed(&[7; 32]);
        let public = russh::keys::PrivateKey::from(pair).public_key().clone();
        let key = format!("{} ann@home", public.to_openssh().unwrap());
        let keys = authorized_keys(&format!("# friends\n\n{key}\n  {key}\n")).unwrap();
        assert_eq!(keys.len(), 2);
        let with_options = format!("no-pty,from=\"10.0.0.1\" {key}");
        assert_eq!(authorized_keys(&with_options).unwrap().len(), 1);
        let bad = authorized_keys(&format!("{key}\nssh-ed25519 AAAA-not-base64\n")).unwrap_err();
        assert!(bad.starts_with("2: not an authorized_keys line"), "{bad}");
        assert!(
            authorized_keys("# nobody\n")
                .unwrap_err()
                .contains("holds no key")
        );
    }
}

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

use crate::analysis::{ByteSize, FALLBACK_MEMORY};
use crate::cli::CliError;
use crate::cli::args::whole;
use crate::cli::autosaves::data_dir;
use crate::net::bounded::{MOST_BYTES, read_text};
use crate::net::limits::NetBlocks;
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
    /// The most players logged in at once.
    #[arg(long, value_name = "N", default_value_t = Limits::default().total,
          value_parser = whole(1, MOST_CONNECTIONS))]
    max_connections: usize,
    /// The most players logged in at once from one address (one address
    /// block: see --net-block).
    #[arg(long, value_name = "N", default_value_t = Limits::default().per_address,
          value_parser = whole(1, MOST_CONNECTIONS))]
    max_per_address: usize,
    /// The most connections not logged in yet, at once (OpenSSH's
    /// MaxStartups): one more closes the oldest of the address block
    /// holding the most, so that silent sockets never keep a player out.
    #[arg(long, value_name = "N", default_value_t = Limits::default().startups,
          value_parser = whole(1, MOST_CONNECTIONS))]
    max_startups: usize,
    /// The most connections not logged in yet from one address block:
    /// one more closes the block's oldest.
    #[arg(long, value_name = "N", default_value_t = Limits::default().startups_per_address,
          value_parser = whole(1, MOST_CONNECTIONS))]
    max_startups_per_address: usize,
    /// How long a connection has for the key exchange and the login
    /// before it is closed (OpenSSH's LoginGraceTime): seconds, or a
    /// number with `s` or `m`, from 1s to 10m.
    #[arg(long, value_name = "DURATION", default_value = "20s", value_parser = parse_grace)]
    login_grace: Duration,
    /// How addresses are grouped for the limits by address: the prefix
    /// lengths of an IPv4 and an IPv6 address block (OpenSSH's
    /// PerSourceNetBlockSize), so that a client cannot take a new address
    /// of its /64 for every connection.
    #[arg(long, value_name = "V4:V6", default_value = "32:64")]
    net_block: NetBlocks,
    /// The failed logins one address block may make in a minute; past
    /// them it is refused until the minute has passed.
    #[arg(long, value_name = "N", default_value_t = Limits::default().failures,
          value_parser = whole(1, 10_000_usize))]
    max_login_failures: usize,
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
    /// The most memory the games' computers may hold, all together: bytes,
    /// or a number with K, M, G or T (powers of 1024), such as 512M or 2G;
    /// each computer's seat takes its opponent's share (`perfect` the
    /// most). A new game whose computer does not fit is refused until
    /// others end. The default is half of the machine's memory (2 GiB
    /// where it cannot be read).
    #[arg(
        long,
        value_name = "SIZE",
        default_value_t = half_the_memory(),
        allow_hyphen_values = true
    )]
    max_memory: ByteSize,
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

/// Half of the machine's memory, from `/proc/meminfo`; 2 GiB where it
/// cannot be read.
fn half_the_memory() -> ByteSize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total(&text))
        .map_or(FALLBACK_MEMORY, |bytes| {
            ByteSize::new(usize::try_from(bytes / 2).unwrap_or(usize::MAX)).shown()
        })
}

/// The machine's memory in bytes, from the text of `/proc/meminfo`
/// (`MemTotal:  24576000 kB`).
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut fields = line["MemTotal:".len()..].split_whitespace();
    let kib: u64 = fields.next()?.parse().ok()?;
    (fields.next() == Some("kB")).then(|| kib.saturating_mul(1024))
}

/// The most a connection bound may be (`--max-connections` and its kin).
const MOST_CONNECTIONS: usize = 100_000;

/// Reads a duration: seconds, or a number with `s`, `m` or `h`.
fn parse_seconds(text: &str) -> Result<u64, String> {
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
    Ok(n.saturating_mul(unit))
}

/// Reads `--seat-hold`: seconds, or a number with `s`, `m` or `h`.
fn parse_hold(text: &str) -> Result<Duration, String> {
    let seconds = parse_seconds(text)?;
    if seconds > 24 * 3600 {
        return Err("the seat hold is at most 24h".to_string());
    }
    Ok(Duration::from_secs(seconds))
}

/// Reads `--login-grace`: from 1 second to 10 minutes.
fn parse_grace(text: &str) -> Result<Duration, String> {
    match parse_seconds(text)? {
        0 => Err("the login grace is at least 1s (a connection must have time to log in)".into()),
        seconds if seconds > 600 => Err("the login grace is at most 10m".to_string()),
        seconds => Ok(Duration::from_secs(seconds)),
    }
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
        let text = read_text(file, MOST_BYTES).map_err(|e| CliError::Usage(e.to_string()))?;
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
        let text = read_text(file, MOST_BYTES).map_err(|e| CliError::Usage(e.to_string()))?;
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
    let quota = quota(args)?;
    let dir = data_dir()
        .ok_or_else(|| CliError::Runtime("there is no data directory (no home)".to_string()))?
        .join("net");
    // Held until the server stops.
    let _lock = lock_folder(&dir)?;
    let limits = Limits {
        total: args.max_connections,
        per_address: args.max_per_address,
        startups: args.max_startups,
        startups_per_address: args.max_startups_per_address,
        login_grace: args.login_grace,
        net_block: args.net_block,
        failures: args.max_login_failures,
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
        max_memory: args.max_memory,
    })
    .map_err(|e| CliError::Runtime(e.to_string()))?;
    // Stopped cleanly by a signal: 128 + its number, as the long commands.
    Err(CliError::Interrupted(stopped.signal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_memory_is_half_the_machine_s() {
        let meminfo = "MemTotal:       24576000 kB\nMemFree:  1 kB\n";
        assert_eq!(mem_total(meminfo), Some(24_576_000 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
        assert!(half_the_memory().bytes() > 0);
    }

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

    #[derive(clap::Parser)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    #[test]
    fn the_limits_default_to_the_servers_and_read_their_flags() {
        use clap::Parser as _;
        let read = |flags: &[&str]| {
            let args = Serve::try_parse_from(std::iter::once("serve").chain(flags.iter().copied()));
            args.map(|serve| serve.args)
        };
        let plain = read(&[]).unwrap();
        let defaults = Limits::default();
        assert_eq!(
            (plain.max_connections, plain.max_per_address),
            (defaults.total, defaults.per_address)
        );
        assert_eq!(plain.max_startups, defaults.startups);
        assert_eq!(
            plain.max_startups_per_address,
            defaults.startups_per_address
        );
        assert_eq!(plain.login_grace, defaults.login_grace);
        assert_eq!(plain.net_block, defaults.net_block);
        assert_eq!(plain.max_login_failures, defaults.failures);
        let set = read(&[
            "--login-grace",
            "45s",
            "--net-block",
            "24:48",
            "--max-startups",
            "7",
        ]);
        let set = set.unwrap();
        assert_eq!(set.login_grace, Duration::from_secs(45));
        assert_eq!(set.net_block, NetBlocks { v4: 24, v6: 48 });
        assert_eq!(set.max_startups, 7);
        for zero in [
            "--max-per-address",
            "--max-connections",
            "--max-login-failures",
        ] {
            assert!(read(&[zero, "0"]).is_err(), "{zero} 0");
        }
    }

    #[test]
    fn the_login_grace_is_from_one_second_to_ten_minutes() {
        assert_eq!(parse_grace("20"), Ok(Duration::from_secs(20)));
        assert_eq!(parse_grace("1s"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_grace("10m"), Ok(Duration::from_secs(600)));
        assert!(parse_grace("0").unwrap_err().contains("at least 1s"));
        assert!(parse_grace("11m").unwrap_err().contains("at most 10m"));
        assert!(parse_grace("1h").is_err());
        assert!(parse_grace("soon").is_err());
    }

    proptest::proptest! {
        #[test]
        fn any_duration_text_reads_or_is_refused_without_a_panic(text in "\\PC{0,12}") {
            if let Ok(grace) = parse_grace(&text) {
                proptest::prop_assert!((1..=600).contains(&grace.as_secs()));
            }
            if let Ok(hold) = parse_hold(&text) {
                proptest::prop_assert!(hold.as_secs() <= 24 * 3600);
            }
        }
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

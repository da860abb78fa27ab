//! Who plays a letter: a person, or the computer with its opponent and its
//! budget per move.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::ai::{AiKind, Budget};

/// Who plays one player of a game.
///
/// ```
/// use std::time::Duration;
/// use dice_of_doom::ai::{AiKind, Budget};
/// use dice_of_doom::record::Seat;
/// let seat = Seat::Computer { ai: AiKind::Search, budget: Budget::time(Duration::from_millis(500)) };
/// assert_eq!(seat.to_string(), "computer search, 0.5 s");
/// assert_eq!("computer search, 0.5 s".parse(), Ok(seat));
/// assert_eq!("computer lol, 20000 nodes".parse::<Seat>().unwrap().to_string(), "computer lol, 20000 nodes");
/// assert_eq!("person".parse(), Ok(Seat::Person));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Seat {
    /// A person at the terminal.
    #[default]
    Person,
    /// The computer.
    Computer {
        /// The opponent.
        ai: AiKind,
        /// What it may spend on a move.
        budget: Budget,
    },
}

impl Seat {
    /// Whether the computer plays this seat.
    pub fn is_computer(&self) -> bool {
        matches!(self, Seat::Computer { .. })
    }
}

/// The shortest and longest think times a seat may have, in seconds, as
/// `--think-time` takes them.
const THINK_TIME: (f64, f64) = (0.001, 3600.0);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Person => f.write_str("person"),
            Seat::Computer { ai, budget } => {
                write!(f, "computer {ai}")?;
                match (budget.time, budget.nodes) {
                    (None, None) => f.write_str(", no limit"),
                    (time, nodes) => {
                        if let Some(time) = time {
                            write!(f, ", {} s", time.as_secs_f64())?;
                        }
                        if let Some(nodes) = nodes {
                            write!(f, ", {nodes} nodes")?;
                        }
                        Ok(())
                    }
                }
            }
        }
    }
}

/// Why a text is not a seat: what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;

    fn from_str(text: &str) -> Result<Seat, ParseSeatError> {
        let text = text.trim();
        if text == "person" {
            return Ok(Seat::Person);
        }
        let rest = text.strip_prefix("computer ").ok_or_else(|| {
            ParseSeatError(
                "expected `person` or `computer AI, BUDGET` (such as `computer search, 1 s`)"
                    .to_string(),
            )
        })?;
        let mut parts = rest.split(',').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let ai: AiKind = name.parse().map_err(|_| {
            let names: Vec<&str> = AiKind::ALL.iter().map(|k| k.name()).collect();
            ParseSeatError(format!(
                "no opponent is called `{}` (opponents: {})",
                super::error::quote(name),
                names.join(", ")
            ))
        })?;
        let mut budget = Budget::UNLIMITED;
        let mut limits = 0;
        let mut unlimited = false;
        for part in parts {
            limits += 1;
            if part == "no limit" {
                unlimited = true;
            } else if let Some(seconds) = part.strip_suffix(" s") {
                if budget.time.is_some() {
                    return Err(ParseSeatError("the think time is given twice".to_string()));
                }
                budget.time = Some(seconds_of(seconds.trim())?);
            } else if let Some(nodes) = part.strip_suffix(" nodes") {
                if budget.nodes.is_some() {
                    return Err(ParseSeatError("the node budget is given twice".to_string()));
                }
                budget.nodes = Some(nodes_of(nodes.trim())?);
            } else {
                return Err(ParseSeatError(format!(
                    "expected a budget such as `1 s`, `20000 nodes` or `no limit`, found `{}`",
                    super::error::quote(part)
                )));
            }
        }
        if unlimited && limits > 1 {
            return Err(ParseSeatError(
                "`no limit` goes alone, without a think time or nodes".to_string(),
            ));
        }
        if limits == 0 {
            return Err(ParseSeatError(format!(
                "give the computer's budget per move: `computer {ai}, 1 s`, `computer {ai}, \
                 20000 nodes` or `computer {ai}, no limit`"
            )));
        }
        Ok(Seat::Computer { ai, budget })
    }
}

fn seconds_of(text: &str) -> Result<Duration, ParseSeatError> {
    let (low, high) = THINK_TIME;
    let bad = || {
        ParseSeatError(format!(
            "the think time must be from {low} to {high} seconds, not `{}`",
            super::error::quote(text)
        ))
    };
    let plain = !text.is_empty() && text.chars().all(|c| c.is_ascii_digit() || c == '.');
    let seconds: f64 = text.parse().ok().filter(|_| plain).ok_or_else(|| {
        ParseSeatError(format!(
            "`{}` is not a number of seconds",
            super::error::quote(text)
        ))
    })?;
    if !(low..=high).contains(&seconds) {
        return Err(bad());
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| bad())
}

fn nodes_of(text: &str) -> Result<u64, ParseSeatError> {
    let bad = || {
        ParseSeatError(format!(
            "the node budget must be a whole number from 1 to {}, not `{}`",
            crate::text::group_digits(u64::MAX),
            super::error::quote(text)
        ))
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    text.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(bad)
}

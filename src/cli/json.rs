//! The one style of every command's `--json`: one object on one line of
//! standard output; keys in snake_case; counts, limits and times as numbers;
//! players as their letters (`"a"`); boards on one line as the board files
//! write them (`"b-2 b-2 / a-2 b-1"`); leaves as a list of winners and
//! counts. docs/GUIDE.md's "JSON output" section shows each command's shape.

use std::io::{self, Write};

use serde::Serialize;

use super::CliError;
use crate::game::PlayerSet;

/// Prints `value` as one line of JSON on standard output.
pub(super) fn print(value: &impl Serialize) -> Result<(), CliError> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    serde_json::to_writer(&mut out, value).map_err(io::Error::from)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

/// The leaves won by one set of players: `{"winners":["a"],"count":5}`
/// (several winners share a tie).
#[derive(Debug, PartialEq, Eq, Serialize)]
pub(super) struct Leaves {
    winners: Vec<String>,
    count: u64,
}

/// Leaves by their winners, in the order given.
pub(super) fn leaves(by_winners: &[(PlayerSet, u64)]) -> Vec<Leaves> {
    by_winners
        .iter()
        .map(|&(winners, count)| Leaves {
            winners: winners.iter().map(|p| p.to_string()).collect(),
            count,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;

    #[test]
    fn leaves_name_their_winners_by_letter() {
        let tie: PlayerSet = [Player::A, Player::B].into_iter().collect();
        let json = serde_json::to_string(&leaves(&[(PlayerSet::single(Player::B), 5), (tie, 2)]));
        assert_eq!(
            json.unwrap(),
            r#"[{"winners":["b"],"count":5},{"winners":["a","b"],"count":2}]"#
        );
    }
}

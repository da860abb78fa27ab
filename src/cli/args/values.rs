//! The parsers of the options' values: whole numbers in a range, players,
//! lists of computer players, think times, grid sizes and map choices, each
//! refusing a value with the message the command line prints.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use super::{ComputerPlayers, MapChoice};
use crate::game::{MAX_GRID_SIDE, MIN_GRID_SIDE, Player, PlayerSet};
use crate::text::group_digits;

/// A whole number from `low` to `high`; anything else, a negative number
/// included, is refused with the range (`must be from 2 to 10`). An option
/// with this parser also takes `allow_negative_numbers`, so that `-1` reaches
/// it instead of being read as an option.
pub(in crate::cli) fn whole<T>(
    low: T,
    high: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: Copy + PartialOrd + std::str::FromStr + fmt::Display + Send + Sync,
{
    move |text| {
        let range = format!("from {} to {}", group_digits(low), group_digits(high));
        let digits = text.trim().strip_prefix(['-', '+']).unwrap_or(text.trim());
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("must be a whole number {range}"));
        }
        match text.trim().parse::<T>() {
            Ok(n) if low <= n && n <= high => Ok(n),
            _ => Err(format!("must be {range}")),
        }
    }
}

pub(in crate::cli) fn parse_computers(text: &str) -> Result<ComputerPlayers, String> {
    match text.trim() {
        "all" => return Ok(ComputerPlayers::All),
        "none" => return Ok(ComputerPlayers::Some(PlayerSet::EMPTY)),
        _ => {}
    }
    let mut set = PlayerSet::EMPTY;
    for part in text.split(',') {
        set.insert(parse_player(part.trim()).map_err(|_| {
            "give player letters separated by commas, such as `b` or `b,c`, or `all` or `none`"
                .to_string()
        })?);
    }
    Ok(ComputerPlayers::Some(set))
}

/// Reads a think time in seconds: a number from 0.001 to 3600.
pub(in crate::cli) fn parse_think_time(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.001..=3600.0).contains(&seconds) {
        return Err("the think time must be from 0.001 to 3600 seconds".to_string());
    }
    Duration::try_from_secs_f64(seconds).map_err(|e| e.to_string())
}

pub(in crate::cli) fn parse_player(text: &str) -> Result<Player, String> {
    let mut chars = text.chars();
    match (chars.next().and_then(Player::from_letter), chars.next()) {
        (Some(player), None) => Ok(player),
        _ => Err("a player is one letter from a to h".to_string()),
    }
}

pub(in crate::cli) fn parse_map_choice(text: &str) -> Result<MapChoice, String> {
    match text {
        "" => Err("give a map file, or `random`".to_string()),
        "random" => Ok(MapChoice::Random),
        path => Ok(MapChoice::File(PathBuf::from(path))),
    }
}

/// Reads a grid size, `WIDTHxHEIGHT` (`28x20`), each side within the
/// grid's range (so that a refusal quotes the size as it was typed).
pub(in crate::cli) fn parse_grid(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}` is not a grid size: write it as WIDTHxHEIGHT, such as `28x20`");
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let number = |s: &str| -> Result<usize, String> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match s.parse::<usize>() {
            Ok(n) if (MIN_GRID_SIDE..=MAX_GRID_SIDE).contains(&n) => Ok(n),
            _ => Err(format!(
                "a map grid is from {MIN_GRID_SIDE} to {MAX_GRID_SIDE} cells each way"
            )),
        }
    };
    Ok((number(w)?, number(h)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_single_letters() {
        assert_eq!(parse_player("b"), Ok(Player::B));
        for bad in ["", "ab", "i", "1", "é"] {
            assert!(parse_player(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn computer_lists_and_think_times() {
        let set = |s: &str| -> PlayerSet { s.chars().filter_map(Player::from_letter).collect() };
        assert_eq!(parse_computers("all"), Ok(ComputerPlayers::All));
        assert_eq!(
            parse_computers("none"),
            Ok(ComputerPlayers::Some(PlayerSet::EMPTY))
        );
        assert_eq!(parse_computers("b"), Ok(ComputerPlayers::Some(set("b"))));
        assert_eq!(
            parse_computers("b, c"),
            Ok(ComputerPlayers::Some(set("bc")))
        );
        for bad in ["", "b,", "bc", "x", "b;c", "ALL"] {
            assert!(parse_computers(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_think_time("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["", "0", "-1", "NaN", "inf", "1e9", "soon"] {
            assert!(parse_think_time(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn whole_numbers_out_of_range_name_the_range() {
        let side = whole(2u8, 10);
        assert_eq!(side("2"), Ok(2));
        assert_eq!(side(" 10 "), Ok(10));
        assert_eq!(side("+3"), Ok(3));
        for bad in ["-1", "1", "11", "256", "-0", "99999999999999999999"] {
            assert_eq!(
                side(bad),
                Err("must be from 2 to 10".to_string()),
                "{bad:?}"
            );
        }
        for bad in ["", "x", "3.5", "1e2", "-", "--3", "٣"] {
            assert_eq!(
                side(bad),
                Err("must be a whole number from 2 to 10".to_string()),
                "{bad:?}"
            );
        }
        assert_eq!(
            whole(0, u64::MAX)("-5"),
            Err("must be from 0 to 18,446,744,073,709,551,615".to_string())
        );
    }

    #[test]
    fn grid_sizes_and_map_choices() {
        assert_eq!(parse_grid("28x20"), Ok((28, 20)));
        assert_eq!(parse_grid(" 8X9 "), Ok((8, 9)));
        for bad in ["", "28", "x20", "28x", "-2x4", "2.5x4", "axb", "2x3x4"] {
            assert!(parse_grid(bad).is_err(), "{bad:?}");
        }
        // Out of range, however large, without echoing a changed number.
        let range = Err(format!(
            "a map grid is from {MIN_GRID_SIDE} to {MAX_GRID_SIDE} cells each way"
        ));
        for far in ["99999999999999999999999x2", "2x1", "65x10", "0x0"] {
            assert_eq!(parse_grid(far), range, "{far:?}");
        }
        assert_eq!(parse_grid("2x64"), Ok((2, 64)));
        assert_eq!(parse_map_choice("random"), Ok(MapChoice::Random));
        assert_eq!(
            parse_map_choice("maps/x.map"),
            Ok(MapChoice::File("maps/x.map".into()))
        );
        assert!(parse_map_choice("").is_err());
    }
}

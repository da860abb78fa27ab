//! The date tag: a day, and perhaps a time of day in UTC.

use std::fmt;
use std::str::FromStr;

/// When a game was played: a day of the Gregorian calendar and, perhaps, a
/// time of day in UTC. Written `2026-11-24 06:10:00 UTC` or `2026-11-24`.
///
/// ```
/// use dice_of_doom::record::Date;
/// let date = Date::from_unix_seconds(1_795_500_000);
/// assert_eq!(date.to_string(), "2026-11-24 06:00:00 UTC");
/// assert_eq!("2026-11-24 06:00:00 UTC".parse(), Ok(date));
/// assert_eq!("2026-02-29".parse::<Date>().unwrap_err().to_string(),
///            "there is no date 2026-02-29");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
    /// Hours, minutes and seconds, in UTC.
    time: Option<(u8, u8, u8)>,
}

/// Why a text is no [`Date`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// Not written as a date.
    #[error("expected a date such as `2026-11-24` or `2026-11-24 06:10:00 UTC`")]
    Form,
    /// Written as a date, but no day of the calendar (or no time of day).
    #[error("there is no date {0}")]
    NoSuchDay(String),
}

impl Date {
    /// The date and time now, to the second (the system clock; 1970-01-01
    /// if it is set before that).
    pub fn now() -> Date {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_unix_seconds(seconds)
    }

    /// The date and time, to the second, of a number of seconds since
    /// 1970-01-01 00:00:00 UTC (years after 9999 are written as 9999-12-31).
    pub fn from_unix_seconds(seconds: u64) -> Date {
        let days = seconds / 86_400;
        let of_day = seconds % 86_400;
        // Howard Hinnant's days-to-civil, on days since 0000-03-01.
        let z = days + 719_468;
        let era = z / 146_097;
        let doe = z % 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = yoe + era * 400 + u64::from(month <= 2);
        if year > 9999 {
            return Date {
                year: 9999,
                month: 12,
                day: 31,
                time: Some((23, 59, 59)),
            };
        }
        Date {
            year: year as u16,
            month,
            day,
            time: Some((
                (of_day / 3600) as u8,
                (of_day / 60 % 60) as u8,
                (of_day % 60) as u8,
            )),
        }
    }
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)?;
        if let Some((h, m, s)) = self.time {
            write!(f, " {h:02}:{m:02}:{s:02} UTC")?;
        }
        Ok(())
    }
}

/// `digits` exactly `n` ASCII digits long, as a number.
fn digits(text: &str, n: usize) -> Result<u16, DateError> {
    if text.len() != n || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(DateError::Form);
    }
    text.parse().map_err(|_| DateError::Form)
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(text: &str) -> Result<Date, DateError> {
        let text = text.trim();
        let (day, time) = match text.split_once(' ') {
            Some((day, time)) => (day, Some(time.trim())),
            None => (text, None),
        };
        let mut fields = day.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(DateError::Form);
        };
        let (year, month, day) = (digits(y, 4)?, digits(m, 2)? as u8, digits(d, 2)? as u8);
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(DateError::NoSuchDay(text.to_string()));
        }
        let time = match time {
            None => None,
            Some(time) => {
                let clock = time.strip_suffix("UTC").unwrap_or(time).trim_end();
                let mut parts = clock.split(':');
                let (Some(h), Some(m), s, None) =
                    (parts.next(), parts.next(), parts.next(), parts.next())
                else {
                    return Err(DateError::Form);
                };
                let (h, m) = (digits(h, 2)? as u8, digits(m, 2)? as u8);
                let s = s.map_or(Ok(0), |s| digits(s, 2))? as u8;
                if h > 23 || m > 59 || s > 59 {
                    return Err(DateError::NoSuchDay(text.to_string()));
                }
                Some((h, m, s))
            }
        };
        Ok(Date {
            year,
            month,
            day,
            time,
        })
    }
}

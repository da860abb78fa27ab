//! Numbers in the program's messages: digits grouped by thousands, nouns
//! that agree with their count; quoting, and lines wrapped to 80 columns.

use std::fmt::Display;

/// A whole number with its thousands grouped: `1,468,919,491`.
///
/// ```
/// use dice_of_doom::text::group_digits;
/// assert_eq!(group_digits(1_468_919_491u64), "1,468,919,491");
/// assert_eq!(group_digits("2821109907456"), "2,821,109,907,456");
/// assert_eq!(group_digits(999u16), "999");
/// ```
pub fn group_digits(n: impl Display) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count with its noun, singular for exactly one and digits grouped:
/// `1 die`, `3 dice`, `1,307 nodes`.
///
/// ```
/// use dice_of_doom::text::count;
/// assert_eq!(count(1u8, "die", "dice"), "1 die");
/// assert_eq!(count(1_307u64, "node", "nodes"), "1,307 nodes");
/// ```
pub fn count(n: impl Display, one: &str, many: &str) -> String {
    let digits = group_digits(n);
    let noun = if digits == "1" { one } else { many };
    format!("{digits} {noun}")
}

/// A text fit to quote back in a message: control characters (escape,
/// bell, carriage return, ...) and the bidirectional overrides written as
/// Rust escapes (`\u{1b}`, `\r`), so that quoting them cannot act on the
/// terminal; everything else as it is.
///
/// ```
/// use dice_of_doom::text::escape_controls;
/// assert_eq!(escape_controls("\u{1b}[31mred"), "\\u{1b}[31mred");
/// assert_eq!(escape_controls("dé 1"), "dé 1");
/// ```
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let bidi = matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || bidi {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// A path as a POSIX shell (`sh -c`) reads it back, to quote in a command
/// the user may type: as it is when plain, otherwise in single quotes. A
/// character that would act on the terminal (a control character, a
/// bidirectional override) is written as `$(printf '\ooo')`, its bytes in
/// octal, outside the quotes; a newline, which such a substitution would
/// drop, stays a newline inside them.
///
/// ```
/// use std::path::Path;
/// use dice_of_doom::text::shell_quote;
/// assert_eq!(shell_quote(Path::new("boards/3x3-e.txt")), "boards/3x3-e.txt");
/// assert_eq!(shell_quote(Path::new("my games/it's.txt")), "'my games/it'\\''s.txt'");
/// assert_eq!(shell_quote(Path::new("a\u{1b}b")), "'a'\"$(printf '\\033')\"'b'");
/// assert_eq!(shell_quote(Path::new("new\nline")), "'new\nline'");
/// ```
pub fn shell_quote(path: &std::path::Path) -> String {
    let text = path.display().to_string();
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-/+,:@".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text;
    }
    let mut out = String::from("'");
    for c in text.chars() {
        let bidi = matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        match c {
            '\'' => out.push_str(r"'\''"),
            '\n' => out.push('\n'),
            c if c.is_control() || bidi => {
                let mut bytes = [0; 4];
                let octal: String = c
                    .encode_utf8(&mut bytes)
                    .bytes()
                    .map(|b| format!("\\{b:03o}"))
                    .collect();
                out.push_str(&format!("'\"$(printf '{octal}')\"'"));
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// The columns that output meant for people keeps within.
pub const COLUMNS: usize = 80;

/// A line of text wrapped at its spaces to `width` columns (characters),
/// each line after the first starting with `indent`; a word longer than
/// the width stays whole on a line of its own.
///
/// ```
/// use dice_of_doom::text::wrap;
/// assert_eq!(wrap("a: places 3 dice (1, 2, 3)", 14, "   "), "a: places 3\n   dice (1, 2,\n   3)");
/// assert_eq!(wrap("short", 80, "  "), "short");
/// ```
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    wrap_pieces(text.split(' '), width, indent)
}

/// Pieces of text (words, or whole clauses that should not be broken)
/// joined by spaces into lines of `width` columns, each line after the
/// first starting with `indent`; a piece wider than that stays whole.
///
/// ```
/// use dice_of_doom::text::wrap_pieces;
/// let clauses = ["arena: 4x4 boards,", "seed 1,", "100 boards x 2 games"];
/// assert_eq!(wrap_pieces(clauses, 30, "  "), "arena: 4x4 boards, seed 1,\n  100 boards x 2 games");
/// ```
pub fn wrap_pieces<'a>(
    pieces: impl IntoIterator<Item = &'a str>,
    width: usize,
    indent: &str,
) -> String {
    let mut out = String::new();
    // The columns of the line so far, and whether it has a piece yet.
    let (mut line, mut started) = (0, false);
    for piece in pieces {
        let len = piece.chars().count();
        if started && line + 1 + len > width {
            out.push('\n');
            out.push_str(indent);
            line = indent.chars().count();
        } else if started {
            out.push(' ');
            line += 1;
        }
        out.push_str(piece);
        line += len;
        started = true;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn quoted_paths_read_back_through_sh() {
        let names = [
            "plain.txt",
            "my games/it's.txt",
            "new\nline.txt",
            "ends in a newline\n",
            "tab\there\r",
            "esc\u{1b}[31mred",
            "\"dq\" $HOME `id` \\ ; & | *?",
            "bidi\u{202e}txt",
            "dé ü\u{a0}nbsp",
            "''",
        ];
        for name in names {
            let quoted = shell_quote(std::path::Path::new(name));
            assert!(
                !quoted.chars().any(|c| c.is_control() && c != '\n'),
                "{quoted:?}"
            );
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("printf %s {quoted}"))
                .output()
                .unwrap();
            assert_eq!(String::from_utf8(out.stdout).unwrap(), name, "{quoted}");
        }
    }

    #[test]
    fn digits_are_grouped_by_thousands() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (123_456, "123,456"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ];
        for (n, shown) in cases {
            assert_eq!(group_digits(n), shown);
        }
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        let cases = [
            (0, "0 cells"),
            (1, "1 cell"),
            (2, "2 cells"),
            (11, "11 cells"),
            (1_001, "1,001 cells"),
        ];
        for (n, shown) in cases {
            assert_eq!(count(n, "cell", "cells"), shown);
        }
        assert_eq!(count(1usize, "board", "boards"), "1 board");
        assert_eq!(count("1", "game", "games"), "1 game");
    }

    #[test]
    fn control_characters_are_escaped_and_nothing_else() {
        let cases = [
            ("\u{1b}[2J", "\\u{1b}[2J"),
            ("a\u{7}b", "a\\u{7}b"),
            ("\r\t", "\\r\\t"),
            ("\u{9b}31m", "\\u{9b}31m"),
            ("\u{202e}abc", "\\u{202e}abc"),
            ("it's \"x\" \\ ünï", "it's \"x\" \\ ünï"),
        ];
        for (text, shown) in cases {
            assert_eq!(escape_controls(text), shown, "{text:?}");
        }
    }

    #[test]
    fn lines_wrap_at_spaces_within_the_width() {
        let cases = [
            ("", 10, ""),
            ("one two three", 13, "one two three"),
            ("one two three", 12, "one two\n  three"),
            ("one two three", 7, "one two\n  three"),
            ("one two three", 6, "one\n  two\n  three"),
            // A word wider than the width stays whole.
            ("a verylongword b", 5, "a\n  verylongword\n  b"),
            ("dé dé dé", 5, "dé dé\n  dé"),
        ];
        for (text, width, shown) in cases {
            assert_eq!(wrap(text, width, "  "), shown, "{text:?} in {width}");
            for line in wrap(text, width, "  ").lines() {
                let long = line.trim_start().contains(' ') && line.chars().count() > width;
                assert!(!long, "{line:?} is wider than {width}");
            }
        }
    }
}

use proptest::prelude::*;

use super::*;

#[test]
fn lines_are_cut_at_their_ends_and_a_long_one_is_dropped_whole() {
    let mut buffer = LineBuffer::new(4);
    assert_eq!(buffer.push(b"ab", false), vec![]);
    assert_eq!(
        buffer.push(b"c\nabcdefgh", false),
        vec![Input::Line("abc".into())]
    );
    assert_eq!(
        buffer.push(b"ij\nok\r\n", false),
        vec![Input::TooLong, Input::Line("ok".into())]
    );
    assert_eq!(
        buffer.push(b"x\x7fy\r", true),
        vec![Input::Line("y".into())]
    );
    assert_eq!(buffer.push(b"\x03", true), vec![Input::End]);
}

/// The line ends in `bytes`: a `\r`, or a `\n` not right after a `\r`.
fn line_ends(bytes: &[u8]) -> usize {
    let mut after_cr = false;
    let mut ends = 0;
    for &b in bytes {
        if b == b'\r' || (b == b'\n' && !after_cr) {
            ends += 1;
        }
        after_cr = b == b'\r';
    }
    ends
}

/// Bytes a client might send: mostly text and line ends, some control
/// bytes and some bytes that are not UTF-8.
fn client_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        6 => b'a'..=b'z',
        2 => Just(b'\n'),
        2 => Just(b'\r'),
        1 => Just(8u8),
        1 => Just(127u8),
        1 => Just(3u8),
        1 => Just(4u8),
        1 => any::<u8>(),
    ];
    proptest::collection::vec(byte, 0..300)
}

proptest! {
    #[test]
    fn lines_do_not_depend_on_how_the_bytes_were_cut(
        bytes in client_bytes(), cut in any::<prop::sample::Index>(),
        max in 1usize..40, terminal in any::<bool>(),
    ) {
        let whole = LineBuffer::new(max).push(&bytes, terminal);
        let at = cut.index(bytes.len() + 1);
        let mut buffer = LineBuffer::new(max);
        let mut parts = buffer.push(&bytes[..at], terminal);
        parts.extend(buffer.push(&bytes[at..], terminal));
        prop_assert_eq!(whole, parts);
    }

    #[test]
    fn every_line_end_gives_one_line_within_the_limit(
        bytes in client_bytes(), max in 1usize..40, terminal in any::<bool>(),
    ) {
        let out = LineBuffer::new(max).push(&bytes, terminal);
        let mut lines = 0;
        for input in &out {
            match input {
                Input::Line(line) => {
                    lines += 1;
                    prop_assert!(line.chars().count() <= max, "{line:?}");
                    prop_assert!(!line.contains(['\r', '\n']), "{line:?}");
                }
                Input::TooLong => lines += 1,
                Input::End => prop_assert!(terminal, "only a terminal's Ctrl-C or Ctrl-D ends"),
                Input::Changed => prop_assert!(false, "never typed"),
            }
        }
        prop_assert_eq!(lines, line_ends(&bytes));
    }

    #[test]
    fn a_line_within_the_limit_comes_back_as_typed(
        line in "[ -~]{0,40}", max in 40usize..100, end in prop_oneof![Just("\n"), Just("\r"), Just("\r\n")],
    ) {
        let mut buffer = LineBuffer::new(max);
        let out = buffer.push(format!("{line}{end}").as_bytes(), false);
        prop_assert_eq!(out, vec![Input::Line(line)]);
    }
}

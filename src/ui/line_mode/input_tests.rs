use super::*;

fn lines(bytes: &[u8]) -> Vec<Line> {
    let mut input = io::BufReader::with_capacity(16, bytes);
    let mut out = Vec::new();
    loop {
        let line = read_line(&mut input).unwrap();
        let end = line == Line::End;
        out.push(line);
        if end {
            return out;
        }
    }
}

#[test]
fn lines_are_bounded_and_checked() {
    let long = vec![b'7'; MAX_LINE + 1];
    let mut bytes = b"1\r\nq\n\xff\xfe\n".to_vec();
    bytes.extend_from_slice(&long);
    bytes.extend_from_slice(b"\n2");
    let text = |s: &str| Line::Text(s.to_string());
    assert_eq!(
        lines(&bytes),
        [
            text("1"),
            text("q"),
            Line::NotText,
            Line::TooLong,
            text("2"),
            Line::End
        ]
    );
    assert_eq!(lines(b""), [Line::End]);
    assert_eq!(
        lines(&vec![b'x'; MAX_LINE]),
        [text(&"x".repeat(MAX_LINE)), Line::End]
    );
}

#[test]
fn a_long_line_is_refused_and_an_endless_one_ends_the_input() {
    // A pasted page ending in a newline: refused, the next line read.
    let mut bytes = vec![b'1'; 100_000];
    bytes.extend_from_slice(b"\n2\n");
    let mut input = io::BufReader::new(&bytes[..]);
    assert_eq!(read_line(&mut input).unwrap(), Line::TooLong);
    assert_eq!(read_line(&mut input).unwrap(), Line::Text("2".into()));
    // Just at the bound, still a line.
    let mut bytes = vec![b'0'; MAX_READ - 1];
    bytes.push(b'\n');
    let mut input = io::BufReader::new(&bytes[..]);
    assert_eq!(read_line(&mut input).unwrap(), Line::TooLong);
    assert_eq!(read_line(&mut input).unwrap(), Line::End);
    // Past it with no newline: no answer at all.
    let zeros = vec![0u8; 3 * MAX_READ];
    let mut input = io::BufReader::new(&zeros[..]);
    assert_eq!(read_line(&mut input).unwrap(), Line::Endless);
}

#[test]
fn answers() {
    let invalid = |s: &str| Answer::Invalid(s.to_string());
    let cases = [
        ("1", 3, Answer::Move(0)),
        (" 3 ", 3, Answer::Move(2)),
        ("q", 3, Answer::Quit),
        ("h", 3, Answer::Hint),
        ("u", 3, Answer::Undo),
        ("redo", 3, Answer::Redo),
        (
            "",
            3,
            invalid(
                "Type a number from 1 to 3 and press Enter (h hints, u undoes, r redoes, q quits).",
            ),
        ),
        (
            " ? ",
            3,
            invalid(
                "Type a number from 1 to 3 and press Enter (h hints, u undoes, r redoes, q quits).",
            ),
        ),
        (
            "help",
            1,
            invalid("Type 1 and press Enter (h hints, u undoes, r redoes, q quits)."),
        ),
        (
            "0",
            3,
            invalid("There is no move 0: type a number from 1 to 3."),
        ),
        (
            "4",
            3,
            invalid("There is no move 4: type a number from 1 to 3."),
        ),
        ("2", 1, invalid("There is no move 2: type 1.")),
        (
            "99999999999999999999999999",
            3,
            invalid("There is no move 99999999999999999999...: type a number from 1 to 3."),
        ),
        (
            "-1",
            3,
            invalid(
                "`-1` is not a move number: type a number from 1 to 3 (h hints, u undoes, r redoes, q quits).",
            ),
        ),
        (
            "ünïcödé",
            2,
            invalid(
                "`ünïcödé` is not a move number: type a number from 1 to 2 (h hints, u undoes, r redoes, q quits).",
            ),
        ),
        (
            "\u{1b}[2J\u{7}",
            2,
            invalid(
                "`\\u{1b}[2J\\u{7}` is not a move number: type a number from 1 to 2 (h hints, u undoes, r redoes, q quits).",
            ),
        ),
    ];
    for (text, count, expected) in cases {
        assert_eq!(parse_answer(text, count), expected, "{text:?}");
    }
}

#[test]
fn save_and_a_file_name_saves_there() {
    assert_eq!(
        parse_answer("save game.txt", 3),
        Answer::Save("game.txt".into())
    );
    assert_eq!(
        parse_answer(" save  my game.txt ", 3),
        Answer::Save("my game.txt".into())
    );
    assert_eq!(
        parse_answer("save", 3),
        Answer::Invalid("Type `save` and a file name: `save game.txt`.".into())
    );
}

use super::*;
use crate::ui::view::frame::PLAIN;

fn text(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|l| l.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

fn field(priority: u8, forms: &[&'static str]) -> Field {
    Field::new(priority, forms.iter().map(|f| Line::raw(*f)).collect())
}

#[test]
fn fields_that_fit_are_kept_whole() {
    let fields = [field(1, &["a to move"]), field(2, &["captured 0"])];
    assert_eq!(
        text(&fit(&fields, " | ", 80, 1)),
        ["a to move | captured 0"]
    );
}

#[test]
fn fields_give_way_by_priority_never_cut() {
    let fields = [
        field(9, &["Dice of Doom"]),
        field(5, &["a to move"]).required(),
        field(6, &["end turn now: +3 dice", "end turn: +3"]),
        field(1, &["cells: a 12, b 3"]).required(),
    ];
    // 12 + 9 + 21 + 16 and three separators: 67 columns.
    assert_eq!(
        text(&fit(&fields, " | ", 67, 1)),
        ["Dice of Doom | a to move | end turn now: +3 dice | cells: a 12, b 3"]
    );
    assert_eq!(
        text(&fit(&fields, " | ", 60, 1)),
        ["a to move | end turn now: +3 dice | cells: a 12, b 3"]
    );
    assert_eq!(
        text(&fit(&fields, " | ", 45, 1)),
        ["a to move | end turn: +3 | cells: a 12, b 3"]
    );
    assert_eq!(
        text(&fit(&fields, " | ", 30, 1)),
        ["a to move | cells: a 12, b 3"]
    );
    assert_eq!(text(&fit(&fields, " | ", 20, 1)), ["a to move"]);
    // On two lines, fields wrap whole before any gives way.
    assert_eq!(
        text(&fit(&fields, " | ", 45, 2)),
        [
            "Dice of Doom | a to move",
            "end turn now: +3 dice | cells: a 12, b 3"
        ]
    );
}

#[test]
fn a_hidden_field_keeps_its_place() {
    let fields = |hidden| {
        [
            field(1, &["a to move"]),
            field(2, &["marked: cell 12"]).hidden(hidden),
            field(3, &["seed 7"]),
        ]
    };
    assert_eq!(
        text(&fit(&fields(false), " | ", 80, 1)),
        ["a to move | marked: cell 12 | seed 7"]
    );
    assert_eq!(
        text(&fit(&fields(true), " | ", 80, 1)),
        ["a to move                   | seed 7"]
    );
}

#[test]
fn words_wrap_at_spaces_with_an_indent() {
    assert_eq!(
        text(&wrap("- attack a neighbour with fewer dice", PLAIN, 16, 2)),
        ["- attack a", "  neighbour with", "  fewer dice"]
    );
    assert_eq!(text(&wrap("abcdefgh", PLAIN, 5, 0)), ["abcde", "fgh"]);
    assert!(wrap("", PLAIN, 5, 0).is_empty());
}

#[test]
fn expressions_are_never_broken() {
    let line = "b: 13 -> 6 rolls 3+4 = 7 against 6+6 = 12: held";
    // From the width that holds the longest expression after the indent.
    for width in 11..=line.len() {
        let lines = text(&wrap(line, PLAIN, width, 2));
        for l in &lines {
            assert!(l.chars().count() <= width, "{width}: {lines:?}");
            let t = l.trim();
            // No line starts or ends at the middle of an expression.
            assert!(
                !t.starts_with('=') && !t.ends_with('='),
                "{width}: {lines:?}"
            );
            assert!(
                !t.starts_with("->") && !t.ends_with("->"),
                "{width}: {lines:?}"
            );
        }
        let joined = lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
        assert_eq!(joined, line, "{width}");
        assert!(
            lines.iter().any(|l| l.contains("3+4 = 7")),
            "{width}: {lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.contains("6+6 = 12")),
            "{width}: {lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.contains("13 -> 6")),
            "{width}: {lines:?}"
        );
    }
    assert_eq!(
        text(&wrap("a: 1 -> 2 rolls 5+5 = 10", PLAIN, 12, 2)),
        ["a: 1 -> 2", "  rolls", "  5+5 = 10"]
    );
}

use super::{RuleSet, article, help_parts};

/// The help's keys page, as plain text.
fn keys_page(set: RuleSet) -> String {
    let cells = crate::ui::words::Cells::of(&crate::game::Map::rhombus(3).unwrap());
    let [_, keys] = help_parts(76, (false, set, false, cells));
    keys.iter()
        .flatten()
        .map(|line| line.iter().map(|s| s.content.as_ref()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_end_turn_key_says_what_each_rule_set_asks() {
    let mut seen = [false; 2];
    for set in RuleSet::ALL {
        let keys = keys_page(set);
        assert!(keys.contains("end the turn"), "{set}: {keys}");
        let first = set.policy().attack_first;
        assert_eq!(keys.contains("after an attack"), first, "{set}: {keys}");
        seen[usize::from(first)] = true;
    }
    // Both kinds of rule set are there to be told apart.
    assert_eq!(seen, [true, true]);
}

#[test]
fn the_article_follows_how_the_word_is_said() {
    for (word, want) in [
        ("8x8", "An"),
        ("11x11", "An"),
        ("18x18", "An"),
        ("80x80", "An"),
        ("5x5", "A"),
        ("1x1", "A"),
        ("10x10", "A"),
        ("111x111", "A"),
        ("11000", "An"),
        ("map of 8 territories", "A"),
        ("offset", "An"),
    ] {
        assert_eq!(article(word), want, "{word}");
    }
}

/// Both pages of the help as plain text, for rule set `set` on `map`.
fn help_text(set: RuleSet, map: &crate::game::Map) -> String {
    let cells = crate::ui::words::Cells::of(map);
    help_parts(76, (false, set, true, cells))
        .iter()
        .flatten()
        .flatten()
        .map(|line| line.iter().map(|s| s.content.as_ref()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The help speaks of territories on a map and of cells on a board of
/// hexagons, whatever the rule set's own words (issue 36: "hexagons" on a
/// map of territories); under Dice Wars it explains the numbers at the top.
#[test]
fn the_help_speaks_of_the_map_played() {
    use crate::game::{Map, MapSetup};
    let map = MapSetup::parse(include_str!("../../../maps/tiny-4.map"))
        .unwrap()
        .map()
        .clone();
    let board = Map::rhombus(3).unwrap();
    for set in RuleSet::ALL {
        let on_map = help_text(set, &map);
        assert!(on_map.contains("territor"), "{set}: {on_map}");
        for word in ["cell", "hexagon"] {
            assert!(!on_map.contains(word), "{set}: {word} in\n{on_map}");
        }
        let on_board = help_text(set, &board);
        assert!(on_board.contains("cell"), "{set}: {on_board}");
        assert!(!on_board.contains("territor"), "{set}: {on_board}");
    }
    let numbers = "a 12·4+5 is a's 12 territories";
    assert!(help_text(RuleSet::Dicewars, &map).contains(numbers));
    assert!(!help_text(RuleSet::Lol4, &map).contains("12·4+5"));
}

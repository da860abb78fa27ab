use super::{RuleSet, article, help_parts};

/// The help's keys page, as plain text.
fn keys_page(set: RuleSet) -> String {
    let [_, keys] = help_parts(76, (false, set, false));
    keys.iter()
        .flatten()
        .map(|line| line.iter().map(|s| s.text.as_str()).collect::<String>())
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

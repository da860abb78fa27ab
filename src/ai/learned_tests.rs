use super::fit::fit;
use super::train::{TrainConfig, data_checksum, play_all};
use super::*;
use crate::ai::{Budget, Chance, ChanceConfig, PlayoutScore, Strategy};
use crate::game::{Map, Player};

fn lol4(players: usize) -> Rules {
    Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), players, 5).unwrap()
}

#[test]
fn the_shipped_weights_read_and_name_the_command_that_made_them() {
    for set in [RuleSet::Dicewars, RuleSet::Lol4] {
        let text = shipped(set).unwrap();
        let file = WeightsFile::parse(text).unwrap();
        assert_eq!(file.rules, set.name());
        let command = format!(
            "cargo run --release --example train -- --rules {} --games {} ",
            set.name(),
            file.games
        );
        assert!(file.command.starts_with(&command), "{}", file.command);
        assert!(file.samples > 0 && file.net.hidden > 0, "{set}: trained");
        // The text is exactly what the trainer renders for these weights.
        assert_eq!(file.render(), text, "{set}");
        assert!(model(set).is_some());
    }
    assert!(model(RuleSet::Classic).is_none() && shipped(RuleSet::Racket).is_none());
}

#[test]
fn a_changed_weight_fails_its_checksum() {
    let text = shipped(RuleSet::Lol4).unwrap();
    let file = WeightsFile::parse(text).unwrap();
    let mut changed = file.clone();
    changed.net.v[0] += 0.5;
    let tampered = text.replace(
        &format!("\nv {:?} ", file.net.v[0]),
        &format!("\nv {:?} ", changed.net.v[0]),
    );
    assert_ne!(tampered, text);
    assert!(matches!(
        WeightsFile::parse(&tampered),
        Err(WeightsError::Checksum { .. })
    ));
    assert_eq!(WeightsFile::parse("hello"), Err(WeightsError::Magic));
}

#[test]
fn chances_sum_to_one_over_the_players_left() {
    let rules = lol4(3);
    // c holds nothing: out of the game.
    let start = Position::start(
        &rules,
        "a-3 a-2 b-1 / b-2 a-4 b-3 / a-1 b-1 a-2".parse().unwrap(),
        Player::A,
    )
    .unwrap();
    let p = win_chances(&rules, &start).unwrap();
    assert_eq!(p[2], 0.0, "c is out");
    assert!(p[3..].iter().all(|&x| x == 0.0), "no such players");
    assert!((p[0] + p[1] - 1.0).abs() < 1e-5, "{p:?}");
    assert!(p[0] > 0.0 && p[1] > 0.0);
    let classic = Rules::classic(3, 3, 3).unwrap();
    assert_eq!(win_chances(&classic, &start), None);
}

#[test]
fn the_models_favour_the_stronger_player() {
    let rules = lol4(2);
    let (strong, weak) = (
        "a-5 a-5 a-5 / a-5 a-4 a-3 / a-2 b-1 b-1",
        "b-5 b-5 b-5 / b-5 b-4 b-3 / b-2 a-1 a-1",
    );
    for (board, favourite) in [(strong, 0), (weak, 1)] {
        let pos = Position::start(&rules, board.parse().unwrap(), Player::A).unwrap();
        let p = win_chances(&rules, &pos).unwrap();
        assert!(p[favourite] > 0.8, "{board}: {p:?}");
    }
    // Dice Wars: a game on a map, one player holding most of it.
    let (rules, start) = crate::game::deal_game(
        RuleSet::Dicewars,
        crate::game::Ground::RandomMap(crate::game::MapShape::original()),
        7,
        8,
        Player::A,
        3,
    )
    .unwrap();
    let cells: Vec<crate::game::Cell> = (0..start.board().cells().len())
        .map(|i| {
            let owner = if i < 3 { Player::B } else { Player::A };
            crate::game::Cell::new(owner, 4)
        })
        .collect();
    let board = crate::game::Board::new(&cells).unwrap();
    let pos = Position::start(&rules, board, Player::A).unwrap();
    let p = win_chances(&rules, &pos).unwrap();
    assert!(p[0] > p[1] && p[0] > 0.8, "{p:?}");
}

#[test]
fn features_describe_each_player() {
    let rules = lol4(2);
    let pos = Position::start(
        &rules,
        "a-3 a-2 b-1 / b-2 a-5 b-3 / a-1 b-1 a-2".parse().unwrap(),
        Player::B,
    )
    .unwrap();
    let f = features(&rules, &pos);
    assert_eq!(f.alive[..3], [true, true, false]);
    let (a, b) = (f.rows[0], f.rows[1]);
    assert_eq!((a[0], b[0]), (5.0 / 9.0, 4.0 / 9.0), "cells");
    assert_eq!((a[1], b[1]), (13.0 / 20.0, 7.0 / 20.0), "dice");
    assert_eq!((a[8], b[8]), (0.0, 1.0), "b moves");
    assert_eq!((a[9], b[9]), (0.5, 0.0), "a's turn is one away of two");
    assert_eq!(
        (a[11], b[11]),
        (1.0 / 9.0, -1.0 / 9.0),
        "cells against the most other"
    );
    assert_eq!(f.rows[2], [0.0; FEATURES]);
}

#[test]
fn the_trainer_gives_the_same_weights_on_one_thread_or_two() {
    let mut config = TrainConfig::new(RuleSet::Lol4, 6, 7);
    config.epochs = 3;
    config.chance_nodes = 300;
    let (one, origin) = play_all(&config).unwrap();
    config.threads = 2;
    let (two, origin_two) = play_all(&config).unwrap();
    assert!(!one.is_empty());
    assert_eq!(one, two);
    assert_eq!(origin, origin_two);
    assert_eq!(data_checksum(&one), data_checksum(&two));
    for s in &one {
        let shares: f32 = s.target.iter().sum();
        assert!((shares - 1.0).abs() < 1e-6, "every game has its winners");
    }
    let (net, notes) = fit(&config, &one, &origin);
    let (again, _) = fit(&config, &two, &origin_two);
    assert_eq!(net, again);
    let file = WeightsFile {
        rules: "lol4".to_string(),
        command: config.command(),
        games: config.games,
        samples: one.len() as u64,
        data_crc: data_checksum(&one),
        notes,
        net,
    };
    assert_eq!(WeightsFile::parse(&file.render()), Ok(file));
}

#[test]
fn chance_scores_its_playouts_with_the_model_when_switched() {
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 2, 5).unwrap();
    let start = Position::start(
        &rules,
        "a-5 b-1 a-2 / b-3 a-4 b-2 / a-1 b-4 b-2".parse().unwrap(),
        Player::A,
    )
    .unwrap();
    let rate = |leaf| {
        let mut chance = Chance::new(ChanceConfig {
            leaf,
            ..ChanceConfig::default()
        });
        chance
            .analyse(&rules, &start, Budget::nodes(2_000), true)
            .unwrap()
    };
    let (hand, learned) = (rate(PlayoutScore::Weights), rate(PlayoutScore::Learned));
    assert_eq!(hand.moves.len(), learned.moves.len());
    assert_ne!(hand.moves, learned.moves, "the model scores the playouts");
    assert!(start.is_legal(&rules, learned.chosen().unwrap()));
    // A model given by hand is the same as the rule set's own.
    let own = PlayoutScore::Model(model(RuleSet::Lol4).unwrap());
    assert_eq!(rate(own), learned);
    // Where the rule set has no model, the hand-written weights score.
    let classic = Rules::classic(3, 2, 3).unwrap();
    let board = "a-3 b-1 a-2 / b-3 a-3 b-2 / a-1 b-3 b-2".parse().unwrap();
    let pos = Position::start(&classic, board, Player::A).unwrap();
    let mut chance = Chance::new(ChanceConfig {
        leaf: PlayoutScore::Learned,
        ..ChanceConfig::default()
    });
    let mv = chance.choose(&classic, &pos, Budget::nodes(2_000));
    assert_eq!(
        mv,
        Chance::default().choose(&classic, &pos, Budget::nodes(2_000))
    );
    assert!(mv.is_some());
}

/// Reruns the commands recorded in the shipped weights files (minutes
/// each, on every core): the same data and the same weights.
/// `cargo test --release --lib learned -- --ignored`.
#[test]
#[ignore = "replays every training game: minutes"]
fn the_shipped_weights_are_the_trainers_output() {
    for set in [RuleSet::Dicewars, RuleSet::Lol4] {
        let file = WeightsFile::parse(shipped(set).unwrap()).unwrap();
        let config = config_of(&file.command).unwrap();
        let (samples, origin) = play_all(&config).unwrap();
        assert_eq!(data_checksum(&samples), file.data_crc, "{set}: the data");
        let (net, _) = fit(&config, &samples, &origin);
        assert_eq!(net, file.net, "{set}: the weights");
    }
}

/// The settings a recorded command names.
fn config_of(command: &str) -> Option<TrainConfig> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let get = |flag: &str| {
        words
            .iter()
            .position(|w| *w == flag)
            .and_then(|i| words.get(i + 1).copied())
    };
    let set = match get("--rules")? {
        "dicewars" => RuleSet::Dicewars,
        "lol4" => RuleSet::Lol4,
        _ => return None,
    };
    let mut config = TrainConfig::new(
        set,
        get("--games")?.parse().ok()?,
        get("--seed")?.parse().ok()?,
    );
    config.threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    config.chance_nodes = get("--chance-nodes")?.parse().ok()?;
    config.keep = get("--keep")?.parse().ok()?;
    config.hidden = get("--hidden")?.parse().ok()?;
    config.epochs = get("--epochs")?.parse().ok()?;
    config.rate = get("--rate")?.parse().ok()?;
    config.batch = get("--batch")?.parse().ok()?;
    Some(config)
}

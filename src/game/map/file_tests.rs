use super::*;
use SetupErrorKind as K;

const TWO: &str = "0 0 1\n 0 1 1\n0 a-2\n1 b-1\n";

fn error(text: &str) -> ((usize, usize), K) {
    let e = MapSetup::parse(text).unwrap_err();
    (e.location.unwrap(), e.kind)
}

#[test]
fn a_map_reads_with_comments_spaces_and_short_rows() {
    let text = "# a map\n\n  001 # row 0\n 0.11\n 22\n0 a-1\n1 b-2 # b\n2 a-3\n";
    let setup = MapSetup::parse(text).unwrap();
    let map = setup.map();
    assert_eq!(map.len(), 3);
    let grid = map.grid().unwrap();
    assert_eq!((grid.width(), grid.height()), (4, 3));
    assert_eq!(
        (grid.get(1, 1), grid.get(3, 1), grid.get(3, 2)),
        (None, Some(1), None)
    );
    assert_eq!((map.neighbours(2), map.neighbours(1)), (&[0][..], &[0][..]));
    assert_eq!(setup.cells()[2].to_string(), "a-3");
    assert_eq!(MapSetup::parse(TWO).unwrap().cells().len(), 2);
}

#[test]
fn every_mistake_is_located() {
    let cases: Vec<(&str, (usize, usize), K)> = vec![
        ("0 0 1\n 0 % 1\n0 a-2\n1 b-1", (2, 4), K::NotATerritory('%')),
        ("# nothing\n\n", (2, 1), K::NoGrid),
        ("0 a-2\n", (1, 1), K::NoGrid),
        ("0 1\n0 a-1\n1 b-1\n 0 1", (4, 2), K::GridAfterEntries),
        ("0 1\n0 a-1\n1", (3, 1), K::EntryWithoutCell('1')),
        ("0 1\n0 a-1\n  1  # b-2?", (3, 3), K::EntryWithoutCell('1')),
        ("0 1\n0 a-1\n%", (3, 1), K::GridAfterEntries),
        (
            "0 0 1\n 0 1 1\n0 a-1\n1 b",
            (4, 1),
            K::EntryWithoutCell('1'),
        ),
        ("0 0 1\n 0 1 1\n0 a-1\n0 1 1", (4, 1), K::GridAfterEntries),
        (
            "0 0 1\n 0 1 1\n0 a-2\n1 b-1\n0 b-2",
            (5, 1),
            K::DuplicateEntry('0'),
        ),
        ("0 0 1\n 0 1 1\n0 a-2\n", (1, 5), K::MissingEntry('1')),
        (
            "0 0 1\n 0 1 1\n0 a-2\n1 b-1\n2 a-1",
            (5, 1),
            K::UnknownTerritory('2'),
        ),
        (
            "0 0 1\n 0 1 1\n0 a-2\n1 b-x",
            (4, 3),
            K::NotACell("b-x".into()),
        ),
        ("0 0 1\n 0 1 1\n0 a-2\n1 z-1", (4, 3), K::UnknownPlayer('z')),
        (
            "0 0 1\n 0 1 1\n0 a-2\n1 b-0",
            (4, 3),
            K::DiceOutOfRange("0".into()),
        ),
        (
            "0 0 1\n 0 1 1\n0 a-2\n10 b-1",
            (4, 1),
            K::NotAnEntry("10".into()),
        ),
        (
            "0 0 1\n 0 1 1\n0 a-2\n1 b-1 c-1",
            (4, 7),
            K::NotAnEntry("c-1".into()),
        ),
        (
            "0 0 1\n 0 1 1\n0 a-2\n1-b",
            (4, 1),
            K::NotAnEntry("1-b".into()),
        ),
        (
            "# one\n  0 0 0\n 0 0 0\n0 a-2",
            (2, 3),
            K::Map(MapError::TooFewTerritories(1)),
        ),
        (
            "0 0 2\n 0 2 2\n0 a-2\n2 b-1",
            (1, 5),
            K::Map(MapError::MissingTerritory {
                missing: 1,
                cell: (2, 0),
            }),
        ),
        (
            "0 1 0\n 1 1 .\n0 a-2\n1 b-1",
            (1, 5),
            K::Map(MapError::Split {
                territory: 0,
                cell: (2, 0),
            }),
        ),
    ];
    for (text, location, kind) in cases {
        assert_eq!(error(text), (location, kind), "{text:?}");
    }
}

#[test]
fn oversized_grids_stop_before_they_are_read() {
    let wide = format!("{}\n", "0".repeat(MAX_GRID_SIDE + 1));
    assert_eq!(error(&wide), ((1, MAX_GRID_SIDE + 1), K::GridTooLarge));
    let tall = "01\n".repeat(MAX_GRID_SIDE + 1);
    assert_eq!(error(&tall), ((MAX_GRID_SIDE + 1, 1), K::GridTooLarge));
}

#[test]
fn a_map_without_owners_is_bare_and_has_no_position() {
    let setup = MapSetup::parse("0 0 1\n 0 1 1\n").unwrap();
    assert!(setup.is_bare());
    assert_eq!(setup.map().len(), 2);
    let rules = Rules::new(setup.map().clone(), 2, 3).unwrap();
    let error = setup.position(&rules).unwrap_err();
    assert_eq!(
        (error.location, error.kind),
        (Some((1, 1)), K::MissingEntry('0'))
    );
    // One owner line is no longer bare: the others are missing.
    let error = MapSetup::parse("0 0 1\n 0 1 1\n0 a-2\n").unwrap_err();
    assert_eq!(error.kind, K::MissingEntry('1'));
}

#[test]
fn rules_checks_point_at_the_territory() {
    let setup = MapSetup::parse("0 0 1\n 0 1 1\n0 a-2\n1 c-1\n").unwrap();
    let rules = Rules::new(setup.map().clone(), 2, 3).unwrap();
    let e = setup.position(&rules).unwrap_err();
    assert_eq!(e.location, Some((4, 1)));
    assert!(matches!(
        e.kind,
        K::Position(PositionError::Owner { index: 1, .. })
    ));
    let setup = MapSetup::parse("0 0 1\n 0 1 1\n0 a-5\n1 b-1\n").unwrap();
    let e = setup.position(&rules).unwrap_err();
    assert_eq!(e.location, Some((3, 1)));
    assert!(matches!(
        e.kind,
        K::Position(PositionError::TooManyDice { index: 0, .. })
    ));
    let c = Player::new(2).unwrap();
    let e = setup
        .with_first(c)
        .position(&Rules::new(rules.map().clone(), 2, 5).unwrap());
    assert_eq!(e.unwrap_err().location, None);
}

#[test]
fn a_players_line_says_the_players_the_map_is_drawn_for() {
    // Without the line: none said; a map with owners is played by no more
    // players than own its territories, a bare map by the rule set's.
    let setup = MapSetup::parse(TWO).unwrap();
    assert_eq!((setup.players(), setup.owners()), (None, 2));
    assert_eq!(setup.players_for(None, 7), Ok(2));
    assert_eq!(setup.players_for(None, 2), Ok(2));
    assert_eq!(setup.players_for(Some(2), 7), Ok(2));
    assert_eq!(
        setup.players_for(Some(3), 7),
        Err(MapPlayersError::Owners {
            owners: 2,
            asked: 3
        })
    );
    let bare = MapSetup::parse("0 0 1\n 0 1 1\n").unwrap();
    assert_eq!((bare.players(), bare.owners()), (None, 0));
    assert_eq!(
        (bare.players_for(None, 7), bare.players_for(Some(5), 2)),
        (Ok(7), Ok(5))
    );
    // With it, before the map (comments and blank lines may come first):
    // those players, whatever is asked.
    let drawn = MapSetup::parse(&format!("# two\n\n  players: 2 # drawn for\n{TWO}")).unwrap();
    assert_eq!(drawn.players(), Some(2));
    assert_eq!(drawn.map(), setup.map());
    assert_eq!(drawn.cells(), setup.cells());
    assert_eq!(drawn.players_for(None, 7), Ok(2));
    let error = drawn.players_for(Some(7), 7).unwrap_err();
    assert_eq!(error, MapPlayersError::Drawn { drawn: 2, asked: 7 });
    assert_eq!(
        error.to_string(),
        "is drawn for 2 players (its line `players: 2`), not 7"
    );
    assert_eq!(error.players(), 2);
    // A bare map drawn for 3 is dealt to 3.
    let bare = MapSetup::parse("players: 3\n0 0 1\n 0 1 2\n").unwrap();
    assert_eq!((bare.players_for(None, 7), bare.is_bare()), (Ok(3), true));
}

#[test]
fn a_bad_players_line_is_located() {
    let cases: Vec<(&str, (usize, usize), K)> = vec![
        ("players: 9\n0 1\n", (1, 1), K::NotPlayers("9".into())),
        ("players: 1\n0 1\n", (1, 1), K::NotPlayers("1".into())),
        ("  players:two\n0 1\n", (1, 3), K::NotPlayers("two".into())),
        ("0 1\nplayers: 2\n", (2, 1), K::PlayersMisplaced),
        ("players: 2\nplayers: 2\n0 1\n", (2, 1), K::PlayersMisplaced),
        (
            "players: 2\n0 0 1\n 0 1 1\n0 a-2\n1 c-1\n",
            (5, 1),
            K::OwnerPastPlayers {
                owner: Player::new(2).unwrap(),
                players: 2,
            },
        ),
        (
            "players: 3\n0 0 1\n 0 1 1\n0 a-2\n1 b-1\n",
            (1, 1),
            K::PlayerWithoutTerritory {
                player: Player::new(2).unwrap(),
                players: 3,
            },
        ),
    ];
    for (text, location, kind) in cases {
        assert_eq!(error(text), (location, kind), "{text:?}");
    }
}

//! The state machine under the rule sets with dice: rolls drawn as the
//! line mode draws them, undo and redo with rolls, games resumed from
//! records, the rolling roll and the fast-forward.

use super::*;
use crate::game::{Map, RuleSet};
use crate::record::Record;

/// Land of Lisp's last rules on a 3x3 board of 2 players.
fn lol4() -> (Rules, Position) {
    let rules = Rules::of(RuleSet::Lol4, Map::rhombus(3).unwrap(), 2, 5).unwrap();
    let board = "a-3 b-2 a-4 / b-3 a-2 b-5 / a-1 b-4 b-2".parse().unwrap();
    (
        rules.clone(),
        Position::start(&rules, board, Player::A).unwrap(),
    )
}

/// What the line mode plays: each move of `moves` rolled from the seed,
/// the position and the move, in turn.
fn line_mode(rules: &Rules, start: Position, seed: u64, moves: &[Move]) -> Vec<Play> {
    let mut record = Record::new(rules.clone(), start, Vec::new());
    for &mv in moves {
        let played = record.end().play_seeded(rules, mv, seed).unwrap();
        record.push(Play::of(rules, mv, &played.event)).unwrap();
    }
    record.plays().to_vec()
}

/// Plays `mv` by a click on the list, once the dice of the last roll
/// settled (a click while they roll only settles them).
fn play(a: &mut App, mv: Move) {
    while a.roll_tick() {}
    let index = a.moves().iter().position(|&m| m == mv).unwrap();
    a.click(Target::Menu(index));
}

#[test]
fn the_dice_are_the_line_mode_s_for_the_same_seed() {
    let (rules, start) = lol4();
    let moves = [
        Move::Attack { from: 0, to: 1 },
        Move::Attack { from: 2, to: 5 },
    ];
    let mut a = App::new(rules.clone(), start, Some(11));
    for mv in moves {
        play(&mut a, mv);
    }
    let expected = line_mode(&rules, start, 11, &moves);
    assert!(expected.iter().all(|p| p.roll.is_some()));
    assert_eq!(a.plays(), expected);
    // The same game read back from its record is the same position, with
    // the same last roll, not rolling.
    let b = App::resume(rules, start, a.plays(), Some(11)).unwrap();
    assert_eq!(b.position(), a.position());
    assert_eq!(b.last_roll().map(|r| r.roll), a.last_roll().map(|r| r.roll));
    assert!(!b.rolling() && a.rolling());
}

#[test]
fn redo_and_the_same_move_after_an_undo_play_the_same_roll() {
    // As the line mode: a redo replays what was rolled, and the same move
    // played again after an undo rolls the same dice; another seed, other
    // dice.
    let (rules, start) = lol4();
    let attack = Move::Attack { from: 0, to: 1 };
    let mut a = App::new(rules.clone(), start, Some(5));
    play(&mut a, attack);
    let first = a.plays().to_vec();
    let after = a.position();
    a.key(Key::Undo);
    assert!(a.plays().is_empty());
    a.key(Key::Redo);
    assert_eq!(a.plays(), first);
    assert_eq!(a.position(), after);
    a.key(Key::Undo);
    play(&mut a, attack);
    assert_eq!(a.plays(), first);
    let once = start.play_seeded(&rules, attack, 5).unwrap();
    assert_eq!(first[0], Play::of(&rules, attack, &once.event));
    let rolls: Vec<_> = (0..20)
        .map(|seed| start.play_seeded(&rules, attack, seed).unwrap().event)
        .map(|event| Play::of(&rules, attack, &event).roll)
        .collect();
    assert!(rolls.iter().any(|r| *r != rolls[0]), "{rolls:?}");
}

#[test]
fn a_resumed_game_rolls_the_dice_of_its_seed() {
    let (rules, start) = lol4();
    let attack = Move::Attack { from: 0, to: 1 };
    let played = line_mode(&rules, start, 8, &[attack]);
    let mut a = App::resume(rules.clone(), start, &played, Some(8)).unwrap();
    let at = a.position();
    let next = a.moves()[0];
    play(&mut a, next);
    let expected = at.play_seeded(&rules, next, 8).unwrap();
    assert_eq!(a.plays()[1], Play::of(&rules, next, &expected.event));
    // A roll that does not fit its attack is refused, with its number.
    let mut bad = played[0];
    bad.roll = crate::game::Roll::new(&[6], &[1]);
    let err = App::resume(rules, start, &[bad], Some(8)).err().unwrap();
    assert_eq!((err.number, err.mv), (1, attack));
}

#[test]
fn any_key_settles_the_roll_and_f_fast_forwards_the_computer() {
    let (rules, start) = lol4();
    let computer = PlayerSet::single(Player::B);
    let mut a = App::new(rules.clone(), start, Some(3)).with_computers(computer, "lol4");
    // f on a person's turn only says what it is for.
    a.key(Key::FastForward);
    assert!(!a.fast_forward());
    assert!(a.message().is_some_and(|m| m.contains("this one is yours")));
    play(&mut a, Move::Attack { from: 0, to: 1 });
    assert!(a.rolling());
    a.key(Key::EndTurn);
    assert!(!a.rolling(), "a key settles it");
    assert_eq!(a.computer_to_move(), Some(Player::B));
    let attack = |a: &App| {
        a.moves()
            .into_iter()
            .find(|m| matches!(m, Move::Attack { .. }))
            .unwrap()
    };
    // The computer's roll rolls; a key settles it without the refusal a
    // key gets while the computer plays.
    assert!(a.computer_move(attack(&a)));
    assert!(a.rolling());
    let said = a.message().map(str::to_string);
    a.key(Key::Right);
    assert!(!a.rolling());
    assert_eq!(a.message().map(str::to_string), said);
    a.key(Key::Right);
    assert!(
        a.message()
            .is_some_and(|m| m.contains("wait for your turn"))
    );
    // f: its moves no longer roll, until a person is to move.
    a.key(Key::FastForward);
    assert!(a.fast_forward());
    if a.moves().iter().any(|m| matches!(m, Move::Attack { .. })) {
        assert!(a.computer_move(attack(&a)));
        assert!(!a.rolling(), "fast-forwarded: no rolling");
        assert!(a.fast_forward());
    }
    assert!(a.computer_move(Move::Pass));
    assert_eq!(a.position().player(), Player::A);
    assert!(!a.fast_forward(), "a person is to move: over");
}

#[test]
fn a_new_dice_wars_game_is_dealt_and_rolls_from_its_seed() {
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(4).unwrap(), 3, 8).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let start = crate::game::deal_territories(&rules, &mut rng).unwrap();
    let mut a = App::new(rules.clone(), start, Some(1));
    assert!(a.new_game(9));
    // Dealt as the command line deals, as the original does: 16
    // territories shared 6, 5, 5 and 32 more dice 11, 11, 10.
    let board = *a.start().board();
    let mut totals: Vec<u32> = Player::all(3)
        .map(|p| {
            board
                .owned_by(p)
                .map(|i| u32::from(board.cell(i).dice()))
                .sum()
        })
        .collect();
    totals.sort_unstable();
    assert_eq!(totals, [15, 16, 17]);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(9);
    rng.set_stream(2);
    assert_eq!(
        a.start(),
        crate::game::deal_territories(&rules, &mut rng).unwrap()
    );
    // Its dice are the new seed's.
    let attack = a
        .moves()
        .into_iter()
        .find(|m| matches!(m, Move::Attack { .. }))
        .unwrap();
    play(&mut a, attack);
    let expected = a.start().play_seeded(&rules, attack, 9).unwrap();
    assert_eq!(a.plays()[0], Play::of(&rules, attack, &expected.event));
}

#[test]
fn while_the_dice_roll_the_list_and_the_end_wait_and_picking_only_settles() {
    // Dice Wars: the last player standing wins at once.
    let rules = Rules::of(RuleSet::Dicewars, Map::rhombus(2).unwrap(), 2, 8).unwrap();
    let board = "a-3 b-1 / a-2 a-1".parse().unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let attack = Move::Attack { from: 0, to: 1 };
    // A seed whose roll takes the last cell of b: the game is over.
    let mut a = (0..100)
        .map(|seed| {
            let mut a = App::new(rules.clone(), start, Some(seed));
            play(&mut a, attack);
            a
        })
        .find(|a| a.winners().is_some())
        .unwrap();
    assert!(a.rolling());
    assert_eq!(a.shown_winners(), None, "not before the dice settle");
    assert_eq!(a.shown_moves(), start.moves(&rules));
    assert_eq!(a.shown_computer(), None);
    assert_eq!(
        a.key(Key::NewGame),
        Effect::Continue,
        "the key only settles"
    );
    assert!(!a.rolling());
    assert_eq!(a.shown_winners(), a.winners());
    assert_eq!(a.shown_moves(), a.moves());
    assert_eq!(a.key(Key::NewGame), Effect::NewGame);
    // A digit or a click on the list while the dice roll only settles them:
    // the list shown was the one before the attack.
    let (rules, start) = lol4();
    let mut b = App::new(rules, start, Some(1));
    play(&mut b, Move::Attack { from: 0, to: 1 });
    assert!(b.rolling());
    b.key(Key::Digit(1));
    assert_eq!((b.rolling(), b.history().len(), b.digits()), (false, 1, ""));
    let next = b.moves()[1];
    play(&mut b, next);
    assert!(b.rolling());
    b.click(Target::Menu(0));
    assert_eq!((b.rolling(), b.history().len()), (false, 2), "only settled");
    b.click(Target::Menu(0));
    assert_eq!(b.history().len(), 3, "settled, a click plays");
}

/// Issue 36: against the computer under dice, `u` after an attack says
/// why nothing is taken back; a practice game takes it back and its
/// header and end notes say it is practice.
#[test]
fn against_the_computer_u_says_a_roll_stands_unless_practice() {
    let (rules, start) = lol4();
    let attack = Move::Attack { from: 2, to: 5 };
    let computer = PlayerSet::single(Player::B);
    let mut a = App::new(rules.clone(), start, Some(11)).with_computers(computer, "chance");
    play(&mut a, attack);
    assert!(!a.can_undo());
    a.key(Key::Undo);
    assert_eq!(a.plays().len(), 1, "the attack stands");
    assert_eq!(a.message.as_deref(), Some(crate::ui::words::UNDO_REFUSED));
    assert!(!a.practice() && a.end_notes().is_empty());
    let mut header = Record::new(rules.clone(), start, Vec::new());
    header.tags_mut().practice = true;
    let mut p = App::new(rules, start, Some(11))
        .with_store(&header, None)
        .with_computers(computer, "chance");
    play(&mut p, attack);
    assert!(p.can_undo());
    p.key(Key::Undo);
    assert!(p.plays().is_empty(), "taken back in practice");
    assert!(p.end_notes()[0].contains("practice"));
    let status = crate::ui::view::render(&p, 80, 24, false).text();
    assert!(
        status.lines().take(3).any(|l| l.contains("practice")),
        "{status}"
    );
}

//! The computer's jobs: a stale move dropped, a panic reported with the
//! pool going on, a cancelled search stopped, the line mode's seats
//! thinking on the pool as they would inline.

use std::sync::mpsc::channel;
use std::time::Duration;

use super::*;
use crate::ai::{AiKind, Budget};
use crate::game::{Player, PlayerSet, Rules};
use crate::session::pool::Pool;

/// The longest a test waits for a job's thought.
const BOUND: Duration = Duration::from_secs(20);

/// A game on the 2x2 board of the book's first figure, a to move, the
/// computer (perfect) at `computers`.
fn session(computers: &str) -> Session {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
    let players: PlayerSet = computers.chars().filter_map(Player::from_letter).collect();
    let seats = Seats::new(AiKind::Perfect, players, 2, 1, Budget::UNLIMITED);
    Session::new(Record::new(rules, start, Vec::new()), 0).with_seats(seats)
}

#[test]
fn a_stale_job_s_move_is_dropped() {
    let pool = Pool::start(1).unwrap();
    let mut game = session("a");
    let computer = Computer::take(&mut game, pool);
    let (reply, thoughts) = channel();
    let _ticket = computer
        .turn(&game, move |t| {
            let _ = reply.send(t);
        })
        .unwrap();
    let thought = thoughts.recv_timeout(BOUND).unwrap();
    // The game moves on before the computer's move is played.
    let moves = game.position().moves(game.rules());
    game.play(moves[0], false).unwrap();
    let plays = game.record().plays().len();
    let events = game.play_thought(thought, Player::A).unwrap();
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(game.record().plays().len(), plays, "nothing was played");
}

#[test]
fn a_thought_for_the_game_as_it_stands_is_played() {
    let pool = Pool::start(1).unwrap();
    let mut game = session("a");
    let mut inline = session("a");
    let computer = Computer::take(&mut game, pool);
    let events = computer.play(&mut game).unwrap();
    assert_eq!(events, inline.computer_move().unwrap(), "as inline");
    let hint = computer.hint(&game).unwrap();
    assert!(
        matches!(
            hint,
            Event::Hints {
                name: "perfect",
                ..
            }
        ),
        "{hint:?}"
    );
    computer.give_back(&mut game);
    assert_eq!(game.computers(), PlayerSet::single(Player::A));
    assert!(matches!(
        game.apply(Command::Hint).unwrap()[0],
        Event::Hints { .. }
    ));
}

#[test]
fn a_panicking_job_is_reported_and_the_pool_goes_on() {
    let pool = Pool::start(1).unwrap();
    let game = session("");
    let (reply, thoughts) = channel();
    let failing = reply.clone();
    let _boom = Ticket::start(
        &pool,
        game.stamp(),
        || -> Option<Move> { panic!("the search broke") },
        move |t| {
            let _ = failing.send(t);
        },
    )
    .unwrap();
    let thought = thoughts.recv_timeout(BOUND).unwrap();
    match thought.answer(game.stamp()) {
        Answer::Failed(why) => assert!(why.ends_with("the search broke"), "{why}"),
        other => panic!("{other:?}"),
    }
    let _next = Ticket::start(
        &pool,
        game.stamp(),
        || Some(Move::Pass),
        move |t| {
            let _ = reply.send(t);
        },
    )
    .unwrap();
    let thought = thoughts.recv_timeout(BOUND).unwrap();
    assert_eq!(
        thought.answer(game.stamp()),
        Answer::Ready(Some(Move::Pass))
    );
}

#[test]
fn cancelling_a_job_stops_its_search() {
    // A 6x6 board, which no search proves in a minute.
    let rules = Rules::classic(6, 2, 3).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(33);
    let board = crate::game::random_board(&rules, Player::A, &mut rng).unwrap();
    let start = Position::start(&rules, board, Player::A).unwrap();
    let game = Session::new(Record::new(rules.clone(), start, Vec::new()), 0);
    let pool = Pool::start(1).unwrap();
    let (started, thinking) = channel();
    let (reply, thoughts) = channel();
    let ticket = Ticket::start(
        &pool,
        game.stamp(),
        move || {
            let _ = started.send(());
            let minute = Budget::time(Duration::from_secs(60));
            AiKind::Search.build(1).choose(&rules, &start, minute)
        },
        move |t| {
            let _ = reply.send(t);
        },
    )
    .unwrap();
    thinking.recv_timeout(BOUND).unwrap();
    assert!(ticket.running());
    ticket.cancel();
    // Answered well within the bound, far less than the minute it had.
    let thought = thoughts.recv_timeout(BOUND).unwrap();
    assert_eq!(thought.job(), ticket.id());
    assert_eq!(thought.answer(game.stamp()), Answer::Dropped);
    assert!(!ticket.running());
}

#[test]
fn a_job_cancelled_before_its_turn_never_thinks() {
    let pool = Pool::start(1).unwrap();
    let game = session("");
    let (hold, held) = channel::<()>();
    let (reply, thoughts) = channel();
    let first = reply.clone();
    let _busy = Ticket::start(
        &pool,
        game.stamp(),
        move || held.recv().is_ok(),
        move |t| {
            let _ = first.send(t);
        },
    )
    .unwrap();
    let waiting = Ticket::start(
        &pool,
        game.stamp(),
        || true,
        move |t| {
            let _ = reply.send(t);
        },
    )
    .unwrap();
    waiting.cancel();
    hold.send(()).unwrap();
    let busy = thoughts.recv_timeout(BOUND).unwrap();
    assert_eq!(busy.answer(game.stamp()), Answer::Ready(true));
    let cancelled = thoughts.recv_timeout(BOUND).unwrap();
    assert_eq!(cancelled.job(), waiting.id());
    assert_eq!(cancelled.answer(game.stamp()), Answer::Dropped);
}

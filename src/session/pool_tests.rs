//! The pool: jobs run on its threads until it stops, a panicking job is
//! reported and the thread goes on, a stopped pool runs nothing.

use super::*;
use std::sync::mpsc::{Sender, channel};
use std::time::Duration;

/// The longest a test waits for a job's word.
const BOUND: Duration = Duration::from_secs(20);

/// A job that says `word` when it runs, panicking first if `panics`.
struct Say {
    word: &'static str,
    panics: bool,
    said: Mutex<Sender<String>>,
}

impl Say {
    fn job(word: &'static str, panics: bool, said: &Sender<String>) -> Arc<dyn Job> {
        Arc::new(Say {
            word,
            panics,
            said: Mutex::new(said.clone()),
        })
    }

    fn say(&self, text: String) {
        let _ = self.said.lock().unwrap().send(text);
    }
}

impl Job for Say {
    fn run(&self, _: Running) {
        assert!(!self.panics, "{} panics", self.word);
        self.say(self.word.to_string());
    }

    fn failed(&self, why: String) {
        self.say(format!("failed: {why}"));
    }

    fn skipped(&self) {
        self.say(format!("skipped {}", self.word));
    }
}

#[test]
fn jobs_run_on_the_pool_until_it_stops() {
    let pool = Pool::start(2).unwrap();
    assert_eq!(pool.size(), 2);
    let (said, heard) = channel();
    let jobs: Vec<Arc<dyn Job>> = (0..10).map(|_| Say::job("ran", false, &said)).collect();
    for job in &jobs {
        assert!(pool.push(Arc::downgrade(job)));
    }
    for _ in 0..10 {
        assert_eq!(heard.recv_timeout(BOUND).unwrap(), "ran");
    }
    pool.stop();
    assert!(
        !pool.push(Arc::downgrade(&jobs[0])),
        "a stopped pool refuses"
    );
    drop((said, jobs));
    assert_eq!(
        heard.recv_timeout(BOUND),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected),
        "and runs nothing"
    );
    assert!(cores() >= 1);
}

#[test]
fn a_panicking_job_is_reported_and_its_thread_goes_on() {
    let pool = Pool::start(1).unwrap();
    let (said, heard) = channel();
    let boom = Say::job("boom", true, &said);
    let after = Say::job("after", false, &said);
    pool.push(Arc::downgrade(&boom));
    pool.push(Arc::downgrade(&after));
    let report = heard.recv_timeout(BOUND).unwrap();
    // With its place (`panicked at src/...`) unless another test holds
    // the process's panic hook meanwhile.
    assert!(
        report.starts_with("failed: panicked") && report.ends_with("boom panics"),
        "{report}"
    );
    assert_eq!(
        heard.recv_timeout(BOUND).unwrap(),
        "after",
        "the one thread runs the next job"
    );
    pool.stop();
}

#[test]
fn a_job_gone_before_its_turn_is_skipped_and_stopping_skips_the_rest() {
    let pool = Pool::start(1).unwrap();
    let (said, heard) = channel();
    // The thread is held by a job that waits for the test's word.
    let (go, wait) = channel::<()>();
    struct Hold(Mutex<std::sync::mpsc::Receiver<()>>, Mutex<Sender<String>>);
    impl Job for Hold {
        fn run(&self, _: Running) {
            let _ = self.1.lock().unwrap().send("holding".into());
            let _ = self.0.lock().unwrap().recv();
        }
        fn failed(&self, _: String) {}
    }
    let hold: Arc<dyn Job> = Arc::new(Hold(Mutex::new(wait), Mutex::new(said.clone())));
    pool.push(Arc::downgrade(&hold));
    assert_eq!(heard.recv_timeout(BOUND).unwrap(), "holding");
    let gone = Say::job("gone", false, &said);
    pool.push(Arc::downgrade(&gone));
    drop(gone);
    let waiting = Say::job("waiting", false, &said);
    pool.push(Arc::downgrade(&waiting));
    let stopper = Arc::clone(&pool);
    let stopping = std::thread::spawn(move || stopper.stop());
    assert_eq!(heard.recv_timeout(BOUND).unwrap(), "skipped waiting");
    go.send(()).unwrap();
    stopping.join().unwrap();
    drop((said, hold, waiting));
    assert_eq!(
        heard.recv_timeout(BOUND),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected),
        "the job gone never ran"
    );
}

/// `perfect` is offered only where every attack wins
/// ([`crate::ai::AiKind::fit`]); there its proof searches to the end of the
/// game, depth first, from the first move: on the largest boards, with the
/// most players and dice, that deepest search finishes on a pool's thread.
#[test]
fn perfect_s_deepest_search_finishes_on_a_pool_thread() {
    use crate::ai::{AiKind, Budget};
    use crate::game::{Ground, MAX_SIDE, Player, RuleSet, deal_game};
    use crate::session::{Answer, Stamp, Ticket};
    let pool = Pool::start(1).unwrap();
    for set in RuleSet::ALL
        .into_iter()
        .filter(|s| AiKind::Perfect.fit(*s).is_ok())
    {
        for players in [2, 8] {
            let dice = usize::from(set.defaults().max_dice_limit);
            let ground = Ground::Hexagons(usize::from(MAX_SIDE));
            let (rules, start) = deal_game(set, ground, players, dice, Player::A, 1).unwrap();
            let stamp = Stamp {
                plays: 0,
                position: start,
            };
            let (reply, thoughts) = channel();
            let work = move || {
                let mut ai = AiKind::Perfect.build(1);
                ai.choose(&rules, &start, Budget::nodes(300_000))
            };
            let _ticket = Ticket::start(&pool, stamp, work, move |t| {
                let _ = reply.send(t);
            })
            .unwrap();
            let thought = thoughts.recv_timeout(Duration::from_secs(120)).unwrap();
            match thought.answer(stamp) {
                Answer::Ready(mv) => assert!(mv.is_some(), "{set} {players}"),
                Answer::Failed(why) => panic!("{set} {players}: {why}"),
                Answer::Dropped => panic!("{set} {players}: dropped"),
            }
        }
    }
}

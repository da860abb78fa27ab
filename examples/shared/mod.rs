//! What the arena examples share: the arena's boards, dealt as
//! `dice-of-doom arena` deals them, and each board played on one of a
//! few threads. Included by `learned_arena` and `duel_arena` with
//! `#[path = "shared/mod.rs"] mod shared;`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use dice_of_doom::game::{Player, Position, Rules, deal_start};

/// The first `games` boards `arena --seed seed` deals under `rules`.
pub fn deal_boards(rules: &Rules, games: u32, seed: u64) -> Result<Vec<Position>, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..games)
        .map(|_| deal_start(rules, Player::A, &mut rng).map_err(|e| e.to_string()))
        .collect()
}

/// `play(board, its number)` for every board, spread over `threads`
/// threads (board g on thread g mod threads); the results grouped by
/// thread, which is all a tally needs. A thread that panics counts as
/// one error.
pub fn on_threads<T, F>(boards: &[Position], threads: usize, play: F) -> Vec<Result<T, String>>
where
    T: Send,
    F: Fn(Position, usize) -> Result<T, String> + Sync,
{
    let threads = threads.max(1);
    let play = &play;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (t..boards.len())
                        .step_by(threads)
                        .map(|g| play(boards[g], g))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|_| vec![Err("a thread panicked".to_string())])
            })
            .collect()
    })
}

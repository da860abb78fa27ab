//! `dice-of-doom arena --seats AI,AI,...`: a free-for-all of different
//! opponents, one a seat, the seats rotated between the games of a board.

use std::io::{self, Write};

use serde::Serialize;

use super::setting::{RATE_HEADING, Setting, TIME_HEADING, rate_cells, time_cells};
use super::{ArenaArgs, arena_rules, map_name, progress};
use crate::ai::arena::free_for_all::{AiResult, FreeForAll, FreeForAllError, FreeForAllResult};
use crate::cli::setup::budget;
use crate::cli::{CliError, json};
use crate::game::Rules;
use crate::text::count;

/// What a free-for-all prints, as a table or as JSON.
#[derive(Serialize)]
struct Report<'a> {
    /// The options the arena ran with.
    #[serde(flatten)]
    setting: Setting,
    /// Each opponent's results, in the order `--seats` names them.
    ais: &'a [AiResult],
    /// The mean length of the games, in turns.
    mean_turns: f64,
    /// Their median length, in turns.
    median_turns: f64,
}

/// Runs the free-for-all `--seats` asks for and prints its table (or
/// JSON).
pub(super) fn run(args: &ArenaArgs) -> Result<(), CliError> {
    let (rules, maps) = arena_rules(args)?;
    if args.seats.len() != usize::from(rules.players()) {
        return Err(CliError::Usage(format!(
            "--seats names {} for {}: name one opponent for each player (or change --players)",
            count(args.seats.len(), "opponent", "opponents"),
            count(rules.players(), "player", "players"),
        )));
    }
    let budget = budget(args.think_time, args.nodes);
    let ffa = FreeForAll::new(
        rules.clone(),
        args.seats.clone(),
        args.games,
        args.seed,
        budget,
    )
    .map_err(|e| match e {
        FreeForAllError::Deal(e) => crate::cli::setup::deal_error(e),
        e => CliError::Usage(format!("--seats: {e}")),
    })?
    .timed(args.nodes.is_none() || args.times);
    let bar = progress(ffa.games());
    crate::cli::interrupt::watch(false)?;
    let total = ffa.games();
    crate::cli::interrupt::know(format!(
        "arena stopped before its end: 0 of {total} games finished"
    ));
    let mut wins = vec![0u32; args.seats.len()];
    let mut finished = 0u64;
    let result = ffa
        .run(|game| {
            bar.inc(1);
            finished += 1;
            let sole = (game.winners.len() == 1)
                .then(|| game.winners.iter().next())
                .flatten()
                .and_then(|w| game.seats.get(usize::from(w.index())))
                .and_then(|kind| ffa.kinds().iter().position(|k| k == kind));
            if let Some(i) = sole {
                wins[i] += 1;
            }
            let tally: Vec<String> = ffa
                .kinds()
                .iter()
                .zip(&wins)
                .map(|(k, w)| format!("{} {w}", k.name()))
                .collect();
            crate::cli::interrupt::know(format!(
                "arena stopped before its end: {finished} of {total} games finished; \
                 wins: {}",
                tally.join(", ")
            ));
        })
        .map_err(|e| CliError::Runtime(e.to_string()))?;
    bar.finish_and_clear();
    let report = report(args, &rules, &result, map_name(&rules, &maps));
    if args.json {
        json::print(&report)?;
    } else {
        let mut out = io::stdout().lock();
        out.write_all(table(&report).as_bytes())?;
        out.flush()?;
    }
    Ok(())
}

fn report<'a>(
    args: &ArenaArgs,
    rules: &Rules,
    result: &'a FreeForAllResult,
    map: Option<String>,
) -> Report<'a> {
    Report {
        setting: Setting::new(args, rules, result.boards, result.games, map),
        ais: &result.ais,
        mean_turns: result.mean_turns,
        median_turns: result.median_turns,
    }
}

/// The results as a table, an opponent a row in the order named.
fn table(result: &Report) -> String {
    let mut out = result.setting.heading("free-for-all", "seats rotated");
    let w = result.ais.iter().map(|s| s.ai.len()).fold(8, usize::max);
    out.push_str(&format!("{:<w$} {RATE_HEADING}\n", "ai"));
    for s in result.ais {
        out.push_str(&format!(
            "{:<w$} {}\n",
            s.ai,
            rate_cells(
                (s.games, s.wins, s.losses, s.ties),
                s.win_rate,
                s.win_rate_ci95
            ),
        ));
    }
    let fair = result.ais.first().map_or(0.0, |a| a.fair_share);
    out.push_str(&format!(
        "fair share: {:.1}% each (ties: games won together)\n\
         game length: {:.1} turns on average, median {:.1}\n",
        fair * 100.0,
        result.mean_turns,
        result.median_turns
    ));
    let times: Vec<_> = result
        .ais
        .iter()
        .filter_map(|s| Some((s, s.mean_move_ms?, s.median_move_ms?, s.worst_move_ms?)))
        .collect();
    if !times.is_empty() {
        out.push_str(&format!("\n{:<w$} {TIME_HEADING}\n", "ai"));
    }
    for (s, mean, median, worst) in times {
        out.push_str(&format!(
            "{:<w$} {}\n",
            s.ai,
            time_cells(mean, median, worst)
        ));
    }
    out
}

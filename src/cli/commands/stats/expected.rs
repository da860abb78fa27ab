//! `dice-of-doom stats --rules lol4|racket`: the chance that the player to
//! move wins under best play, solved as a stochastic game
//! ([`crate::analysis::expected`]).

use std::io::{self, Write};

use serde::Serialize;

use crate::analysis::expected::{self, ChanceError, ChanceSolution};
use crate::analysis::{Limits, group_digits};
use crate::cli::CliError;
use crate::cli::commands::limits::{ProgressLine, analysis_error};
use crate::cli::json;
use crate::cli::setup::load::{Source, read_map, read_position};
use crate::cli::setup::{in_set, with_defaults};
use crate::cli::stats::{StatsArgs, figures, rating};
use crate::game::{Battle, Player, Position, RuleSet, Rules};
use crate::ui::render;

/// `stats --rules ... --json`: the game, then the figures.
#[derive(Serialize)]
struct ChanceJson {
    rules: String,
    players: u8,
    max_dice: u8,
    first: String,
    board: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    positions: usize,
    moves: usize,
    outcomes: usize,
    cyclic_positions: usize,
    cyclic_components: usize,
    sweeps: u64,
    tolerance: f64,
    converged: bool,
    value: f64,
    lower: f64,
    upper: f64,
    best_move: Option<String>,
    move_values: Vec<MoveJson>,
}

/// A first move and the bounds of its value.
#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    lower: f64,
    upper: f64,
}

/// Runs `stats` under a rule set other than the classic one.
pub(in crate::cli) fn run(args: &StatsArgs) -> Result<(), CliError> {
    let set = args.rules.unwrap_or_default();
    if !set.solvable() {
        // The rule sets this command solves with dice (`lol4 or racket`).
        let others: Vec<&str> = RuleSet::ALL
            .iter()
            .filter(|s| s.solvable() && **s != RuleSet::default())
            .map(|s| s.name())
            .collect();
        return Err(CliError::Usage(format!(
            "{} (try {})",
            ChanceError::Unsupported(set),
            others.join(" or ")
        )));
    }
    let game = &with_defaults(set, args.game);
    let (name, (rules, start)) = match (&args.board, &args.map, args.seed) {
        (Some(path), _, _) => {
            let source = Source::from_arg(path);
            let position = read_position(&source, game.players, game.max_dice, game.first)?;
            (format!("board {source}"), position)
        }
        (None, Some(path), _) => {
            let source = Source::from_arg(path);
            let position = read_map(&source, game.players, game.max_dice, game.first)?;
            (format!("map {source}"), position)
        }
        (None, None, seed) => {
            let seed = seed.unwrap_or(0);
            // The start the rule set deals, as `play --seed` deals it.
            let ground = crate::game::Ground::Hexagons(usize::from(game.side()));
            let position = crate::cli::setup::dealt(set, ground, game, seed)?;
            (
                format!("random {} board, seed {seed}", position.0.map()),
                position,
            )
        }
    };
    let (rules, start) = in_set(set, rules, start)?;
    let limits = Limits {
        positions: args.max_positions.unwrap_or(usize::MAX),
        ..args.memory.limits()
    };
    let mut progress = ProgressLine::new(limits.memory);
    let solution = expected::solve(&rules, &start, &limits, &mut |p| progress.update(p));
    drop(progress);
    let solution = solution.map_err(|e| match e {
        ChanceError::Analysis(e) => analysis_error(&e, &limits),
        ChanceError::Unsupported(_) => CliError::Usage(e.to_string()),
        ChanceError::TooWide { .. } | ChanceError::Unrepresentable { .. } => {
            CliError::Runtime(e.to_string())
        }
    })?;
    if args.json {
        json::print(&to_json(&rules, &start, args.seed, &solution))?;
    } else {
        let mut out = io::stdout().lock();
        out.write_all(text(&name, &rules, &start, &solution).as_bytes())?;
        out.flush()?;
    }
    if solution.converged {
        Ok(())
    } else {
        Err(CliError::Runtime(format!(
            "the bounds of the value did not meet within {:e} after {} sweeps",
            solution.tolerance,
            group_digits(solution.sweeps)
        )))
    }
}

fn to_json(
    rules: &Rules,
    start: &Position,
    seed: Option<u64>,
    solution: &ChanceSolution,
) -> ChanceJson {
    ChanceJson {
        rules: rules.set().to_string(),
        players: rules.players(),
        max_dice: rules.max_dice(),
        first: start.player().to_string(),
        board: start.board().on(rules.map()).to_line(),
        seed,
        positions: solution.positions,
        moves: solution.edges,
        outcomes: solution.outcomes,
        cyclic_positions: solution.cyclic_positions,
        cyclic_components: solution.cyclic_components,
        sweeps: solution.sweeps,
        tolerance: solution.tolerance,
        converged: solution.converged,
        value: solution.value(),
        lower: solution.lower,
        upper: solution.upper,
        best_move: solution.best_move.map(|mv| mv.to_string()),
        move_values: solution
            .moves
            .iter()
            .map(|&(mv, lower, upper)| MoveJson {
                mv: mv.to_string(),
                lower,
                upper,
            })
            .collect(),
    }
}

/// A chance with as many decimals as the tolerance gives.
fn decimal(p: f64) -> String {
    format!("{p:.12}")
}

/// The value in words: exact shares as `stats` says them, a chance with its
/// decimals and who plays against whom.
fn value_text(rules: &Rules, player: Player, solution: &ChanceSolution) -> String {
    // Without dice the value is a win, a tie's share or a loss: say it as
    // `stats` says the classic rules' values.
    if rules.policy().battle == Battle::Sure
        && let Some(share) = solution.exact()
    {
        return rating(share, player);
    }
    let others: Vec<String> = Player::all(rules.players())
        .filter(|&p| p != player)
        .map(|p| p.to_string())
        .collect();
    let against = match others.as_slice() {
        [_] => "both playing their best".to_string(),
        [one, two] => format!("{one} and {two} both playing against {player}"),
        [rest @ .., last] => format!(
            "{} and {last} all playing against {player}",
            rest.join(", ")
        ),
        [] => String::new(),
    };
    format!(
        "{} ({player}'s chance of winning under best play, {against})",
        decimal(solution.value())
    )
}

fn text(name: &str, rules: &Rules, start: &Position, solution: &ChanceSolution) -> String {
    let player = start.player();
    let mut out = format!("{name}, {} rules, {player} to move:\n", rules.set());
    out.push_str(&render::board(rules.map(), start.board(), false));
    let cycles = if solution.cyclic_positions == 0 {
        "none: every value is exact".to_string()
    } else {
        format!(
            "{} in {} (the largest {})",
            crate::text::count(solution.cyclic_positions, "position", "positions"),
            crate::text::count(solution.cyclic_components, "component", "components"),
            group_digits(solution.largest_component as u64)
        )
    };
    let mut rows = vec![
        (
            "positions".to_string(),
            group_digits(solution.positions as u64),
        ),
        ("moves".to_string(), group_digits(solution.edges as u64)),
        (
            "outcomes".to_string(),
            group_digits(solution.outcomes as u64),
        ),
        ("on cycles".to_string(), cycles),
    ];
    if solution.cyclic_positions > 0 {
        rows.push((
            "sweeps".to_string(),
            format!(
                "{} (the most one component took; {} in all)",
                group_digits(solution.sweeps),
                group_digits(solution.total_sweeps)
            ),
        ));
        let met = if solution.converged {
            format!("{:e}", solution.tolerance)
        } else {
            "not reached".to_string()
        };
        rows.push((
            "tolerance".to_string(),
            format!(
                "{met} ({player}'s chance lies from {} to {})",
                decimal(solution.lower),
                decimal(solution.upper)
            ),
        ));
    }
    let value = value_text(rules, player, solution);
    out.push_str(&figures(rows, player, value, solution.best_move));
    out
}

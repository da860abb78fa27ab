//! `dice-of-doom dot`: the game tree from a board in Graphviz DOT.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::load::{io_reason, tree_from_file};
use super::options::{GameOptions, RULES, whole};
use crate::analysis::dot::{DEFAULT_MAX_NODES, DotError, DotOptions, dot};

/// Options of `dot`.
#[derive(Debug, Clone, Args)]
pub(super) struct DotArgs {
    /// The board file, or `-` to read the board from standard input.
    #[arg(long, value_name = "FILE|-")]
    board: PathBuf,
    #[command(flatten)]
    game: GameOptions<RULES>,
    /// Draw the memoised tree: a position reached by several paths is one node.
    #[arg(long)]
    shared: bool,
    /// Refuse to draw more nodes than this.
    #[arg(long, default_value_t = DEFAULT_MAX_NODES, value_name = "N",
          value_parser = whole(0, u64::MAX), allow_negative_numbers = true)]
    max_nodes: u64,
    /// Write the graph to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub(super) fn run(args: &DotArgs) -> Result<(), CliError> {
    let (_, mut tree) = tree_from_file(&args.board, &args.game)?;
    let root = tree.root();
    let options = DotOptions {
        shared: args.shared,
        max_nodes: args.max_nodes,
        ..DotOptions::default()
    };
    // The whole graph is made before anything is written, so a refusal
    // leaves no partial output (and no output file) behind.
    let text = dot(&mut tree, root, &options).map_err(refusal)?;
    match &args.output {
        Some(path) => std::fs::write(path, text).map_err(|e| {
            CliError::Runtime(format!(
                "cannot write {}: {}",
                path.display(),
                io_reason(&e)
            ))
        }),
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(())
        }
    }
}

/// Why no graph was drawn, with the options that would draw one.
fn refusal(e: DotError) -> CliError {
    match e {
        DotError::TooManyNodes { shared, .. } => CliError::Runtime(format!(
            "{e}: raise --max-nodes{}",
            if shared {
                ""
            } else {
                " or draw the shared tree with --shared"
            }
        )),
        DotError::Analysis(_) => CliError::Runtime(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_the_options_that_draw_more() {
        let refused = |shared| {
            refusal(DotError::TooManyNodes {
                nodes: 1307,
                max: 1000,
                shared,
            })
            .to_string()
        };
        assert_eq!(
            refused(false),
            "the game tree has 1,307 nodes, more than the 1,000 allowed: \
             raise --max-nodes or draw the shared tree with --shared"
        );
        assert_eq!(
            refused(true),
            "the memoised game tree has 1,307 nodes, more than the 1,000 allowed: \
             raise --max-nodes"
        );
    }
}

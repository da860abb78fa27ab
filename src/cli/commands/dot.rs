//! `dice-of-doom dot`: the game tree from a board in Graphviz DOT.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use crate::analysis::dot::{self, DEFAULT_MAX_NODES, DotError, DotOptions};
use crate::analysis::{Progress, group_digits};
use crate::cli::args::{GameOptions, RULES, whole};
use crate::cli::commands::limits::{MemoryArgs, ProgressLine, analysis_error};
use crate::cli::files::{Existing, Output};
use crate::cli::setup::load::io_reason;
use crate::cli::{CliError, interrupt};

/// Options of `dot`.
#[derive(Debug, Clone, Args)]
pub(in crate::cli) struct DotArgs {
    /// The board file, or `-` to read the board from standard input.
    #[arg(long, value_name = "FILE|-", required_unless_present = "map")]
    board: Option<PathBuf>,
    /// A map file of territories (and their owners and dice) instead of a
    /// board file, or `-` to read it from standard input.
    #[arg(long, value_name = "FILE|-", conflicts_with = "board")]
    map: Option<PathBuf>,
    #[command(flatten)]
    game: GameOptions<RULES>,
    /// Draw the memoised tree: a position reached by several paths is one node.
    #[arg(long)]
    shared: bool,
    /// Refuse to draw more nodes than this.
    #[arg(long, default_value_t = DEFAULT_MAX_NODES, value_name = "N",
          value_parser = whole(1, u64::MAX), allow_negative_numbers = true)]
    max_nodes: u64,
    /// Write the graph to this file instead of standard output: into a
    /// temporary file beside it, renamed over it once all of it is written,
    /// so that a failure leaves the file as it was.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    memory: MemoryArgs,
    /// Threads that build the tree for the count, when it has no more
    /// positions than --max-nodes [default: 1; on 2 cores two were not
    /// faster: docs/PERFORMANCE.md]. The drawing is the same on any number.
    #[arg(long, value_parser = whole(1u16, 256), allow_negative_numbers = true,
          value_name = "N")]
    threads: Option<u16>,
}

pub(in crate::cli) fn run(args: &DotArgs) -> Result<(), CliError> {
    let (_, mut tree) =
        crate::cli::setup::load::tree_from(args.board.as_deref(), args.map.as_deref(), &args.game)?;
    let root = tree.root();
    let options = DotOptions {
        shared: args.shared,
        max_nodes: args.max_nodes,
        limits: args.memory.limits(),
        threads: args.threads.map_or(1, usize::from),
    };
    let mut progress = ProgressLine::new(options.limits.memory);
    // Ctrl-C or TERM: what was done is said, the temporary file removed.
    interrupt::watch(false)?;
    let mut progress = |p: Progress| {
        interrupt::know(format!(
            "dot stopped before its end: {} positions built, {} nodes and edges written (partial)",
            group_digits(p.positions),
            group_digits(p.written)
        ));
        progress.update(p);
    };
    // The drawing is counted before anything is written, so a refusal
    // leaves no output (and no output file) behind; then it is written as
    // it is made.
    dot::count(&mut tree, root, &options, &mut progress).map_err(|e| dot_error(e, &options))?;
    match &args.output {
        Some(path) => {
            let cannot = |e: io::Error| {
                CliError::Runtime(format!(
                    "cannot write {}: {}",
                    path.display(),
                    io_reason(&e)
                ))
            };
            // Written beside the file and put in its place only once all
            // of it is written: a failure leaves the file as it was (and
            // no half graph), a device stays a device.
            // One writer at a time; the temporary files of killed ones go.
            let lock = crate::cli::locks::lock(path)
                .map_err(|e| CliError::Runtime(format!("cannot write {}: {e}", path.display())))?;
            let file = Output::create(path, Existing::Replace).map_err(cannot)?;
            let lock_file = lock.as_ref().map(crate::cli::locks::FileLock::path);
            let mut temporary: Vec<&std::path::Path> = lock_file.into_iter().collect();
            temporary.extend(file.temporary_path());
            interrupt::temporary(&temporary);
            let mut out = io::BufWriter::new(file);
            let written = dot::write_dot(&mut tree, root, &options, &mut out, &mut progress)
                .and_then(|()| Ok(out.flush()?));
            if let Err(e) = written {
                return Err(match e {
                    DotError::Io(e) => cannot(e),
                    e => dot_error(e, &options),
                });
            }
            let file = out.into_inner().map_err(|e| cannot(e.into_error()))?;
            let committed = file.commit().map_err(cannot);
            interrupt::temporary(&[]);
            drop(lock);
            committed
        }
        None => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            dot::write_dot(&mut tree, root, &options, &mut out, &mut progress)
                .map_err(|e| dot_error(e, &options))?;
            out.flush()?;
            Ok(())
        }
    }
}

/// A refusal in the options' words.
fn dot_error(error: DotError, options: &DotOptions) -> CliError {
    match error {
        DotError::TooManyNodes { shared, .. } => {
            let hint = if shared {
                ""
            } else {
                " or draw the shared tree with --shared"
            };
            CliError::Runtime(format!("{error}: raise --max-nodes{hint}"))
        }
        DotError::Analysis(e) => analysis_error(&e, &options.limits),
        DotError::Io(e) => CliError::Io(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_the_options_that_draw_more() {
        let options = DotOptions::default();
        let refused = |shared| {
            dot_error(
                DotError::TooManyNodes {
                    nodes: Some(1307),
                    max: 1000,
                    shared,
                },
                &options,
            )
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

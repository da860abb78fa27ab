//! `dice-of-doom dot`: the game tree from a board in Graphviz DOT.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use super::limits::{MemoryArgs, ProgressLine, analysis_error};
use super::{CliError, RulesArgs, tree_from_file};
use crate::analysis::dot::{self, DEFAULT_MAX_NODES, DotError, DotOptions};

/// Options of `dot`.
#[derive(Debug, Clone, Args)]
pub(super) struct DotArgs {
    /// The board file, or `-` to read the board from standard input.
    #[arg(long, value_name = "FILE|-")]
    board: PathBuf,
    #[command(flatten)]
    rules: RulesArgs,
    /// Draw the memoised tree: a position reached by several paths is one node.
    #[arg(long)]
    shared: bool,
    /// Refuse to draw more nodes than this.
    #[arg(long, default_value_t = DEFAULT_MAX_NODES, value_name = "N")]
    max_nodes: u64,
    /// Write the graph to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    memory: MemoryArgs,
}

pub(super) fn run(args: &DotArgs) -> Result<(), CliError> {
    let (_, mut tree) = tree_from_file(&args.board, &args.rules)?;
    let root = tree.root();
    let options = DotOptions {
        shared: args.shared,
        max_nodes: args.max_nodes,
        limits: args.memory.limits(),
    };
    let mut progress = ProgressLine::new(options.limits.memory);
    let mut progress = |p| progress.update(p);
    // The drawing is counted before anything is written, so a refusal
    // leaves no output (and no output file) behind; then it is written as
    // it is made.
    dot::count(&mut tree, root, &options, &mut progress).map_err(|e| dot_error(e, &options))?;
    match &args.output {
        Some(path) => {
            let cannot = |e: io::Error| {
                CliError::Runtime(format!("cannot write {}: {}", path.display(), reason(&e)))
            };
            let file = std::fs::File::create(path).map_err(cannot)?;
            let mut out = io::BufWriter::new(file);
            let written = dot::write_dot(&mut tree, root, &options, &mut out, &mut progress)
                .and_then(|()| Ok(out.flush()?));
            if let Err(e) = written {
                // Leave no half graph behind.
                let _ = std::fs::remove_file(path);
                return Err(match e {
                    DotError::Io(e) => cannot(e),
                    e => dot_error(e, &options),
                });
            }
            Ok(())
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

/// An I/O error's reason without Rust's "(os error N)" suffix.
fn reason(error: &io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

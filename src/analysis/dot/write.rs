//! The drawing written (a child module of `dot`): the graph streamed to its
//! writer line by line, node lines with the board and the winner's colour,
//! then the edges with their moves, for the expanded tree or the DAG.

use std::fmt;
use std::io::{self, Write};

use super::walk::walk_shared;
use super::{DotError, DotOptions, colour};
use crate::analysis::memory::PROGRESS_EVERY;
use crate::analysis::{AnalysisError, Progress, within_limits};
use crate::game::{GameTree, GrowError, Move, NodeId, PlayerSet, grow_within};

/// Writes the drawing of the tree below `start` to `out`, as it goes,
/// calling `progress` every so often. Nothing stops a large drawing: call
/// [`count`](super::count) first.
pub fn write_dot(
    tree: &mut GameTree,
    start: NodeId,
    options: &DotOptions,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(Progress),
) -> Result<(), DotError> {
    within_limits(tree, &options.limits, |tree| {
        let mut lines = Lines {
            out,
            written: 0,
            progress,
        };
        lines.write_all(b"digraph game_tree {\n")?;
        lines.write_all(b"  node [shape=box, fontname=\"monospace\"];\n")?;
        lines.write_all(b"  edge [fontname=\"monospace\"];\n")?;
        let drawn = if options.shared {
            draw_shared(tree, start, &mut lines)
        } else {
            draw_expanded(tree, start, &mut lines)
        };
        drawn.map_err(|e| match e {
            Failure::Grow(e) => {
                DotError::Analysis(AnalysisError::from_grow(e, tree, &options.limits))
            }
            Failure::Io(e) => DotError::Io(e),
        })?;
        lines.write_all(b"}\n")?;
        Ok(())
    })
}

/// What stops a drawing half-way.
enum Failure {
    Grow(GrowError),
    Io(io::Error),
}

impl From<GrowError> for Failure {
    fn from(e: GrowError) -> Self {
        Failure::Grow(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// The output, counting the nodes and edges written for the progress.
struct Lines<'a> {
    out: &'a mut dyn Write,
    written: u64,
    progress: &'a mut dyn FnMut(Progress),
}

impl Lines<'_> {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)
    }

    fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> io::Result<()> {
        self.out.write_fmt(args)
    }

    /// Counts one node or edge written.
    fn done(&mut self, tree: &GameTree) {
        self.written += 1;
        if self.written.is_multiple_of(PROGRESS_EVERY as u64) {
            (self.progress)(Progress {
                positions: tree.len(),
                bytes: tree.heap_bytes(),
                written: self.written,
            });
        }
    }
}

/// The DAG: node `pI` is the tree's node `I`, drawn once, in the order a
/// depth-first walk in menu order first meets it; then the edges, each
/// node's in menu order, in the same order.
fn draw_shared(tree: &mut GameTree, start: NodeId, out: &mut Lines) -> Result<(), Failure> {
    walk_shared(tree, start, |tree, node, _| {
        let children = tree.built_child_ids(node).unwrap_or_default();
        node_line(
            tree,
            node,
            'p',
            node.index() as u64,
            children.is_empty(),
            out,
        )?;
        out.done(tree);
        Ok::<_, Failure>(true)
    })?;
    walk_shared(tree, start, |tree, node, _| {
        for edge in tree.built_children(node).unwrap_or_default() {
            writeln!(
                out,
                "  p{} -> p{} [label=\"{}\"];",
                node.index(),
                edge.child.index(),
                edge.mv
            )?;
            out.done(tree);
        }
        Ok::<_, Failure>(true)
    })
}

/// The expanded tree: every path gets its own nodes, numbered `n0, n1, ...`
/// in depth-first order, children in menu order; then the edges, each
/// where the walk reaches its child.
fn draw_expanded(tree: &mut GameTree, start: NodeId, out: &mut Lines) -> Result<(), Failure> {
    // (tree node, parent's drawn id and the move from it)
    let mut stack: Vec<(NodeId, Option<(u64, Move)>)> = vec![(start, None)];
    let mut next = 0u64;
    while let Some((node, _)) = stack.pop() {
        let children = tree.try_child_ids(node)?.len();
        node_line(tree, node, 'n', next, children == 0, out)?;
        out.done(tree);
        next += 1;
        grow_within(&mut stack, children, usize::MAX)?;
        let children = tree.built_child_ids(node).unwrap_or_default();
        stack.extend(children.iter().rev().map(|&child| (child, None)));
    }
    stack.push((start, None));
    next = 0;
    while let Some((node, parent)) = stack.pop() {
        let id = next;
        next += 1;
        if let Some((from, mv)) = parent {
            writeln!(out, "  n{from} -> n{id} [label=\"{mv}\"];")?;
            out.done(tree);
        }
        let children = tree.try_children(node)?;
        grow_within(&mut stack, children.len(), usize::MAX)?;
        stack.extend(children.iter().rev().map(|e| (e.child, Some((id, e.mv)))));
    }
    Ok(())
}

/// One node's line: `  {prefix}{number} [label="..."];`, filled with the
/// winner's colour at a leaf.
fn node_line(
    tree: &GameTree,
    node: NodeId,
    prefix: char,
    number: u64,
    leaf: bool,
    out: &mut Lines,
) -> io::Result<()> {
    let position = tree.position(node);
    write!(
        out,
        "  {prefix}{number} [label=\"{} to move\\n",
        position.player()
    )?;
    let map = tree.rules().map();
    for row in 0..map.rows() {
        for (i, cell) in map.row(row).enumerate() {
            let gap = if i == 0 { "" } else { " " };
            write!(out, "{gap}{}", position.board().cell(cell))?;
        }
        write!(out, "\\n")?;
    }
    write!(out, "captured {}", position.captured())?;
    if leaf {
        let winners = position.winners();
        writeln!(
            out,
            "\\n{}\", style=filled, fillcolor=\"{}\"];",
            outcome(winners),
            colour(winners)
        )
    } else {
        writeln!(out, "\"];")
    }
}

fn outcome(winners: PlayerSet) -> String {
    if winners.len() == 1 {
        format!("{winners} wins")
    } else {
        format!("tie of {winners}")
    }
}

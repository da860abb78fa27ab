//! What the analysis commands share (`stats`, `dot`, `solve`, `survey`):
//! the `--max-memory` option, the progress line and bar on a terminal, the
//! peak memory, and their refusals in the options' words.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::analysis::{
    AnalysisError, ByteSize, Limits, Progress, default_max_memory, group_digits,
};
use crate::cli::CliError;

/// The `--max-memory` option.
#[derive(Debug, Clone, Args)]
pub(in crate::cli) struct MemoryArgs {
    /// The most memory the analysis may take: bytes, or a number with K, M,
    /// G or T (powers of 1024), such as 512M or 2G. The default is a sixteenth
    /// of the machine's memory, or of the address-space limit (ulimit -v)
    /// when that is lower.
    #[arg(
        long,
        value_name = "SIZE",
        default_value_t = default_max_memory(),
        allow_hyphen_values = true
    )]
    pub(in crate::cli) max_memory: ByteSize,
}

impl MemoryArgs {
    /// The limits the option sets.
    pub(in crate::cli) fn limits(&self) -> Limits {
        Limits::memory(self.max_memory)
    }
}

/// The `--threads` option of the analysis commands that spread their work
/// over threads (`survey` and `solve`; `stats` has its own, one thread by
/// default).
#[derive(Debug, Clone, Args)]
pub(in crate::cli) struct ThreadsArgs {
    /// Worker threads [default: one per core].
    #[arg(long, value_parser = crate::cli::args::whole(1u16, 256), allow_negative_numbers = true,
          value_name = "N")]
    pub(in crate::cli) threads: Option<u16>,
}

impl ThreadsArgs {
    /// The threads asked for, or one per core.
    pub(in crate::cli) fn count(&self) -> usize {
        self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        )
    }
}

/// An analysis's refusal, naming the option that changes it.
pub(in crate::cli) fn analysis_error(error: &AnalysisError, limits: &Limits) -> CliError {
    let hint = match error {
        AnalysisError::TooLarge { .. } | AnalysisError::TooLittleMemory { .. } => {
            ": raise --max-memory".to_string()
        }
        AnalysisError::TooManyPositions(_) => ": raise --max-positions".to_string(),
        AnalysisError::OutOfMemory { .. } => format!(
            ": the system cannot give the {} that --max-memory allows",
            limits.memory
        ),
        AnalysisError::Overflow => String::new(),
    };
    CliError::Runtime(format!("{error}{hint}"))
}

/// How long an analysis runs before its progress shows.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// A progress line on standard error (positions built, memory held, nodes
/// written), shown once an analysis has run for a second, and only when
/// standard error is a terminal. It is cleared when dropped.
pub(in crate::cli) struct ProgressLine {
    bar: ProgressBar,
    started: Instant,
    terminal: bool,
    shown: bool,
    memory: ByteSize,
}

impl ProgressLine {
    /// A progress line for an analysis within this much memory.
    pub(in crate::cli) fn new(memory: ByteSize) -> ProgressLine {
        ProgressLine {
            bar: ProgressBar::hidden(),
            started: Instant::now(),
            terminal: io::stderr().is_terminal(),
            shown: false,
            memory,
        }
    }

    /// Shows how far the analysis has gone.
    pub(in crate::cli) fn update(&mut self, progress: Progress) {
        let memory = self.memory;
        self.show(|| message(progress, memory));
    }

    /// Shows a message of the caller's, made only when it is shown.
    pub(in crate::cli) fn show(&mut self, message: impl FnOnce() -> String) {
        if !self.terminal || (!self.shown && self.started.elapsed() < QUIET_FOR) {
            return;
        }
        if !self.shown {
            self.shown = true;
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
                self.bar.set_style(style);
            }
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
        self.bar.set_message(message());
    }
}

/// The most memory the process has held (its peak resident set), where the
/// system says (`VmHWM` in `/proc/self/status` on Linux).
pub(in crate::cli) fn peak_memory() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: usize = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// The progress in words: `1,245,184 positions, 81.2 MiB of 1.9 GiB`.
fn message(progress: Progress, memory: ByteSize) -> String {
    let mut text = format!(
        "{} positions, {} of {memory}",
        group_digits(progress.positions),
        ByteSize::new(progress.bytes)
    );
    if progress.written > 0 {
        text.push_str(&format!(
            ", {} nodes and edges written",
            group_digits(progress.written)
        ));
    }
    text
}

/// A bar with the time left on standard error, drawn only when it is a
/// terminal.
pub(in crate::cli) fn progress_bar(boards: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(boards), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{bar:40} {human_pos}/{human_len} boards, {elapsed} elapsed, about {eta} left",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_option() {
        let limits = Limits::memory("2G".parse().unwrap());
        let cases = [
            (
                AnalysisError::TooLarge {
                    memory: limits.memory,
                    positions: 27_262_976,
                },
                "the game tree does not fit in 2 GiB of memory (stopped after 27,262,976 \
                 distinct positions): raise --max-memory",
            ),
            (
                AnalysisError::TooLarge {
                    memory: ByteSize::new(1),
                    positions: 1,
                },
                "the game tree does not fit in 1 B of memory (stopped after 1 distinct \
                 position): raise --max-memory",
            ),
            (
                AnalysisError::TooLittleMemory {
                    memory: ByteSize::new(1),
                    least: ByteSize::new(65 << 10),
                },
                "a proof needs at least 65 KiB of memory, more than the 1 B allowed: raise \
                 --max-memory",
            ),
            (
                AnalysisError::TooManyPositions(1000),
                "the game tree has more than 1,000 distinct positions, the most allowed: raise \
                 --max-positions",
            ),
            (
                AnalysisError::OutOfMemory {
                    positions: 12_345_678,
                    bytes: 3 << 30,
                },
                "the system refused 3 GiB of memory after 12,345,678 distinct positions: the \
                 system cannot give the 2 GiB that --max-memory allows",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(analysis_error(&error, &limits).to_string(), text);
            assert_eq!(analysis_error(&error, &limits).exit_code(), 1);
        }
    }

    #[test]
    fn progress_reads_in_grouped_digits_and_units() {
        let progress = Progress {
            positions: 1_245_184,
            bytes: 85_144_371,
            written: 0,
        };
        let memory = "1.9G".parse().unwrap();
        assert_eq!(
            message(progress, memory),
            "1,245,184 positions, 81.1 MiB of 1.9 GiB"
        );
        let writing = Progress {
            written: 131_072,
            ..progress
        };
        assert!(message(writing, memory).ends_with(", 131,072 nodes and edges written"));
    }
}

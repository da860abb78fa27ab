//! `dice-of-doom completions` and `dice-of-doom man`: the shell completion
//! scripts and the manual pages, generated from the command line's own
//! definition ([`Cli`]), so that they always match the installed binary.

use std::io::{self, Write};

use clap::{Args, CommandFactory};
use clap_complete::Shell;
use roff::{Roff, roman};

use crate::cli::{Cli, CliError};

/// The program's name, as the shell and `man` know it.
const NAME: &str = "dice-of-doom";

/// Options of `completions`.
#[derive(Debug, Clone, Args)]
pub(in crate::cli) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Options of `man`.
#[derive(Debug, Clone, Args)]
pub(in crate::cli) struct ManArgs {
    /// The command whose page to print (`dice-of-doom-stats(1)`); without
    /// it, the program's page (`dice-of-doom(1)`).
    #[arg(value_parser = ["play", "resume", "replay", "stats", "solve", "arena", "dot", "map", "survey", "picture", "completions", "man", "serve"])]
    command: Option<String>,
}

/// Prints the completion script for the shell.
pub(in crate::cli) fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    print(completion_script(args.shell).as_bytes())
}

/// The completion script for the shell.
fn completion_script(shell: Shell) -> String {
    // Written whole to memory first: the generator panics on a failed write.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), NAME, &mut script);
    let script = String::from_utf8_lossy(&script).into_owned();
    if shell != Shell::Bash {
        return script;
    }
    // clap_complete 4.6 spells a hyphenated name one way where bash walks
    // the words (dice__of__doom__subcmd__stats) and another in the cases it
    // matches (dice__subcmd__of__subcmd__doom__subcmd__stats), so a
    // command's options never complete (clap issue 6421); one spelling
    // fixes it, and does nothing once clap_complete is fixed.
    script.replace(&NAME.replace('-', "__subcmd__"), &NAME.replace('-', "__"))
}

/// Prints the manual page, in roff.
pub(in crate::cli) fn man(args: &ManArgs) -> Result<(), CliError> {
    print(&man_page(args.command.as_deref())?)
}

/// The manual page of the program, or of one of its commands: clap_mangen's
/// sections, with an EXIT STATUS section made of the help's list.
fn man_page(command: Option<&str>) -> Result<Vec<u8>, CliError> {
    // No `help` command: it has no page of its own.
    let mut cli = Cli::command().disable_help_subcommand(true);
    // Names the commands' pages dice-of-doom-stats and so on.
    cli.build();
    let command = match command {
        None => cli,
        Some(name) => cli
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| CliError::Usage(format!("there is no command `{name}`")))?,
    };
    let statuses = command.get_after_help().map(ToString::to_string);
    let has_commands = command.has_subcommands();
    let has_version = command.get_version().is_some();
    let man = clap_mangen::Man::new(command.after_help(None::<&str>))
        .source(format!("{NAME} {}", env!("CARGO_PKG_VERSION")));
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    if has_commands {
        man.render_subcommands_section(&mut page)?;
    }
    if let Some(statuses) = statuses {
        let mut section = Roff::new();
        section.control("SH", ["EXIT STATUS"]).control("nf", []);
        // The lines after the help's `Exit status:`, as they are.
        for line in statuses.lines().skip(1) {
            section.text([roman(line)]);
        }
        section.control("fi", []).to_writer(&mut page)?;
    }
    if has_version {
        man.render_version_section(&mut page)?;
    }
    Ok(page)
}

fn print(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn man_names_every_command() {
        let named: Vec<String> = ManArgs::augment_args(clap::Command::new("man"))
            .get_arguments()
            .find(|arg| arg.get_id() == "command")
            .map(|arg| {
                arg.get_possible_values()
                    .iter()
                    .map(|v| v.get_name().to_string())
                    .collect()
            })
            .unwrap_or_default();
        let commands: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(named, commands);
        for name in &commands {
            let page = String::from_utf8(man_page(Some(name)).unwrap()).unwrap();
            assert!(
                page.contains(&format!(".TH dice-of-doom-{name} 1"))
                    && page.contains(".SH \"EXIT STATUS\""),
                "{name}: {page}"
            );
        }
    }
}

use std::process::ExitCode;

fn main() -> ExitCode {
    dice_of_doom::cli::main()
}

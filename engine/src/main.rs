//! The `orrery` binary: the command line over the kernel library.
//!
//! Everything lives in [`cli`]; this file only hands over the exit code, so the
//! library (`lib.rs`) stays free of any front-end concern.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}

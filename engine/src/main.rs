//! The `orrery` binary: the command line over the kernel library.
//!
//! Everything lives in [`cli`]; this file only hands over the exit code, so the
//! library (`lib.rs`) stays free of any front-end concern.

mod cli;

/// Mimalloc, counting allocations for `orrery bench` (see `alloc_count`).
#[global_allocator]
static ALLOCATOR: orrery::alloc_count::Counting = orrery::alloc_count::Counting;

fn main() -> std::process::ExitCode {
    cli::main()
}

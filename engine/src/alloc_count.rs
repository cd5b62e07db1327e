//! The `orrery` binary's allocator: mimalloc, counting the heap allocations of each
//! thread for benchmarks.
//!
//! [`Counting`] wraps mimalloc and adds one to a thread-local counter per allocation
//! (a plain add: no lock, no atomic). Mimalloc rather than the C library's allocator
//! because a decision allocates a great deal that lives briefly — every table and
//! string of the script VM is a heap block — and mimalloc's thread-local free lists
//! serve that in a fraction of the instructions (callgrind over three seeded games of
//! the base pack: `Game::act` 486.9M → 462.1M instructions; peak memory of a 20-game
//! simulate 17 → 34 MB, from the segments mimalloc reserves; `PERFORMANCE.md`). Only the `orrery` binary
//! installs it (`#[global_allocator]` in `main.rs`); elsewhere — the tests, a program
//! using the library — nothing counts, and [`allocations`] says so rather than
//! answering 0.

use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;

thread_local! {
    // `const`-initialised, so reading it never allocates (which would recurse).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Mimalloc, counting allocations per thread.
pub struct Counting;

// SAFETY: every call is passed on to mimalloc unchanged; the counter is a
// thread-local `Cell` that needs no allocation, so it cannot re-enter the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { MiMalloc.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { MiMalloc.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { MiMalloc.realloc(ptr, layout, new_size) }
    }
}

/// Allocations made by this thread so far, or `None` when [`Counting`] is not the
/// global allocator.
pub fn allocations() -> Option<u64> {
    let before = ALLOCATIONS.with(Cell::get);
    std::hint::black_box(Box::new(0u8));
    let after = ALLOCATIONS.with(Cell::get);
    (after > before).then_some(after)
}

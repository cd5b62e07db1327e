//! The limits of what a pack may ask of the loader, in one place.
//!
//! A pack may come from a stranger, so everything loading costs must be bounded by
//! numbers a reader can find here rather than by the machine giving out: parsed RON
//! takes a few tens of bytes of memory per byte of text, and compiling a script
//! takes about forty bytes per byte of source *outside* the scripts' memory cap.
//! Each limit is far above what the shipped packs use (the largest is under 0.5 MB,
//! a few hundred definitions, scripts under 32 kB) and each ends in an error that
//! names the place and the limit. A layered pack counts its base packs too: the
//! limits are for the game a player loads, not for one directory.

/// Bytes of all the files a pack reads (`pack.ron`, `schema.ron`, its definition
/// files and scripts), over every layer. Bounds the memory loading takes: a list of
/// small values (`[0, 0, ...]`, `["a", "a", ...]`) costs up to ~200 bytes of memory
/// per byte of text while it is parsed, checked and its references resolved.
pub const MAX_PACK_BYTES: u64 = 8 * 1024 * 1024;

/// Bytes of one script. Bounds what compiling one module takes, which the Lua
/// memory cap does not see.
pub const MAX_SCRIPT_BYTES: u64 = 1024 * 1024;

/// Definitions (entries of the definition files), over every layer. Each one is
/// copied into every game's script VM, whose memory is capped.
pub const MAX_DEFINITIONS: usize = 100_000;

/// Entries of a pack's `files` list.
pub const MAX_FILES: usize = 1_000;

/// Entries of a pack's `scripts` list.
pub const MAX_SCRIPTS: usize = 1_000;

/// Fields one kind or record of a schema declares. Every entry is checked
/// against its kind's list, so this bounds the work per entry.
pub const MAX_FIELDS: usize = 256;

/// Names one `OneOf([...])` type lists (each value is looked up in it).
pub const MAX_ONE_OF: usize = 256;

/// Errors listed for one pack. One mistake repeated over a list of millions of
/// values must not take gigabytes to report; the first ones show what is wrong.
pub const MAX_ERRORS: usize = 200;

/// Bytes of one id (of a definition, step, variant or pack): ids are names for
/// people and keys for the engine, never data.
pub const MAX_ID_BYTES: usize = 256;

/// Packs one chain of `extends` may stack (kept beside the layering it bounds).
pub use super::layering::MAX_LAYERS;

/// Seats a pack may declare (kept beside the seat masks it bounds).
pub use crate::state::MAX_SEATS;

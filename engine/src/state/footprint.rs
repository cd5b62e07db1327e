//! How much memory a game state holds, counted where things are stored, so a state
//! has a declared maximum ([`MAX_STATE_BYTES`]) that no pack can push it past.
//!
//! Scripts run under a memory cap, but what they store in the state (variables,
//! entities, log lines, frame contexts, decisions, links) lives outside it. So every
//! method of [`GameState`] that stores something adds its weight (about the bytes it
//! occupies: [`Value::weight`] and the sizes of the kernel's structs) to the state's
//! [`Footprint`], and takes away what it replaces. Counting as things are stored keeps
//! it cheap: nothing walks the whole state, except [`GameState::recount`] when a state
//! comes from elsewhere (a save). The script API checks [`GameState::check_size`]
//! after each store and the game after each step call; an act that fails is rolled
//! back, so a state is over its maximum only inside an act that is being refused.
//!
//! Code that writes a state's public fields directly (tests, bots' sampled states)
//! bypasses the count; the count then errs by what it wrote, which only matters for
//! states a script keeps writing to, and those go through these methods.

use super::{Act, Entity, GameState, LogEntry};
use crate::board::{Board, Cell, Link, Region};
use crate::flow::{Decision, Frame, OptionItem, Pending};
use crate::sym::Sym;
use crate::value::Value;
use std::mem::size_of;
use thiserror::Error;

/// The most a game state may hold, in bytes as [`Footprint`] counts them. Real games
/// hold well under a megabyte (the largest pack's six-seat games about 0.2 MiB at
/// their end); the limit is far above that and far below what would exhaust a
/// machine running several games at once.
pub const MAX_STATE_BYTES: usize = 64 * 1024 * 1024;

/// The counted size of a state. Derived data: two states are equal whatever their
/// counts, and the count is not saved ([`GameState::recount`] rebuilds it).
#[derive(Clone, Copy, Debug, Default)]
pub struct Footprint(usize);

impl PartialEq for Footprint {
    fn eq(&self, _: &Footprint) -> bool {
        true
    }
}

/// How the error of a state grown too large starts.
pub const STATE_FULL: &str = "the game state would hold more than";

/// The state has grown past [`MAX_STATE_BYTES`].
#[derive(Debug, Clone, PartialEq, Error)]
#[error(
    "{STATE_FULL} {} MiB ({:.2} MiB): does a script store data without end (variables, entities, log lines, frame contexts, options)?",
    MAX_STATE_BYTES >> 20,
    *.0 as f64 / (1024.0 * 1024.0)
)]
pub struct StateFull(pub usize);

impl GameState {
    /// The state's size as counted ([`Footprint`]), in bytes.
    pub fn footprint(&self) -> usize {
        self.size.0
    }

    /// Fails once the state holds more than [`MAX_STATE_BYTES`].
    pub fn check_size(&self) -> Result<(), StateFull> {
        if self.size.0 > MAX_STATE_BYTES {
            return Err(StateFull(self.size.0));
        }
        Ok(())
    }

    /// Counts `added` bytes more and `removed` fewer.
    pub(super) fn resize(&mut self, removed: usize, added: usize) {
        self.size.0 = self.size.0.saturating_sub(removed).saturating_add(added);
    }

    /// Counts the whole state afresh: for a state that did not grow through the
    /// counting methods (a loaded save).
    pub fn recount(&mut self) {
        let vars = self.seats.iter().chain(&self.pairs).chain(std::iter::once(&self.globals));
        let total = vars.map(|v| v.iter().map(|(_, value)| var_weight(value)).sum::<usize>()).sum::<usize>()
            + self.entities.iter().map(entity_weight).sum::<usize>()
            + board_weight(&self.board)
            + self.flow.iter().map(frame_weight).sum::<usize>()
            + self.pending.as_deref().map_or(0, pending_weight)
            + self.log.iter().map(log_weight).sum::<usize>()
            + self.history.iter().map(act_weight).sum::<usize>();
        self.size = Footprint(total);
    }
}

/// A variable's entry in a [`super::Vars`] (its name's text is in the name table).
pub(super) fn var_weight(value: &Value) -> usize {
    size_of::<Sym>() + value.weight()
}

pub(super) fn entity_weight(e: &Entity) -> usize {
    size_of::<Entity>() + e.props.iter().map(|(_, v)| var_weight(v)).sum::<usize>()
}

pub(super) fn log_weight(entry: &LogEntry) -> usize {
    size_of::<LogEntry>() + entry.text.len()
}

pub(super) fn act_weight(act: &Act) -> usize {
    size_of::<Act>()
        + match &act.choice {
            crate::flow::Choice::PickMany(picks) => picks.len() * size_of::<usize>(),
            _ => 0,
        }
}

pub(super) fn frame_weight(frame: &Frame) -> usize {
    size_of::<Frame>() - size_of::<std::sync::Arc<Value>>() + frame.ctx.weight()
}

pub(super) fn pending_weight(p: &Pending) -> usize {
    size_of::<Pending>() + p.decisions.iter().map(decision_weight).sum::<usize>() + p.answers.len() * 32 + p.actors.len()
}

fn decision_weight(d: &Decision) -> usize {
    let text = |s: &Option<String>| s.as_ref().map_or(0, String::len);
    size_of::<Decision>()
        + d.prompt.len()
        + text(&d.rule)
        + text(&d.help)
        + text(&d.pass)
        + text(&d.key)
        + d.options.iter().map(option_weight).sum::<usize>()
}

fn option_weight(o: &OptionItem) -> usize {
    size_of::<OptionItem>() - size_of::<Value>() + o.label.len() + o.value.weight()
}

/// A map entry of a cell's props or a hex board's index, besides its text.
const MAP_ENTRY: usize = 48;

pub(super) fn cell_weight(c: &Cell) -> usize {
    size_of::<Cell>()
        + MAP_ENTRY // the hex board's index entry
        + c.terrain.len()
        + c.name.as_ref().map_or(0, String::len)
        + c.props.keys().map(|k| MAP_ENTRY + k.len()).sum::<usize>()
}

pub(super) fn link_weight(l: &Link) -> usize {
    size_of::<Link>() + l.kind.len()
}

pub(super) fn region_weight(r: &Region) -> usize {
    size_of::<Region>() + r.label.len() + r.tile.len() + r.side.len()
}

fn board_weight(b: &Board) -> usize {
    b.cells().iter().map(cell_weight).sum::<usize>()
        + b.links().iter().map(link_weight).sum::<usize>()
        + b.regions().iter().map(region_weight).sum::<usize>()
}

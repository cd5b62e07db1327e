//! The counted writes: the methods through which the script API and the game change
//! the parts of a state that scripts fill (variables, the flow, the pending
//! decision, the board), each keeping the state's [`super::Footprint`] up to date.
//! Entities, log lines and history are counted where they are made, in `mod.rs`.

use super::footprint::{cell_weight, frame_weight, link_weight, pending_weight, region_weight, var_weight};
use super::{EntityId, GameState, Seat, Vars};
use crate::board::{Board, BoardError, CellId, HexBoard, Region, TileCell};
use crate::flow::{Frame, Pending};
use crate::sym::Sym;
use crate::value::Value;
use std::sync::Arc;

/// Which variables: a seat's, the game's, a pair of seats' (by
/// [`GameState::pair_index`]) or an entity's props.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarsAt {
    Seat(Seat),
    Global,
    Pair(usize),
    Props(EntityId),
}

impl GameState {
    /// The variables at `at`, if they exist.
    pub fn vars(&self, at: VarsAt) -> Option<&Vars> {
        match at {
            VarsAt::Seat(s) => self.seats.get(s as usize),
            VarsAt::Global => Some(&self.globals),
            VarsAt::Pair(i) => self.pairs.get(i),
            VarsAt::Props(e) => self.entities.get(e as usize).map(|e| &e.props),
        }
    }

    fn vars_mut(&mut self, at: VarsAt) -> Option<&mut Vars> {
        match at {
            VarsAt::Seat(s) => self.seats.get_mut(s as usize),
            VarsAt::Global => Some(&mut self.globals),
            VarsAt::Pair(i) => self.pairs.get_mut(i),
            VarsAt::Props(e) => self.entities.get_mut(e as usize).map(|e| &mut e.props),
        }
    }

    /// Sets the variable `name` at `at` (`Nil` removes it); nothing if `at` does not exist.
    pub fn set_var(&mut self, at: VarsAt, name: Sym, value: Value) {
        let added = if value == Value::Nil { 0 } else { var_weight(&value) };
        let Some(vars) = self.vars_mut(at) else { return };
        let removed = vars.get(name).map_or(0, var_weight);
        vars.set(name, value);
        self.resize(removed, added);
    }

    /// Adds `delta` to the integer variable `name` at `at` and returns the new value;
    /// `None`, with nothing changed, when `at` does not exist or the sum does not fit
    /// in an `i64`.
    pub fn add_var(&mut self, at: VarsAt, name: Sym, delta: i64) -> Option<i64> {
        let vars = self.vars_mut(at)?;
        let removed = vars.get(name).map_or(0, var_weight);
        let new = vars.add(name, delta)?;
        self.resize(removed, var_weight(&Value::Int(new)));
        Some(new)
    }

    /// Pushes a frame on the flow.
    pub fn push_frame(&mut self, frame: Frame) {
        self.resize(0, frame_weight(&frame));
        self.flow.push(frame);
    }

    /// Pops the top frame of the flow.
    pub fn pop_frame(&mut self) -> Option<Frame> {
        let frame = self.flow.pop()?;
        self.resize(frame_weight(&frame), 0);
        Some(frame)
    }

    /// Replaces the context of the frame at `index` (nothing if there is none).
    pub fn set_ctx(&mut self, index: usize, ctx: Value) {
        let Some(frame) = self.flow.get_mut(index) else { return };
        let (removed, added) = (frame.ctx.weight(), ctx.weight());
        frame.ctx = std::sync::Arc::new(ctx);
        self.resize(removed, added);
    }

    /// Empties the flow.
    pub fn clear_flow(&mut self) {
        let removed = self.flow.iter().map(frame_weight).sum();
        self.flow.clear();
        self.resize(removed, 0);
    }

    /// Replaces the pending decisions. They are shared with the copies of the state
    /// (the one an act rolls back to, a bot's search) until one changes them.
    pub fn set_pending(&mut self, pending: Option<Arc<Pending>>) {
        let added = pending.as_deref().map_or(0, pending_weight);
        let removed = self.pending.as_deref().map_or(0, pending_weight);
        self.pending = pending;
        self.resize(removed, added);
    }

    /// Takes the pending decisions out of the state.
    pub fn take_pending(&mut self) -> Option<Arc<Pending>> {
        let pending = self.pending.take()?;
        self.resize(pending_weight(&pending), 0);
        Some(pending)
    }

    /// Changes a cell's terrain (nothing if the cell does not exist).
    pub fn set_terrain(&mut self, c: CellId, terrain: String) {
        let Some(cell) = Arc::make_mut(&mut self.board).cell_mut(c) else { return };
        let removed = cell.terrain.len();
        let added = terrain.len();
        cell.terrain = terrain;
        self.resize(removed, added);
    }

    /// Adds an undirected link of `kind` between two cells (nothing if it exists).
    pub fn add_link(&mut self, a: CellId, b: CellId, kind: &str) -> Result<(), BoardError> {
        let board = Arc::make_mut(&mut self.board);
        let before = board.links().len();
        board.add_link(a, b, kind)?;
        if let Some(link) = board.links().get(before) {
            let added = link_weight(link);
            self.resize(0, added);
        }
        Ok(())
    }

    /// Removes every link of `kind`.
    pub fn remove_links(&mut self, kind: &str) {
        if !self.board.links().iter().any(|l| l.kind == kind) {
            return; // no copy of a shared board for nothing
        }
        let board = Arc::make_mut(&mut self.board);
        let removed: usize = board.links().iter().filter(|l| l.kind == kind).map(link_weight).sum();
        board.remove_links(kind);
        self.resize(removed, 0);
    }

    /// Places a hexagonal tile ([`HexBoard::place_tile`]); a graph board is replaced
    /// by an empty hex board first. Returns the new region's index.
    pub fn place_tile(&mut self, region: Region, cells: &[TileCell], radius: u32, default_terrain: &str) -> Result<u16, BoardError> {
        let board = Arc::make_mut(&mut self.board);
        if let Board::Graph(_) = board {
            *board = Board::Hex(HexBoard::new());
        }
        let Board::Hex(hex) = board else { return Err(BoardError::Invalid("a hex board was just made".into())) };
        let first = hex.cells().len();
        let index = hex.place_tile(region, cells, radius, default_terrain)?;
        let added = hex.cells()[first..].iter().map(cell_weight).sum::<usize>()
            + hex.regions().get(usize::from(index)).map_or(0, region_weight);
        self.resize(0, added);
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Location, Setup, MAX_STATE_BYTES};

    fn state() -> GameState {
        GameState::new(Setup { seats: 2, ..Setup::default() })
    }

    #[test]
    fn variables_count_what_they_hold_and_forget_what_they_drop() {
        let mut s = state();
        let empty = s.footprint();
        s.set_var(VarsAt::Global, Sym::new("text"), Value::Str("x".repeat(1000)));
        assert!(s.footprint() >= empty + 1000);
        s.set_var(VarsAt::Global, Sym::new("text"), Value::Int(1));
        assert!(s.footprint() < empty + 100, "the replaced string is no longer counted");
        s.set_var(VarsAt::Global, Sym::new("text"), Value::Nil);
        assert_eq!(s.footprint(), empty);
    }

    #[test]
    fn a_state_over_its_maximum_says_so() {
        let mut s = state();
        let e = s.create(Sym::new("pawn"), Sym::new("pawn"), None, Location::Nowhere, false);
        s.set_var(VarsAt::Props(e), Sym::new("big"), Value::Str("x".repeat(MAX_STATE_BYTES / 2)));
        assert!(s.check_size().is_ok());
        s.set_var(VarsAt::Seat(1), Sym::new("big"), Value::Str("x".repeat(MAX_STATE_BYTES / 2)));
        let error = s.check_size().unwrap_err().to_string();
        assert!(error.contains("would hold more than 64 MiB"), "{error}");
    }

    #[test]
    fn the_count_follows_frames_pending_and_links_and_matches_a_recount() {
        let mut s = state();
        s.log("hello".into(), None);
        s.push_frame(Frame { step: Sym::new("a"), ctx: Arc::new(Value::Str("context".into())), entered: false });
        s.push_frame(Frame { step: Sym::new("b"), ctx: Arc::new(Value::Nil), entered: false });
        s.set_ctx(1, Value::List(vec![Value::Int(1); 10]));
        s.pop_frame();
        s.place_tile(Region { center: Some(crate::board::Hex::ZERO), ..Region::default() }, &[], 2, "open").unwrap();
        s.add_link(0, 5, "road").unwrap();
        s.add_link(0, 6, "ferry").unwrap();
        s.remove_links("road");
        s.set_terrain(3, "mountains".into());
        let counted = s.footprint();
        s.recount();
        assert_eq!(s.footprint(), counted);
    }
}

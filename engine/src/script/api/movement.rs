//! `g` methods for movement: the cells a mover can reach within a budget, and a
//! cheapest route, under rules the script passes (per-terrain costs, blocked cells,
//! links, hop sets and halting links); see [`FieldSpec`].
//!
//! A search is charged to the call's budget before it runs ([`FieldSpec::cost`]), by
//! the size of the board it may cover, so that a loop of searches of a huge board
//! stops like any other runaway loop.

use super::{cell, err, int_list, number, slot, Method, Methods};
use crate::board::{Board, CellId, MoveRules};
use crate::script::limits::uncapped;
use crate::script::raw;
use crate::script::{cost, Budget};
use crate::state::GameState;
use mlua::{Table, UserDataMethods, Value as LuaValue};
use std::collections::BTreeMap;

pub(super) struct Movement;

impl Methods for Movement {
    const TITLE: &'static str = "Movement";
    const DOCS: &'static [Method] = &[
        Method::new("field", "from: Cell, budget: integer, rules: MoveRules?", "{ [Cell]: integer }",
            "Every cell reachable from `from` with a total cost of at most `budget` (negative: unlimited), mapped to its cheapest cost (`from` itself costs 0)."),
        Method::new("reach", "from: Cell, budget: integer, rules: MoveRules?", "({ Cell }, { integer })",
            "The cells `g:field` reaches, `from` left out, nearest first (by cost, then ascending), and their costs in the same order: a destination menu in one call."),
        Method::new("path", "from: Cell, to: Cell, budget: integer, rules: MoveRules?", "{ Cell }",
            "A cheapest route from `from` to `to` under the same rules as `g:field`, both ends included; empty if `to` cannot be reached within `budget` (negative: unlimited)."),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("field", |lua, _, (from, budget, rules): (i64, i64, Option<Table>)| {
            let reach = {
                let sl = slot(lua)?;
                let from = cell(&sl.state, from)?;
                let spec = FieldSpec::read(&sl.state, rules.as_ref(), &sl.budget)?;
                sl.budget.charge(spec.cost(&sl.state.board))?;
                let budget = if budget < 0 { u32::MAX } else { budget.min(u32::MAX as i64 - 1) as u32 };
                spec.run(&sl.state.board, from, budget)
            };
            // Built on the stack with the cap lifted: through mlua, under the cap, each
            // of the dozens of entries was a protected call.
            let entries: Vec<(i64, i64)> = reach.iter().map(|r| (r.cell as i64, r.cost as i64)).collect();
            let _kernel_work = uncapped(lua);
            raw::int_map(lua, &entries)
        });
        m.add_method("reach", |lua, _, (from, budget, rules): (i64, i64, Option<Table>)| {
            let mut reach: Vec<(i64, i64)> = {
                let sl = slot(lua)?;
                let from = cell(&sl.state, from)?;
                let spec = FieldSpec::read(&sl.state, rules.as_ref(), &sl.budget)?;
                sl.budget.charge(spec.cost(&sl.state.board))?;
                let budget = if budget < 0 { u32::MAX } else { budget.min(u32::MAX as i64 - 1) as u32 };
                spec.run(&sl.state.board, from, budget).iter().filter(|r| r.cell != from).map(|r| (r.cost as i64, r.cell as i64)).collect()
            };
            // Nearest first; among equals, ascending, as `g:cells` lists them.
            reach.sort_unstable();
            let _kernel_work = uncapped(lua);
            let cells = raw::int_list(lua, &reach.iter().map(|&(_, c)| c).collect::<Vec<_>>())?;
            let costs = raw::int_list(lua, &reach.iter().map(|&(k, _)| k).collect::<Vec<_>>())?;
            Ok((cells, costs))
        });
        m.add_method("path", |lua, _, (from, to, budget, rules): (i64, i64, i64, Option<Table>)| {
            let cells = {
                let sl = slot(lua)?;
                let (from, to) = (cell(&sl.state, from)?, cell(&sl.state, to)?);
                let spec = FieldSpec::read(&sl.state, rules.as_ref(), &sl.budget)?;
                sl.budget.charge(spec.cost(&sl.state.board))?;
                let budget = if budget < 0 { u32::MAX } else { budget.min(u32::MAX as i64 - 1) as u32 };
                crate::board::path_to(&spec.run(&sl.state.board, from, budget), to)
            };
            int_list(lua, cells.into_iter().map(|c| c as i64))
        });
    }
}

/// The movement rules a script passes to `g:field`. The cell lists are sorted and
/// without duplicates, so a look-up is a binary search however long they are.
struct FieldSpec {
    costs: BTreeMap<String, Option<u32>>,
    default_cost: Option<u32>,
    blocked: Vec<CellId>,
    links: Vec<String>,
    link_cost: u32,
    hop: Vec<CellId>,
    hop_cost: u32,
    halt_after_link: Vec<CellId>,
}

impl FieldSpec {
    /// What the search may cost: every cell searched, every link looked at, and each
    /// member of the hop set stepping to every other.
    fn cost(&self, board: &Board) -> u64 {
        let hop = self.hop.len() as u64;
        // Each link's kind is compared with every kind the mover may use.
        let links = board.links().len() as u64 * self.links.len().max(1) as u64;
        board.len() as u64 * cost::SEARCHED_CELL + (links + board.edge_count() as u64) * cost::LINK + hop * hop
    }

    fn read(state: &GameState, t: Option<&Table>, budget: &Budget) -> mlua::Result<FieldSpec> {
        let mut spec = FieldSpec {
            costs: BTreeMap::new(),
            default_cost: Some(1),
            blocked: Vec::new(),
            links: Vec::new(),
            link_cost: 1,
            hop: Vec::new(),
            hop_cost: 1,
            halt_after_link: Vec::new(),
        };
        let Some(t) = t else { return Ok(spec) };
        let cost = |v: LuaValue| -> mlua::Result<Option<u32>> {
            match v {
                LuaValue::Boolean(false) => Ok(None),
                v => Ok(Some(number(&v).ok_or_else(|| err("a cost must be an integer or false"))?.clamp(0, u32::MAX as i64) as u32)),
            }
        };
        if let Some(costs) = t.raw_get::<Option<Table>>("costs")? {
            for pair in costs.pairs::<String, LuaValue>() {
                let (k, v) = pair?;
                budget.charge_bytes(k.len())?;
                budget.charge(1)?;
                spec.costs.insert(k, cost(v)?);
            }
        }
        if let v @ (LuaValue::Number(_) | LuaValue::Integer(_) | LuaValue::Boolean(false)) = t.raw_get::<LuaValue>("default_cost")? {
            spec.default_cost = cost(v)?;
        }
        let cells = |key: &str| -> mlua::Result<Vec<CellId>> {
            let Some(list) = t.raw_get::<Option<Table>>(key)? else { return Ok(Vec::new()) };
            let mut cells = Vec::new();
            for c in list.sequence_values::<i64>() {
                budget.charge(1)?;
                cells.push(cell(state, c?)?);
            }
            cells.sort_unstable();
            cells.dedup();
            Ok(cells)
        };
        spec.blocked = cells("blocked")?;
        spec.hop = cells("hop")?;
        spec.halt_after_link = cells("halt_after_link")?;
        if let Some(links) = t.raw_get::<Option<Table>>("links")? {
            for kind in links.sequence_values::<String>() {
                let kind = kind?;
                budget.charge(1 + kind.len() as u64 / cost::BYTES_PER_STEP)?;
                spec.links.push(kind);
            }
        }
        spec.link_cost = t.raw_get::<Option<u32>>("link_cost")?.unwrap_or(1);
        spec.hop_cost = t.raw_get::<Option<u32>>("hop_cost")?.unwrap_or(1);
        Ok(spec)
    }

    fn run(&self, board: &Board, from: CellId, budget: u32) -> Vec<crate::board::Reach> {
        let cells = board.cells();
        let enter_cost = |c: CellId| -> Option<u32> {
            if self.blocked.binary_search(&c).is_ok() {
                return None;
            }
            let terrain = &cells.get(c as usize)?.terrain;
            match self.costs.get(terrain) {
                Some(cost) => *cost,
                None => self.default_cost,
            }
        };
        let halt = |c: CellId| self.halt_after_link.binary_search(&c).is_ok();
        let link_kinds: Vec<&str> = self.links.iter().map(String::as_str).collect();
        let rules = MoveRules {
            enter_cost: &enter_cost,
            link_kinds: &link_kinds,
            link_cost: self.link_cost,
            hop_set: &self.hop,
            hop_cost: self.hop_cost,
            halt_after_link: &halt,
        };
        board.movement_field(from, budget, &rules)
    }
}

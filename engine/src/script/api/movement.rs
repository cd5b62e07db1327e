//! `g` methods for movement: the cells a mover can reach within a budget, and a
//! cheapest route, under rules the script passes (per-terrain costs, blocked cells,
//! links, hop sets and halting links); see [`FieldSpec`].
//!
//! A search is charged to the call's budget before it runs ([`FieldSpec::cost`]), by
//! the size of the board it may cover, so that a loop of searches of a huge board
//! stops like any other runaway loop.

use super::direct::{direct, Args, Ret};
use super::{cell, err, Method, Methods};
use crate::board::{Board, CellId, MoveRules};
use crate::script::raw::{self, Raw};
use crate::script::{cost, Budget, Slot};
use crate::state::GameState;
use mlua::UserDataMethods;
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

    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[
        direct!("field", |_, args| {
            let entries: Vec<(i64, i64)> = {
                let sl = args.slot()?;
                search_from(&sl, args, args.int(1)?, 2)?.iter().map(|r| (r.cell as i64, r.cost as i64)).collect()
            };
            args.push_int_map(&entries)
        }),
        direct!("reach", |_, args| {
            let mut reach: Vec<(i64, i64)> = {
                let sl = args.slot()?;
                let from = args.int(1)?;
                let search = search_from(&sl, args, from, 2)?;
                let from = cell(&sl.state, from)?;
                search.iter().filter(|r| r.cell != from).map(|r| (r.cost as i64, r.cell as i64)).collect()
            };
            // Nearest first; among equals, ascending, as `g:cells` lists them.
            reach.sort_unstable();
            args.push_ints(reach.iter().map(|&(_, c)| c))?;
            args.push_ints(reach.iter().map(|&(k, _)| k))?;
            Ok(Ret::OnStackTwo)
        }),
        direct!("path", |_, args| {
            let cells = {
                let sl = args.slot()?;
                let to = cell(&sl.state, args.int(2)?)?;
                // `from`, then (after `to`) the budget and the rules.
                crate::board::path_to(&search_from(&sl, args, args.int(1)?, 3)?, to)
            };
            args.push_ints(cells.into_iter().map(i64::from))
        }),
    ];

    fn register<T, M: UserDataMethods<T>>(_: &mut M) {}
}

/// A search from the cell `from`, within the budget of argument `budget_at`, under the
/// rules of the argument after it.
fn search_from(sl: &Slot, args: &Args<'_>, from: i64, budget_at: std::ffi::c_int) -> mlua::Result<Vec<crate::board::Reach>> {
    let (from, budget) = (cell(&sl.state, from)?, args.int(budget_at)?);
    let spec = FieldSpec::read(&sl.state, args.raw(budget_at + 1), &sl.budget)?;
    sl.budget.charge(spec.cost(&sl.state.board))?;
    Ok(spec.run(&sl.state.board, from, budget_of(budget)))
}

/// A script's budget as the search takes it (negative: unlimited).
fn budget_of(budget: i64) -> u32 {
    if budget < 0 {
        u32::MAX
    } else {
        budget.min(u32::MAX as i64 - 1) as u32
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

    /// Reads the rules a script passes (nil: the defaults), walking the table where it
    /// lies on the VM's stack. Fields it does not know are left alone.
    fn read(state: &GameState, rules: Raw<'_>, budget: &Budget) -> mlua::Result<FieldSpec> {
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
        let t = match rules {
            Raw::Nil => return Ok(spec),
            Raw::Table(t) => t,
            other => return Err(err(format!("movement rules must be a table, not a {}", other.type_name()))),
        };
        let cost = |v: Raw<'_>| -> mlua::Result<Option<u32>> {
            match v {
                Raw::Bool(false) => Ok(None),
                Raw::Integer(i) => Ok(Some(i.clamp(0, u32::MAX as i64) as u32)),
                _ => Err(err("a cost must be an integer or false")),
            }
        };
        let cells = |field: &[u8], list: Raw<'_>| -> mlua::Result<Vec<CellId>> {
            let Raw::Table(list) = list else { return Err(field_error(field, "a list of cells", list)) };
            let mut cells = Vec::new();
            list.each_item(|c| {
                budget.charge(1)?;
                let Raw::Integer(c) = c else { return Err(field_error(field, "a list of cells", c)) };
                cells.push(cell(state, c)?);
                Ok(())
            })?;
            cells.sort_unstable();
            cells.dedup();
            Ok(cells)
        };
        t.each_field(|field, v| {
            let Raw::Str(field) = field else { return Ok(()) };
            match (field, v) {
                (_, Raw::Nil) => {}
                (b"costs", Raw::Table(costs)) => costs.each_field(|terrain, v| {
                    let Raw::Str(terrain) = terrain else { return Err(field_error(b"costs", "keyed by terrain names", terrain)) };
                    let terrain = raw::text(terrain)?;
                    budget.charge_bytes(terrain.len())?;
                    budget.charge(1)?;
                    spec.costs.insert(terrain.to_owned(), cost(v)?);
                    Ok(())
                })?,
                (b"default_cost", v @ (Raw::Integer(_) | Raw::Number(_) | Raw::Bool(false))) => spec.default_cost = cost(v)?,
                (b"blocked", v) => spec.blocked = cells(b"blocked", v)?,
                (b"hop", v) => spec.hop = cells(b"hop", v)?,
                (b"halt_after_link", v) => spec.halt_after_link = cells(b"halt_after_link", v)?,
                (b"links", Raw::Table(links)) => links.each_item(|kind| {
                    let Raw::Str(kind) = kind else { return Err(field_error(b"links", "a list of link kinds", kind)) };
                    let kind = raw::text(kind)?;
                    budget.charge(1 + kind.len() as u64 / cost::BYTES_PER_STEP)?;
                    spec.links.push(kind.to_owned());
                    Ok(())
                })?,
                (b"link_cost", Raw::Integer(c)) => spec.link_cost = whole(b"link_cost", c)?,
                (b"hop_cost", Raw::Integer(c)) => spec.hop_cost = whole(b"hop_cost", c)?,
                (field @ (b"costs" | b"links" | b"link_cost" | b"hop_cost"), v) => {
                    return Err(field_error(field, if field.ends_with(b"cost") { "a whole number" } else { "a table" }, v))
                }
                _ => {}
            }
            Ok(())
        })?;
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

/// The error for a movement rule of the wrong type.
fn field_error(field: &[u8], wanted: &str, got: Raw<'_>) -> mlua::Error {
    err(format!("movement rule `{}` must be {wanted}, not a {}", String::from_utf8_lossy(field), got.type_name()))
}

/// A cost given as a link or hop cost: a whole number within `u32`.
fn whole(field: &[u8], c: i64) -> mlua::Result<u32> {
    u32::try_from(c).map_err(|_| err(format!("movement rule `{}` must be a whole number from 0, not {c}", String::from_utf8_lossy(field))))
}

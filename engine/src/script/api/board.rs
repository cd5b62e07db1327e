//! `g` methods that read and change the board: cells, their terrain, names, props
//! and regions, positions and adjacency, and links between cells.
//!
//! Cells are numbered from 0 in placement order; regions (placed tiles or areas)
//! are 1-based here, as seats are. Lists of cells come back ascending.

use super::direct::{direct, Ret};
use super::{cell, err, int_list, slot, stored, Method, Methods};
use crate::board::codes::Layout;
use crate::board::Board;
use std::sync::{Arc, Weak};
use crate::script::cost;
use crate::script::raw::{self, Field};
use mlua::{Table, UserDataMethods, Value as LuaValue};

pub(super) struct Cells;

/// The `g:region_info` and `g:cell_info` tables of the board last asked about, made
/// once per board rather than once per call: labels name a cell, its coordinates and
/// its region in every option that names a cell. The board is held weakly: while the
/// cache holds it, no other board can take its address, so pointer equality means the
/// same board; and a change to the board (`g:set_terrain`) makes a new one (the board
/// is copied on write, and a weak hold never keeps the old allocation in use).
#[derive(Default)]
pub struct BoardTables {
    board: Weak<Board>,
    regions: Vec<Option<mlua::Table>>,
    cells: Vec<Option<mlua::Table>>,
    /// The board's layout, for cell codes, made with the first cell table.
    layout: Option<Layout>,
}

impl BoardTables {
    /// The cache for `board`, emptied first if it held another board's tables.
    fn of(&mut self, board: &Arc<Board>) -> &mut BoardTables {
        // Compared by address, without making a weak reference per call.
        if !std::ptr::eq(self.board.as_ptr(), Arc::as_ptr(board)) {
            *self = BoardTables { board: Arc::downgrade(board), regions: Vec::new(), cells: Vec::new(), layout: None };
        }
        self
    }
}

/// The table at `index` of `tables`, made by `make` (and frozen) the first time.
fn shared(tables: &mut Vec<Option<mlua::Table>>, index: usize, make: impl FnOnce() -> mlua::Result<mlua::Table>) -> mlua::Result<mlua::Table> {
    if let Some(Some(t)) = tables.get(index) {
        return Ok(t.clone());
    }
    let t = make()?;
    t.set_readonly(true);
    if tables.len() <= index {
        tables.resize(index + 1, None);
    }
    tables[index] = Some(t.clone());
    Ok(t)
}

impl Methods for Cells {
    const TITLE: &'static str = "Board";
    const DOCS: &'static [Method] = &[
        Method::new("cell_count", "", "integer",
            "How many cells the board has (cell ids are 0 to this minus 1)."),
        Method::new("terrain", "c: Cell", "string",
            "The cell's terrain, a label from content that the kernel does not interpret."),
        Method::new("set_terrain", "c: Cell, terrain: string", "()",
            "Changes the cell's terrain."),
        Method::new("cell_name", "c: Cell", "string?",
            "The cell's name from content, or nil."),
        Method::new("cell_info", "c: Cell", "CellInfo",
            "What labels a cell, in one call: its `code` (row letter and column number, `C7`, as front ends draw and players type it), axial hex coordinates `q`, `r` (nil on a graph board), `name` (or nil), `region` (numbered from 1) and `terrain`: a read-only table, made once per board and shared by every call (a change of terrain makes a new one)."),
        Method::new("cell_prop", "c: Cell, name: string", "integer?",
            "The cell's integer property `name` from content (a tile cell's tags read as 1), or nil."),
        Method::new("region", "c: Cell", "integer",
            "The region (placed tile or area) the cell belongs to, numbered from 1."),
        Method::new("region_info", "region: integer", "RegionInfo?",
            "The label, tile id, side and rotation of a region, or nil if there is no such region: a read-only table, made once per board and shared by every call."),
        Method::new("region_count", "", "integer",
            "How many regions the board has."),
        Method::new("hex", "c: Cell", "(integer?, integer?)",
            "The cell's axial hex coordinates q, r; nil, nil on a graph board."),
        Method::new("cell_at", "q: integer, r: integer", "Cell?",
            "The cell at axial hex coordinates q, r, or nil (always nil on a graph board)."),
        Method::new("cells", "filter: CellFilter?", "{ Cell }",
            "Every cell, ascending, or only those of the given terrain and/or region."),
        Method::new("neighbors", "c: Cell", "{ Cell }",
            "The physically adjacent cells, ascending; links are not included."),
        Method::new("distance", "a: Cell, b: Cell", "integer?",
            "The physical distance, ignoring terrain and links: hex grid distance, or the fewest edges on a graph board (nil if unreachable)."),
        Method::new("within", "c: Cell, radius: integer", "{ Cell }",
            "The cells at a distance of at most `radius` from `c`, ascending, `c` included."),
        Method::new("links", "c: Cell, kind: string", "{ Cell }",
            "The cells joined to `c` by links of `kind`, ascending."),
        Method::new("add_link", "a: Cell, b: Cell, kind: string", "()",
            "Adds an undirected link of `kind` between two cells (nothing if it exists)."),
        Method::new("remove_links", "kind: string", "()",
            "Removes every link of `kind`."),
    ];

    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[
        direct!("terrain", |lua, args| {
            let c = args.int(1)?;
            let sl = args.slot()?;
            let c = cell(&sl.state, c)?;
            lua.create_string(&sl.state.board.cells()[c as usize].terrain).map(|t| Ret::One(LuaValue::String(t)))
        }),
        direct!("cell_name", |lua, args| {
            let c = args.int(1)?;
            let sl = args.slot()?;
            let c = cell(&sl.state, c)?;
            Ok(Ret::One(match &sl.state.board.cells()[c as usize].name {
                Some(name) => LuaValue::String(lua.create_string(name)?),
                None => LuaValue::Nil,
            }))
        }),
        direct!("cell_info", |lua, args| {
            let c = args.int(1)?;
            let sl = args.slot()?;
            let c = cell(&sl.state, c)?;
            let info = &sl.state.board.cells()[c as usize];
            let mut cache = lua.app_data_mut::<BoardTables>().ok_or_else(|| err("the board tables are missing"))?;
            let tables = cache.of(&sl.state.board);
            let code = tables.layout.get_or_insert_with(|| Layout::new(&sl.state.board)).code(c).unwrap_or_default();
            let make = || {
                let name = info.name.as_deref().map(Field::Text);
                raw::record(
                    lua,
                    &[
                        (c"q", info.hex.map(|h| Field::Int(h.x as i64))),
                        (c"r", info.hex.map(|h| Field::Int(h.y as i64))),
                        (c"code", Some(Field::Text(&code))),
                        (c"name", name),
                        (c"region", Some(Field::Int(info.region as i64 + 1))),
                        (c"terrain", Some(Field::Text(&info.terrain))),
                    ],
                )
            };
            shared(&mut tables.cells, c as usize, make).map(Ret::from)
        }),
        direct!("region", |_, args| {
            let c = args.int(1)?;
            let sl = args.slot()?;
            let c = cell(&sl.state, c)?;
            Ok(Ret::int(sl.state.board.cells()[c as usize].region as i64 + 1))
        }),
        direct!("region_info", |lua, args| {
            let r = args.int(1)?;
            let sl = args.slot()?;
            let index = (r - 1).max(0) as usize;
            let Some(region) = sl.state.board.regions().get(index) else { return Ok(Ret::One(LuaValue::Nil)) };
            let mut cache = lua.app_data_mut::<BoardTables>().ok_or_else(|| err("the board tables are missing"))?;
            let make = || {
                let t = lua.create_table()?;
                t.raw_set("label", region.label.as_str())?;
                t.raw_set("tile", region.tile.as_str())?;
                t.raw_set("side", region.side.as_str())?;
                t.raw_set("rotation", region.rotation)?;
                Ok(t)
            };
            shared(&mut cache.of(&sl.state.board).regions, index, make).map(Ret::from)
        }),
        direct!("hex", |_, args| {
            let c = args.int(1)?;
            let sl = args.slot()?;
            let c = cell(&sl.state, c)?;
            Ok(match sl.state.board.cells()[c as usize].hex {
                Some(h) => Ret::Two(LuaValue::Integer(h.x as i64), LuaValue::Integer(h.y as i64)),
                None => Ret::Two(LuaValue::Nil, LuaValue::Nil),
            })
        }),
        direct!("distance", |_, args| {
            let (a, b) = (args.int(1)?, args.int(2)?);
            let sl = args.slot()?;
            let (a, b) = (cell(&sl.state, a)?, cell(&sl.state, b)?);
            if let Board::Graph(_) = &*sl.state.board {
                sl.budget.charge(scan_cost(&sl.state.board))?; // a breadth-first search
            }
            Ok(Ret::opt_int(sl.state.board.distance(a, b).map(i64::from)))
        }),
        direct!("links", |_, args| {
            let (c, kind) = (args.int(1)?, args.text(2)?);
            let ids = {
                let sl = args.slot()?;
                let c = cell(&sl.state, c)?;
                sl.budget.charge(sl.state.board.links().len() as u64 * cost::LINK)?;
                sl.state.board.linked(c, &[kind])
            };
            args.push_ints(ids.into_iter().map(|i| i as i64))
        }),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("cell_count", |lua, _, ()| Ok(slot(lua)?.state.board.len()));
        m.add_method("set_terrain", |lua, _, (c, t): (i64, String)| {
            let mut sl = slot(lua)?;
            let c = cell(&sl.state, c)?;
            sl.budget.charge_bytes(t.len())?;
            sl.state.set_terrain(c, t);
            stored(&sl.state)
        });
        m.add_method("cell_prop", |lua, _, (c, k): (i64, String)| {
            let sl = slot(lua)?;
            let c = cell(&sl.state, c)?;
            Ok(sl.state.board.cells()[c as usize].props.get(&k).copied())
        });
        m.add_method("region_count", |lua, _, ()| Ok(slot(lua)?.state.board.regions().len()));
        m.add_method("cell_at", |lua, _, (q, r): (i32, i32)| {
            let sl = slot(lua)?;
            Ok(match &*sl.state.board {
                Board::Hex(h) => h.cell_at(hexx::Hex::new(q, r)).map(|c| c as i64),
                Board::Graph(_) => None,
            })
        });
        m.add_method("cells", |lua, _, spec: Option<Table>| {
            let (terrain, region) = match &spec {
                Some(t) => (t.raw_get::<Option<String>>("terrain")?, t.raw_get::<Option<i64>>("region")?),
                None => (None, None),
            };
            let ids: Vec<i64> = {
                let sl = slot(lua)?;
                sl.budget.charge(sl.state.board.len() as u64 * cost::CELL)?;
                sl.state
                    .board
                    .cells()
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| terrain.as_ref().is_none_or(|t| &c.terrain == t))
                    .filter(|(_, c)| region.is_none_or(|r| c.region as i64 + 1 == r))
                    .map(|(i, _)| i as i64)
                    .collect()
            };
            int_list(lua, ids)
        });
        m.add_method("neighbors", |lua, _, c: i64| {
            let ids = {
                let sl = slot(lua)?;
                let c = cell(&sl.state, c)?;
                sl.state.board.neighbors(c)
            };
            int_list(lua, ids.into_iter().map(|i| i as i64))
        });
        m.add_method("within", |lua, _, (c, radius): (i64, u32)| {
            let ids = {
                let sl = slot(lua)?;
                let c = cell(&sl.state, c)?;
                sl.budget.charge(scan_cost(&sl.state.board))?;
                sl.state.board.cells_within(c, radius)
            };
            int_list(lua, ids.into_iter().map(|i| i as i64))
        });
        m.add_method("add_link", |lua, _, (a, b, kind): (i64, i64, String)| {
            let mut sl = slot(lua)?;
            let (a, b) = (cell(&sl.state, a)?, cell(&sl.state, b)?);
            // Adding looks at every link for an equal one.
            sl.budget.charge(sl.state.board.links().len() as u64 * cost::LINK)?;
            sl.state.add_link(a, b, &kind).map_err(|e| err(e.to_string()))?;
            stored(&sl.state)
        });
        m.add_method("remove_links", |lua, _, kind: String| {
            let mut sl = slot(lua)?;
            sl.budget.charge(sl.state.board.links().len() as u64 * cost::LINK)?;
            sl.state.remove_links(&kind);
            Ok(())
        });
    }
}

/// What a scan or breadth-first search of the whole board costs.
fn scan_cost(board: &Board) -> u64 {
    board.len() as u64 * cost::CELL + board.edge_count() as u64 * cost::LINK
}

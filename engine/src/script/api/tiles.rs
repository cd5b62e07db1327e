//! `g` methods that build hex boards from tiles: where tiles of a radius fit
//! around each other, and placing a tile definition (one of its sides, rotated).

use super::{err, int_list, slot, stored, Method, Methods};
use crate::board::{Region, TileCell, MAX_CELLS};
use crate::script::cost;
use crate::value::Value;
use mlua::{Table, UserDataMethods};
use std::collections::BTreeMap;

pub(super) struct Tiles;

impl Methods for Tiles {
    const TITLE: &'static str = "Tiles";
    const DOCS: &'static [Method] = &[
        Method::new("tile_offsets", "radius: integer", "{ { integer } }",
            "The six centre offsets `{q, r}` at which hexagonal tiles of `radius` fit around a tile centred at the origin, clockwise from (2r+1, -r)."),
        Method::new("place_tile", "spec: TileSpec", "integer",
            "Places side `side` of the definition `defs[kind][id]` (a list of cells `{at = (q, r), terrain, name, tags}`) as a hexagonal tile of `radius` centred at q, r, turned clockwise by `rotation` sixths; hexes the side does not list get `default_terrain`. Returns the new region's number."),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("tile_offsets", |lua, _, radius: u32| {
            let offsets = crate::board::tile_offsets(radius);
            let t = lua.create_table()?;
            for (i, h) in offsets.iter().enumerate() {
                t.raw_set(i + 1, int_list(lua, [h.x as i64, h.y as i64])?)?;
            }
            Ok(t)
        });
        m.add_method("place_tile", |lua, _, spec: Table| {
            let kind: String = spec.raw_get("kind")?;
            let id: String = spec.raw_get("id")?;
            let side: String = spec.raw_get("side")?;
            let q: i32 = spec.raw_get("q")?;
            let r: i32 = spec.raw_get("r")?;
            let rotation: u8 = spec.raw_get::<Option<u8>>("rotation")?.unwrap_or(0);
            let label: String = spec.raw_get::<Option<String>>("label")?.unwrap_or_else(|| id.clone());
            let radius: u32 = spec.raw_get("radius")?;
            let default_terrain: String = spec.raw_get::<Option<String>>("default_terrain")?.unwrap_or_else(|| "space".into());
            let mut sl = slot(lua)?;
            let def = sl.rules.def(&kind, &id).ok_or_else(|| err(format!("place_tile: no {kind} `{id}`")))?;
            let cells = tile_cells(def.value.get(&side)).map_err(|m| err(format!("place_tile {kind} `{id}` field `{side}`: {m}")))?;
            let region = Region {
                label,
                tile: id.clone(),
                side: side.clone(),
                rotation,
                center: Some(hexx::Hex::new(q, r)),
            };
            // Placing makes every cell of the tile (the board refuses more than it holds).
            let made = 3 * u64::from(radius.min(MAX_CELLS as u32)) * (u64::from(radius.min(MAX_CELLS as u32)) + 1) + 1;
            sl.budget.charge(made.min(MAX_CELLS as u64) * cost::SEARCHED_CELL + cells.len() as u64)?;
            let index = sl
                .state
                .place_tile(region, &cells, radius, &default_terrain)
                .map_err(|e| err(format!("place_tile {kind} `{id}`: {e}")))?;
            stored(&sl.state)?;
            Ok(index as i64 + 1)
        });
    }
}

/// Reads a tile's cell list (`[{at = {q, r}, terrain = "...", name = "...", tags = {...}}]`).
fn tile_cells(value: Option<&Value>) -> Result<Vec<TileCell>, String> {
    let Some(Value::List(items)) = value else { return Err("expected a list of cells".into()) };
    items
        .iter()
        .map(|item| {
            let at = match item.get("at") {
                Some(Value::List(qr)) if qr.len() == 2 => {
                    let q = qr[0].as_int().ok_or("`at` must hold integers")?;
                    let r = qr[1].as_int().ok_or("`at` must hold integers")?;
                    hexx::Hex::new(q as i32, r as i32)
                }
                _ => return Err("a cell needs `at: (q, r)`".to_string()),
            };
            let terrain = item.get("terrain").and_then(str_value).ok_or("a cell needs a terrain")?.to_owned();
            let name = item.get("name").and_then(str_value).map(str::to_owned);
            let mut props = BTreeMap::new();
            if let Some(Value::List(tags)) = item.get("tags") {
                for tag in tags {
                    props.insert(tag.as_str().ok_or("tags must be names")?.to_owned(), 1);
                }
            }
            Ok(TileCell { at, terrain, name, props })
        })
        .collect()
}

fn str_value(v: &Value) -> Option<&str> {
    v.as_str()
}

//! Hexagonal boards: hexagonal tiles of cells placed on an axial grid.

use std::collections::{BTreeMap, HashMap};

use foldhash::fast::FixedState;
use hexx::Hex;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{BoardError, Cell, CellId, CellSet, Region, MAX_CELLS};

/// Largest absolute cube coordinate a board hex may have. Keeping positions
/// well inside `i32` makes all grid arithmetic overflow-free.
const COORD_LIMIT: i64 = 1 << 24;

/// A cell listed by a tile definition, positioned relative to the tile centre
/// before rotation.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct TileCell {
    /// Offset from the tile centre, unrotated.
    pub at: Hex,
    /// Terrain label given to the cell.
    pub terrain: String,
    /// Optional cell name.
    pub name: Option<String>,
    /// Free integer properties given to the cell.
    pub props: BTreeMap<String, i64>,
}

impl TileCell {
    /// A listed cell with a terrain and no name or props.
    pub fn new(at: Hex, terrain: impl Into<String>) -> Self {
        TileCell {
            at,
            terrain: terrain.into(),
            ..TileCell::default()
        }
    }
}

/// A board made of hexagonal tiles on an axial hex grid.
///
/// Serialises as its cells, links and regions; the position index is rebuilt
/// (and the data checked) on deserialisation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HexBoard {
    pub(super) store: CellSet,
    /// Looked up by position: a fast fixed hash (the keys are the pack's own board
    /// coordinates, and nothing follows the map's order).
    index: HashMap<Hex, CellId, FixedState>,
    /// Each cell's neighbours, ascending, kept up to date as cells are added: a
    /// movement field asks for them at every cell it reaches, which was six look-ups
    /// of the index and a sort each time.
    adjacency: Vec<Neighbours>,
}

/// The cells on a cell's six adjacent hexes, ascending, then [`Neighbours::NONE`].
#[derive(Debug, Clone, Copy, PartialEq)]
struct Neighbours([CellId; 6]);

impl Neighbours {
    /// An empty slot (no cell id reaches it: a board holds fewer cells).
    const NONE: CellId = CellId::MAX;

    fn cells(&self) -> impl Iterator<Item = CellId> + '_ {
        self.0.iter().copied().take_while(|&c| c != Neighbours::NONE)
    }

    /// Adds `cell`, keeping the order (a hex has six neighbours, so there is room).
    fn add(&mut self, cell: CellId) {
        if let Some(free) = self.0.iter().position(|&c| c == Neighbours::NONE) {
            self.0[free] = cell;
            self.0[..=free].sort_unstable();
        }
    }
}

impl Serialize for HexBoard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.store.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for HexBoard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let store = CellSet::deserialize(deserializer)?;
        HexBoard::from_store(store).map_err(serde::de::Error::custom)
    }
}

/// Cube length of a hex, computed without overflow.
fn hex_len(h: Hex) -> i64 {
    let (x, y) = (i64::from(h.x), i64::from(h.y));
    x.abs().max(y.abs()).max((x + y).abs())
}

/// The six centre offsets at which hexagonal tiles of `radius` tessellate
/// around a tile centred at the origin, in clockwise order starting from
/// `(2r+1, -r)`.
///
/// Radii too large for `i32` coordinates are clamped (such tiles could never
/// be placed anyway).
pub fn tile_offsets(radius: u32) -> [Hex; 6] {
    let r = radius.min((i32::MAX as u32 - 1) / 2) as i32;
    let first = Hex::new(2 * r + 1, -r);
    std::array::from_fn(|i| first.rotate_cw(i as u32))
}

impl HexBoard {
    /// An empty board.
    pub fn new() -> Self {
        Self::default()
    }

    /// Rebuilds a board from stored data, checking its consistency.
    fn from_store(store: CellSet) -> Result<Self, BoardError> {
        store.validate()?;
        let mut index = HashMap::with_capacity_and_hasher(store.cells.len(), FixedState::default());
        for (id, cell) in store.cells.iter().enumerate() {
            let id = id as CellId; // validate() bounds the cell count
            let hex = cell
                .hex
                .ok_or_else(|| BoardError::Invalid(format!("cell {id} has no hex")))?;
            if hex_len(hex) > COORD_LIMIT {
                return Err(BoardError::OutOfRange(hex));
            }
            if let Some(cell) = index.insert(hex, id) {
                return Err(BoardError::Overlap { at: hex, cell });
            }
        }
        let mut board = HexBoard { store, index, adjacency: Vec::new() };
        for id in 0..board.store.cells.len() {
            board.connect(id as CellId);
        }
        Ok(board)
    }

    /// Records the newest cell `id` (already in the index) as a neighbour of the
    /// cells around it and they as its neighbours: the work of one cell, however
    /// large the board.
    fn connect(&mut self, id: CellId) {
        let mut own = Neighbours([Neighbours::NONE; 6]);
        if let Some(hex) = self.hex_of(id) {
            for h in hex.all_neighbors() {
                if let Some(&other) = self.index.get(&h) {
                    // Only cells recorded before this one: a later one records this
                    // one when its own turn comes.
                    if let Some(theirs) = self.adjacency.get_mut(usize::from(other)) {
                        theirs.add(id);
                        own.add(other);
                    }
                }
            }
        }
        self.adjacency.push(own);
    }

    /// Places a hexagonal tile of `radius` centred at `region.center`, rotated
    /// clockwise by `region.rotation` sixths of a turn about its centre.
    ///
    /// Every hex within `radius` of the centre becomes a cell of the new
    /// region. Hexes listed in `cells` (offsets relative to the unrotated
    /// centre) take their terrain, name and props; all others get
    /// `default_terrain`. New cell ids follow the existing ones, ordered by
    /// the `(y, x)` board coordinate. Returns the new region index.
    ///
    /// Nothing is changed if an error is returned.
    pub fn place_tile(
        &mut self,
        region: Region,
        cells: &[TileCell],
        radius: u32,
        default_terrain: &str,
    ) -> Result<u16, BoardError> {
        let center = region.center.ok_or(BoardError::MissingCenter)?;
        if region.rotation > 5 {
            return Err(BoardError::BadRotation(region.rotation));
        }
        if hex_len(center) + i64::from(radius) > COORD_LIMIT {
            return Err(BoardError::OutOfRange(center));
        }
        let count = (radius <= 1024)
            .then(|| 3 * radius as usize * (radius as usize + 1) + 1)
            .filter(|n| self.store.cells.len() + n <= MAX_CELLS)
            .ok_or(BoardError::TooManyCells)?;

        let mut listed: HashMap<Hex, &TileCell> = HashMap::with_capacity(cells.len());
        for tc in cells {
            if hex_len(tc.at) > i64::from(radius) {
                return Err(BoardError::OutsideTile { at: tc.at, radius });
            }
            if listed.insert(tc.at, tc).is_some() {
                return Err(BoardError::DuplicateTileCell(tc.at));
            }
        }

        let mut hexes: Vec<Hex> = center.range(radius).collect();
        debug_assert_eq!(hexes.len(), count);
        hexes.sort_unstable_by_key(|h| (h.y, h.x));
        if let Some((&at, &cell)) = hexes.iter().find_map(|h| self.index.get(h).map(|c| (h, c))) {
            return Err(BoardError::Overlap { at, cell });
        }

        // Inverse rotation maps a board hex back to its unrotated offset.
        let rotation = u32::from(region.rotation);
        let region_index = self.store.push_region(region)?; // first mutation
        for hex in hexes {
            let offset = (hex - center).rotate_ccw(rotation);
            let cell = match listed.get(&offset) {
                Some(tc) => Cell {
                    hex: Some(hex),
                    region: region_index,
                    terrain: tc.terrain.clone(),
                    name: tc.name.clone(),
                    props: tc.props.clone(),
                },
                None => Cell {
                    hex: Some(hex),
                    region: region_index,
                    terrain: default_terrain.to_owned(),
                    ..Cell::default()
                },
            };
            let id = self.store.push_cell(cell)?; // count was checked above
            self.index.insert(hex, id);
            self.connect(id);
        }
        Ok(region_index)
    }

    /// The cell at a board hex, if any.
    pub fn cell_at(&self, hex: Hex) -> Option<CellId> {
        self.index.get(&hex).copied()
    }

    /// The board hex of a cell, if the cell exists.
    pub fn hex_of(&self, id: CellId) -> Option<Hex> {
        self.store.cells.get(usize::from(id)).and_then(|c| c.hex)
    }

    /// All cells, indexed by [`CellId`].
    pub fn cells(&self) -> &[Cell] {
        &self.store.cells
    }

    /// All regions (placed tiles), indexed by region number.
    pub fn regions(&self) -> &[Region] {
        &self.store.regions
    }

    /// Cells on the six adjacent hexes, sorted ascending.
    pub(super) fn neighbors(&self, id: CellId) -> Vec<CellId> {
        self.adjacency.get(usize::from(id)).map_or_else(Vec::new, |n| n.cells().collect())
    }

    /// [`HexBoard::neighbors`] one by one.
    pub(super) fn for_each_neighbor(&self, id: CellId, visit: impl FnMut(CellId)) {
        if let Some(n) = self.adjacency.get(usize::from(id)) {
            n.cells().for_each(visit);
        }
    }

    /// Grid distance between two cells.
    pub(super) fn distance(&self, a: CellId, b: CellId) -> Option<u32> {
        Some(self.hex_of(a)?.unsigned_distance_to(self.hex_of(b)?))
    }

    /// Cells within `radius` grid steps of `id`, sorted ascending.
    pub(super) fn cells_within(&self, id: CellId, radius: u32) -> Vec<CellId> {
        let Some(origin) = self.hex_of(id) else {
            return Vec::new();
        };
        let mut out: Vec<CellId> = self
            .index
            .iter()
            .filter(|(h, _)| origin.unsigned_distance_to(**h) <= radius)
            .map(|(_, id)| *id)
            .collect();
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::Board;
    use super::*;

    fn region(center: Hex, rotation: u8) -> Region {
        Region {
            label: format!("{center:?}"),
            tile: "t".into(),
            side: "a".into(),
            rotation,
            center: Some(center),
        }
    }

    fn plain(board: &mut HexBoard, center: Hex, radius: u32) -> Result<u16, BoardError> {
        board.place_tile(region(center, 0), &[], radius, "open")
    }

    #[test]
    fn tile_covers_every_hex_within_radius_in_y_x_order() {
        let mut b = HexBoard::new();
        assert_eq!(plain(&mut b, Hex::new(5, -2), 3), Ok(0));
        assert_eq!(b.cells().len(), 37);
        let hexes: Vec<Hex> = b.cells().iter().map(|c| c.hex.unwrap()).collect();
        let keys: Vec<(i32, i32)> = hexes.iter().map(|h| (h.y, h.x)).collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]));
        assert!(b
            .cells()
            .iter()
            .all(|c| c.terrain == "open" && c.region == 0));
    }

    #[test]
    fn seven_tiles_tessellate_without_overlap() {
        let mut b = HexBoard::new();
        plain(&mut b, Hex::ZERO, 3).unwrap();
        for offset in tile_offsets(3) {
            plain(&mut b, offset, 3).unwrap();
        }
        assert_eq!(b.cells().len(), 7 * 37);

        let touches = |r1: u16, r2: u16| {
            b.cells().iter().filter(|c| c.region == r1).any(|c| {
                c.hex.unwrap().all_neighbors().iter().any(|h| {
                    b.cell_at(*h)
                        .is_some_and(|id| b.cells()[usize::from(id)].region == r2)
                })
            })
        };
        for i in 1..=6u16 {
            let next = i % 6 + 1;
            let prev = (i + 4) % 6 + 1;
            assert!(touches(i, 0), "tile {i} touches the centre");
            assert!(touches(i, next), "tile {i} touches {next}");
            assert!(touches(i, prev), "tile {i} touches {prev}");
        }
    }

    #[test]
    fn tile_offsets_are_clockwise_at_equal_distance() {
        let offsets = tile_offsets(3);
        assert_eq!(offsets[0], Hex::new(7, -3));
        for (i, o) in offsets.iter().enumerate() {
            assert_eq!(o.unsigned_distance_to(Hex::ZERO), 7);
            assert_eq!(offsets[(i + 1) % 6], o.clockwise());
        }
    }

    #[test]
    fn neighbouring_tile_centres_are_seven_apart() {
        let mut b = HexBoard::new();
        plain(&mut b, Hex::ZERO, 3).unwrap();
        plain(&mut b, tile_offsets(3)[2], 3).unwrap();
        let board = Board::Hex(b.clone());
        let c0 = b.cell_at(Hex::ZERO).unwrap();
        let c1 = b.cell_at(tile_offsets(3)[2]).unwrap();
        assert_eq!(board.distance(c0, c1), Some(7));
    }

    #[test]
    fn rotation_moves_listed_cells_but_keeps_the_centre() {
        let listed = [
            TileCell::new(Hex::ZERO, "core"),
            TileCell::new(Hex::new(1, 0), "edge"),
        ];
        for rot in 0..6u8 {
            let mut b = HexBoard::new();
            let c = Hex::new(10, 4);
            b.place_tile(region(c, rot), &listed, 1, "open").unwrap();
            let at = |h: Hex| &b.cells()[usize::from(b.cell_at(h).unwrap())].terrain;
            assert_eq!(at(c), "core");
            assert_eq!(at(c + Hex::new(1, 0).rotate_cw(u32::from(rot))), "edge");
            assert_eq!(b.cells().iter().filter(|c| c.terrain == "edge").count(), 1);
        }
    }

    #[test]
    fn listed_cells_keep_name_and_props() {
        let mut tc = TileCell::new(Hex::new(0, -1), "rock");
        tc.name = Some("north".into());
        tc.props.insert("main".into(), 1);
        let mut b = HexBoard::new();
        b.place_tile(region(Hex::ZERO, 0), &[tc], 1, "open")
            .unwrap();
        let cell = &b.cells()[usize::from(b.cell_at(Hex::new(0, -1)).unwrap())];
        assert_eq!(cell.name.as_deref(), Some("north"));
        assert_eq!(cell.props.get("main"), Some(&1));
    }

    #[test]
    fn bad_tiles_are_rejected_without_changes() {
        use BoardError as E;
        let mut b = HexBoard::new();
        plain(&mut b, Hex::ZERO, 1).unwrap();
        let mut try_place = |center: Option<Hex>, rot: u8, cells: &[TileCell], radius: u32| {
            let r = Region {
                center,
                ..region(Hex::ZERO, rot)
            };
            b.place_tile(r, cells, radius, "o").unwrap_err()
        };
        let (free, far) = (Some(Hex::new(9, 0)), Hex::new(2, 0));
        let dup = [TileCell::new(Hex::ZERO, "x"), TileCell::new(Hex::ZERO, "y")];
        assert_eq!(try_place(None, 0, &[], 1), E::MissingCenter);
        assert_eq!(try_place(free, 6, &[], 1), E::BadRotation(6));
        let outside = try_place(free, 0, &[TileCell::new(far, "x")], 1);
        assert_eq!(outside, E::OutsideTile { at: far, radius: 1 });
        assert_eq!(try_place(free, 0, &dup, 1), E::DuplicateTileCell(Hex::ZERO));
        let overlap = try_place(Some(far), 0, &[], 1);
        assert_eq!(
            overlap,
            E::Overlap {
                at: Hex::new(1, 0),
                cell: 4
            }
        );
        assert_eq!(try_place(free, 0, &[], 500), E::TooManyCells);
        let huge = Hex::new(i32::MAX, 0);
        assert_eq!(try_place(Some(huge), 0, &[], 1), E::OutOfRange(huge));
        let edge = Hex::new(COORD_LIMIT as i32, 0);
        assert_eq!(try_place(Some(edge), 0, &[], 1), E::OutOfRange(edge));
        assert_eq!((b.cells().len(), b.regions().len()), (7, 1));
    }

    #[test]
    fn neighbors_distance_and_range_ignore_missing_hexes() {
        let mut b = HexBoard::new();
        plain(&mut b, Hex::ZERO, 1).unwrap();
        plain(&mut b, Hex::new(10, 0), 0).unwrap();
        let board = Board::Hex(b.clone());
        let centre = b.cell_at(Hex::ZERO).unwrap();
        let lone = b.cell_at(Hex::new(10, 0)).unwrap();
        assert_eq!(board.neighbors(centre).len(), 6);
        assert_eq!(board.neighbors(b.cell_at(Hex::new(1, 0)).unwrap()).len(), 3);
        assert!(board.neighbors(lone).is_empty());
        assert_eq!(board.distance(centre, lone), Some(10));
        assert_eq!(board.cells_within(centre, 1).len(), 7);
        assert_eq!(board.cells_within(lone, 8), vec![lone]);
        assert_eq!(board.cells_within(lone, 9).len(), 2);
        assert_eq!(board.region_of(lone).unwrap().center, Some(Hex::new(10, 0)));
    }

    #[test]
    fn serde_round_trip_rebuilds_the_index() {
        let mut b = HexBoard::new();
        plain(&mut b, Hex::ZERO, 2).unwrap();
        let board = Board::Hex(b);
        let json = serde_json::to_string(&board).unwrap();
        let back: Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, board);
        let hb = back.as_hex().unwrap();
        assert_eq!(
            hb.cell_at(Hex::new(1, 1)),
            board.as_hex().unwrap().cell_at(Hex::new(1, 1))
        );
        assert_eq!(back.neighbors(hb.cell_at(Hex::ZERO).unwrap()).len(), 6);
    }

    #[test]
    fn corrupt_serialised_boards_are_rejected() {
        let mut b = HexBoard::new();
        plain(&mut b, Hex::ZERO, 0).unwrap();
        let mut store = b.store.clone();
        store.cells.push(store.cells[0].clone());
        let json = serde_json::to_string(&store).unwrap();
        assert!(serde_json::from_str::<HexBoard>(&json).is_err());
    }
}

//! Board topology and movement fields.
//!
//! This module owns the spatial kernel of the engine: which cells exist, which
//! cells touch (physically, or through named [`Link`]s), how far apart cells
//! are, and which cells a mover can reach under caller-supplied cost rules.
//! It knows nothing of any game: terrain, names and properties are opaque data
//! supplied by content and interpreted elsewhere.
//!
//! Two topologies share one interface, [`Board`]:
//! - [`HexBoard`]: hexagonal tiles of hexes placed on an axial grid;
//! - [`GraphBoard`]: arbitrary nodes joined by undirected edges.
//!
//! Movement is computed by [`Board::movement_field`] (see [`MoveRules`]).

pub mod codes;
mod field;
mod graph;
mod hex;
mod store;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use field::{path_to, Arrival, MoveRules, Reach};
pub use graph::GraphBoard;
pub use hex::{tile_offsets, HexBoard, TileCell};
pub use hexx::Hex;

use store::CellSet;

/// Identifier of a cell: its index into the board's cell vector.
pub type CellId = u16;

/// The largest number of cells a board may hold (every [`CellId`] value).
pub const MAX_CELLS: usize = CellId::MAX as usize + 1;

/// The largest number of regions a board may hold.
pub const MAX_REGIONS: usize = u16::MAX as usize + 1;

/// One cell of a board.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Cell {
    /// Position on the grid: `Some` on hex boards, `None` on graph boards.
    ///
    /// The position is owned by the board; do not change it after placement.
    pub hex: Option<Hex>,
    /// Index of the [`Region`] (placed tile or area) the cell belongs to.
    pub region: u16,
    /// Terrain label from content; the board does not interpret it.
    pub terrain: String,
    /// Optional display or lookup name.
    pub name: Option<String>,
    /// Free integer properties from content.
    pub props: BTreeMap<String, i64>,
}

impl Cell {
    /// A cell of the given terrain in region 0, with no position, name or props.
    pub fn new(terrain: impl Into<String>) -> Self {
        Cell {
            terrain: terrain.into(),
            ..Cell::default()
        }
    }
}

/// An extra undirected adjacency between two cells, tagged with a kind.
///
/// Links are stored with `a < b`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Link {
    /// The lower cell id of the pair.
    pub a: CellId,
    /// The higher cell id of the pair.
    pub b: CellId,
    /// Kind label, used to select which links a mover may use.
    pub kind: String,
}

/// A placed tile or named area that cells belong to.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Region {
    /// Label identifying this placement.
    pub label: String,
    /// Identifier of the tile definition in content.
    pub tile: String,
    /// Which side of the tile is face up.
    pub side: String,
    /// Clockwise rotation in sixths of a turn (0..=5).
    pub rotation: u8,
    /// Centre hex on hex boards; `None` on graph boards.
    pub center: Option<Hex>,
}

/// Errors reported by board construction and editing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A cell id does not exist on the board.
    #[error("unknown cell {0}")]
    UnknownCell(CellId),
    /// An edge or link would join a cell to itself.
    #[error("cell {0} cannot be connected to itself")]
    SelfConnection(CellId),
    /// A hex tile was placed without a centre.
    #[error("a hex tile needs a centre")]
    MissingCenter,
    /// A rotation outside 0..=5.
    #[error("rotation {0} is outside 0..=5")]
    BadRotation(u8),
    /// A listed tile cell lies outside the tile radius.
    #[error("tile cell ({}, {}) lies outside radius {}", .at.x, .at.y, .radius)]
    OutsideTile {
        /// The offending offset, relative to the tile centre.
        at: Hex,
        /// The tile radius.
        radius: u32,
    },
    /// A tile lists the same offset twice.
    #[error("tile lists cell ({}, {}) more than once", .0.x, .0.y)]
    DuplicateTileCell(Hex),
    /// A placed hex is already occupied.
    #[error("hex ({}, {}) is already occupied by cell {}", .at.x, .at.y, .cell)]
    Overlap {
        /// The contested board hex.
        at: Hex,
        /// The cell already there.
        cell: CellId,
    },
    /// The board would hold more than [`MAX_CELLS`] cells.
    #[error("a board holds at most {MAX_CELLS} cells")]
    TooManyCells,
    /// The board would hold more than [`MAX_REGIONS`] regions.
    #[error("a board holds at most {MAX_REGIONS} regions")]
    TooManyRegions,
    /// A hex lies outside the supported coordinate range.
    #[error("hex ({}, {}) is outside the supported coordinate range", .0.x, .0.y)]
    OutOfRange(Hex),
    /// Serialised board data is inconsistent.
    #[error("invalid board data: {0}")]
    Invalid(String),
}

/// A board of either topology, offering one interface to the engine.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum Board {
    /// A board of hexagonal tiles.
    Hex(HexBoard),
    /// A board of nodes and edges.
    Graph(GraphBoard),
}

impl From<HexBoard> for Board {
    fn from(board: HexBoard) -> Self {
        Board::Hex(board)
    }
}

impl From<GraphBoard> for Board {
    fn from(board: GraphBoard) -> Self {
        Board::Graph(board)
    }
}

impl Board {
    fn store(&self) -> &CellSet {
        match self {
            Board::Hex(b) => &b.store,
            Board::Graph(b) => &b.store,
        }
    }

    fn store_mut(&mut self) -> &mut CellSet {
        match self {
            Board::Hex(b) => &mut b.store,
            Board::Graph(b) => &mut b.store,
        }
    }

    /// The hex board inside, if this is one.
    pub fn as_hex(&self) -> Option<&HexBoard> {
        match self {
            Board::Hex(b) => Some(b),
            Board::Graph(_) => None,
        }
    }

    /// The graph board inside, if this is one.
    pub fn as_graph(&self) -> Option<&GraphBoard> {
        match self {
            Board::Graph(b) => Some(b),
            Board::Hex(_) => None,
        }
    }

    /// All cells, indexed by [`CellId`].
    pub fn cells(&self) -> &[Cell] {
        &self.store().cells
    }

    /// The cell with this id, if any.
    pub fn cell(&self, id: CellId) -> Option<&Cell> {
        self.store().cells.get(usize::from(id))
    }

    /// Mutable access to a cell's content (terrain, name, props).
    ///
    /// The `hex` position must not be changed: the board's topology uses it.
    pub fn cell_mut(&mut self, id: CellId) -> Option<&mut Cell> {
        self.store_mut().cells.get_mut(usize::from(id))
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.store().cells.len()
    }

    /// True if the board has no cells.
    pub fn is_empty(&self) -> bool {
        self.store().cells.is_empty()
    }

    /// Physically adjacent cells, sorted ascending; links are not included.
    /// Empty for an unknown cell.
    pub fn neighbors(&self, id: CellId) -> Vec<CellId> {
        match self {
            Board::Hex(b) => b.neighbors(id),
            Board::Graph(b) => b.neighbors(id),
        }
    }

    /// Calls `visit` with each neighbour of `id`, in [`Board::neighbors`]' order,
    /// without making a list on a hex board (a search visits every cell it reaches).
    pub fn for_each_neighbor(&self, id: CellId, mut visit: impl FnMut(CellId)) {
        match self {
            Board::Hex(b) => b.for_each_neighbor(id, visit),
            Board::Graph(b) => b.neighbors(id).into_iter().for_each(&mut visit),
        }
    }

    /// How many physical edges join the cells: those of a graph board, none on a
    /// hex board (whose grid gives each cell at most six neighbours).
    pub fn edge_count(&self) -> usize {
        match self {
            Board::Hex(_) => 0,
            Board::Graph(b) => b.edge_count(),
        }
    }

    /// All links on the board.
    pub fn links(&self) -> &[Link] {
        &self.store().links
    }

    /// Adds an undirected link of `kind` between `a` and `b`.
    ///
    /// Adding a link that already exists (same pair and kind) does nothing.
    pub fn add_link(&mut self, a: CellId, b: CellId, kind: &str) -> Result<(), BoardError> {
        self.store_mut().add_link(a, b, kind)
    }

    /// Removes every link of `kind`, returning how many were removed.
    pub fn remove_links(&mut self, kind: &str) -> usize {
        self.store_mut().remove_links(kind)
    }

    /// Cells joined to `id` by a link whose kind is in `kinds`, sorted and
    /// without duplicates. An empty `kinds` selects no links.
    pub fn linked(&self, id: CellId, kinds: &[&str]) -> Vec<CellId> {
        self.store().linked(id, kinds)
    }

    /// Physical distance, ignoring terrain and links.
    ///
    /// On hex boards this is the grid distance (counted on the grid, even
    /// across hexes that are not on the board); on graph boards it is the
    /// number of edges on a shortest path, `None` if unreachable. `None` for
    /// unknown cells.
    pub fn distance(&self, a: CellId, b: CellId) -> Option<u32> {
        match self {
            Board::Hex(board) => board.distance(a, b),
            Board::Graph(board) => board.distance(a, b),
        }
    }

    /// All regions, indexed by region number.
    pub fn regions(&self) -> &[Region] {
        &self.store().regions
    }

    /// The region a cell belongs to, if the cell and region exist.
    pub fn region_of(&self, id: CellId) -> Option<&Region> {
        let cell = self.cell(id)?;
        self.store().regions.get(usize::from(cell.region))
    }

    /// Cells whose [`distance`](Self::distance) from `id` is at most
    /// `radius`, sorted ascending (including `id` itself). Empty for an
    /// unknown cell.
    pub fn cells_within(&self, id: CellId, radius: u32) -> Vec<CellId> {
        match self {
            Board::Hex(b) => b.cells_within(id, radius),
            Board::Graph(b) => b.cells_within(id, radius),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_board(n: u16) -> Board {
        let mut g = GraphBoard::new();
        for i in 0..n {
            g.add_node(Cell::new(format!("t{i}"))).unwrap();
        }
        for i in 1..n {
            g.add_edge(i - 1, i).unwrap();
        }
        Board::from(g)
    }

    #[test]
    fn links_are_undirected_sorted_and_filtered_by_kind() {
        let mut b = line_board(5);
        b.add_link(4, 0, "tunnel").unwrap();
        b.add_link(2, 0, "bridge").unwrap();
        b.add_link(0, 4, "tunnel").unwrap(); // duplicate is ignored
        assert_eq!(b.links().len(), 2);
        assert_eq!(b.linked(0, &["tunnel", "bridge"]), vec![2, 4]);
        assert_eq!(b.linked(4, &["tunnel"]), vec![0]);
        assert!(b.linked(0, &[]).is_empty());
        assert_eq!(b.remove_links("tunnel"), 1);
        assert!(b.linked(4, &["tunnel"]).is_empty());
    }

    #[test]
    fn bad_links_are_rejected() {
        let mut b = line_board(2);
        assert_eq!(b.add_link(0, 9, "x"), Err(BoardError::UnknownCell(9)));
        assert_eq!(b.add_link(1, 1, "x"), Err(BoardError::SelfConnection(1)));
    }

    #[test]
    fn neighbors_exclude_links_and_unknown_cells_are_harmless() {
        let mut b = line_board(3);
        b.add_link(0, 2, "x").unwrap();
        assert_eq!(b.neighbors(1), vec![0, 2]);
        assert_eq!(b.neighbors(0), vec![1]);
        assert!(b.neighbors(99).is_empty());
        assert_eq!(b.distance(0, 99), None);
        assert!(b.cells_within(99, 3).is_empty());
        assert!(b.cell(99).is_none());
        assert!(b.region_of(99).is_none());
    }

    #[test]
    fn cell_mut_edits_content() {
        let mut b = line_board(2);
        b.cell_mut(1).unwrap().props.insert("main".into(), 1);
        assert_eq!(b.cell(1).unwrap().props.get("main"), Some(&1));
        assert_eq!(b.len(), 2);
        assert!(!b.is_empty());
    }
}

impl Default for Board {
    /// An empty hex board, filled in by the pack's setup.
    fn default() -> Board {
        Board::Hex(HexBoard::new())
    }
}

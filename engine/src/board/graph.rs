//! Graph boards: cells as nodes joined by undirected edges.

use std::collections::VecDeque;

use petgraph::stable_graph::{NodeIndex, StableUnGraph};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{BoardError, Cell, CellId, CellSet, Link, Region};

/// A board whose adjacency is an arbitrary undirected graph.
///
/// Node `i` of the graph is cell `i`; cells are never removed. Serialises as
/// its cells, links, regions and a sorted edge list; the graph is rebuilt
/// (and the data checked) on deserialisation.
#[derive(Debug, Clone, Default)]
pub struct GraphBoard {
    pub(super) store: CellSet,
    graph: StableUnGraph<CellId, ()>,
}

/// Serialised form of a [`GraphBoard`].
#[derive(Serialize, Deserialize)]
struct GraphData {
    cells: Vec<Cell>,
    links: Vec<Link>,
    regions: Vec<Region>,
    edges: Vec<(CellId, CellId)>,
}

impl Serialize for GraphBoard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let store = self.store.clone();
        GraphData {
            cells: store.cells,
            links: store.links,
            regions: store.regions,
            edges: self.edges(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GraphBoard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = GraphData::deserialize(deserializer)?;
        GraphBoard::from_data(data).map_err(serde::de::Error::custom)
    }
}

impl PartialEq for GraphBoard {
    fn eq(&self, other: &Self) -> bool {
        self.store == other.store && self.edges() == other.edges()
    }
}

fn node(id: CellId) -> NodeIndex {
    NodeIndex::new(usize::from(id))
}

impl GraphBoard {
    /// An empty board.
    pub fn new() -> Self {
        Self::default()
    }

    /// Rebuilds a board from serialised data, checking its consistency.
    fn from_data(data: GraphData) -> Result<Self, BoardError> {
        let GraphData {
            cells,
            links,
            regions,
            edges,
        } = data;
        if cells.iter().any(|c| c.hex.is_some()) {
            return Err(BoardError::Invalid("graph cells have no hex".into()));
        }
        let store = CellSet {
            cells,
            links,
            regions,
        };
        store.validate()?;
        let mut board = GraphBoard {
            store,
            graph: StableUnGraph::default(),
        };
        for id in 0..board.store.cells.len() {
            board.graph.add_node(id as CellId); // validate() bounds the count
        }
        for (a, b) in edges {
            board.add_edge(a, b)?;
        }
        Ok(board)
    }

    /// Adds a region (area) and returns its index.
    pub fn add_region(&mut self, region: Region) -> Result<u16, BoardError> {
        self.store.push_region(region)
    }

    /// Adds a cell as a new node and returns its id.
    ///
    /// The cell's `hex` is cleared; its `region` is stored as given.
    pub fn add_node(&mut self, mut cell: Cell) -> Result<CellId, BoardError> {
        cell.hex = None;
        let id = self.store.push_cell(cell)?;
        self.graph.add_node(id);
        Ok(id)
    }

    /// Joins two cells with an undirected edge. Adding an existing edge does
    /// nothing.
    pub fn add_edge(&mut self, a: CellId, b: CellId) -> Result<(), BoardError> {
        self.store.check(a)?;
        self.store.check(b)?;
        if a == b {
            return Err(BoardError::SelfConnection(a));
        }
        self.graph.update_edge(node(a), node(b), ());
        Ok(())
    }

    /// All edges as `(low, high)` pairs, sorted.
    pub fn edges(&self) -> Vec<(CellId, CellId)> {
        let mut out: Vec<(CellId, CellId)> = self
            .graph
            .edge_indices()
            .filter_map(|e| self.graph.edge_endpoints(e))
            .map(|(a, b)| {
                let (a, b) = (self.graph[a], self.graph[b]);
                (a.min(b), a.max(b))
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// All cells, indexed by [`CellId`].
    pub fn cells(&self) -> &[Cell] {
        &self.store.cells
    }

    /// How many edges join the cells.
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// Adjacent cells, sorted ascending.
    pub(super) fn neighbors(&self, id: CellId) -> Vec<CellId> {
        if self.store.check(id).is_err() {
            return Vec::new();
        }
        let mut out: Vec<CellId> = self
            .graph
            .neighbors(node(id))
            .map(|n| self.graph[n])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Hop counts from `from` to every cell within `limit` hops
    /// (`None` = unreached), by breadth-first search.
    fn hops(&self, from: CellId, limit: u32) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.store.cells.len()];
        if self.store.check(from).is_err() {
            return dist;
        }
        dist[usize::from(from)] = Some(0);
        let mut queue = VecDeque::from([(from, 0u32)]);
        while let Some((cell, d)) = queue.pop_front() {
            if d >= limit {
                continue;
            }
            for next in self.neighbors(cell) {
                let slot = &mut dist[usize::from(next)];
                if slot.is_none() {
                    *slot = Some(d + 1);
                    queue.push_back((next, d + 1));
                }
            }
        }
        dist
    }

    /// Number of edges on a shortest path, `None` if unreachable or unknown.
    pub(super) fn distance(&self, a: CellId, b: CellId) -> Option<u32> {
        self.store.check(b).ok()?;
        self.hops(a, u32::MAX)[usize::from(b)]
    }

    /// Cells within `radius` hops of `id`, sorted ascending.
    pub(super) fn cells_within(&self, id: CellId, radius: u32) -> Vec<CellId> {
        self.hops(id, radius)
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_some())
            .map(|(i, _)| i as CellId) // indices are valid cell ids
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::Board;
    use super::*;

    /// Cells 0-1-2-3 in a line, 3-0 closing a square, and 4 isolated.
    fn square_and_island() -> GraphBoard {
        let mut g = GraphBoard::new();
        for i in 0..5 {
            assert_eq!(g.add_node(Cell::new(format!("t{i}"))), Ok(i));
        }
        for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
            g.add_edge(a, b).unwrap();
        }
        g
    }

    #[test]
    fn neighbors_are_sorted_and_duplicate_edges_ignored() {
        let mut g = square_and_island();
        g.add_edge(1, 0).unwrap();
        let b = Board::Graph(g);
        assert_eq!(b.neighbors(0), vec![1, 3]);
        assert_eq!(b.neighbors(2), vec![1, 3]);
        assert!(b.neighbors(4).is_empty());
        assert_eq!(b.as_graph().unwrap().edges().len(), 4);
    }

    #[test]
    fn distance_is_bfs_hops_and_none_when_unreachable() {
        let b = Board::Graph(square_and_island());
        assert_eq!(b.distance(0, 0), Some(0));
        assert_eq!(b.distance(0, 2), Some(2));
        assert_eq!(b.distance(1, 3), Some(2));
        assert_eq!(b.distance(0, 4), None);
        assert_eq!(b.distance(0, 40), None);
    }

    #[test]
    fn cells_within_counts_hops() {
        let b = Board::Graph(square_and_island());
        assert_eq!(b.cells_within(0, 0), vec![0]);
        assert_eq!(b.cells_within(0, 1), vec![0, 1, 3]);
        assert_eq!(b.cells_within(0, 5), vec![0, 1, 2, 3]);
    }

    #[test]
    fn bad_edges_are_rejected() {
        let mut g = square_and_island();
        assert_eq!(g.add_edge(0, 5), Err(BoardError::UnknownCell(5)));
        assert_eq!(g.add_edge(2, 2), Err(BoardError::SelfConnection(2)));
    }

    #[test]
    fn regions_are_reported_for_cells() {
        let mut g = GraphBoard::new();
        let area = Region {
            label: "north".into(),
            ..Region::default()
        };
        assert_eq!(g.add_region(area.clone()), Ok(0));
        let id = g.add_node(Cell::new("x")).unwrap();
        let b = Board::Graph(g);
        assert_eq!(b.region_of(id), Some(&area));
        assert_eq!(b.regions().len(), 1);
    }

    #[test]
    fn serde_round_trip_preserves_topology() {
        let mut b = Board::Graph(square_and_island());
        b.add_link(0, 4, "tunnel").unwrap();
        let json = serde_json::to_string(&b).unwrap();
        let back: Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
        assert_eq!(back.neighbors(3), vec![0, 2]);
        assert_eq!(back.linked(4, &["tunnel"]), vec![0]);
    }

    #[test]
    fn corrupt_serialised_edges_are_rejected() {
        let json = serde_json::to_string(&square_and_island()).unwrap();
        let bad = json.replace("[3,0]", "[3,9]").replace("[0,3]", "[9,3]");
        assert_ne!(bad, json);
        assert!(serde_json::from_str::<GraphBoard>(&bad).is_err());
    }
}

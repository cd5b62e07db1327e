//! Movement fields: the cheapest way to reach every cell under caller rules.
//!
//! The search is Dijkstra over states `(cell, halted)`: an arrival by a link
//! into a cell that halts movement is a terminal state, distinct from an
//! ordinary arrival at the same cell, so a halting arrival never blocks
//! onward movement from a (possibly dearer) ordinary one.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use serde::{Deserialize, Serialize};

use super::{Board, CellId};

/// Cost rules for one movement search. The board only applies them; what
/// makes a cell expensive or impassable is decided by the caller.
#[derive(Clone, Copy)]
pub struct MoveRules<'a> {
    /// Cost to enter a cell by physical adjacency, or `None` if the cell
    /// cannot be entered at all (by any kind of step).
    pub enter_cost: &'a dyn Fn(CellId) -> Option<u32>,
    /// Link kinds that may be used as extra adjacencies.
    pub link_kinds: &'a [&'a str],
    /// Cost of a step along a usable link (instead of the destination's
    /// enter cost; the destination must still be enterable).
    pub link_cost: u32,
    /// Cells that are all mutually connected: from any member a mover may
    /// step to any other member.
    pub hop_set: &'a [CellId],
    /// Cost of a step within the hop set (the destination must be
    /// enterable).
    pub hop_cost: u32,
    /// Whether a mover arriving at a cell by a link must stop there.
    pub halt_after_link: &'a dyn Fn(CellId) -> bool,
}

fn never_halt(_: CellId) -> bool {
    false
}

impl<'a> MoveRules<'a> {
    /// Rules with only physical steps: no links, no hop set, no halting.
    pub fn new(enter_cost: &'a dyn Fn(CellId) -> Option<u32>) -> Self {
        MoveRules {
            enter_cost,
            link_kinds: &[],
            link_cost: 0,
            hop_set: &[],
            hop_cost: 0,
            halt_after_link: &never_halt,
        }
    }
}

/// One way of arriving at a cell: its total cost and the previous cell.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Arrival {
    /// Total cost from the start.
    pub cost: u32,
    /// The cell stepped from, `None` for the start.
    pub prev: Option<CellId>,
}

/// A reachable cell in a movement field.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Reach {
    /// The cell reached.
    pub cell: CellId,
    /// Minimum total cost to reach it (0 for the start).
    pub cost: u32,
    /// Previous cell on a cheapest path, `None` for the start.
    pub prev: Option<CellId>,
    /// True if the cheapest arrival is by a link into a halting cell, so a
    /// mover taking it must stop here.
    pub halted: bool,
    /// The cheapest arrival from which movement may continue, if any within
    /// budget. Equals `(cost, prev)` when `halted` is false.
    pub onward: Option<Arrival>,
}

/// Index of a search state: onward arrivals and halted arrivals.
const ONWARD: usize = 0;
const HALTED: usize = 1;

/// An arrival offered to a search state: `(cost, predecessor)`.
type Offer = (u64, Option<CellId>);

/// Dijkstra bookkeeping over `(cell, halted)` states.
struct Search {
    budget: u64,
    best: Vec<[Option<Offer>; 2]>,
    settled: Vec<[bool; 2]>,
    heap: BinaryHeap<Reverse<(u64, CellId, usize)>>,
}

impl Search {
    /// Offers an arrival at `(cell, state)` with `cost`, stepping from `from`.
    /// Offers are ordered by cost, then predecessor id, so equal-cost ties
    /// keep the lower predecessor.
    fn relax(&mut self, cell: CellId, state: usize, cost: u64, from: CellId) {
        let i = usize::from(cell);
        let offer = (cost, Some(from));
        let old = self.best[i][state];
        if cost > self.budget || self.settled[i][state] || old.is_some_and(|o| o <= offer) {
            return;
        }
        self.best[i][state] = Some(offer);
        if old.is_none_or(|(c, _)| cost < c) {
            self.heap.push(Reverse((cost, cell, state)));
        }
    }
}

impl Board {
    /// Every cell reachable from `from` with total cost at most `budget`
    /// (`u32::MAX` is effectively unlimited), sorted by cell id. The start is
    /// included with cost 0. Empty if `from` is not a cell.
    ///
    /// Steps are: to a physical neighbour for its enter cost; along a link of
    /// a usable kind for `link_cost`; between hop-set members for
    /// `hop_cost`. Every destination must be enterable. Ties are broken
    /// toward lower cell ids, so results are deterministic.
    pub fn movement_field(&self, from: CellId, budget: u32, rules: &MoveRules) -> Vec<Reach> {
        let n = self.len();
        if usize::from(from) >= n {
            return Vec::new();
        }
        let mut links: Vec<Vec<CellId>> = vec![Vec::new(); n];
        for link in self.links() {
            if rules.link_kinds.contains(&link.kind.as_str()) {
                links[usize::from(link.a)].push(link.b);
                links[usize::from(link.b)].push(link.a);
            }
        }
        let mut hop: Vec<CellId> = rules
            .hop_set
            .iter()
            .copied()
            .filter(|c| usize::from(*c) < n)
            .collect();
        hop.sort_unstable();
        hop.dedup();

        let mut enter_cache: Vec<Option<Option<u32>>> = vec![None; n];
        let mut enter =
            |c: CellId| *enter_cache[usize::from(c)].get_or_insert_with(|| (rules.enter_cost)(c));

        let mut search = Search {
            budget: u64::from(budget),
            best: vec![[None; 2]; n],
            settled: vec![[false; 2]; n],
            heap: BinaryHeap::new(),
        };
        search.best[usize::from(from)][ONWARD] = Some((0, None));
        search.heap.push(Reverse((0, from, ONWARD)));

        while let Some(Reverse((cost, cell, state))) = search.heap.pop() {
            let i = usize::from(cell);
            if search.settled[i][state] {
                continue;
            }
            search.settled[i][state] = true;
            if state == HALTED {
                continue;
            }
            self.for_each_neighbor(cell, |next| {
                if usize::from(next) < n {
                    if let Some(step) = enter(next) {
                        search.relax(next, ONWARD, cost + u64::from(step), cell);
                    }
                }
            });
            for &next in &links[i] {
                if enter(next).is_some() {
                    let state = usize::from((rules.halt_after_link)(next)); // HALTED or ONWARD
                    search.relax(next, state, cost + u64::from(rules.link_cost), cell);
                }
            }
            if hop.binary_search(&cell).is_ok() {
                for &next in &hop {
                    if next != cell && enter(next).is_some() {
                        search.relax(next, ONWARD, cost + u64::from(rules.hop_cost), cell);
                    }
                }
            }
        }

        // Costs never exceed `budget`, so they fit in u32.
        let arrival = |(cost, prev): Offer| Arrival {
            cost: cost as u32,
            prev,
        };
        let mut field = Vec::new();
        for (i, [onward, halted]) in search.best.into_iter().enumerate() {
            let onward = onward.map(arrival);
            let halted = halted.map(arrival);
            let (best, is_halted) = match (onward, halted) {
                (Some(o), Some(h)) if h.cost < o.cost => (h, true),
                (Some(o), _) => (o, false),
                (None, Some(h)) => (h, true),
                (None, None) => continue,
            };
            field.push(Reach {
                cell: i as CellId, // i < n <= MAX_CELLS
                cost: best.cost,
                prev: best.prev,
                halted: is_halted,
                onward,
            });
        }
        field
    }
}

/// The cheapest path from the field's start to `cell`, both ends included.
/// Empty if `cell` is not in the field (or the field is inconsistent).
pub fn path_to(field: &[Reach], cell: CellId) -> Vec<CellId> {
    let find = |c: CellId| {
        field
            .binary_search_by_key(&c, |r| r.cell)
            .ok()
            .map(|i| &field[i])
    };
    let Some(target) = find(cell) else {
        return Vec::new();
    };
    let mut path = vec![cell];
    let mut prev = target.prev;
    while let Some(p) = prev {
        if path.len() > field.len() {
            return Vec::new();
        }
        path.push(p);
        match find(p).and_then(|r| r.onward) {
            Some(arrival) => prev = arrival.prev,
            None => return Vec::new(),
        }
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::super::{Cell, GraphBoard, Hex, HexBoard, Region};
    use super::*;

    /// Cells `0..n` joined in a line.
    fn line(n: u16) -> Board {
        let mut g = GraphBoard::new();
        for i in 0..n {
            g.add_node(Cell::new("open")).unwrap();
            if i > 0 {
                g.add_edge(i - 1, i).unwrap();
            }
        }
        Board::Graph(g)
    }

    fn one(_: CellId) -> Option<u32> {
        Some(1)
    }

    /// Rules using "tunnel" links at cost 1.
    fn tunnel<'a>(
        enter: &'a dyn Fn(CellId) -> Option<u32>,
        halt: &'a dyn Fn(CellId) -> bool,
    ) -> MoveRules<'a> {
        MoveRules {
            link_kinds: &["tunnel"],
            link_cost: 1,
            halt_after_link: halt,
            ..MoveRules::new(enter)
        }
    }

    fn get(field: &[Reach], cell: CellId) -> Option<Reach> {
        field.iter().find(|r| r.cell == cell).copied()
    }

    fn cost(field: &[Reach], cell: CellId) -> Option<u32> {
        get(field, cell).map(|r| r.cost)
    }

    #[test]
    fn start_is_included_at_zero_and_unknown_start_is_empty() {
        let b = line(3);
        let field = b.movement_field(1, 0, &MoveRules::new(&one));
        assert_eq!(field.len(), 1);
        assert_eq!((field[0].cell, field[0].cost, field[0].prev), (1, 0, None));
        assert!(b.movement_field(7, 10, &MoveRules::new(&one)).is_empty());
    }

    #[test]
    fn entering_an_expensive_cell_costs_its_cost() {
        let b = line(3);
        let enter = |c: CellId| Some(if c == 1 { 5 } else { 1 });
        let field = b.movement_field(0, 6, &MoveRules::new(&enter));
        assert_eq!((cost(&field, 1), cost(&field, 2)), (Some(5), Some(6)));
        assert_eq!(
            cost(&b.movement_field(0, 5, &MoveRules::new(&enter)), 2),
            None
        );
    }

    #[test]
    fn unenterable_cells_are_never_reached() {
        let mut b = line(4);
        b.add_link(0, 3, "tunnel").unwrap();
        let enter = |c: CellId| (c != 1 && c != 3).then_some(1);
        let rules = MoveRules {
            hop_set: &[0, 2],
            ..tunnel(&enter, &|_| false)
        };
        let field = b.movement_field(0, u32::MAX, &rules);
        let cells: Vec<CellId> = field.iter().map(|r| r.cell).collect();
        assert_eq!(cells, vec![0, 2]); // 2 only by the hop set
    }

    #[test]
    fn link_step_costs_link_cost_not_physical_distance() {
        let mut b = line(10);
        b.add_link(0, 9, "tunnel").unwrap();
        b.add_link(0, 5, "other").unwrap();
        let field = b.movement_field(0, 100, &tunnel(&|_| Some(3), &|_| false));
        assert_eq!((cost(&field, 9), cost(&field, 8)), (Some(1), Some(4)));
        assert_eq!(cost(&field, 5), Some(13)); // "other" link unused
        assert_eq!(path_to(&field, 8), vec![0, 9, 8]);
    }

    #[test]
    fn halt_after_link_stops_movement_but_the_cell_is_reachable() {
        let mut b = line(10);
        b.add_link(0, 9, "tunnel").unwrap();
        let field = b.movement_field(0, 8, &tunnel(&one, &|c| c == 9));
        let nine = get(&field, 9).unwrap();
        let summary = (nine.cost, nine.prev, nine.halted, nine.onward);
        assert_eq!(summary, (1, Some(0), true, None));
        assert_eq!(get(&field, 8).unwrap().prev, Some(7)); // not via 9
        assert_eq!(path_to(&field, 9), vec![0, 9]);
    }

    #[test]
    fn normal_arrival_at_a_halting_cell_still_allows_continuing() {
        let mut b = line(4);
        b.add_link(0, 2, "tunnel").unwrap();
        let halt = |c: CellId| c == 2;
        let field = b.movement_field(0, 3, &tunnel(&one, &halt));
        let two = get(&field, 2).unwrap();
        assert_eq!((two.cost, two.halted), (1, true));
        let onward = Arrival {
            cost: 2,
            prev: Some(1),
        };
        assert_eq!(two.onward, Some(onward));
        assert_eq!(cost(&field, 3), Some(3));
        assert_eq!(path_to(&field, 3), vec![0, 1, 2, 3]);
        assert_eq!(cost(&b.movement_field(0, 2, &tunnel(&one, &halt)), 3), None);
    }

    #[test]
    fn hop_set_connects_its_members() {
        let b = line(10);
        let rules = MoveRules {
            hop_set: &[8, 2, 99],
            hop_cost: 1,
            ..MoveRules::new(&one)
        };
        let field = b.movement_field(0, 100, &rules);
        assert_eq!((cost(&field, 8), cost(&field, 7)), (Some(3), Some(4)));
        assert_eq!(path_to(&field, 7), vec![0, 1, 2, 8, 7]);
        // A non-member start walks to a member before hopping.
        let from_five = b.movement_field(5, 100, &rules);
        assert_eq!(
            (cost(&from_five, 8), cost(&from_five, 0)),
            (Some(3), Some(5))
        );
    }

    #[test]
    fn unlimited_budget_reaches_every_connected_cell() {
        let mut hb = HexBoard::new();
        for (center, radius) in [(Hex::ZERO, 3), (Hex::new(20, 0), 0)] {
            let region = Region {
                center: Some(center),
                ..Region::default()
            };
            hb.place_tile(region, &[], radius, "open").unwrap();
        }
        let centre = hb.cell_at(Hex::ZERO).unwrap();
        let b = Board::Hex(hb);
        let huge = |_| Some(u32::MAX / 6);
        let field = b.movement_field(centre, u32::MAX, &MoveRules::new(&huge));
        assert_eq!(field.len(), 37); // the far single hex is not connected
        let max = |_| Some(u32::MAX);
        let field = b.movement_field(centre, u32::MAX, &MoveRules::new(&max));
        assert_eq!(field.len(), 7); // two steps would exceed any budget
        assert!(field.iter().all(|r| r.cost == 0 || r.cost == u32::MAX));
    }

    #[test]
    fn ties_break_toward_lower_cell_ids() {
        let mut g = GraphBoard::new();
        for _ in 0..4 {
            g.add_node(Cell::new("open")).unwrap();
        }
        for (a, b) in [(0, 2), (2, 3), (0, 1), (1, 3)] {
            g.add_edge(a, b).unwrap();
        }
        let field = Board::Graph(g).movement_field(0, 10, &MoveRules::new(&one));
        assert_eq!(get(&field, 3).unwrap().prev, Some(1));
        assert_eq!(path_to(&field, 3), vec![0, 1, 3]);
        assert!(path_to(&field, 9).is_empty());
    }

    #[test]
    fn zero_cost_steps_give_acyclic_paths() {
        let mut b = line(5);
        b.add_link(0, 4, "tunnel").unwrap();
        let field = b.movement_field(2, 0, &tunnel(&|_| Some(0), &|_| false));
        assert_eq!(field.len(), 5);
        for r in &field {
            let path = path_to(&field, r.cell);
            assert_eq!((path.first(), path.last()), (Some(&2), Some(&r.cell)));
        }
    }
}

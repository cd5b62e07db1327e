//! Storage shared by both board kinds: cells, links and regions, with the
//! bookkeeping (id allocation, link edits, validation) common to both.

use serde::{Deserialize, Serialize};

use super::{BoardError, Cell, CellId, Link, Region, MAX_CELLS, MAX_REGIONS};

/// Storage shared by both board kinds: cells, links and regions.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(super) struct CellSet {
    pub(super) cells: Vec<Cell>,
    pub(super) links: Vec<Link>,
    pub(super) regions: Vec<Region>,
}

impl CellSet {
    /// Fails unless `id` names a cell.
    pub(super) fn check(&self, id: CellId) -> Result<(), BoardError> {
        if usize::from(id) < self.cells.len() {
            Ok(())
        } else {
            Err(BoardError::UnknownCell(id))
        }
    }

    /// Appends a region and returns its index.
    pub(super) fn push_region(&mut self, region: Region) -> Result<u16, BoardError> {
        let index = u16::try_from(self.regions.len()).map_err(|_| BoardError::TooManyRegions)?;
        self.regions.push(region);
        Ok(index)
    }

    /// Appends a cell and returns its id.
    pub(super) fn push_cell(&mut self, cell: Cell) -> Result<CellId, BoardError> {
        let id = CellId::try_from(self.cells.len()).map_err(|_| BoardError::TooManyCells)?;
        self.cells.push(cell);
        Ok(id)
    }

    /// Adds a link, stored as an ordered pair; an existing identical link is kept as is.
    pub(super) fn add_link(&mut self, a: CellId, b: CellId, kind: &str) -> Result<(), BoardError> {
        self.check(a)?;
        self.check(b)?;
        if a == b {
            return Err(BoardError::SelfConnection(a));
        }
        let link = Link {
            a: a.min(b),
            b: a.max(b),
            kind: kind.to_owned(),
        };
        if !self.links.contains(&link) {
            self.links.push(link);
        }
        Ok(())
    }

    /// Removes every link of `kind`, returning how many were removed.
    pub(super) fn remove_links(&mut self, kind: &str) -> usize {
        let before = self.links.len();
        self.links.retain(|l| l.kind != kind);
        before - self.links.len()
    }

    /// Cells linked to `id` by a link of one of `kinds`, sorted, deduplicated.
    pub(super) fn linked(&self, id: CellId, kinds: &[&str]) -> Vec<CellId> {
        let mut out: Vec<CellId> = self
            .links
            .iter()
            .filter(|l| kinds.contains(&l.kind.as_str()))
            .filter_map(|l| match (l.a == id, l.b == id) {
                (true, _) => Some(l.b),
                (_, true) => Some(l.a),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Checks the invariants that deserialised data must satisfy.
    pub(super) fn validate(&self) -> Result<(), BoardError> {
        if self.cells.len() > MAX_CELLS {
            return Err(BoardError::TooManyCells);
        }
        if self.regions.len() > MAX_REGIONS {
            return Err(BoardError::TooManyRegions);
        }
        for link in &self.links {
            self.check(link.a)?;
            self.check(link.b)?;
            if link.a >= link.b {
                return Err(BoardError::Invalid(format!(
                    "link {}-{} is not stored as an ordered pair of distinct cells",
                    link.a, link.b
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deserialised_links_are_validated() {
        let mut store = CellSet::default();
        store.cells.push(Cell::new("a"));
        store.links.push(Link {
            a: 0,
            b: 3,
            kind: "x".into(),
        });
        assert_eq!(store.validate(), Err(BoardError::UnknownCell(3)));
    }
}

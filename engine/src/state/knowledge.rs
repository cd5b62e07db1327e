//! What a seat knows: the one definition of the kernel's hidden-information rules.
//!
//! Every question of the form "may this seat see that?" is answered here and only
//! here: views, log filters in every front end, undo's "was something revealed"
//! check, determinization, the scripts' `g:knows` and the tests all call these
//! methods. A viewer is `Some(seat)` or `None` for a spectator (public information
//! only). A seat sees what the seats it speaks for see: itself, and any seat it
//! controls (a seat played on another's behalf, see [`GameState::speaks_for`]).
//!
//! Private variables and props (declared by a pack, see
//! [`crate::content::Secrets`]) follow the same rules: another seat's private
//! variable is seen only by the seats that speak for it, and an entity's private
//! prop only by the seats that know its face (for an entity whose face is public,
//! its owner).

use super::{Entity, GameState, LogEntry, Seat, SeatMask};

impl GameState {
    /// The seats `viewer` speaks for: itself and every seat it controls.
    pub fn voices(&self, viewer: Seat) -> SeatMask {
        let mut mask = SeatMask::one(viewer);
        for (seat, by) in self.controllers.iter().enumerate() {
            if *by == Some(viewer) {
                mask = mask.with(seat as Seat);
            }
        }
        mask
    }

    /// Whether `viewer` speaks for some seat of `mask`.
    pub fn speaks_for_any(&self, viewer: Seat, mask: SeatMask) -> bool {
        if mask.has(viewer) {
            return true;
        }
        self.controllers.iter().enumerate().any(|(seat, by)| *by == Some(viewer) && mask.has(seat as Seat))
    }

    /// Whether `viewer` may see `entity`'s face now: it is public, or a seat the
    /// viewer speaks for knows it.
    pub fn knows_face(&self, viewer: Option<Seat>, entity: &Entity) -> bool {
        !entity.hidden || viewer.is_some_and(|v| self.speaks_for_any(v, entity.known_by))
    }

    /// Whether `viewer` has ever seen `entity`'s face (it may since have been hidden
    /// again): a bot's sample never re-deals such a face.
    pub fn has_seen_face(&self, viewer: Seat, entity: &Entity) -> bool {
        self.knows_face(Some(viewer), entity) || self.speaks_for_any(viewer, entity.seen_by)
    }

    /// Whether `viewer` may read the log line `entry`: it is public, or addressed
    /// to a seat the viewer speaks for.
    pub fn sees_log(&self, viewer: Option<Seat>, entry: &LogEntry) -> bool {
        entry.to.is_none_or(|mask| viewer.is_some_and(|v| self.speaks_for_any(v, mask)))
    }

    /// Whether `viewer` may see `seat`'s private variables.
    pub fn sees_private_of(&self, viewer: Option<Seat>, seat: Seat) -> bool {
        viewer.is_some_and(|v| self.speaks_for(v, seat))
    }

    /// Whether `viewer` may see `entity`'s private props: those of a hidden entity
    /// travel with its face; those of a public one belong to its owner.
    pub fn sees_private_props(&self, viewer: Option<Seat>, entity: &Entity) -> bool {
        if entity.hidden {
            self.knows_face(viewer, entity)
        } else {
            match (viewer, entity.owner) {
                (Some(v), Some(owner)) => self.speaks_for(v, owner),
                _ => false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Location, Setup};
    use crate::sym::Sym;

    fn two_seats_with_a_hidden_card() -> GameState {
        let mut s = GameState::new(Setup { seats: 3, ..Setup::default() });
        s.create(Sym::new("card"), Sym::new("a"), Some(1), Location::Nowhere, true);
        s
    }

    #[test]
    fn a_controller_knows_what_the_seat_it_controls_knows() {
        let mut s = two_seats_with_a_hidden_card();
        let card = s.entities[0].clone();
        assert!(s.knows_face(Some(1), &card));
        assert!(!s.knows_face(Some(0), &card));
        assert!(!s.knows_face(None, &card));
        s.controllers = vec![None, Some(0), None];
        assert!(s.knows_face(Some(0), &card), "seat 0 plays seat 1's decisions and sees its cards");
        assert!(!s.knows_face(Some(2), &card));
    }

    #[test]
    fn log_lines_follow_their_audience_and_controllers() {
        let mut s = two_seats_with_a_hidden_card();
        let private = LogEntry { text: "x".into(), to: Some(SeatMask::one(1)) };
        let public = LogEntry { text: "y".into(), to: None };
        assert!(s.sees_log(None, &public));
        assert!(!s.sees_log(None, &private));
        assert!(!s.sees_log(Some(2), &private));
        s.controllers = vec![None, None, None];
        s.controllers[1] = Some(2);
        assert!(s.sees_log(Some(2), &private));
    }

    #[test]
    fn seen_faces_stay_seen_after_they_are_hidden_again() {
        let mut s = two_seats_with_a_hidden_card();
        s.entities[0].seen_by = s.entities[0].seen_by.with(2);
        let card = s.entities[0].clone();
        assert!(!s.knows_face(Some(2), &card));
        assert!(s.has_seen_face(2, &card));
        assert!(!s.has_seen_face(0, &card));
    }

    #[test]
    fn private_props_travel_with_the_face_or_belong_to_the_owner() {
        let mut s = two_seats_with_a_hidden_card();
        let hidden = s.entities[0].clone();
        assert!(s.sees_private_props(Some(1), &hidden));
        assert!(!s.sees_private_props(Some(0), &hidden));
        s.entities[0].hidden = false;
        let public = s.entities[0].clone();
        assert!(s.sees_private_props(Some(1), &public), "the owner");
        assert!(!s.sees_private_props(Some(0), &public), "not another seat");
        assert!(!s.sees_private_props(None, &public));
    }
}

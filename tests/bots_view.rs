//! Bots receive views only: a bot given two real states that differ only in faces
//! its seat does not know gets the same information and makes the same decisions
//! (with the same seeds), so it cannot be reading a hidden face.

use orrery::bots::{Bot, Heuristic, Information, Ismcts, IsmctsConfig, Random};
use orrery::content::{self, Ruleset};
use orrery::game::Game;
use orrery::state::{GameState, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

fn base() -> Arc<Ruleset> {
    static RULES: OnceLock<Arc<Ruleset>> = OnceLock::new();
    RULES
        .get_or_init(|| {
            let dir = content::pack_dir(&content::find_root(), "galactic-era");
            Arc::new(content::load(&dir).unwrap_or_else(|e| panic!("galactic-era does not load:\n{e}")))
        })
        .clone()
}

/// `state` with the faces `seat` has never seen rotated within each kind: a deal
/// the seat cannot tell from the real one.
fn redeal_unknown(state: &GameState, seat: Seat) -> GameState {
    let mut out = state.clone();
    let mut pools: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, e) in state.entities.iter().enumerate() {
        if e.hidden && !state.has_seen_face(seat, e) {
            pools.entry(e.kind.as_str()).or_default().push(i);
        }
    }
    for ids in pools.values() {
        for (n, &i) in ids.iter().enumerate() {
            out.entities[i].face = state.entities[ids[(n + 1) % ids.len()]].face;
        }
    }
    out
}

fn bots() -> Vec<Box<dyn Bot>> {
    vec![
        Box::new(Random),
        Box::new(Heuristic::default()),
        Box::new(Ismcts::new(IsmctsConfig { think: None, iterations: 24, ..IsmctsConfig::default() })),
        Box::new(Ismcts::new(IsmctsConfig { think: None, iterations: 24, prior: 4, ..IsmctsConfig::default() })),
    ]
}

/// A game played at random up to `acts` acts.
fn position(acts: usize, seed: u64) -> Game {
    let mut game = Game::new(base(), 4, seed, vec![]).expect("game starts");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while game.state.history.len() < acts && !game.is_over() {
        let seat = game.pending().expect("pending").waiting_seats()[0];
        let d = game.decision_for(seat).expect("decision").clone();
        game.act(seat, orrery::bots::random_choice(&d, &mut rng)).expect("legal");
    }
    game
}

#[test]
fn bots_decide_the_same_whatever_the_faces_their_seat_does_not_know() {
    let mut compared = 0;
    for (acts, seed) in [(0, 4), (60, 5), (150, 6), (260, 7)] {
        let game = position(acts, seed);
        if game.is_over() {
            continue;
        }
        let seat = game.pending().expect("pending").waiting_seats()[0];
        let real = &game.state;
        let other = redeal_unknown(real, seat);
        assert_ne!(real.entities, other.entities, "the two deals differ (after {acts} acts)");
        for (mut a, mut b) in bots().into_iter().zip(bots()) {
            let mut rng_a = ChaCha8Rng::seed_from_u64(99);
            let mut rng_b = ChaCha8Rng::seed_from_u64(99);
            let info_a = Information::new(&game, seat, &mut rng_a);
            let info_b = Information::new(&Game::from_state(game.rules.clone(), other.clone()), seat, &mut rng_b);
            assert_eq!(info_a.view(), info_b.view(), "the seat's views are equal");
            assert_eq!(info_a.sample(), info_b.sample(), "the sampled states are equal");
            let choice_a = a.choose(&game.rules, &info_a, &mut rng_a);
            let choice_b = b.choose(&game.rules, &info_b, &mut rng_b);
            assert_eq!(choice_a, choice_b, "{} decided differently after {acts} acts", a.name());
            compared += 1;
        }
    }
    assert!(compared >= 12, "{compared} decisions compared");
}

#[test]
fn a_sample_keeps_what_the_seat_knows_and_redeals_the_rest() {
    let game = position(40, 8);
    let seat = game.pending().expect("pending").waiting_seats()[0];
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let info = Information::new(&game, seat, &mut rng);
    let sample = info.sample();
    assert!(sample.history.is_empty(), "no history: it holds others' answers");
    assert_ne!(sample.rng, game.state.rng, "no copy of the real generator");
    let mut redealt = 0;
    for (real, s) in game.state.entities.iter().zip(&sample.entities) {
        if game.state.has_seen_face(seat, real) {
            assert_eq!(real.face, s.face, "a face the seat knows is kept");
        } else if real.face != s.face {
            redealt += 1;
        }
    }
    assert!(redealt > 0, "unknown faces are dealt again");
}

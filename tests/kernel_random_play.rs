//! Random play on the toy pack: many seeded games must finish, with every
//! invariant of [`crate::kernel_invariants`] checked after every act, and with
//! clone-then-act and replay-from-the-seed agreeing with the game itself.

use crate::common::{toy, toy_game};
use crate::kernel_invariants::check;
use orrery::bots::random_choice;
use orrery::flow::{DecisionKind, WINDOW_STEP};
use orrery::game::Game;
use orrery::replay::state_hash;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 200;
/// Acts between two replays from the seed.
const REPLAY_EVERY: usize = 20;
const MAX_ACTS: usize = 10_000;

/// Which kernel features the games went through.
#[derive(Default, Debug)]
struct Coverage {
    simultaneous: usize,
    windows: usize,
    many: usize,
    numbers: usize,
    passes: usize,
    hidden_known: usize,
}

impl Coverage {
    fn note(&mut self, game: &Game) {
        let Some(p) = game.pending() else { return };
        self.simultaneous += usize::from(p.simultaneous);
        self.windows += usize::from(game.state.flow.get(p.frame).is_some_and(|f| f.step.as_str() == WINDOW_STEP));
        for d in &p.decisions {
            self.many += usize::from(matches!(d.kind, DecisionKind::Many { .. }));
            self.numbers += usize::from(matches!(d.kind, DecisionKind::Number { .. }));
            self.passes += usize::from(d.pass.is_some());
        }
        self.hidden_known += game.state.entities.iter().filter(|e| e.hidden && e.known_by.0 != 0).count();
    }
}

/// Replays the game's history from its seed and compares the result.
fn replays_to_the_same_state(game: &Game) -> Result<(), String> {
    let setup = &game.state.setup;
    let mut replayed = Game::new(game.rules.clone(), setup.seats, setup.seed, setup.variants.clone()).map_err(|e| e.to_string())?;
    for (i, act) in game.state.history.iter().enumerate() {
        replayed.act(act.seat, act.choice.clone()).map_err(|e| format!("replaying act {i}: {e}"))?;
    }
    if replayed.state != game.state || state_hash(&replayed.state) != state_hash(&game.state) {
        return Err(format!("replaying {} acts from the seed gives another state", game.state.history.len()));
    }
    Ok(())
}

fn play(seed: u64, seats: usize, variants: &[&str], coverage: &mut Coverage) -> Result<Game, String> {
    let mut game = toy_game(seats, seed, variants);
    let entities = game.state.entities.len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    check(&game, entities, &mut rng)?;
    let mut acts = 0;
    while !game.is_over() {
        if acts >= MAX_ACTS {
            return Err(format!("no end after {MAX_ACTS} acts"));
        }
        coverage.note(&game);
        let waiting = game.pending().ok_or("no pending decision")?.waiting_seats();
        let seat = waiting[rng.random_range(0..waiting.len())];
        let decision = game.decision_for(seat).ok_or("a waiting seat has no decision")?.clone();
        let choice = random_choice(&decision, &mut rng);
        let mut copy = game.clone();
        game.act(seat, choice.clone()).map_err(|e| format!("act {acts} ({choice:?} by seat {}): {e}", seat + 1))?;
        copy.act(seat, choice).map_err(|e| format!("the clone refused act {acts}: {e}"))?;
        if copy.state != game.state {
            return Err(format!("clone-then-act differs from act at act {acts}"));
        }
        acts += 1;
        check(&game, entities, &mut rng).map_err(|e| format!("after act {acts}: {e}"))?;
        if acts % REPLAY_EVERY == 0 {
            replays_to_the_same_state(&game)?;
        }
    }
    replays_to_the_same_state(&game)?;
    Ok(game)
}

#[test]
fn toy_random_games_finish_with_every_invariant_held() {
    let mut coverage = Coverage::default();
    let mut failures = Vec::new();
    for seed in 0..GAMES {
        let seats = 2 + (seed % 3) as usize;
        let variants: &[&str] = match seed % 4 {
            1 => &["short"],
            2 => &["long"],
            3 if seats == 2 => &["duel"],
            _ => &[],
        };
        match play(seed, seats, variants, &mut coverage) {
            Ok(game) => {
                let outcome = game.state.outcome.as_ref().expect("finished games have an outcome");
                assert_eq!(outcome.scores.len(), seats);
            }
            Err(e) => failures.push(format!("seed {seed} ({seats} seats, {variants:?}): {e}")),
        }
    }
    assert!(failures.is_empty(), "{} of {GAMES} games failed:\n{}", failures.len(), failures.join("\n"));
    let c = &coverage;
    assert!(
        c.simultaneous > 0 && c.windows > 0 && c.many > 0 && c.numbers > 0 && c.passes > 0 && c.hidden_known > 0,
        "the toy games should exercise every kind of decision and hidden knowledge: {c:?}"
    );
}

#[test]
fn toy_simulation_reports_every_game_finished() {
    let report = orrery::sim::run(toy(), &orrery::sim::Settings::random(4, 40, 11, 2), &|_| {}).expect("the toy pack has no report function");
    assert_eq!((report.finished, report.errors), (40, 0), "{:?}", report.error_messages);
    assert_eq!(report.wins_by_seat.iter().sum::<usize>(), 40);
}

//! Random play on the toy pack: many seeded games must finish with every kernel
//! contract held after every act ([`orrery::sim::contracts`]: legal answers, refused
//! answers changing nothing, clone-then-act, views keeping secrets, replay from the
//! seed), and must go through every kind of decision the kernel offers.

use crate::common::toy;
use orrery::flow::{DecisionKind, WINDOW_STEP};
use orrery::game::Game;
use orrery::sim::contracts;

const GAMES: u64 = 200;
/// Acts between two replays from the seed.
const REPLAY_EVERY: usize = 20;

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
        for d in p.decisions.iter() {
            self.many += usize::from(matches!(d.kind, DecisionKind::Many { .. }));
            self.numbers += usize::from(matches!(d.kind, DecisionKind::Number { .. }));
            self.passes += usize::from(d.pass.is_some());
        }
        self.hidden_known += game.state.entities.iter().filter(|e| e.hidden && e.known_by.0 != 0).count();
    }
}

fn play(seed: u64, seats: usize, variants: &[&str], coverage: &mut Coverage) -> Result<Game, String> {
    let variants: Vec<String> = variants.iter().map(ToString::to_string).collect();
    let settings = contracts::Settings { replay_every: REPLAY_EVERY, ..contracts::Settings::default() };
    let game = contracts::play(toy(), seats, seed, &variants, settings, |game| {
        coverage.note(game);
        Ok(())
    })
    .map_err(|v| v.to_string())?;
    if !game.is_over() {
        return Err(format!("no end after {} acts", settings.max_acts));
    }
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

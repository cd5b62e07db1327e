//! Kernel benchmarks on the Galactic Era pack: pack load time, random playouts per
//! second, `act` latency, state clone cost and state size. A plain harness (no extra
//! dependency); run with `cargo bench`. Figures are medians of repeated runs.

use orrery::content;
use orrery::game::Game;
use orrery::sim::play_random;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let dir = content::pack_dir(&content::find_root(), "galactic-era");
    let loads: Vec<Duration> = (0..5)
        .map(|_| {
            let t = Instant::now();
            content::load(&dir).expect("pack loads");
            t.elapsed()
        })
        .collect();
    println!("pack load (RON + validation):   {:>10.2?} median of 5", median(loads));
    let rules = Arc::new(content::load(&dir).expect("pack loads"));
    let t = Instant::now();
    orrery::game::host_for(&rules).expect("scripts load");
    println!("script VM creation:             {:>10.2?}", t.elapsed());

    let games = 20;
    let t = Instant::now();
    let mut decisions = 0;
    let mut acts = Vec::new();
    let mut mid_state = None;
    for seed in 0..games {
        let run = play_random(rules.clone(), 4, seed, &[], |_| Ok(()));
        decisions += run.decisions;
        let game = run.result.map_err(|(e, _)| e).expect("game finishes");
        if mid_state.is_none() {
            mid_state = Some(game.state.history.clone());
        }
    }
    let elapsed = t.elapsed();
    println!(
        "random playouts, 4 players:     {:>10.2} games/s, {:.0} decisions/game, {:.0} decisions/s",
        games as f64 / elapsed.as_secs_f64(),
        decisions as f64 / games as f64,
        decisions as f64 / elapsed.as_secs_f64()
    );

    let history = mid_state.expect("one game played");
    let mut game = Game::new(rules.clone(), 4, 0, vec![]).unwrap();
    let half = history.len() / 2;
    for act in history.iter().take(half) {
        let t = Instant::now();
        game.act(act.seat, act.choice.clone()).unwrap();
        acts.push(t.elapsed());
    }
    println!("act latency (first half of a game): {:>6.2?} median", median(acts));
    let clones: Vec<Duration> = (0..200)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(game.state.clone());
            t.elapsed()
        })
        .collect();
    println!("state clone (mid-game):         {:>10.2?} median of 200", median(clones));
    let bytes = ron::to_string(&game.state).map(|s| s.len()).unwrap_or(0);
    println!("state size (mid-game, RON):     {:>10} bytes, {} entities", bytes, game.state.entities.len());
}

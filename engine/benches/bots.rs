//! Bot benchmarks on the Galactic Era pack: the cost of a bot's information
//! (view + determinization), of the pack's evaluation, of a heuristic decision, and
//! ISMCTS iterations per second at a few positions of a random game. A plain
//! harness; run with `cargo bench --bench bots`.

use orrery::bots::{random_choice, Bot, Heuristic, Information, Ismcts, IsmctsConfig};
use orrery::content;
use orrery::game::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let dir = content::pack_dir(&content::find_root(), "galactic-era");
    let rules = Arc::new(content::load(&dir).expect("pack loads"));
    let mut game = Game::new(rules.clone(), 4, 3, vec![]).expect("game starts");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut positions = Vec::new();
    while !game.is_over() {
        let seat = game.pending().expect("pending").waiting_seats()[0];
        let d = game.decision_for(seat).expect("decision").clone();
        if d.options.len() >= 3 && game.state.history.len() % 60 == 0 {
            positions.push(game.clone());
        }
        game.act(seat, random_choice(&d, &mut rng)).expect("legal");
    }
    println!("positions sampled from one random game: {}", positions.len());
    let mut infos = Vec::new();
    let mut evals = Vec::new();
    let mut heuristic = Vec::new();
    let mut iterations = 0;
    let mut searched = Duration::ZERO;
    for p in &positions {
        let seat = p.pending().expect("pending").waiting_seats()[0];
        let t = Instant::now();
        let info = Information::new(p, seat, &mut rng);
        infos.push(t.elapsed());
        let mut scratch = Game::from_state(rules.clone(), info.sample().clone());
        let t = Instant::now();
        scratch.evaluate().expect("evaluates");
        evals.push(t.elapsed());
        let t = Instant::now();
        Heuristic::default().choose(&rules, &info, &mut rng);
        heuristic.push(t.elapsed());
        let mut ismcts = Ismcts::new(IsmctsConfig { think: Some(Duration::from_millis(200)), ..IsmctsConfig::default() });
        let t = Instant::now();
        ismcts.choose(&rules, &info, &mut rng);
        searched += t.elapsed();
        iterations += ismcts.last_iterations;
    }
    println!("bot information (view + sample): {:>10.2?} median", median(infos));
    println!("pack evaluation, all seats:      {:>10.2?} median", median(evals));
    println!("heuristic decision:              {:>10.2?} median", median(heuristic));
    println!("ismcts at 200 ms:                {:>10.0} iterations/s", iterations as f64 / searched.as_secs_f64());
}

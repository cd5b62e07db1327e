//! The bots play whole games with legal answers, the ISMCTS bot keeps to its
//! wall-clock budget, and tournaments report every entry (library and command line).

use crate::common::{fixtures, orrery, text, toy};
use orrery::bots::tournament::{self, Settings};
use orrery::bots::{ask, Bot, BotKind, Budget, Information, Ismcts, IsmctsConfig};
use orrery::content;
use orrery::game::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn play_out(game: &mut Game, bots: &mut [Box<dyn Bot>], seed: u64) {
    let mut acts = 0;
    while !game.is_over() {
        let seat = game.pending().expect("a running game waits on someone").waiting_seats()[0];
        let choice = ask(bots[seat as usize].as_mut(), game, seat, seed);
        if let Err(e) = game.act(seat, choice.clone()) {
            panic!("{} answered {choice:?} illegally: {e}", bots[seat as usize].name());
        }
        acts += 1;
        assert!(acts < 20_000, "the game does not end");
    }
}

#[test]
fn every_bot_plays_a_toy_game_to_the_end() {
    for seed in 0..3 {
        let mut game = Game::new(toy(), 3, seed, vec![]).expect("starts");
        let mut bots = vec![BotKind::Ismcts.build(Budget::iterations(30)), BotKind::Heuristic.build(Budget::iterations(1)), BotKind::Random.build(Budget::iterations(1))];
        play_out(&mut game, &mut bots, seed);
        assert!(game.state.outcome.is_some());
    }
}

#[test]
fn bots_play_the_base_game_to_the_end() {
    let dir = content::pack_dir(&content::find_root(), "galactic-era");
    let rules = Arc::new(content::load(&dir).expect("loads"));
    let mut game = Game::new(rules, 4, 12, vec![]).expect("starts");
    let mut bots = vec![
        BotKind::Ismcts.build(Budget::iterations(6)),
        BotKind::Heuristic.build(Budget::iterations(1)),
        BotKind::Random.build(Budget::iterations(1)),
        BotKind::Random.build(Budget::iterations(1)),
    ];
    play_out(&mut game, &mut bots, 12);
    let outcome = game.state.outcome.expect("finished");
    assert_eq!(outcome.ranking.len(), 4);
}

#[test]
fn ismcts_stops_thinking_at_its_budget() {
    let mut game = Game::new(toy(), 2, 3, vec![]).expect("starts");
    let seat = game.pending().expect("pending").waiting_seats()[0];
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let info = Information::new(&game, seat, &mut rng);
    let think = Duration::from_millis(150);
    let mut bot = Ismcts::new(IsmctsConfig { think: Some(think), iterations: 10_000_000, ..IsmctsConfig::default() });
    let start = Instant::now();
    let choice = bot.choose(&game.rules, &info, &mut rng);
    let took = start.elapsed();
    assert!(took <= think.mul_f64(1.5), "took {took:?} for a {think:?} budget");
    assert!(bot.last_iterations > 1, "it searched ({} iterations)", bot.last_iterations);
    game.act(seat, choice).expect("a legal answer");
}

#[test]
fn tournament_reports_every_entry_with_an_interval() {
    let settings = Settings {
        entries: vec![BotKind::Heuristic, BotKind::Random, BotKind::Random],
        games: 6,
        seed: 1,
        variants: vec![],
        budget: Budget::iterations(10),
        threads: 2,
    };
    let report = tournament::run(toy(), &settings, &|_, _| {});
    assert_eq!(report.finished, 6, "{:?}", report.error_messages);
    assert_eq!(report.entries.len(), 3);
    assert_eq!(report.entries[2].bot, "random#2");
    assert_eq!(report.entries.iter().map(|e| e.wins).sum::<usize>(), 6, "one winner per game");
    for e in &report.entries {
        assert_eq!(e.games, 6, "every entry plays every game");
        assert!(e.win_low <= e.win_rate && e.win_rate <= e.win_high, "{e:?}");
        assert!(e.decisions > 0 && e.p95_decision_ms <= e.max_decision_ms, "{e:?}");
    }
}

#[test]
fn tournament_command_prints_json_with_the_figures() {
    let root = fixtures().display().to_string();
    let out = orrery(&["--root", &root, "tournament", "--pack", "toy", "--seats", "heuristic,random", "--games", "4", "--seed", "2", "--think-ms", "0", "--json"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("tournament --json prints JSON");
    assert_eq!(report["games"], 4);
    let first = &report["entries"][0];
    for field in ["bot", "wins", "win_rate", "win_low", "win_high", "mean_score", "p95_decision_ms", "max_decision_ms"] {
        assert!(!first[field].is_null(), "{field} missing: {stdout}");
    }
    let out = orrery(&["--root", &root, "tournament", "--pack", "toy", "--seats", "heuristic,wizard"]);
    assert!(!out.status.success() && text(&out).1.contains("unknown bot `wizard`"), "{:?}", text(&out));
}

/// Tinker's Table (a fixture): swapping tiles is free and changes nothing a bot
/// scores, ending the turn costs a point, and the swaps reach 120 arrangements, so
/// only the free-action guard makes a bot end its turn. Each bot must finish the
/// game taking at most `FREE_ACTIONS_IN_A_ROW` free actions in a row (an ISMCTS seat
/// in Galactic Era once made 217 fleet-marker swaps in one movement phase).
#[test]
fn bots_do_not_loop_on_free_actions() {
    use orrery::bots::FREE_ACTIONS_IN_A_ROW;
    use orrery::flow::Choice;
    let rules = Arc::new(content::load(&fixtures().join("content/tinker")).expect("loads"));
    for kind in [BotKind::Ismcts, BotKind::Heuristic] {
        let mut game = Game::new(rules.clone(), 2, 3, vec![]).expect("starts");
        let mut bots = [kind.build(Budget::iterations(16)), kind.build(Budget::iterations(16))];
        let (mut in_a_row, mut longest, mut decisions) = (vec![0; 2], 0, 0);
        while !game.is_over() {
            let seat = game.pending().expect("pending").waiting_seats()[0];
            let decision = game.decision_for(seat).expect("a decision").clone();
            let choice = ask(bots[seat as usize].as_mut(), &game, seat, 5);
            let free = matches!(choice, Choice::Pick(i) if decision.options[i].free);
            in_a_row[seat as usize] = if free { in_a_row[seat as usize] + 1 } else { 0 };
            longest = longest.max(in_a_row[seat as usize]);
            game.act(seat, choice).expect("a legal answer");
            decisions += 1;
            assert!(decisions < 500, "{} still swapping after {decisions} decisions (longest run of free actions: {longest})", kind.name());
        }
        assert!(longest <= FREE_ACTIONS_IN_A_ROW, "{} took {longest} free actions in a row", kind.name());
    }
}

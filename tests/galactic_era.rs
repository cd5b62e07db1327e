//! Galactic Era end to end: seeded random games for every supported player count,
//! with the kernel's and the pack's invariants checked after every action, plus
//! replay and save/resume equivalence on real games.

use crate::common::games;
use orrery::content;
use orrery::game::Game;
use orrery::replay;
use orrery::sim::play_random;
use orrery::value::Value;
use std::sync::Arc;

fn rules() -> Arc<content::Ruleset> {
    let dir = content::pack_dir(&content::find_root(), "galactic-era");
    Arc::new(content::load(&dir).unwrap_or_else(|e| panic!("galactic-era does not load:\n{e}")))
}

/// Checks after one action: pieces conserved and the pack's own invariants
/// (`checks.invariants`). The kernel's contracts (legal answers, views, replay) are
/// checked on every pack by the contract suite (`tests/packs`).
fn checker(entities: usize) -> impl FnMut(&Game) -> Result<(), String> {
    move |game: &Game| {
        if game.state.entities.len() != entities {
            return Err(format!("entity count changed: {} -> {}", entities, game.state.entities.len()));
        }
        let mut probe = game.clone();
        match probe.eval("invariants", "require('checks').invariants(g)") {
            Ok(Value::Nil) => Ok(()),
            Ok(other) => Err(format!("pack invariant: {other}")),
            Err(e) => Err(format!("invariant check failed to run: {e}")),
        }
    }
}

fn random_games(players: usize, games: u64) {
    random_games_with(players, games, &[]);
}

fn random_games_with(players: usize, games: u64, variants: &[&str]) {
    let rules = rules();
    let variants: Vec<String> = variants.iter().map(ToString::to_string).collect();
    for seed in 0..games {
        let start = Game::new(rules.clone(), players, 1000 + seed, variants.clone()).expect("game starts");
        let run = play_random(rules.clone(), players, 1000 + seed, &variants, checker(start.state.entities.len()));
        if let Err((e, game)) = run.result {
            let tail: Vec<&str> = game.state.log.iter().rev().take(12).map(|l| &*l.text).collect();
            panic!("{players} players, seed {}: {e} after {} decisions\nlast log lines (newest first):\n{}", 1000 + seed, run.decisions, tail.join("\n"));
        }
        let game = run.result.as_ref().map_err(|_| ()).unwrap();
        let outcome = game.state.outcome.as_ref().expect("finished games have an outcome");
        assert_eq!(outcome.ranking.len(), game.state.seat_count());
        assert_eq!(game.state.globals.get("round".into()).and_then(Value::as_int), Some(8), "8 rounds were played");
    }
}

#[test]
fn random_games_3_players_finish_with_invariants() {
    random_games(3, games(12, 50));
}

#[test]
fn random_games_4_players_finish_with_invariants() {
    random_games(4, games(12, 50));
}

#[test]
fn random_games_5_players_finish_with_invariants() {
    random_games(5, games(12, 50));
}

#[test]
fn random_games_6_players_finish_with_invariants() {
    random_games(6, games(12, 50));
}

#[test]
fn two_player_puppet_games_finish_with_invariants() {
    random_games_with(2, games(6, 20), &["two_player_puppet"]);
}

#[test]
fn deterministic_setup_and_variant_games_finish_with_invariants() {
    random_games_with(3, games(3, 6), &["deterministic_setup", "milestone_random", "beginner_1", "veteran_2"]);
    random_games_with(4, games(3, 6), &["deterministic_setup", "story_rivalry", "milestone_liderazgo"]);
}

#[test]
fn a_finished_game_replays_to_the_same_hash() {
    let rules = rules();
    let run = play_random(rules.clone(), 4, 77, &[], |_| Ok(()));
    let game = run.result.map_err(|(e, _)| e).expect("game finishes");
    let save = replay::save(&game);
    let replayed = replay::verify(rules, &save).expect("replay verifies");
    assert_eq!(replay::state_hash(&replayed.state), save.hash);
}

#[test]
fn save_load_and_play_on_equals_the_unbroken_game() {
    let rules = rules();
    let full = play_random(rules.clone(), 5, 31, &[], |_| Ok(())).result.map_err(|(e, _)| e).expect("game finishes");
    let history: Vec<_> = full.state.history.iter().cloned().collect();
    let cut = history.len() / 2;
    let mut partial = Game::new(rules.clone(), 5, 31, vec![]).unwrap();
    for act in &history[..cut] {
        partial.act(act.seat, act.choice.clone()).unwrap();
    }
    let path = std::env::temp_dir().join(format!("orrery-ge-save-{}.ron", std::process::id()));
    replay::write(&partial, &path).unwrap();
    let mut resumed = replay::resume(rules, replay::read(&path).unwrap()).unwrap();
    std::fs::remove_file(&path).ok();
    for act in &history[cut..] {
        resumed.act(act.seat, act.choice.clone()).unwrap();
    }
    assert_eq!(resumed.state, full.state);
    assert_eq!(replay::state_hash(&resumed.state), replay::state_hash(&full.state));
}

#[test]
fn region_info_is_one_read_only_table_per_board_region() {
    let mut game = Game::new(rules(), 4, 3, vec![]).expect("a game starts");
    let shared = game.eval("region_info", "g:region_info(1) == g:region_info(1) and g:region_info(1) ~= g:region_info(2)").expect("reads");
    assert_eq!(shared, Value::Bool(true), "the same region gives the same table, another region another");
    let label = game.eval("region_label", "g:region_info(1).label").expect("reads");
    assert!(matches!(label, Value::Str(ref s) if !s.is_empty()), "{label:?}");
    let write = game.eval("region_write", "g:region_info(1).label = 'x'");
    assert!(write.is_err_and(|e| e.to_string().contains("readonly")), "a shared table cannot be changed by one caller");
}

#[test]
fn cell_info_gives_what_the_single_cell_methods_give_in_a_shared_table() {
    let mut game = Game::new(rules(), 4, 3, vec![]).expect("a game starts");
    let same = game
        .eval(
            "cell_info",
            r#"
            local named = 0
            for _, c in ipairs(g:cells()) do
                local info = g:cell_info(c)
                local q, r = g:hex(c)
                if info.q ~= q or info.r ~= r or info.name ~= g:cell_name(c) or info.region ~= g:region(c) or info.terrain ~= g:terrain(c) then
                    return "cell " .. c .. " differs"
                end
                if info.name then
                    named += 1
                end
            end
            if g:cell_info(1) ~= g:cell_info(1) then
                return "each call makes a new table"
            end
            if pcall(function() g:cell_info(1).terrain = "x" end) then
                return "a shared table can be changed by one caller"
            end
            local before = g:cell_info(0)
            g:set_terrain(0, "changed")
            if g:cell_info(0).terrain ~= "changed" or before.terrain == "changed" then
                return "a terrain change is not seen"
            end
            return named > 0 and "same" or "no cell has a name"
            "#,
        )
        .expect("reads");
    assert_eq!(same, Value::Str("same".into()));
}

/// `g:tally` counts what a loop over the pieces would, by cell, region, owner and
/// holder (here mid-setup and after random play, with ships on many sectors and two
/// put inside a third).
#[test]
fn tally_counts_pieces_as_a_loop_over_them_does() {
    let same = r#"
        local function by_loop(filter, by)
            local counts = {}
            for _, e in ipairs(g:entities(filter)) do
                local key
                if by == "owner" then
                    key = g:owner(e)
                elseif by == "inside" then
                    local at = g:where(e)
                    key = type(at) == "table" and at.inside or nil
                else
                    local c = g:cell_of(e)
                    key = c and (if by == "cell" then c else g:region(c))
                end
                if key then
                    counts[key] = (counts[key] or 0) + 1
                end
            end
            return counts
        end
        local checked = 0
        -- Nothing in this pack holds pieces, so two ships are put inside a third.
        local ships = g:entities({ kind = "ship" })
        if #ships >= 3 then
            g:move(ships[1], { inside = ships[3] })
            g:move(ships[2], { inside = ships[3] })
        end
        local inside = 0
        for _, filter in ipairs({ { kind = "ship" }, { kind = "ship", owner = 2 }, { kind = { "ship", "marker" } }, { kind = "disc" }, { kind = "nothing stored" } }) do
            for _, by in ipairs({ "cell", "region", "owner", "inside" }) do
                local tally, loop = g:tally(filter, by), by_loop(filter, by)
                for key, n in pairs(loop) do
                    if tally[key] ~= n then
                        return by .. " " .. key .. ": tally " .. tostring(tally[key]) .. ", loop " .. n
                    end
                    checked += 1
                    inside += if by == "inside" then 1 else 0
                end
                for key in pairs(tally) do
                    if loop[key] == nil then
                        return by .. " " .. key .. " counted by tally alone"
                    end
                end
            end
        end
        return if checked == 0 then "nothing counted" elseif inside == 0 then "nothing inside" else "same"
        "#;
    let mut game = Game::new(rules(), 4, 3, vec![]).expect("a game starts");
    assert_eq!(game.eval("tally", same).expect("counts"), Value::Str("same".into()));
    // Stopped after 300 choices, mid-game.
    let played = play_random(rules(), 4, 5, &[], |g| if g.state.history.len() >= 300 { Err("enough".into()) } else { Ok(()) });
    let mut game = match played.result {
        Ok(game) | Err((_, game)) => game,
    };
    assert!(game.state.history.len() >= 300 && !game.is_over(), "stopped mid-game");
    assert_eq!(game.eval("tally", same).expect("counts"), Value::Str("same".into()));
    let error = game.eval("bad", r#"g:tally({ kind = "ship" }, "sector")"#).expect_err("no such grouping");
    assert!(error.to_string().contains(r#"g:tally counts by "cell", "region", "owner" or "inside", not "sector""#), "{error}");
}

/// The seat panels' public facts (pack.ron `summary`): at the start every seat has
/// its capital (population 6, GE 4.5), one planet and no war; a war declared shows
/// on both sides.
#[test]
fn seat_summary_tells_population_planets_ships_and_wars() {
    let mut game = Game::new(rules(), 4, 3, vec![]).expect("starts");
    let fact = |game: &Game, seat, label: &str| game.seat_summary(seat).expect("made").into_iter().find(|(l, _)| l == label).map(|(_, v)| v);
    for seat in 0..4 {
        assert_eq!(fact(&game, seat, "Population").as_deref(), Some("6"));
        assert_eq!(fact(&game, seat, "Planets").as_deref(), Some("1"));
        assert_eq!(fact(&game, seat, "At war with").as_deref(), Some("no one"));
        assert!(fact(&game, seat, "Ships on the board").is_some_and(|v| v.ends_with("0 fleets")));
        assert_eq!(fact(&game, seat, "Destiny points from").as_deref(), Some("nothing yet"));
    }
    game.eval("DP", "require('util').dp(g, 2, 3, nil, 'cards')").expect("3 DP from a card");
    assert_eq!(fact(&game, 1, "Destiny points from").as_deref(), Some("domination cards 3"));
    game.eval("T", "require('testkit').war(g, 1, 3)").expect("a war");
    assert_eq!(fact(&game, 0, "At war with").as_deref(), Some("seat 3"));
    assert_eq!(fact(&game, 2, "At war with").as_deref(), Some("seat 1"));
}

/// The moments when seats may play domination cards from their secret hands ask every
/// seat that might hold one, and some of them can only pass: those questions are quiet,
/// so nobody is shown which seats are still deciding (GE 7.3; `card_offers.lua`).
#[test]
fn card_moments_are_quiet_questions() {
    let mut moments = 0;
    for seed in 1..=2 {
        let run = play_random(rules(), 4, seed, &[], |game: &Game| {
            let Some(p) = game.pending() else { return Ok(()) };
            if game.state.flow.get(p.frame).is_some_and(|f| f.step.as_str() == "card_moment") {
                moments += 1;
                if !p.quiet {
                    return Err("a card moment shows whom it waits on".into());
                }
            }
            Ok(())
        });
        if let Err((e, _)) = run.result {
            panic!("seed {seed}: {e}");
        }
    }
    assert!(moments > 0, "no card moment came up in two games");
}

/// A bot's sample re-deals the star peoples a seat has not seen, and asks the other
/// seats' choice of people again on it: the real question names each seat's two
/// tiles, so a bot searching a sample that kept it would know them (GE 5.4c).
#[test]
fn a_bots_sample_does_not_keep_the_peoples_other_seats_were_dealt() {
    use orrery::bots::Information;
    use rand::SeedableRng;
    let game = Game::new(rules(), 4, 7, Vec::new()).expect("starts");
    let real = game.pending().expect("the game opens on the choice of peoples").clone();
    assert!(real.simultaneous);
    let labels = |p: &orrery::flow::Pending, i: usize| p.decisions[i].options.iter().map(|o| o.label.clone()).collect::<Vec<_>>();
    let mut changed = 0;
    for seed in 0..8 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let info = Information::new(&game, 0, &mut rng);
        let sampled = info.sample().pending.as_deref().expect("the sample waits on the same question");
        assert_eq!(labels(sampled, 0), labels(&real, 0), "seat 1's own choice is the real one");
        changed += (1..real.decisions.len()).filter(|&i| labels(sampled, i) != labels(&real, i)).count();
    }
    assert!(changed > 0, "in eight samples, every other seat was offered the peoples it really holds");
}

//! `orrery simulate` as a balance tool: reports that do not depend on the number of
//! worker threads, the pack's per-seat `report` data (groups and score sources) in
//! the JSON and the HTML page, and a broken `report` function as a clear error.
//!
//! The toy pack has no report function, so these tests copy it into a temporary root
//! and add one (`report.lua`); the real fixture stays as it is for every other test.

use crate::common::{copy_dir, fixtures, orrery, text, tmp};
use orrery::bots::BotKind;
use orrery::content::{self, Ruleset};
use orrery::game::Game;
use orrery::sim::{self, play_random, Report, SeatReport, Settings};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Groups seats by parity and splits the toy score (TOY 6) into banked points and
/// stashed tokens.
const GOOD_REPORT: &str = r#"local M = {}
function M.seat(g, seat)
    local stash = 0
    for _, e in ipairs(g:entities({ kind = "token", zone = "stash", seat = seat })) do
        stash = stash + defs.token[g:face(e)].value
    end
    return {
        groups = { parity = seat % 2 == 0 and "even" or "odd" },
        sources = { banked = g:get(seat, "score") or 0, stash = stash },
    }
end
return M
"#;

/// Fails on line 4.
const FAILING_REPORT: &str = "local M = {}\nfunction M.seat(g, seat)\n    local nothing = nil\n    return nothing.field\nend\nreturn M\n";

/// Returns a misspelt field.
const MISSHAPEN_REPORT: &str = "local M = {}\nfunction M.seat(g, seat)\n    return { group = { parity = \"odd\" } }\nend\nreturn M\n";

/// A root holding the toy pack with `report.lua` as its report module.
fn toy_root(name: &str, report_lua: &str) -> PathBuf {
    let root = tmp(&format!("sim-{name}"));
    let (content, scripts) = (root.join("content/toy"), root.join("scripts/toy"));
    copy_dir(&fixtures().join("content/toy"), &content);
    copy_dir(&fixtures().join("scripts/toy"), &scripts);
    let manifest = std::fs::read_to_string(content.join("pack.ron")).expect("toy pack.ron");
    let manifest = manifest.replacen("scripts: [", "scripts: [\"report.lua\", ", 1).replacen(
        "evaluate: None,",
        "evaluate: None,\n    report: Some(\"report.seat\"),",
        1,
    );
    assert!(manifest.contains("report.seat"), "the toy manifest changed shape:\n{manifest}");
    std::fs::write(content.join("pack.ron"), manifest).expect("write pack.ron");
    std::fs::write(scripts.join("report.lua"), report_lua).expect("write report.lua");
    root
}

fn load(dir: &Path) -> Arc<Ruleset> {
    Arc::new(content::load(dir).unwrap_or_else(|e| panic!("{} does not load:\n{e}", dir.display())))
}

fn galactic_era() -> Arc<Ruleset> {
    load(&content::pack_dir(&content::find_root(), "galactic-era"))
}

/// The report as JSON without what measures the machine rather than the games.
fn numbers(mut report: Report) -> serde_json::Value {
    report.seconds = 0.0;
    report.games_per_second = 0.0;
    report.kernel_seconds = 0.0;
    report.kernel_decisions_per_second = 0.0;
    report.jobs = 0;
    serde_json::to_value(report).expect("the report encodes")
}

fn settings(seats: usize, games: usize, bots: Vec<BotKind>, jobs: usize) -> Settings {
    Settings { bots, ..Settings::random(seats, games, 5, jobs) }
}

#[test]
fn simulate_report_is_the_same_for_any_number_of_jobs() {
    let toy = load(&toy_root("jobs", GOOD_REPORT).join("content/toy"));
    let bots = vec![BotKind::Random, BotKind::Heuristic, BotKind::Random];
    let one = sim::run(toy.clone(), &settings(3, 24, bots.clone(), 1), &|_| {}).expect("toy report runs");
    let three = sim::run(toy, &settings(3, 24, bots, 3), &|_| {}).expect("toy report runs");
    assert_eq!(one.finished, 24, "{:?}", one.error_messages);
    assert_eq!(numbers(one), numbers(three));

    let ge = galactic_era();
    let one = sim::run(ge.clone(), &settings(4, 3, vec![BotKind::Random], 1), &|_| {}).expect("galactic-era report runs");
    let two = sim::run(ge, &settings(4, 3, vec![BotKind::Random], 2), &|_| {}).expect("galactic-era report runs");
    assert_eq!(one.finished, 3, "{:?}", one.error_messages);
    assert!(!one.axes.is_empty(), "galactic-era reports groups");
    assert_eq!(numbers(one), numbers(two));
}

#[test]
fn simulate_json_has_the_pack_groups_and_sources() {
    let root = toy_root("json", GOOD_REPORT);
    let out =
        orrery(&["--root", &root.display().to_string(), "simulate", "--pack", "toy", "--players", "3", "--games", "12", "--jobs", "2", "--json"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("simulate --json prints JSON");
    assert_eq!(json["axes"][0]["name"], "parity");
    let labels: Vec<&str> = json["axes"][0]["labels"].as_array().expect("labels").iter().filter_map(|l| l["label"].as_str()).collect();
    assert_eq!(labels, ["even", "odd"]);
    assert_eq!(json["axes"][0]["labels"][0]["games"], 12, "seat 2 of 12 games is even");
    assert!(json["sources"]["banked"].is_number() && json["sources"]["stash"].is_number(), "{}", json["sources"]);
    assert_eq!(json["sources_mismatch"], 0, "banked + stash is the toy score");
    assert_eq!(json["seats_reported"], 36);
    assert!(json["length"]["decisions"]["bins"].as_array().is_some_and(|b| !b.is_empty()));
    assert!(json["axes"][0]["labels"][1]["win_low"].as_f64() <= json["axes"][0]["labels"][1]["win_rate"].as_f64());
}

#[test]
fn simulate_writes_a_self_contained_html_report() {
    let root = toy_root("html", GOOD_REPORT);
    let page = tmp("sim-report.html");
    let out = orrery(&[
        "--root",
        &root.display().to_string(),
        "simulate",
        "--pack",
        "toy",
        "--players",
        "2",
        "--games",
        "6",
        "--bots",
        "random,heuristic",
        "--threads",
        "2",
        "--report",
        &page.display().to_string(),
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("parity"), "the text summary lists the groups:\n{stdout}");
    let html = std::fs::read_to_string(&page).expect("the report is written");
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<svg"), "{html}");
    assert!(html.contains("By parity") && html.contains("banked") && html.contains("Game length"));
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("href=") && !html.contains("<link"), "nothing is fetched");
    assert!(stderr.is_empty(), "no progress bar when stderr is not a terminal: {stderr:?}");
}

#[test]
fn simulate_bots_list_must_match_the_players() {
    let root = fixtures().display().to_string();
    let out = orrery(&["--root", &root, "simulate", "--pack", "toy", "--players", "3", "--games", "2", "--bots", "random,ismcts"]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("2 bots for 3 players"), "{stderr}");
    let out = orrery(&["--root", &root, "simulate", "--pack", "toy", "--players", "2", "--games", "2", "--bots", "random,clever"]);
    assert!(text(&out).1.contains("unknown bot `clever`"), "{}", text(&out).1);
}

#[test]
fn a_failing_report_function_is_an_error_naming_the_script_line() {
    let root = toy_root("failing", FAILING_REPORT);
    let out = orrery(&["--root", &root.display().to_string(), "simulate", "--pack", "toy", "--players", "2", "--games", "4", "--jobs", "2"]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("scripts/toy/report.lua:4"), "{stderr}");
    assert!(stderr.contains("report function failed in game 0 (seed 1)"), "the first game, on any number of jobs: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let misshapen = load(&toy_root("misshapen", MISSHAPEN_REPORT).join("content/toy"));
    let e = sim::run(misshapen, &Settings::random(2, 3, 1, 2), &|_| {}).expect_err("a misspelt field is refused");
    assert!(e.to_string().contains("unknown field `group`") && e.to_string().contains("report.seat"), "{e}");
}

#[test]
fn galactic_era_dp_sources_add_up_to_the_final_dp() {
    let rules = galactic_era();
    for (players, seed, variants) in
        [(4, 21, vec![]), (3, 22, vec!["milestone_random".to_owned(), "beginner_1".to_owned()]), (2, 23, vec!["two_player_puppet".to_owned()])]
    {
        let run = play_random(rules.clone(), players, seed, &variants, |_| Ok(()));
        let mut game: Game = run.result.unwrap_or_else(|(e, _)| panic!("seed {seed}: {e}"));
        let scores = game.state.outcome.clone().expect("finished").scores;
        let values = game.report().expect("the report runs").expect("galactic-era has a report function");
        let mut described = 0;
        for (seat, value) in values.iter().enumerate() {
            let Some(r) = SeatReport::from_value(value).expect("a well-formed seat report") else { continue };
            described += 1;
            assert_eq!(r.source_total(), scores[seat] as f64, "seed {seed}, seat {}: sources {:?}", seat + 1, r.sources);
            assert!(r.groups.contains_key("star_people") && r.groups.contains_key("ethics"), "{:?}", r.groups);
            assert!(matches!(r.groups["ethics"].as_str(), "STO" | "STS"));
            assert!(r.rounds.is_some_and(|n| n > 0));
        }
        assert_eq!(described, players, "every player's seat is described, the puppet's is not");
    }
}

#[test]
fn every_game_has_a_fingerprint_of_its_choices_outcome_and_state() {
    let toy = load(&toy_root("fingerprints", GOOD_REPORT).join("content/toy"));
    let report = sim::run(toy.clone(), &settings(2, 4, vec![BotKind::Random], 1), &|_| {}).expect("toy report runs");
    let seeds: Vec<u64> = report.fingerprints.iter().map(|f| f.seed).collect();
    assert_eq!(seeds, vec![5, 6, 7, 8], "one fingerprint per game, in game order");
    let mut states: Vec<&str> = report.fingerprints.iter().map(|f| f.state.as_str()).collect();
    states.dedup();
    assert_eq!(states.len(), 4, "different seeds make different games: {:?}", report.fingerprints);
    let again = sim::run(toy, &settings(2, 4, vec![BotKind::Random], 1), &|_| {}).expect("toy report runs");
    assert_eq!(report.fingerprints, again.fingerprints, "the same seeds make the same games");
}

//! Smoke tests of the `orrery` binary against the fixture packs: every subcommand
//! runs, prints what other tools parse, and exits with the right code.

use crate::common::{broken, fixtures, orrery, orrery_with_input, text, tmp};

fn root() -> String {
    fixtures().display().to_string()
}

/// `file:line:col: ` at the start of a line.
fn is_located(line: &str) -> bool {
    let mut parts = line.splitn(4, ':');
    let (Some(file), Some(l), Some(c), Some(rest)) = (parts.next(), parts.next(), parts.next(), parts.next()) else { return false };
    !file.is_empty() && l.parse::<u32>().is_ok() && c.parse::<u32>().is_ok() && rest.starts_with(' ')
}

#[test]
fn packs_lists_one_line_per_pack() {
    let out = orrery(&["--root", &root(), "packs"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stdout.trim(),
        "tinker  Tinker's Table  players 2-3  variants: none\ntoy  Toy Meadow  players 2-4  variants: short, long, duel, tired (`orrery packs --pack toy` describes them)"
    );
}

#[test]
fn packs_describes_the_variants_of_one_pack() {
    let out = orrery(&["packs", "--pack", "galactic-era"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.starts_with("Galactic Era (galactic-era), 3-6 players"), "{stdout}");
    assert!(stdout.contains("--variant ID"), "says how to choose: {stdout}");
    let line = stdout.lines().find(|l| l.trim_start().starts_with("two_player_puppet")).expect("the puppet variant");
    assert!(line.contains("Two players (puppet): ") && line.contains("(GE 8.3)") && line.ends_with("[2 players]"), "{line}");
    // Exclusive variants are listed together under one heading, with no group id.
    assert!(stdout.contains("at most one of:\n  beginner_1 "), "{stdout}");
    assert!(!stdout.contains("balance_1"), "{stdout}");
    let out = orrery(&["packs", "--pack", "nope"]);
    assert!(!out.status.success() && text(&out).1.contains("no pack `nope`"), "{:?}", text(&out));
}

#[test]
fn packs_json_is_an_array_of_manifests() {
    let out = orrery(&["--root", &root(), "packs", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("packs --json prints JSON");
    assert_eq!(json[0]["id"], "tinker");
    assert_eq!(json[1]["id"], "toy");
    assert_eq!(json[1]["players"], serde_json::json!([2, 4]));
    assert_eq!(json[1]["variants"][2]["players"], serde_json::json!([2, 2]));
}

#[test]
fn check_of_a_good_pack_prints_one_ok_line() {
    let out = orrery(&["--root", &root(), "check", "toy"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stdout, "ok: toy 0.1.0 (13 definitions in 4 kinds, 5 scripts, 4 steps)\n");
}

#[test]
fn check_accepts_a_pack_directory_path() {
    let dir = fixtures().join("content/toy").display().to_string();
    let out = orrery(&["check", &dir]);
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
}

#[test]
fn check_of_a_broken_pack_prints_every_error_located() {
    let out = orrery(&["--root", &broken().display().to_string(), "check", "bad_entries"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 5, "{stderr}");
    assert!(lines.iter().all(|l| is_located(l)), "every line is file:line:col: ...\n{stderr}");
    assert!(lines[0].starts_with("content/bad_entries/items.ron:4:42: "), "{stderr}");
}

#[test]
fn check_reports_missing_script_functions_where_they_are_named() {
    let out = orrery(&["--root", &broken().display().to_string(), "check", "bad_refs"]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr.trim(), "content/bad_refs/items.ron:4:43: power \"bad\": no script function \"main.nowhere\"");
}

#[test]
fn check_reports_lua_syntax_errors_with_file_and_line() {
    let out = orrery(&["--root", &broken().display().to_string(), "check", "bad_lua"]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.starts_with("scripts/bad_lua/main.lua:4: "), "{stderr}");
}

#[test]
fn check_of_an_unknown_pack_fails_with_a_message() {
    let out = orrery(&["--root", &root(), "check", "nosuchpack"]);
    let (_, stderr) = text(&out);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr.contains("no pack `nosuchpack`") && stderr.contains("toy"), "{stderr}");
}

#[test]
fn simulate_json_reports_every_game() {
    let out = orrery(&["--root", &root(), "simulate", "--pack", "toy", "--players", "3", "--games", "20", "--seed", "1", "--bots", "random", "--json"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "exactly one JSON object: {stdout}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("simulate --json prints JSON");
    assert_eq!(report["games"], 20);
    assert_eq!(report["finished"], 20);
    assert_eq!(report["errors"], 0);
    assert_eq!(report["wins_by_seat"].as_array().map(Vec::len), Some(3));
}

#[test]
fn bench_reports_every_figure_per_pack() {
    let out = orrery(&[
        "--root", &root(), "bench", "--pack", "toy", "--players", "2", "--games", "3", "--iterations", "5", "--ismcts-decisions", "2", "--json",
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).expect("bench --json prints one JSON object per pack");
    assert_eq!(report["pack"], "toy");
    for field in [
        "decisions", "play_seconds", "decisions_per_second", "games_per_second", "us_per_decision_median", "us_per_decision_p99",
        "g_calls_per_decision", "lua_steps_per_decision", "allocations_per_decision", "snapshot_us_median", "ismcts_iterations_per_second",
        "peak_rss_kib",
    ] {
        assert!(report[field].as_f64().is_some_and(|v| v > 0.0), "`{field}` should be a positive number: {report}");
    }
    let table = text(&orrery(&["--root", &root(), "bench", "--pack", "toy", "--players", "2", "--games", "1", "--iterations", "0"])).0;
    assert!(table.contains("decisions/s") && table.contains("µs/decision p99") && table.contains("toy"), "{table}");
    assert!(table.contains("time of the acts by the flow step"), "the acts' time by step: {table}");
    let steps = report["by_step"].as_array().expect("by_step lists the steps");
    assert!(!steps.is_empty() && steps.iter().all(|s| s["step"].is_string() && s["decisions"].as_u64().is_some_and(|n| n > 0)), "{report}");
}

#[test]
fn simulate_profiles_the_scripts_on_request() {
    let repo = crate::common::repo().display().to_string();
    let out = orrery(&["--root", &repo, "simulate", "--pack", "galactic-era", "--players", "3", "--games", "2", "--bots", "random", "--jobs", "1", "--json", "--profile-scripts"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    serde_json::from_str::<serde_json::Value>(stdout.trim()).expect("standard output stays JSON");
    assert!(stderr.contains("script time by function"), "{stderr}");
    let rows: Vec<&str> = stderr.lines().filter(|l| l.contains("scripts/galactic-era/") && l.contains(".lua:")).collect();
    assert!(rows.len() >= 5, "the dearest pack functions are listed: {stderr}");
}

#[test]
fn simulate_refuses_unknown_bots_and_bad_player_counts() {
    let out = orrery(&["--root", &root(), "simulate", "--pack", "toy", "--players", "3", "--games", "2", "--bots", "clever"]);
    assert!(!out.status.success());
    assert!(text(&out).1.contains("unknown bot `clever`"), "{:?}", text(&out));
    let out = orrery(&["--root", &root(), "simulate", "--pack", "toy", "--players", "9", "--games", "2"]);
    assert!(!out.status.success());
    assert!(text(&out).1.contains("2 to 4 seats"), "{:?}", text(&out));
}

#[test]
fn bot_game_saves_and_replays_with_verification() {
    let save = tmp("cli-bots.ron").display().to_string();
    let out = orrery(&["--root", &root(), "play", "--pack", "toy", "--seats", "random,random", "--seed", "3", "--save", &save]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("Game over.") && stdout.contains("1. seat"), "{stdout}");
    let out = orrery(&["--root", &root(), "replay", &save, "--verify"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.starts_with("ok: ") && stdout.contains(" choices replayed, state hash "), "{stdout}");
}

#[test]
fn replay_of_a_damaged_save_fails_cleanly() {
    let path = tmp("cli-damaged.ron");
    std::fs::write(&path, "SaveFile(format: 1, pack_vers").expect("write");
    let out = orrery(&["--root", &root(), "replay", &path.display().to_string(), "--verify"]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("not a valid save"), "{stderr}");
}

#[test]
fn human_seat_is_asked_again_on_bad_input_and_stops_at_end_of_input() {
    let save = tmp("cli-human.ron").display().to_string();
    let out = orrery_with_input(&["--root", &root(), "play", "--pack", "toy", "--seats", "human,random", "--seed", "5", "--save", &save], "9\nzebra\n?\n1\n");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("there is no option 9"), "{stdout}");
    assert!(stdout.contains("`zebra` is not an option number"), "{stdout}");
    assert!(stdout.contains("Rule: TOY 2.1"), "`?` shows the rule: {stdout}");
    assert!(stdout.contains("Seat 1 plans to Dash."), "{stdout}");
    assert!(stdout.contains("saved to") && stdout.contains("stopped after"), "{stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn options_left_to_a_labeller_are_shown_with_its_labels() {
    // The toy's move question gives cells as bare values and names `turn.cell_label`.
    let out = orrery_with_input(&["--root", &root(), "play", "--pack", "toy", "--seats", "human,random", "--seed", "5"], "1\n");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    let moves = &stdout[stdout.find("Move your pawn").expect("the move question")..];
    assert!(moves.contains("6) Old Oak (0,0)") && moves.contains("1) (0,-2)"), "{moves}");
}

#[test]
fn help_explains_the_decision_then_how_to_win() {
    // The default pack's presentation has "How to win" paragraphs (ui_text).
    let root = crate::common::repo().display().to_string();
    let out = orrery_with_input(&["--root", &root, "play", "--plain", "--seats", "human,random,random,random", "--seed", "3"], "?\nq\n");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    let goal = stdout.find("How to win: ").expect("the goal is explained");
    let rule = stdout.find("Rule: ").expect("the decision's rule");
    assert!(rule < goal, "the decision's own help comes first: {stdout}");
}

#[test]
fn two_human_seats_get_a_privacy_screen_between_them() {
    let out = orrery_with_input(&["--root", &root(), "play", "--pack", "toy", "--seats", "human,human", "--seed", "5"], "\n2\n\n3\nq\n");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    let screen = stdout.find("Pass to seat 2").expect("a privacy screen before seat 2");
    let reveal = stdout.find("Seat 1 plans to Walk.").expect("the plans are revealed once both chose");
    assert!(screen < reveal, "seat 1's plan must not be shown before seat 2 chose:\n{stdout}");
    assert!(!stdout[..screen].contains("Walk."), "{stdout}");
    // Piped input echoes no Enter: the hand-over line still ends before the seat's screen.
    assert!(stdout.contains("==== Pass to seat 2 and press Enter ====\n"), "{stdout}");
}

#[test]
fn loaded_game_continues_where_it_stopped() {
    let save = tmp("cli-resume.ron").display().to_string();
    let first = orrery_with_input(&["--root", &root(), "play", "--pack", "toy", "--seats", "human,random", "--seed", "8", "--save", &save], "1\nq\n");
    assert!(first.status.success(), "{:?}", text(&first));
    let out = orrery_with_input(&["--root", &root(), "play", "--load", &save, "--seats", "random,random", "--save", &save], "");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("loaded") && stdout.contains("Game over."), "{stdout}");
    let out = orrery(&["--root", &root(), "replay", &save, "--verify"]);
    assert!(out.status.success(), "{:?}", text(&out));
}

#[test]
fn a_person_does_not_see_a_drawn_seed_until_the_game_ends() {
    // The seed decides every hidden draw: shown at the start, a second game with it
    // would show the first one's hidden setup.
    let save = tmp("cli-hidden-seed.ron");
    let out = orrery_with_input(&["--root", &root(), "play", "--pack", "toy", "--seats", "human,random", "--save", &save.display().to_string()], "1\nq\n");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("seed hidden until the game ends"), "{stdout}");
    let seed = orrery::replay::read(&save).expect("the save reads").setup.seed;
    assert!(!stdout.contains(&seed.to_string()), "the seed {seed} was shown:\n{stdout}");
    let out = orrery_with_input(&["--root", &root(), "play", "--load", &save.display().to_string(), "--seats", "random,random"], "");
    let (stdout, _) = text(&out);
    assert!(stdout.contains("Game over.") && stdout.contains(&format!("(seed {seed})")), "the seed is shown at the end:\n{stdout}");
}

#[cfg(unix)]
#[test]
fn saves_are_readable_by_their_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let save = tmp("cli-owner-only.ron");
    std::fs::write(&save, "an older file, readable by all").expect("write");
    std::fs::set_permissions(&save, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let out = orrery(&["--root", &root(), "play", "--pack", "toy", "--seats", "random,random", "--seed", "3", "--save", &save.display().to_string()]);
    assert!(out.status.success(), "{:?}", text(&out));
    let mode = std::fs::metadata(&save).expect("the save exists").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "a save holds every secret of the game");
}

/// The plain prompt draws the map as text (`map`, rows lettered as the cells are
/// named) and lists every seat (`seats`), and asks its question again.
#[test]
fn plain_prompt_draws_the_map_and_lists_the_seats() {
    let out = orrery_with_input(&["--root", &root(), "play", "--pack", "toy", "--plain", "--seats", "human,random", "--seed", "5"], "map\nseats\nq\n");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    let rows: Vec<&str> = stdout.lines().filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_uppercase()) && l.len() > 3 && l.as_bytes()[1].is_ascii_uppercase() && l.as_bytes()[2] == b' ').collect();
    assert!(rows.len() >= 5, "the toy board's five rows, lettered: {stdout}");
    assert!(stdout.contains("Rows are letters, hexes numbers"), "the legend follows: {stdout}");
    assert!(stdout.contains("  seat 1 (you): ") && stdout.contains("  seat 2: "), "{stdout}");
}

/// A game without a board answers `map` with its pictures (Space Gate Odyssey's
/// stations and Hawking's wheel), not with a hex legend.
#[test]
fn plain_prompt_draws_the_pictures_of_a_game_without_a_map() {
    let out = orrery_with_input(&["--root", &crate::common::repo().display().to_string(), "play", "--pack", "space-gate-odyssey", "--plain", "--seats", "human,random", "--seed", "5"], "map\nq\n");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(!stdout.contains("This game has no map") && !stdout.contains("hexes numbers"), "{stdout}");
    assert!(stdout.contains("Station of seat 1") && stdout.contains("Hawking: the Influence Wheel"), "the pictures: {stdout}");
}

/// `orrery check` warns, at the step in pack.ron, about a decision its games met
/// without help (a copy of the toy whose bank question lost its help).
#[test]
fn check_warns_about_a_decision_met_without_help() {
    let root = tmp("unhelped");
    let _ = std::fs::remove_dir_all(&root);
    crate::common::copy_dir(&fixtures().join("content/toy"), &root.join("content/toy"));
    crate::common::copy_dir(&fixtures().join("scripts/toy"), &root.join("scripts/toy"));
    let score = root.join("scripts/toy/score.lua");
    let lua = std::fs::read_to_string(&score).expect("read");
    let stripped: String = lua.lines().filter(|l| !l.trim_start().starts_with("help = ")).map(|l| format!("{l}\n")).collect();
    assert_ne!(lua, stripped, "the bank question had a help to take away");
    std::fs::write(&score, stripped).expect("write");
    let out = orrery(&["--root", &root.display().to_string(), "check", "toy"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "a warning does not fail the check: {stderr}");
    assert!(stdout.contains("1 warning"), "{stdout}");
    assert!(
        stderr.contains("pack.ron:") && stderr.contains("step \"bank\": players meet the decision \"Bank how much energy as points?\" without a `help`"),
        "{stderr}"
    );
}

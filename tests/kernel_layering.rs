//! Pack layering: a pack that `extends` another adds and overrides definitions,
//! schema fields, variants, steps and script modules by id, and every way of
//! getting that wrong is a positioned error.

use crate::common::{copy_dir, fixtures, orrery, text, tmp};
use orrery::content;
use orrery::game::Game;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A root holding the toy pack and a layer `id` over it with the given files.
fn root_with_layer(name: &str, id: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = tmp(name);
    let _ = std::fs::remove_dir_all(&root);
    copy_dir(&fixtures().join("content/toy"), &root.join("content/toy"));
    copy_dir(&fixtures().join("scripts/toy"), &root.join("scripts/toy"));
    for (path, body) in files {
        let path = root.join(path.replace("{id}", id));
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, body).expect("write");
    }
    root
}

const PLUS_PACK: &str = r#"Pack(
    id: "toy-plus",
    name: "Toy Meadow Plus",
    version: "0.1.0",
    extends: Some("toy"),
    variants: [
        Variant(id: "short", name: "Very short game", description: "Overridden by the layer.", group: Some("length")),
        Variant(id: "windy", name: "Windy", description: "Added by the layer."),
    ],
    files: ["plans.ron"],
    scripts: ["plus.lua"],
)"#;

const PLUS_SCHEMA: &str = r#"Schema(
    kinds: {
        "plan": { "flavour": Opt(Text) },
        "charm": { "name": Text },
    },
)"#;

const PLUS_PLANS: &str = r#"[
    plan(id: "dash", name: "Sprint", budget: 3, energy: 0, flavour: Some("faster"), source: "TOY 2.1"),
    plan(id: "leap", name: "Leap", budget: 2, energy: 0, effect: Some("plus.leap"), source: "layer"),
    charm(id: "clover", name: "Four-leaf clover"),
]"#;

const PLUS_LUA: &str = "local M = {}\nfunction M.leap(g, seat)\n\tg:log(\"a leap\")\nend\nreturn M\n";

fn plus_root(name: &str) -> PathBuf {
    root_with_layer(
        name,
        "toy-plus",
        &[
            ("content/{id}/pack.ron", PLUS_PACK),
            ("content/{id}/schema.ron", PLUS_SCHEMA),
            ("content/{id}/plans.ron", PLUS_PLANS),
            ("scripts/{id}/plus.lua", PLUS_LUA),
        ],
    )
}

#[test]
fn a_layer_adds_and_overrides_by_id_and_plays() {
    let root = plus_root("layer-ok");
    let rules = content::load(&root.join("content/toy-plus")).unwrap_or_else(|e| panic!("loads:\n{e}"));
    assert_eq!(rules.layers, ["toy", "toy-plus"]);
    assert_eq!(rules.manifest.players, (2, 4), "players inherited");
    assert_eq!(rules.manifest.start, "game", "start step inherited");
    assert_eq!(rules.manifest.steps.len(), 4, "steps inherited");
    let plans: Vec<&str> = rules.defs["plan"].iter().map(|d| d.id.as_str()).collect();
    assert_eq!(plans, ["dash", "walk", "rest", "dig", "leap"], "overrides keep their place, additions come last");
    let dash = rules.def("plan", "dash").expect("dash");
    assert_eq!(dash.value.get("name").and_then(|v| v.as_str()), Some("Sprint"));
    assert!(dash.file.ends_with("content/toy-plus/plans.ron"), "{}", dash.file);
    assert!(rules.def("charm", "clover").is_some(), "a new kind");
    assert!(rules.schema.kinds["plan"].iter().any(|(f, _)| f == "flavour"), "a new optional field");
    let short = rules.variant("short").expect("short");
    assert_eq!(short.name, "Very short game");
    assert!(rules.variant("windy").is_some() && rules.variant("long").is_some());
    let modules: Vec<&str> = rules.scripts.iter().map(|s| s.module.as_str()).collect();
    assert!(modules.contains(&"plus") && modules.contains(&"turn"), "{modules:?}");
    let plus = rules.scripts.iter().find(|s| s.module == "plus").expect("plus");
    assert_eq!(plus.display, "scripts/toy-plus/plus.lua");

    let mut game = Game::new(Arc::new(rules), 2, 3, vec!["windy".into()]).expect("a game of the layer starts");
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    while !game.is_over() {
        let seat = game.pending().expect("pending").waiting_seats()[0];
        let d = game.decision_for(seat).expect("decision").clone();
        game.act(seat, orrery::bots::random_choice(&d, &mut rng)).expect("legal");
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_layer_overrides_a_script_module_by_name() {
    let score = std::fs::read_to_string(fixtures().join("scripts/toy/score.lua")).expect("score.lua");
    let marked = format!("-- overridden by the layer\n{score}");
    let pack = r#"Pack(id: "toy-rescored", name: "Rescored", version: "0.1.0", extends: Some("toy"), scripts: ["score.lua"])"#;
    let root = root_with_layer("layer-module", "toy-rescored", &[("content/{id}/pack.ron", pack), ("scripts/{id}/score.lua", &marked)]);
    let rules = content::load(&root.join("content/toy-rescored")).unwrap_or_else(|e| panic!("loads:\n{e}"));
    let scores: Vec<_> = rules.scripts.iter().filter(|s| s.module == "score").collect();
    assert_eq!(scores.len(), 1, "one module per name");
    assert!(scores[0].source.starts_with("-- overridden") && scores[0].display == "scripts/toy-rescored/score.lua");
    Game::new(Arc::new(rules), 2, 1, vec![]).expect("starts");
    let _ = std::fs::remove_dir_all(&root);
}

/// Loads the layer `id` in `root` and returns its errors, one per line.
fn errors_of(root: &Path, id: &str) -> String {
    match content::load(&root.join("content").join(id)) {
        Ok(_) => panic!("{id} should not load"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn an_unknown_base_is_an_error_at_the_extends_field() {
    let pack = "Pack(\n    id: \"orphan\",\n    name: \"Orphan\",\n    version: \"0.1.0\",\n    extends: Some(\"no-such-pack\"),\n)";
    let root = root_with_layer("layer-orphan", "orphan", &[("content/{id}/pack.ron", pack)]);
    let err = errors_of(&root, "orphan");
    assert_eq!(err, "content/orphan/pack.ron:5:14: extends unknown pack \"no-such-pack\": there is no content/no-such-pack/pack.ron beside this pack or in the Orrery root");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn an_extends_cycle_is_an_error() {
    let a = "Pack(id: \"ring-a\", name: \"A\", version: \"0.1.0\", extends: Some(\"ring-b\"))";
    let b = "Pack(id: \"ring-b\", name: \"B\", version: \"0.1.0\", extends: Some(\"ring-a\"))";
    let root = root_with_layer("layer-cycle", "ring-a", &[("content/ring-a/pack.ron", a), ("content/ring-b/pack.ron", b)]);
    let err = errors_of(&root, "ring-a");
    assert!(err.contains("content/ring-b/pack.ron:1:58: `extends` makes a cycle: ring-a extends ring-b extends ring-a"), "{err}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_layer_cannot_add_required_fields_or_change_types() {
    let pack = r#"Pack(id: "strict", name: "Strict", version: "0.1.0", extends: Some("toy"))"#;
    let schema = r#"Schema(kinds: { "plan": { "weight": Int, "budget": Text } })"#;
    let root = root_with_layer("layer-schema", "strict", &[("content/{id}/pack.ron", pack), ("content/{id}/schema.ron", schema)]);
    let err = errors_of(&root, "strict");
    assert!(err.contains("content/strict/schema.ron:1:1: field `plan.budget` is declared by the base pack as an integer; a layer cannot change it to a string"), "{err}");
    assert!(err.contains("content/strict/schema.ron:1:1: field `plan.weight` added to the base pack's kind must be optional"), "{err}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_layers_entries_are_checked_against_the_merged_schema() {
    let pack = r#"Pack(id: "sloppy", name: "Sloppy", version: "0.1.0", extends: Some("toy"), files: ["plans.ron"])"#;
    let plans = "[\n    plan(id: \"dash\", name: \"Dash\", budget: \"lots\", energy: 0),\n    plan(id: \"hop\", name: \"Hop\", budget: 1, energy: 0, effect: Some(\"nowhere.hop\")),\n    plan(id: \"hop\", name: \"Hop again\", budget: 1, energy: 0),\n    start(id: \"north\", tile: \"moon\", at: (0, 0)),\n]";
    let root = root_with_layer("layer-entries", "sloppy", &[("content/{id}/pack.ron", pack), ("content/{id}/plans.ron", plans)]);
    let err = errors_of(&root, "sloppy");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("content/sloppy/plans.ron:2:44: plan \"dash\": ")), "wrong type:\n{err}");
    assert!(lines.iter().any(|l| l.starts_with("content/sloppy/plans.ron:4:5: plan \"hop\": this id is already used")), "duplicate in the layer:\n{err}");
    assert!(lines.iter().any(|l| l.contains("content/sloppy/plans.ron:5:") && l.contains("no tile has the id \"moon\"")), "dangling ref:\n{err}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn packs_lists_a_layer_with_its_base() {
    let root = plus_root("layer-packs");
    let out = orrery(&["--root", &root.display().to_string(), "packs"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.lines().any(|l| l.starts_with("toy-plus  Toy Meadow Plus  (extends toy)  players 2-4")), "{stdout}");
    let out = orrery(&["--root", &root.display().to_string(), "check", "toy-plus"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    let _ = std::fs::remove_dir_all(&root);
}

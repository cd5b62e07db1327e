//! What a pack explains to its players (`ui_glossary`, `ui_term`): `orrery check`
//! warns, at the definition's place, about each definition players meet without an
//! English name, an explanation or its section; the glossary lists terms and then
//! each kind; the plain prompt explains what a decision's options name (`?`) and
//! lists the whole glossary (`g`).

use crate::common::{copy_dir, fixtures, orrery, orrery_with_input, text, tmp};
use orrery::content::{self, glossary, glossary::Glossary};

const PACK: &str = r#"Pack(
    id: "toy-glossed",
    name: "Toy Meadow, explained",
    version: "0.1.0",
    extends: Some("toy"),
    files: ["glossary.ron"],
)"#;

const SCHEMA: &str = r#"Schema(
    kinds: {
        "plan": { "original": Opt(Text), "explain": Opt(Text) },
        "ui_glossary": { "label": Text },
        "ui_term": { "name": Text, "explain": Text, "source": Text },
    },
)"#;

const GLOSSARY: &str = r#"[
    ui_term(id: "energy", name: "Energy", explain: "Banked at the end of a round; the most wins.", source: "TOY 5"),
    ui_glossary(id: "plan", label: "Plans"),
    plan(id: "dash", name: "Dash", original: Some("Sprint"), budget: 3, energy: 0, source: "TOY 2.1",
        explain: Some("Move up to three hexes and gain no energy.")),
]"#;

/// A root of its own (tests run in parallel) with the toy pack and the layer
/// `toy-glossed` over it, which explains only the `dash` plan.
fn root(name: &str) -> String {
    let root = tmp(&format!("glossary-{name}"));
    let _ = std::fs::remove_dir_all(&root);
    copy_dir(&fixtures().join("content/toy"), &root.join("content/toy"));
    copy_dir(&fixtures().join("scripts/toy"), &root.join("scripts/toy"));
    let layer = root.join("content/toy-glossed");
    std::fs::create_dir_all(&layer).expect("mkdir");
    std::fs::create_dir_all(root.join("scripts/toy-glossed")).expect("mkdir");
    for (file, body) in [("pack.ron", PACK), ("schema.ron", SCHEMA), ("glossary.ron", GLOSSARY)] {
        std::fs::write(layer.join(file), body).expect("write");
    }
    root.display().to_string()
}

#[test]
fn check_warns_at_each_unexplained_definition_players_meet() {
    let root = root("check");
    let out = orrery(&["--root", &root, "check", "toy-glossed"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "warnings do not fail the check: {stderr}");
    assert!(stdout.contains("3 warnings"), "{stdout}");
    let warned: Vec<&str> = stderr.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert_eq!(warned.len(), 3, "{stderr}");
    for (id, line) in [("walk", 38), ("rest", 39), ("dig", 40)] {
        let expected = format!("toy/items.ron:{line}:");
        let w = warned.iter().find(|w| w.contains(&format!("plan \"{id}\""))).unwrap_or_else(|| panic!("no warning for {id}: {stderr}"));
        assert!(w.contains(&expected) && w.contains("no `explain`"), "{w}");
    }
    assert!(!stderr.contains("\"dash\""), "the explained plan is not warned about: {stderr}");
}

#[test]
fn the_glossary_lists_terms_then_kinds_and_finds_what_a_text_names() {
    let rules = content::load(&std::path::Path::new(&root("load")).join("content/toy-glossed")).expect("the layer loads");
    let g = Glossary::new(&rules);
    let labels: Vec<&str> = g.sections.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(labels, [glossary::TERMS, "Plans"]);
    let dash = g.entry("plan", "dash").expect("dash is explained");
    assert_eq!(dash.title(), "Dash (Sprint)");
    assert_eq!(dash.text(), "Move up to three hexes and gain no energy. [TOY 2.1]");
    let named: Vec<&str> = g.mentioned_in("Choose your plan: Dash, or Sprint, or Rest; Energy counts").iter().map(|e| e.id.as_str()).collect();
    assert_eq!(named, ["dash", "rest", "energy"], "definitions first, each once, then terms");
    assert!(g.entry("plan", "walk").is_some_and(|e| e.explain.is_none()));
}

#[test]
fn the_plain_prompt_explains_named_options_and_lists_the_glossary() {
    let root = root("plain");
    let out = orrery_with_input(&["--root", &root, "play", "--pack", "toy-glossed", "--plain", "--seats", "human,random", "--seed", "1"], "?\ng\ng ener\nq\n");
    let (stdout, stderr) = text(&out);
    assert!(stdout.contains("Choose your plan"), "{stdout}{stderr}");
    // `?`: the plan the options name, with its original name and section.
    assert!(stdout.contains("Dash (Sprint): Move up to three hexes and gain no energy. [TOY 2.1]"), "{stdout}");
    assert!(stdout.contains("(g lists every word of the game"), "{stdout}");
    // `g`: terms, then plans, an unexplained one said to be so.
    let terms = stdout.find("== Words of the game ==").expect("terms heading");
    let plans = stdout.find("== Plans ==").expect("plans heading");
    assert!(terms < plans, "{stdout}");
    assert!(stdout.contains("Energy: Banked at the end of a round; the most wins. [TOY 5]"), "{stdout}");
    assert!(stdout.contains("Walk: (no explanation yet) [TOY 2.1]"), "{stdout}");
    // `g ener`: only what is called so.
    let found = &stdout[stdout.rfind("> ").expect("a prompt before the search")..];
    assert_eq!(found.matches(": ").count(), 0, "the last prompt is quit: {found}");
    assert_eq!(stdout.matches("Energy: Banked at the end of a round").count(), 2, "listed by g, then found by g ener: {stdout}");
}

//! Hostile cases written by code rather than committed: inputs too large to keep
//! in the repository, and every save case (each starts from a real save of the toy
//! fixture, written when the test runs, and damages or forges it one way).
//!
//! Each case is a [`Generated`]: a class, a name, and a function that writes the
//! case — a pack root and its `expect.txt`, in the format of [`crate::hostile`] —
//! into an empty directory.

use crate::fixtures;
use orrery::bots::candidates;
use orrery::content;
use orrery::content::limits::{MAX_DEFINITIONS, MAX_FIELDS, MAX_FILES, MAX_PACK_BYTES, MAX_SCRIPTS};
use orrery::game::Game;
use orrery::replay::{self, SaveFile};
use std::path::Path;
use std::sync::Arc;

/// A case written by code.
pub struct Generated {
    pub class: &'static str,
    pub name: &'static str,
    pub make: fn(&Path) -> Result<(), String>,
}

/// Every generated case.
pub fn cases() -> Vec<Generated> {
    let case = |class, name, make| Generated { class, name, make };
    vec![
        case("crash", "extends-chain-3000-deep", extends_chain),
        case("files", "g01-definitions-at-the-limit", definitions_at_the_limit),
        case("files", "g02-definitions-over-the-limit", definitions_over_the_limit),
        case("files", "g03-script-of-86-mb", script_of_86_mb),
        case("files", "g04-pack-over-the-byte-limit", pack_over_the_byte_limit),
        case("files", "g05-too-many-files", too_many_files),
        case("files", "g06-too-many-scripts", too_many_scripts),
        case("files", "g07-kind-with-too-many-fields", kind_with_too_many_fields),
        case("files", "g08-millions-of-type-errors", millions_of_type_errors),
        case("files", "g09-millions-of-unknown-references", millions_of_unknown_references),
        case("files", "g10-named-pipe", named_pipe),
        case("saves", "00-intact-save-plays-on", intact_save),
        case("saves", "01-truncated", truncated_save),
        case("saves", "02-flipped-bytes", flipped_save),
        case("saves", "03-edited-state-with-its-hash", edited_state),
        case("saves", "04-edited-choices", edited_choices),
        case("saves", "05-foreign-pack", foreign_pack),
        case("saves", "06-oversized", oversized_save),
        case("saves", "07-deeply-nested", nested_save),
        case("saves", "08-shortened-pending-answers", shortened_answers),
        case("saves", "09-choice-dropped-from-both-lists", dropped_choice),
        case("saves", "10-not-a-save", not_a_save),
    ]
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Copies the files of `from` (one level) into `to`.
fn copy_files(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for entry in std::fs::read_dir(from).map_err(|e| e.to_string())?.filter_map(Result::ok) {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- packs

/// 3,000 layers, each `extends` the one before: deep enough to overflow the stack
/// of a loader that recurses once per layer.
fn extends_chain(dir: &Path) -> Result<(), String> {
    let mini = crate::repo().join("tests/bad-packs/43-memory-bomb");
    copy_files(&mini.join("content/mini"), &dir.join("content/p0"))?;
    let base = std::fs::read_to_string(dir.join("content/p0/pack.ron")).map_err(|e| e.to_string())?;
    write(&dir.join("content/p0/pack.ron"), &base.replace("id: \"mini\"", "id: \"p0\""))?;
    write(&dir.join("scripts/p0/main.lua"), "local M = {}\nM.game = {}\nfunction M.game.run(g, ctx)\n    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })\nend\nreturn M\n")?;
    const DEPTH: usize = 3000;
    for i in 1..=DEPTH {
        let layer = format!("Pack(\n    id: \"p{i}\",\n    name: \"Layer {i}\",\n    version: \"0.1.0\",\n    extends: Some(\"p{}\"),\n)\n", i - 1);
        write(&dir.join(format!("content/p{i}/pack.ron")), &layer)?;
    }
    write(&dir.join("pack.txt"), &format!("p{DEPTH}\n"))?;
    write(&dir.join("expect.txt"), "# A 3,000-deep extends chain: refused for its depth, not a stack overflow.\nrefused: extends\n")
}

// ---------------------------------------------------------------- files


const MINI_SCHEMA: &str = r#"Schema(
    records: {
        "cell": { "at": Hex, "terrain": OneOf(["open", "rough", "wall"]) },
    },
    kinds: {
        "tile": { "name": Text, "cells": List(Record("cell")) },
        "start": { "tile": Ref("tile"), "at": Hex },
        "token": { "name": Text, "value": Int, "hidden": Bool, "tags": Opt(List(Text)) },
        "plan": { "name": Text, "energy": Int, "effect": Opt(Script) },
    },
)
"#;

const MINI_ITEMS: &str = r#"[
    tile(id: "meadow", name: "The Meadow", cells: [cell(at: (0, 0), terrain: open)]),
    start(id: "north", tile: "meadow", at: (1, -1)),
    token(id: "gem", name: "Gem", value: 3, hidden: true, tags: Some(["shiny"])),
    plan(id: "walk", name: "Walk", energy: 1),
]
"#;

const MINI_LUA: &str = "--- A game that ends at once.\nlocal M = {}\nM.game = {}\n\n---@param g Game\nfunction M.game.run(g, ctx)\n    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })\n    return nil\nend\n\nreturn M\n";

/// Mini Meadow's `pack.ron` with the given `files` and `scripts` lists.
fn mini_pack(files: &str, scripts: &str) -> String {
    format!(
        "Pack(\n    id: \"mini\",\n    name: \"Mini Meadow\",\n    version: \"0.1.0\",\n    players: (2, 2),\n    files: {files},\n    scripts: {scripts},\n    start: \"game\",\n    steps: [\n        Step(id: \"game\", handler: \"main.game\"),\n    ],\n)\n"
    )
}

/// Writes Mini Meadow (one step that ends the game) into `dir`, with `items.ron`
/// replaced by `items`, and `expect` as its `expect.txt`.
fn mini(dir: &Path, items: &str, expect: &str) -> Result<(), String> {
    write(&dir.join("content/mini/pack.ron"), &mini_pack(r#"["items.ron"]"#, r#"["main.lua"]"#))?;
    write(&dir.join("content/mini/schema.ron"), MINI_SCHEMA)?;
    write(&dir.join("content/mini/items.ron"), items)?;
    write(&dir.join("scripts/mini/main.lua"), MINI_LUA)?;
    write(&dir.join("expect.txt"), expect)
}

/// A definition file of `n` entries in all (one tile and `n - 1` starts on it).
fn many_definitions(n: usize) -> String {
    use std::fmt::Write as _;
    let mut text = String::from("[\n    tile(id: \"meadow\", name: \"The Meadow\", cells: [cell(at: (0, 0), terrain: open)]),\n");
    for i in 0..n - 1 {
        let _ = writeln!(text, "    start(id: \"s{i}\", tile: \"meadow\", at: ({}, {})),", i % 50, i / 50);
    }
    text.push_str("]\n");
    text
}

/// As many definitions as a pack may have: loading took 48 s when duplicate ids were
/// found by scanning every entry read before; it must be linear.
fn definitions_at_the_limit(dir: &Path) -> Result<(), String> {
    let expect = format!("# {MAX_DEFINITIONS} definitions, as many as a pack may have: loading took 48 s\n# (each id was looked for among all those read before); it must be linear.\nplayed\n");
    mini(dir, &many_definitions(MAX_DEFINITIONS), &expect)
}

fn definitions_over_the_limit(dir: &Path) -> Result<(), String> {
    mini(dir, &many_definitions(MAX_DEFINITIONS + 1), "# One definition more than a pack may have.\nrefused: MAX_DEFINITIONS\n")
}

/// 86 MB of Lua: compiling it took 3.7 GB, outside the scripts' memory cap.
fn script_of_86_mb(dir: &Path) -> Result<(), String> {
    mini(dir, MINI_ITEMS, "# A script of 86 MB: compiling it took 3.7 GB outside any cap.\nrefused: a script may have\n")?;
    let mut script = MINI_LUA.replace("return M\n", "");
    while script.len() < 86_000_000 {
        script.push_str("local _ = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 }\n");
    }
    script.push_str("return M\n");
    write(&dir.join("scripts/mini/main.lua"), &script)
}

/// Nine well-formed definition files adding up to more than a pack may read.
fn pack_over_the_byte_limit(dir: &Path) -> Result<(), String> {
    mini(dir, MINI_ITEMS, "# Definition files adding up to more than a pack may read.\nrefused: MAX_PACK_BYTES\n")?;
    let filler = "    // filler\n";
    let chunk = format!("[\n{}]\n", filler.repeat(MAX_PACK_BYTES as usize / 8 / filler.len() + 1));
    let names: Vec<String> = (0..9).map(|i| format!("\"fill{i}.ron\"")).collect();
    for i in 0..9 {
        write(&dir.join(format!("content/mini/fill{i}.ron")), &chunk)?;
    }
    write(&dir.join("content/mini/pack.ron"), &mini_pack(&format!("[\"items.ron\", {}]", names.join(", ")), r#"["main.lua"]"#))
}

fn too_many_files(dir: &Path) -> Result<(), String> {
    mini(dir, MINI_ITEMS, "# More definition files than a pack may list.\nrefused: MAX_FILES\n")?;
    for i in 0..=MAX_FILES {
        write(&dir.join(format!("content/mini/f{i}.ron")), "[]\n")?;
    }
    let names: Vec<String> = (0..=MAX_FILES).map(|i| format!("\"f{i}.ron\"")).collect();
    write(&dir.join("content/mini/pack.ron"), &mini_pack(&format!("[\"items.ron\", {}]", names.join(", ")), r#"["main.lua"]"#))
}

fn too_many_scripts(dir: &Path) -> Result<(), String> {
    mini(dir, MINI_ITEMS, "# More scripts than a pack may list.\nrefused: MAX_SCRIPTS\n")?;
    for i in 0..=MAX_SCRIPTS {
        write(&dir.join(format!("scripts/mini/m{i}.lua")), "return {}\n")?;
    }
    let names: Vec<String> = (0..=MAX_SCRIPTS).map(|i| format!("\"m{i}.lua\"")).collect();
    write(&dir.join("content/mini/pack.ron"), &mini_pack(r#"["items.ron"]"#, &format!("[\"main.lua\", {}]", names.join(", "))))
}

/// A kind of 50,000 optional fields and 50,000 entries of it: every entry copied and
/// scanned the whole field list (2.5 billion steps).
fn kind_with_too_many_fields(dir: &Path) -> Result<(), String> {
    use std::fmt::Write as _;
    let mut items = MINI_ITEMS.trim_end().trim_end_matches(']').to_owned();
    for i in 0..50_000 {
        let _ = writeln!(items, "    wide(id: \"w{i}\", f{i}: 1),");
    }
    items.push_str("]\n");
    let expect = format!("# A kind declaring 50,000 fields (a kind may declare {MAX_FIELDS}), and as many entries.\nrefused: MAX_FIELDS\n");
    mini(dir, &items, &expect)?;
    let mut wide = String::new();
    for i in 0..50_000 {
        let _ = write!(wide, "\"f{i}\": Opt(Int), ");
    }
    write(&dir.join("content/mini/schema.ron"), &MINI_SCHEMA.replace("    kinds: {\n", &format!("    kinds: {{\n        \"wide\": {{ {wide}}},\n")))
}

/// One entry whose list holds millions of values of the wrong type: an error per
/// value took gigabytes and aborted.
fn millions_of_type_errors(dir: &Path) -> Result<(), String> {
    long_list(dir, "List(Text)", "1,", "values of the wrong type")
}

/// The same with references to no entry: each was kept, then reported.
fn millions_of_unknown_references(dir: &Path) -> Result<(), String> {
    long_list(dir, "List(Ref(\"tile\"))", "\"a\",", "references to no entry")
}

fn long_list(dir: &Path, ty: &str, value: &str, what: &str) -> Result<(), String> {
    let list = value.repeat((MAX_PACK_BYTES as usize - 4096) / value.len());
    let items = format!("{}    big(id: \"b\", x: [{list}]),\n]\n", MINI_ITEMS.trim_end().trim_end_matches(']'));
    mini(dir, &items, &format!("# A list of millions of {what}, in as many bytes as a pack may have.\nrefused: more errors follow\n"))?;
    write(&dir.join("content/mini/schema.ron"), &MINI_SCHEMA.replace("    kinds: {\n", &format!("    kinds: {{\n        \"big\": {{ \"x\": {ty} }},\n")))
}

/// A named pipe where a script should be: reading it blocked for ever (made with
/// `mkfifo`).
fn named_pipe(dir: &Path) -> Result<(), String> {
    mini(dir, MINI_ITEMS, "# A named pipe listed as a script.\nrefused: scripts/mini/pipe.lua is not a regular file\n")?;
    write(&dir.join("content/mini/pack.ron"), &mini_pack(r#"["items.ron"]"#, r#"["main.lua", "pipe.lua"]"#))?;
    let made = std::process::Command::new("mkfifo").arg(dir.join("scripts/mini/pipe.lua")).status().is_ok_and(|s| s.success());
    if made {
        Ok(())
    } else {
        Err("mkfifo failed: cannot make the named pipe".into())
    }
}

// ---------------------------------------------------------------- saves

/// A pack root holding the toy fixture, and a save of a toy game in progress
/// (`save.ron`, 2 seats, seed 7, about half played).
fn toy_with_save(dir: &Path) -> Result<SaveFile, String> {
    let fixtures = fixtures();
    copy_files(&fixtures.join("content/toy"), &dir.join("content/toy"))?;
    copy_files(&fixtures.join("scripts/toy"), &dir.join("scripts/toy"))?;
    let rules = Arc::new(content::load(&dir.join("content/toy")).map_err(|e| format!("the toy fixture does not load: {e:?}"))?);
    let mut game = Game::new(rules, 2, 7, Vec::new()).map_err(|e| e.to_string())?;
    for _ in 0..6 {
        let Some(pending) = game.pending() else { break };
        let seat = pending.waiting_seats()[0];
        let Some((_, decision)) = pending.open_for(seat) else { break };
        let choice = candidates(decision, 1).into_iter().next().ok_or("a decision without answers")?;
        game.act(seat, choice).map_err(|e| e.to_string())?;
    }
    if game.state.history.len() < 2 {
        return Err("the toy game ended before a save could be made in progress".into());
    }
    replay::write(&game, &dir.join("save.ron")).map_err(|e| e.to_string())?;
    Ok(replay::save(&game))
}

/// `play --load` of the case's save with two random bots.
const LOAD: &str = "args: play --load {case}/save.ron --seats random,random --plain\n";

fn save_case(dir: &Path, about: &str, outcome: &str, text: &str) -> Result<(), String> {
    write(&dir.join("save.ron"), text)?;
    write(&dir.join("expect.txt"), &format!("# {about}\n{outcome}\n{LOAD}"))
}

fn pretty(save: &SaveFile) -> Result<String, String> {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())
}

fn intact_save(dir: &Path) -> Result<(), String> {
    let save = toy_with_save(dir)?;
    save_case(dir, "The undamaged save: it loads and the bots play it to the end.", "played", &pretty(&save)?)
}

fn truncated_save(dir: &Path) -> Result<(), String> {
    toy_with_save(dir)?;
    let text = std::fs::read_to_string(dir.join("save.ron")).map_err(|e| e.to_string())?;
    save_case(dir, "The save cut in the middle.", "refused: not a valid save file", &text[..text.len() / 2])
}

fn flipped_save(dir: &Path) -> Result<(), String> {
    toy_with_save(dir)?;
    let mut bytes = std::fs::read(dir.join("save.ron")).map_err(|e| e.to_string())?;
    // Flip bits all through the file: the result is garbage that must not load.
    for i in (bytes.len() / 7..bytes.len()).step_by(97) {
        bytes[i] ^= 0x5a;
    }
    std::fs::write(dir.join("save.ron"), &bytes).map_err(|e| e.to_string())?;
    write(&dir.join("expect.txt"), &format!("# Bytes flipped all through the save.\nrefused: save\n{LOAD}"))
}

fn edited_state(dir: &Path) -> Result<(), String> {
    let mut save = toy_with_save(dir)?;
    // Give seat 1 a score of 999 and recompute the hash, as a forger would.
    let score = orrery::sym::Sym::new("score");
    save.state.seats[0].set(score, orrery::value::Value::Int(999));
    save.hash = replay::state_hash(&save.state);
    save_case(dir, "A seat's score set to 999 in the stored state, with the hash recomputed.", "refused: does not match", &pretty(&save)?)
}

fn edited_choices(dir: &Path) -> Result<(), String> {
    let mut save = toy_with_save(dir)?;
    let last = save.history.len() - 1;
    save.history[last].choice = orrery::flow::Choice::Pick(9999);
    save.state.history = save.history.clone().into();
    save.hash = replay::state_hash(&save.state);
    save_case(dir, "A choice in the history replaced by one the game never offered.", "refused: choice", &pretty(&save)?)
}

fn foreign_pack(dir: &Path) -> Result<(), String> {
    let save = toy_with_save(dir)?;
    let text = pretty(&save)?.replace("pack: \"toy\"", "pack: \"../../etc\"");
    save_case(dir, "A save naming a pack outside the root.", "refused: pack", &text)
}

fn oversized_save(dir: &Path) -> Result<(), String> {
    let save = toy_with_save(dir)?;
    let mut text = pretty(&save)?;
    // 300 MiB of padding in a string the format allows: the loader must refuse the
    // size before reading it all.
    let padding = " ".repeat(300 * 1024 * 1024);
    text.insert_str(text.len() - 2, &padding);
    save_case(dir, "A 300 MiB save.", "refused: too large", &text)
}

fn nested_save(dir: &Path) -> Result<(), String> {
    let save = toy_with_save(dir)?;
    // A value nested 100,000 lists deep where the state keeps a script value: a
    // reader that recursed once per level would overflow its stack.
    let depth = 100_000;
    let nested = format!("{}Int(1){}", "List([".repeat(depth), "])".repeat(depth));
    let text = pretty(&save)?;
    let Some(at) = text.find("Int(") else { return Err("the toy save holds no integer value".into()) };
    let end = at + text[at..].find(')').unwrap_or(0) + 1;
    let text = format!("{}{nested}{}", &text[..at], &text[end..]);
    save_case(dir, "A script value in the save nested 100,000 lists deep.", "refused: not a valid save file", &text)
}

fn shortened_answers(dir: &Path) -> Result<(), String> {
    let mut save = toy_with_save(dir)?;
    match save.state.pending.as_mut() {
        Some(pending) => std::sync::Arc::make_mut(pending).answers.clear(),
        None => return Err("the toy save has no pending decision".into()),
    }
    save.hash = replay::state_hash(&save.state);
    save_case(dir, "The pending decision's answer slots removed, with the hash recomputed.", "refused: does not match", &pretty(&save)?)
}

fn dropped_choice(dir: &Path) -> Result<(), String> {
    let mut save = toy_with_save(dir)?;
    save.history.pop();
    save.state.history.pop();
    save.hash = replay::state_hash(&save.state);
    save_case(dir, "The last choice removed from both lists: the stored state is no longer where the choices lead.", "refused: does not match", &pretty(&save)?)
}

fn not_a_save(dir: &Path) -> Result<(), String> {
    toy_with_save(dir)?;
    save_case(dir, "A file that is not a save at all.", "refused: not a valid save file", "\u{1b}[2J\u{1b}]0;owned\u{7}binary\0garbage")
}

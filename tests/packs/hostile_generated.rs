//! The hostile cases too large to commit, written by code when the tests start: a
//! pack of exactly as many definitions as a pack may have (loading must be linear),
//! one past each limit of `orrery::content::limits`, and files the loader must not
//! open at all (a named pipe). Each case is a small pack root like the committed
//! cases of `tests/hostile/packs/` (Mini Meadow with one step that ends the game),
//! with its `expect.txt`.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The limits the cases go up to and one past (`orrery::content::limits`; repeated
/// here so that the generated text does not depend on the crate under test).
const MAX_DEFINITIONS: usize = 100_000;
const MAX_PACK_BYTES: usize = 8 * 1024 * 1024;
const MAX_FILES: usize = 1_000;
const MAX_SCRIPTS: usize = 1_000;
const MAX_FIELDS: usize = 256;

const SCHEMA: &str = r#"Schema(
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

const ITEMS: &str = r#"[
    tile(id: "meadow", name: "The Meadow", cells: [cell(at: (0, 0), terrain: open)]),
    start(id: "north", tile: "meadow", at: (1, -1)),
    token(id: "gem", name: "Gem", value: 3, hidden: true, tags: Some(["shiny"])),
    plan(id: "walk", name: "Walk", energy: 1),
]
"#;

const MAIN_LUA: &str = r#"--- A game that ends at once.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M
"#;

/// A Mini Meadow pack to change: each file by its path under the case root.
struct Case {
    files: Vec<(String, Vec<u8>)>,
}

impl Case {
    fn mini() -> Case {
        let mut case = Case { files: Vec::new() };
        case.set("content/mini/pack.ron", pack_ron(r#"["items.ron"]"#, r#"["main.lua"]"#).into_bytes());
        case.set("content/mini/schema.ron", SCHEMA.as_bytes().to_vec());
        case.set("content/mini/items.ron", ITEMS.as_bytes().to_vec());
        case.set("scripts/mini/main.lua", MAIN_LUA.as_bytes().to_vec());
        case
    }

    fn set(&mut self, path: &str, bytes: Vec<u8>) {
        self.files.retain(|(p, _)| p != path);
        self.files.push((path.to_owned(), bytes));
    }

    /// Writes the case to `dir/<class>/<name>` with its `expect.txt`.
    fn write(self, dir: &Path, class: &str, name: &str, expect: &str) -> (String, String, PathBuf) {
        let root = dir.join(class).join(name);
        let _ = fs::remove_dir_all(&root);
        for (path, bytes) in &self.files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().expect("a file has a directory")).expect("create the case's directories");
            fs::write(&path, bytes).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        }
        fs::write(root.join("expect.txt"), expect).expect("write expect.txt");
        (class.to_owned(), name.to_owned(), root)
    }
}

fn pack_ron(files: &str, scripts: &str) -> String {
    format!(
        r#"Pack(
    id: "mini",
    name: "Mini Meadow",
    version: "0.1.0",
    players: (2, 2),
    files: {files},
    scripts: {scripts},
    start: "game",
    steps: [
        Step(id: "game", handler: "main.game"),
    ],
)
"#
    )
}

/// A definition file of `n` entries in all (one tile and `n - 1` starts on it).
fn many_definitions(n: usize) -> Vec<u8> {
    let mut text = String::from("[\n    tile(id: \"meadow\", name: \"The Meadow\", cells: [cell(at: (0, 0), terrain: open)]),\n");
    for i in 0..n - 1 {
        let _ = writeln!(text, "    start(id: \"s{i}\", tile: \"meadow\", at: ({}, {})),", i % 50, i / 50);
    }
    text.push_str("]\n");
    text.into_bytes()
}

/// Writes every generated case under `dir`: `(class, name, case root)` for each.
pub fn generated_cases(dir: &Path) -> Vec<(String, String, PathBuf)> {
    let mut cases = Vec::new();

    let mut case = Case::mini();
    case.set("content/mini/items.ron", many_definitions(MAX_DEFINITIONS));
    cases.push(case.write(
        dir,
        "files",
        "g01-definitions-at-the-limit",
        "# As many definitions as a pack may have: loading took 48 s (duplicate ids were\n\
         # found by scanning every entry read before); it must be linear.\nplayed\n",
    ));

    let mut case = Case::mini();
    case.set("content/mini/items.ron", many_definitions(MAX_DEFINITIONS + 1));
    cases.push(case.write(dir, "files", "g02-definitions-over-the-limit", "# One definition more than a pack may have.\nrefused: MAX_DEFINITIONS\n"));

    // 86 MB of statements: compiling it took 3.7 GB outside the scripts' memory cap.
    let mut case = Case::mini();
    let mut script = MAIN_LUA.replace("return M\n", "");
    while script.len() < 86_000_000 {
        script.push_str("local _ = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 }\n");
    }
    script.push_str("return M\n");
    case.set("scripts/mini/main.lua", script.into_bytes());
    cases.push(case.write(dir, "files", "g03-script-of-86-mb", "# A script of 86 MB.\nrefused: a script may have\n"));

    // Definition files that add up to more than a pack may read (each well formed).
    let mut case = Case::mini();
    let filler = "    // filler\n";
    let chunk = format!("[\n{}]\n", filler.repeat(MAX_PACK_BYTES / 8 / filler.len() + 1));
    let names: Vec<String> = (0..9).map(|i| format!("\"fill{i}.ron\"")).collect();
    for i in 0..9 {
        case.set(&format!("content/mini/fill{i}.ron"), chunk.clone().into_bytes());
    }
    case.set("content/mini/pack.ron", pack_ron(&format!("[\"items.ron\", {}]", names.join(", ")), r#"["main.lua"]"#).into_bytes());
    cases.push(case.write(dir, "files", "g04-pack-over-the-byte-limit", "# Definition files adding up to more than a pack may read.\nrefused: MAX_PACK_BYTES\n"));

    let mut case = Case::mini();
    let names: Vec<String> = (0..=MAX_FILES).map(|i| format!("\"f{i}.ron\"")).collect();
    for i in 0..=MAX_FILES {
        case.set(&format!("content/mini/f{i}.ron"), b"[]\n".to_vec());
    }
    case.set("content/mini/pack.ron", pack_ron(&format!("[\"items.ron\", {}]", names.join(", ")), r#"["main.lua"]"#).into_bytes());
    cases.push(case.write(dir, "files", "g05-too-many-files", "# More definition files than a pack may list.\nrefused: MAX_FILES\n"));

    let mut case = Case::mini();
    let names: Vec<String> = (0..=MAX_SCRIPTS).map(|i| format!("\"m{i}.lua\"")).collect();
    for i in 0..=MAX_SCRIPTS {
        case.set(&format!("scripts/mini/m{i}.lua"), b"return {}\n".to_vec());
    }
    case.set("content/mini/pack.ron", pack_ron(r#"["items.ron"]"#, &format!("[\"main.lua\", {}]", names.join(", "))).into_bytes());
    cases.push(case.write(dir, "files", "g06-too-many-scripts", "# More scripts than a pack may list.\nrefused: MAX_SCRIPTS\n"));

    // A kind of 50,000 optional fields and 50,000 entries of it: every entry used to
    // copy and scan the whole field list (2.5 billion steps).
    let mut case = Case::mini();
    let mut wide = String::new();
    for i in 0..50_000 {
        let _ = write!(wide, "\"f{i}\": Opt(Int), ");
    }
    case.set("content/mini/schema.ron", SCHEMA.replace("    kinds: {\n", &format!("    kinds: {{\n        \"wide\": {{ {wide}}},\n")).into_bytes());
    let mut items = ITEMS.trim_end().trim_end_matches(']').to_owned();
    for i in 0..50_000 {
        let _ = writeln!(items, "    wide(id: \"w{i}\", f{i}: 1),");
    }
    items.push_str("]\n");
    case.set("content/mini/items.ron", items.into_bytes());
    let expect = format!("# A kind declaring 50,000 fields (a kind may declare {MAX_FIELDS}), and as many entries.\nrefused: MAX_FIELDS\n");
    cases.push(case.write(dir, "files", "g07-kind-with-too-many-fields", &expect));

    // One entry whose list holds millions of wrong values, then of unknown references:
    // an error (or a reference to check) per value took gigabytes and aborted.
    for (name, ty, value, what) in [("g09-millions-of-type-errors", "List(Text)", "1,", "values of the wrong type"), ("g10-millions-of-unknown-references", "List(Ref(\"tile\"))", "\"a\",", "references to no entry")] {
        let mut case = Case::mini();
        case.set("content/mini/schema.ron", SCHEMA.replace("    kinds: {\n", &format!("    kinds: {{\n        \"big\": {{ \"x\": {ty} }},\n")).into_bytes());
        let list = value.repeat((MAX_PACK_BYTES - 4096) / value.len());
        let items = format!("{}    big(id: \"b\", x: [{list}]),\n]\n", ITEMS.trim_end().trim_end_matches(']'));
        case.set("content/mini/items.ron", items.into_bytes());
        cases.push(case.write(dir, "files", name, &format!("# A list of millions of {what}, in as many bytes as a pack may have.\nrefused: more errors follow\n")));
    }

    // A named pipe where a script should be: reading it blocked for ever.
    let mut case = Case::mini();
    case.set("content/mini/pack.ron", pack_ron(r#"["items.ron"]"#, r#"["main.lua", "pipe.lua"]"#).into_bytes());
    let (class, name, root) = case.write(dir, "files", "g08-named-pipe", "# A named pipe listed as a script.\nrefused: scripts/mini/pipe.lua is not a regular file\n");
    let made = std::process::Command::new("mkfifo").arg(root.join("scripts/mini/pipe.lua")).status().is_ok_and(|s| s.success());
    if made {
        cases.push((class, name, root));
    }

    cases
}

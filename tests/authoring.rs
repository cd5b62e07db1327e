//! The authoring commands: `orrery api` (the scripting reference and editor type
//! definitions) and `orrery new` (a pack from a template), run as a pack author
//! would, against the toy fixture pack's `starter` template.

use crate::common::{fixtures, orrery, text, tmp};
use orrery::script::reference;
use std::path::Path;
use std::process::Command;

fn root() -> String {
    fixtures().display().to_string()
}

/// A fresh, empty directory for one test.
fn empty_dir(name: &str) -> std::path::PathBuf {
    let dir = tmp(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the test directory");
    dir
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[test]
fn api_prints_every_registered_method_and_the_contracts() {
    let out = orrery(&["api"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let mut count = 0;
    for (_, m) in reference::methods() {
        assert!(stdout.contains(&format!("`g:{}(", m.name)), "g:{} is not in the reference", m.name);
        count += 1;
    }
    assert!(count > 60, "only {count} methods documented");
    for section in ["## Sandbox", "## Steps", "## Decisions", "## Reaction windows", "## Types", "## The game handle `g`"] {
        assert!(stdout.contains(section), "missing {section}");
    }
}

#[test]
fn api_defs_writes_a_luau_lsp_definitions_file() {
    let dir = empty_dir("api-defs");
    let file = dir.join("types.d.luau");
    let out = orrery(&["api", "--defs", &file.display().to_string()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("luau-lsp.types.definitionFiles"), "says how to use it: {stdout}");
    let defs = read(&file);
    assert!(defs.contains("luau-lsp.types.definitionFiles"), "the header says how to use it");
    assert!(defs.contains("declare class Game"));
    for (_, m) in reference::methods() {
        assert!(defs.contains(&format!("\tfunction {}(self", m.name)), "g:{} is not declared", m.name);
    }
    for t in reference::TYPES {
        assert!(defs.contains(&format!("export type {} = ", t.name)), "type {} is not declared", t.name);
    }
}

#[test]
fn api_defs_defaults_to_orrery_d_luau_and_offers_lua_ls() {
    let dir = empty_dir("api-defs-default");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).current_dir(&dir).output().expect("orrery runs")
    };
    assert!(run(&["api", "--defs"]).status.success());
    assert!(read(&dir.join("orrery.d.luau")).contains("declare class Game"));
    assert!(run(&["api", "--defs", "--defs-format", "lua-ls"]).status.success());
    let meta = read(&dir.join("orrery.d.lua"));
    assert!(meta.starts_with("---@meta"));
    for (_, m) in reference::methods() {
        assert!(meta.contains(&format!("function Game:{}(", m.name)), "g:{} is not declared", m.name);
    }
}

#[test]
fn new_scaffolds_a_pack_that_checks_and_plays() {
    let dir = empty_dir("new-pack");
    let dir_arg = dir.display().to_string();
    let out = orrery(&["--root", &root(), "new", "starter", "Zorg Hive_Two", "--dir", &dir_arg]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    // The name is slugged into the id; `{{module}}` also renames the script file.
    let content = dir.join("content/zorg-hive-two");
    let script = dir.join("scripts/zorg-hive-two/zorg_hive_two.lua");
    let manifest = read(&content.join("pack.ron"));
    assert!(manifest.contains("id: \"zorg-hive-two\"") && manifest.contains("name: \"Zorg Hive_Two\""), "{manifest}");
    assert!(manifest.contains("handler: \"zorg_hive_two.game\""), "{manifest}");
    assert!(read(&script).starts_with("--- Zorg Hive_Two: "));
    assert!(!read(&script).contains("{{"), "every placeholder is filled");
    assert!(read(&script).contains("{ label = defs.prize[id].name"), "other braces stay as written");
    for line in ["content/zorg-hive-two/pack.ron", "scripts/zorg-hive-two/zorg_hive_two.lua", "check zorg-hive-two", "simulate --pack zorg-hive-two --players 2"] {
        assert!(stdout.contains(line), "the report lists `{line}`:\n{stdout}");
    }

    let out = orrery(&["--root", &dir_arg, "check", "zorg-hive-two"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "the new pack checks: {stderr}");
    assert!(stdout.starts_with("ok: zorg-hive-two 0.1.0"), "{stdout}");
    let out = orrery(&["--root", &dir_arg, "simulate", "--pack", "zorg-hive-two", "--players", "3", "--games", "5", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {:?}", text(&out)));
    assert_eq!((report["finished"].as_u64(), report["errors"].as_u64()), (Some(5), Some(0)), "{report}");
}

#[test]
fn new_refuses_to_overwrite_an_existing_pack() {
    let dir = empty_dir("new-twice");
    let dir_arg = dir.display().to_string();
    let first = orrery(&["--root", &root(), "new", "starter", "Twice", "--dir", &dir_arg]);
    assert!(first.status.success(), "{:?}", text(&first));
    let script = dir.join("scripts/twice/twice.lua");
    std::fs::write(&script, "-- my own work\nreturn {}\n").expect("edit the script");
    let again = orrery(&["--root", &root(), "new", "starter", "twice", "--dir", &dir_arg]);
    let (_, stderr) = text(&again);
    assert!(!again.status.success());
    assert!(stderr.contains("already exists") && stderr.contains("twice"), "{stderr}");
    assert_eq!(read(&script), "-- my own work\nreturn {}\n", "nothing was overwritten");
}

/// The toy pack has a module `turn`; a scaffold named "Turn" would replace it.
#[test]
fn new_refuses_a_name_whose_script_would_replace_a_module_of_the_base() {
    let dir = empty_dir("new-module-taken");
    let out = orrery(&["--root", &root(), "new", "starter", "Turn", "--dir", &dir.display().to_string()]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("turn.lua") && stderr.contains("pack `toy` already has"), "{stderr}");
    assert!(!dir.join("content/turn").exists(), "nothing was written");
}

#[test]
fn new_with_an_unknown_template_lists_the_available_ones() {
    let dir = empty_dir("new-unknown");
    let out = orrery(&["--root", &root(), "new", "nosuch", "Anything", "--dir", &dir.display().to_string()]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("no template `nosuch`") && stderr.contains("starter (pack toy)"), "{stderr}");
    let out = orrery(&["--root", &root(), "new", "starter", "Anything", "--pack", "nosuchpack", "--dir", &dir.display().to_string()]);
    assert!(text(&out).1.contains("in pack `nosuchpack`"), "{:?}", text(&out));
    assert!(std::fs::read_dir(&dir).expect("dir").next().is_none(), "nothing was written");
}

#[test]
fn new_refuses_names_that_make_no_pack_id() {
    let dir = empty_dir("new-bad-name");
    for bad in ["!!!", "7 Seas", "Say \"hi\""] {
        let out = orrery(&["--root", &root(), "new", "starter", bad, "--dir", &dir.display().to_string()]);
        assert!(!out.status.success(), "`{bad}` should be refused");
        assert!(text(&out).1.contains("cannot make a pack id"), "{:?}", text(&out));
    }
}

//! The reference as type definitions for editors: a luau-lsp definitions file and a
//! lua-language-server `---@meta` file, both printed from the same tables.
//!
//! luau-lsp cannot hide what the sandbox leaves out (`os`, `print`, `math.random`),
//! so both files say so in their header instead.

use super::types::{self, Ty};
use super::{methods, GLOBALS, TYPES};
use std::fmt::Write as _;

const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Parses a type of the tables; they are checked by the tests, so a failure here is
/// a bug in a table, shown in the output rather than hidden.
fn parse(text: &str) -> Ty {
    types::parse(text).unwrap_or_else(|e| Ty::Name(format!("any --[[ {e} ]]")))
}

fn params(text: &str) -> Vec<(String, Ty)> {
    types::parse_params(text).unwrap_or_default()
}

fn returns(text: &str) -> Vec<Ty> {
    types::parse_returns(text).unwrap_or_else(|e| vec![Ty::Name(format!("any --[[ {e} ]]"))])
}

/// Comment lines: `prefix` before each line of `text`, wrapped at about 90 columns.
fn comment(out: &mut String, prefix: &str, text: &str) {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + word.len() > 88 {
            let _ = writeln!(out, "{prefix}{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{prefix}{line}");
    }
}

/// The luau-lsp definitions file (`orrery.d.luau`).
pub fn luau() -> String {
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "-- Orrery {VERSION} scripting API: type definitions for luau-lsp, written by `orrery api --defs`.");
    let _ = writeln!(w, "-- Regenerate it after upgrading Orrery; `orrery api` prints the same reference as text.");
    let _ = writeln!(w, "--");
    let _ = writeln!(w, "-- VS Code (.vscode/settings.json at the Orrery root):");
    let _ = writeln!(w, "--   \"luau-lsp.platform.type\": \"standard\",");
    let _ = writeln!(w, "--   \"luau-lsp.types.definitionFiles\": {{ \"@orrery\": \"orrery.d.luau\" }},");
    let _ = writeln!(w, "--   \"files.associations\": {{ \"*.lua\": \"luau\" }}");
    let _ = writeln!(w, "-- (older luau-lsp versions take a list: \"luau-lsp.types.definitionFiles\": [\"orrery.d.luau\"]).");
    let _ = writeln!(w, "-- From a shell: luau-lsp analyze --platform=standard --definitions=@orrery=orrery.d.luau scripts/<pack>/*.lua");
    let _ = writeln!(w, "--");
    let _ = writeln!(w, "-- Annotate hook parameters (`function M.turn.run(g: Game, ctx: Ctx)`) or step tables");
    let _ = writeln!(w, "-- (`M.turn = {{}} :: Step`). The sandbox has no io, os, debug, coroutine, print, load or");
    let _ = writeln!(w, "-- math.random, although luau-lsp still offers them.\n");
    for t in TYPES {
        comment(w, "--- ", t.doc);
        let _ = writeln!(w, "export type {} = {}\n", t.name, types::luau(&parse(t.ty)));
    }
    let _ = writeln!(w, "--- The game handle that every hook receives as `g`.");
    let _ = writeln!(w, "declare class Game");
    for (_, m) in methods() {
        comment(w, "\t--- ", m.doc);
        let mut list = vec!["self".to_owned()];
        list.extend(params(m.params).iter().map(|(n, t)| format!("{n}: {}", types::luau(t))));
        let _ = writeln!(w, "\tfunction {}({}): {}", m.name, list.join(", "), types::luau_returns(&returns(m.returns)));
    }
    let _ = writeln!(w, "end\n");
    for g in GLOBALS.iter().filter(|g| g.declare) {
        comment(w, "--- ", g.doc);
        let _ = writeln!(w, "declare {}: {}\n", g.name, types::luau(&parse(g.ty)));
    }
    out
}

/// The lua-language-server meta file (`orrery.d.lua`).
pub fn lua_ls() -> String {
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "---@meta orrery");
    let _ = writeln!(w, "-- Orrery {VERSION} scripting API for lua-language-server, written by `orrery api --defs --defs-format lua-ls`.");
    let _ = writeln!(w, "-- Put this file in the workspace or list it in `Lua.workspace.library` (.luarc.json);");
    let _ = writeln!(w, "-- set `Lua.runtime.version` to \"Lua 5.1\" (Luau grew from it). The sandbox has no io, os,");
    let _ = writeln!(w, "-- debug, coroutine, print, load or math.random, although the language server still offers them.\n");
    for t in TYPES {
        comment(w, "--- ", t.doc);
        match parse(t.ty) {
            Ty::Record(fields) => {
                let _ = writeln!(w, "---@class {}", t.name);
                for f in fields {
                    let field = types::lua_ls_field(&f);
                    let (name, ty) = field.split_once(": ").unwrap_or((&field, "any"));
                    let _ = writeln!(w, "---@field {name} {ty}");
                }
            }
            other => {
                let _ = writeln!(w, "---@alias {} {}", t.name, types::lua_ls(&other));
            }
        }
        let _ = writeln!(w);
    }
    let _ = writeln!(w, "--- The game handle that every hook receives as `g`.");
    let _ = writeln!(w, "---@class Game");
    let _ = writeln!(w, "local Game = {{}}\n");
    for (_, m) in methods() {
        comment(w, "--- ", m.doc);
        let list = params(m.params);
        for (name, ty) in &list {
            match ty {
                Ty::Optional(inner) => writeln!(w, "---@param {name}? {}", types::lua_ls(inner)),
                ty => writeln!(w, "---@param {name} {}", types::lua_ls(ty)),
            }
            .unwrap_or_default();
        }
        for ty in returns(m.returns) {
            let _ = writeln!(w, "---@return {}", types::lua_ls(&ty));
        }
        let names: Vec<&str> = list.iter().map(|(n, _)| n.as_str()).collect();
        let _ = writeln!(w, "function Game:{}({}) end\n", m.name, names.join(", "));
    }
    for g in GLOBALS.iter().filter(|g| g.declare) {
        comment(w, "--- ", g.doc);
        let _ = writeln!(w, "---@type {}\n{} = {{}}\n", types::lua_ls(&parse(g.ty)), g.name);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::reference::methods;

    /// The definitions file as plain Luau: `declare` is only valid in definition
    /// files, so each declaration becomes the equivalent local. What remains goes
    /// through the real Luau parser, which checks every type annotation.
    fn as_luau_chunk(defs: &str) -> String {
        let mut out = String::from("type Game = any\n");
        let mut in_class = false;
        for line in defs.lines() {
            let trimmed = line.trim_start();
            if line.starts_with("declare class ") {
                in_class = true;
            } else if in_class && line == "end" {
                in_class = false;
            } else if in_class && trimmed.starts_with("function ") {
                out.push_str(&format!("local {trimmed} end\n"));
            } else if let Some(rest) = line.strip_prefix("declare ") {
                out.push_str(&format!("local {rest}\n"));
            } else {
                out.push_str(line);
                out.push('\n');
            }
        }
        out
    }

    #[test]
    fn the_luau_definitions_parse_and_declare_every_method() {
        let defs = luau();
        for (_, m) in methods() {
            assert!(defs.contains(&format!("\tfunction {}(self", m.name)), "g:{} is not declared", m.name);
        }
        assert!(defs.contains("declare class Game") && defs.contains("declare defs: "));
        assert!(defs.contains("luau-lsp.types.definitionFiles"));
        assert!(!defs.contains("--[["), "a type of the tables did not parse:\n{defs}");
        let chunk = as_luau_chunk(&defs);
        let lua = mlua::Lua::new();
        if let Err(e) = lua.load(chunk.as_str()).set_name("=orrery.d.luau").into_function() {
            panic!("the definitions do not parse as Luau: {e}\n{chunk}");
        }
    }

    #[test]
    fn the_lua_ls_meta_file_declares_every_method_and_type() {
        let meta = lua_ls();
        assert!(meta.starts_with("---@meta"));
        for (_, m) in methods() {
            assert!(meta.contains(&format!("function Game:{}(", m.name)), "g:{} is not declared", m.name);
        }
        for t in TYPES {
            let declared = meta.contains(&format!("---@class {}\n", t.name)) || meta.contains(&format!("---@alias {} ", t.name));
            assert!(declared, "type {} is not declared", t.name);
        }
        assert!(!meta.contains("--[["), "a type of the tables did not parse");
        assert!(meta.contains("---@param by? Seat"), "optional parameters are marked");
    }
}

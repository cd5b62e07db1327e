//! The scripting reference: everything a pack's Luau scripts can use and must
//! provide, as `orrery api` prints it (text, and type definitions for editors).
//!
//! The `g` methods are documented beside their registration (`super::api`). This
//! module adds what is not a method: the named types their signatures use, the
//! sandbox's globals, and the contracts by which the kernel calls scripts (steps,
//! decisions, reaction windows, evaluation). The tests hold the globals table to a
//! real sandbox and every type to the type language of [`types`], so the reference
//! cannot name a global or a type that does not exist.

mod defs;
mod markdown;
mod types;

pub use defs::{lua_ls as lua_ls_defs, luau as luau_defs};
pub use markdown::markdown;

use super::api::{Method, GROUPS};

/// A named type of the API: its name, its definition in the type language of
/// [`types`], and what it means.
#[derive(Clone, Copy, Debug)]
pub struct TypeDoc {
    pub name: &'static str,
    pub ty: &'static str,
    pub doc: &'static str,
}

const fn ty(name: &'static str, ty: &'static str, doc: &'static str) -> TypeDoc {
    TypeDoc { name, ty, doc }
}

/// The named types, in the order the reference explains them.
pub const TYPES: &[TypeDoc] = &[
    ty("Seat", "integer", "A seat number, from 1 to `g:seats()`."),
    ty("Entity", "integer", "An entity id. Ids are opaque and never tell which face a hidden entity has."),
    ty("Cell", "integer", "A cell id, numbered from 0 in placement order."),
    ty("Value", "any", "Plain data: nil, a boolean, a number, a string, or a table of plain data (no functions)."),
    ty("Seats", "Seat | { Seat }", "One seat or a list of seats."),
    ty("Location", "Cell | string | { zone: string, seat: Seat? } | { inside: Entity }",
        "Where an entity is: on a cell, in a zone named by a string, in a seat's own zone, or inside another entity; nil is nowhere."),
    ty("EntitySpec", "{ kind: string, face: string?, owner: Seat?, at: Location?, hidden: boolean?, props: { [string]: Value }? }",
        "What `g:create` makes: `face` defaults to the kind's name."),
    ty("EntityFilter", "{ kind: (string | { string })?, face: string?, owner: (Seat | false)?, cell: Cell?, zone: string?, seat: Seat?, inside: Entity?, nowhere: boolean?, hidden: boolean?, known_by: Seat?, has: string?, lacks: string? }",
        "Fields an entity must all match: `kind` one kind or a list of kinds (any of them), `owner = false` is unowned, `seat` narrows `zone` to a seat's zone, `nowhere = true` is in no location, `hidden` whether its face is hidden, `known_by` a seat that sees its face (as `g:knows`), `has` the name of a prop it has set, `lacks` one it has not."),
    ty("CellFilter", "{ terrain: string?, region: integer? }", "Fields a cell must all match."),
    ty("MoveRules", "{ costs: { [string]: integer | false }?, default_cost: (integer | false)?, blocked: { Cell }?, links: { string }?, link_cost: integer?, hop: { Cell }?, hop_cost: integer?, halt_after_link: { Cell }? }",
        "How a mover moves: the cost of entering a cell by terrain (false: impassable; other terrains cost `default_cost`, 1 if not given), cells it cannot enter, the link kinds it may follow (`link_cost` each), a hop set of cells all adjacent to each other (`hop_cost` each), and cells where it must stop when it arrives by a link."),
    ty("TileSpec", "{ kind: string, id: string, side: string, q: integer, r: integer, radius: integer, rotation: integer?, label: string?, default_terrain: string? }",
        "What `g:place_tile` places: `rotation` in sixths of a turn (0 if not given), `label` defaults to the id, `default_terrain` to \"space\"."),
    ty("CellInfo", "{ code: string, q: integer?, r: integer?, name: string?, region: integer, terrain: string }",
        "A cell's labelling facts: its code as maps show it and players type it (`C7`), hex coordinates (nil on a graph board), name, region (from 1) and terrain."),
    ty("RegionInfo", "{ label: string, tile: string, side: string, rotation: integer }", "A placed tile: its label, definition id, side and rotation."),
    ty("WindowSpec", "{ seats: { Seat }, offer: string, respond: string, data: Value?, quiet: boolean? }",
        "A reaction window: the seats in the order they are asked, the `module.function` names of its `Offer` and `Respond` functions, the data both receive, and whether its decisions are quiet (see Decisions)."),
    ty("Outcome", "{ scores: { integer }, ranking: { Seat } }", "The end of a game: a score per seat (seat 1 first) and every seat once, best first."),
    ty("DecisionOption", "string | { label: string?, value: Value, free: boolean? }",
        "An answer on offer: a string (its own label and value), or a label and the value `resolve` receives (without a label: the decision's labeller makes it, else the value as text). `free`: see Decisions."),
    ty("Decision", "{ seat: Seat, prompt: string?, rule: string?, help: string?, options: { DecisionOption }?, kind: (\"one\" | \"many\" | \"number\")?, min: integer?, max: integer?, pass: string?, key: string?, labels: string? }",
        "A decision a step asks; see Decisions."),
    ty("Simultaneous", "{ simultaneous: true, decisions: { Decision }, quiet: boolean? }", "Decisions of several seats answered in secret; see Decisions."),
    ty("StepResult", "Decision | Simultaneous", "What a step's `run` may return (or nil)."),
    ty("Ctx", "{ [string]: any }", "A frame's context table: plain data, kept between the calls of a step."),
    ty("Step", "{ enter: ((g: Game, ctx: Ctx) -> ())?, run: ((g: Game, ctx: Ctx) -> StepResult?)?, resolve: ((g: Game, ctx: Ctx, answer: Value) -> ())? }",
        "The table a step's `handler` names; see Steps."),
    ty("Labeller", "(g: Game, value: Value, seat: Seat) -> string", "Makes the label of an option a decision gave without one (its `labels`); see Decisions."),
    ty("Offer", "(g: Game, data: Value, seat: Seat) -> Decision?", "A reaction window's offer: a decision for `seat` (its `seat` field is not needed), or nil when the seat is not eligible."),
    ty("Respond", "(g: Game, data: Value, seat: Seat, answer: Value) -> boolean?", "A reaction window's response to a seat's answer; true closes the window."),
    ty("Evaluate", "(g: Game, seat: Seat, shared: {[string]: any}) -> number", "The function `pack.ron` names in `evaluate`: how good the position is for `seat`, for bots; `shared` is one table for all seats' calls on a position."),
    ty("SeatReport", "{ groups: { [string]: string }?, sources: { [string]: number }?, rounds: integer? }",
        "What a pack's `report` function says about one seat of a finished game; see Balance reports."),
    ty("Report", "(g: Game, seat: Seat) -> SeatReport?", "The function `pack.ron` names in `report`: one seat of a finished game, for balance reports (nil leaves the seat out)."),
];

/// A global that the kernel adds to the sandbox.
#[derive(Clone, Copy, Debug)]
pub struct GlobalDoc {
    pub name: &'static str,
    pub ty: &'static str,
    pub doc: &'static str,
    /// Whether the editor definitions declare it (`require` is the editor's own).
    pub declare: bool,
}

/// The globals the kernel adds.
pub const GLOBALS: &[GlobalDoc] = &[
    GlobalDoc {
        name: "defs",
        ty: "{ [string]: { [string]: Value } }",
        doc: "The pack's definitions, `defs[kind][id]`, as the RON files give them (frozen).",
        declare: true,
    },
    GlobalDoc {
        name: "def_ids",
        ty: "{ [string]: { string } }",
        doc: "The ids of each kind's definitions in file order, `def_ids[kind]` (frozen).",
        declare: true,
    },
    GlobalDoc {
        name: "require",
        ty: "(name: string) -> any",
        doc: "Loads the pack's script module `name` (a file listed in pack.ron's `scripts`, without `.lua`) once, and returns what it returns, frozen. Only the pack's own modules can be required, and not in a cycle.",
        declare: false,
    },
];

/// The standard libraries in the sandbox, with what is missing from them.
pub const LIBRARIES: &[(&str, &str)] = &[
    ("string", ""),
    ("table", ""),
    ("math", "no `random` or `randomseed`: use `g:roll` and `g:shuffle`"),
    ("utf8", ""),
    ("bit32", ""),
];

/// The base-library globals the sandbox keeps.
pub const BASE: &[&str] = &[
    "_G", "_VERSION", "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget", "rawlen",
    "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "typeof", "unpack", "xpcall",
];

/// What the sandbox leaves out, and why.
pub const LEFT_OUT: &str = "No `io`, `os`, `debug`, `coroutine` or `package`; no `print` (log with `g:log`), \
`load`, `loadstring`, `dofile`, `loadfile`, `getfenv`, `setfenv`, `collectgarbage`, `gcinfo` or `newproxy`: a script \
reads nothing from outside the game, and every outcome depends on the seed and the choices only.";

/// The contracts between the kernel and a pack's scripts, as (title, text).
pub const CONTRACTS: &[(&str, &str)] = &[
    ("Steps", "\
A game is a stack of frames, each a step and its context (`ctx`). Steps are declared in pack.ron \
(`Step(id: \"turn\", handler: \"module.table\")`), and a step is a Lua table (type `Step`) of up to three functions:

- `enter(g, ctx)` runs once, when the frame first reaches the top of the stack.
- `run(g, ctx)` returns a decision (the game waits for its answer) or nil (the frame is done and popped). \
If it pushed frames (`g:push(step, ctx)`), those run first and `run` is called again once they are done, \
so a step that loops is a `run` that reads its `ctx`.
- `resolve(g, ctx, answer)` receives the answer to the decision `run` returned; then `run` is called again.

`ctx` is the frame's own table: what a call writes to it is kept for the next call (as plain data). \
Scripts keep no state of their own: once a module has loaded, every table it keeps (its module table, \
module-level local tables, their metatables) is frozen, and a function that reassigns a module-level local \
is refused when the pack loads. Keep state in the game (`g:set`, `g:set_global`, entity props, `ctx`). \
The game ends when a step calls `g:finish`."),
    ("Determinism", "\
A seed and the choices reproduce a game exactly, on any machine and thread, so nothing a script sees may \
follow memory addresses or the garbage collector: `tostring` of a table or function (and `%*` in \
`string.format`, and string interpolation) gives its type alone (\"table\"); `pairs` and `next` refuse a \
table keyed by tables or functions (key by ids, or keep a list); `for k, v in t do` is refused when the \
pack loads (write `pairs(t)` or `ipairs(t)`); `setmetatable` refuses weak tables (`__mode`) and freezes \
the metatable it sets. `orrery check` plays its games twice more, on the same thread and on a fresh one, \
and reports the first act where they differ."),
    ("Decisions", "\
`run` returns a `Decision`: `seat` decides, `prompt` (default \"Choose\") says what, `rule` cites the rulebook, \
`help` explains. `kind` is \"one\" (the default: pick one of `options`), \"many\" (pick from `min`, default 0, \
to `max`, default all, of `options`) or \"number\" (a whole number from `min` to `max`, both required). \
`resolve` receives the chosen option's `value`, a list of values for \"many\", or the number. \
`pass = \"label\"` also allows passing, and `resolve` then receives nil. A decision with no legal answer \
(no options and no pass) is an error at the step that returned it. An option marked `free = true` does not end \
the seat's turn and may be repeated (bots take only a few in a row).

Labels are for people: bots and simulations choose by position. `labels = \"module.function\"` names a `Labeller` \
that makes the label of each option given without one, called only when a front end shows the decision or a \
scenario picks by label, on a copy of the game (nothing it writes stays). Searching bots then know such an \
option by its value, so give it a public, stable value (a cell, a name), not a hidden entity's id.

For secret simultaneous decisions, `run` returns `{simultaneous = true, decisions = {...}}`: `resolve` is \
called once, when every seat has answered, with `{[seat] = value}`, and until then no view shows any answer. \
To ask one seat several things at once, give every decision a distinct `key`; `resolve` then receives \
`{[seat] = {[key] = value}}`. A seat under another seat's control (`g:set_controller`) is answered for by \
its controller. Bots ask a simultaneous question again on their samples of the game, where what other seats \
hold is re-dealt, so that the options they search are not the real ones: a `run` that returns a simultaneous \
question must return the same one when called again on the same state (the contract tests check it).

Every view shows whom the game waits on. Where being asked, or being done at once, would tell what a seat \
holds in secret (a card it may react with: a seat with nothing to play answers a pass-only question \
instantly, bots and servers make forced answers at once), add `quiet = true` to the simultaneous table or \
the reaction window: while such a decision is open, each viewer is shown every other seat as waiting, and \
itself only while it has a decision open."),
    ("Reaction windows", "\
`g:window{seats =, offer =, respond =, data =}` pushes a reaction window (the kernel's own step \
`kernel.window`). Each listed seat in turn is offered `offer(g, data, seat)` (type `Offer`): a decision for \
that seat, or nil when it is not eligible. An answer goes to `respond(g, data, seat, answer)` (type \
`Respond`), which returns true to close the window early; a seat that passes is not responded for. \
`offer` and `respond` are `\"module.function\"` names; what they write to a `data` table is kept."),
    ("Evaluation", "\
pack.ron's `evaluate` names a function `f(g, seat, shared)` (type `Evaluate`) returning a number: how good \
the position is for `seat`. Bots call it for every seat in turn, on their own scratch copies of the game, so \
it should only read. `shared` is one fresh table for the calls on one position: keep there what every seat's \
score needs (who leads each area, say) to work it out once."),
    ("Balance reports", "\
pack.ron's `report` names a function `f(g, seat)` (type `Report`) that `orrery simulate` calls for every \
seat when a game ends. It returns `groups` (axis = label, e.g. the seat's faction and starting side: win \
rates are reported per label), `sources` (name = number: where the seat's score came from; they should \
add up to the score, which the report checks) and optionally `rounds` (the game's length in rounds), or \
nil to leave a seat out (one nobody plays). Like `evaluate`, it should only read."),
    ("Scenario snippets", "\
Scenario files run Lua snippets (set-ups and checks) in the same sandbox with `g` as a global; an \
expression's value is returned, anything else runs as a chunk."),
];

/// Every documented `g` method, group by group.
pub fn methods() -> impl Iterator<Item = (&'static str, &'static Method)> {
    GROUPS.iter().flat_map(|(title, docs)| docs.iter().map(move |m| (*title, m)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::ScriptHost;
    use mlua::{Table, Value as LuaValue};
    use std::collections::BTreeSet;

    fn known() -> BTreeSet<String> {
        let builtin = ["integer", "number", "string", "boolean", "nil", "any", "true", "false", "Game"];
        builtin.iter().map(|s| s.to_string()).chain(TYPES.iter().map(|t| t.name.to_owned())).collect()
    }

    fn check(what: &str, parsed: Result<Vec<types::Ty>, String>) {
        let parsed = parsed.unwrap_or_else(|e| panic!("{what}: {e}"));
        let mut names = Vec::new();
        parsed.iter().for_each(|t| types::names(t, &mut names));
        let known = known();
        for name in names {
            assert!(known.contains(&name), "{what} names the unknown type `{name}`");
        }
    }

    #[test]
    fn every_type_in_the_reference_parses_and_names_known_types() {
        for (_, m) in methods() {
            check(&format!("g:{} parameters", m.name), types::parse_params(m.params).map(|p| p.into_iter().map(|(_, t)| t).collect()));
            check(&format!("g:{} returns", m.name), types::parse_returns(m.returns));
        }
        for t in TYPES {
            check(&format!("type {}", t.name), types::parse(t.ty).map(|t| vec![t]));
        }
        for g in GLOBALS {
            check(&format!("global {}", g.name), types::parse(g.ty).map(|t| vec![t]));
        }
        let names: BTreeSet<&str> = TYPES.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), TYPES.len(), "a type is declared twice");
    }

    /// A real script host, for the toy fixture pack.
    fn host() -> ScriptHost {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/content/toy");
        let rules = crate::content::load(&dir).unwrap_or_else(|e| panic!("the toy pack loads: {e}"));
        ScriptHost::new(&rules).unwrap_or_else(|e| panic!("the toy scripts load: {e}"))
    }

    /// Keys of a table and of the tables its metatable's `__index` chain reaches
    /// (a sandboxed VM reads globals through such a chain).
    fn keys(table: Table) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mut current = Some(table);
        while let Some(t) = current {
            for pair in t.pairs::<LuaValue, LuaValue>() {
                if let Ok((LuaValue::String(k), _)) = pair {
                    out.insert(k.to_string_lossy());
                }
            }
            current = t.metatable().and_then(|m| m.raw_get::<Option<Table>>("__index").ok().flatten());
        }
        out
    }

    #[test]
    fn the_documented_globals_are_exactly_the_sandbox_globals() {
        let host = host();
        let actual = keys(host.lua().globals());
        let documented: BTreeSet<String> = BASE
            .iter()
            .copied()
            .chain(LIBRARIES.iter().map(|(name, _)| *name))
            .chain(GLOBALS.iter().map(|g| g.name))
            .map(str::to_owned)
            .collect();
        let undocumented: Vec<_> = actual.difference(&documented).collect();
        let missing: Vec<_> = documented.difference(&actual).collect();
        assert!(undocumented.is_empty(), "globals in the sandbox but not in the reference: {undocumented:?}");
        assert!(missing.is_empty(), "globals in the reference but not in the sandbox: {missing:?}");
        let math: Table = host.lua().globals().get("math").expect("math");
        assert!(math.raw_get::<LuaValue>("random").expect("read").is_nil(), "math.random must stay out");
    }
}

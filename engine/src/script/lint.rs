//! Load-time checks for the two things in a script that no sandbox can stop at run
//! time, both of which would let a replay or a simulation diverge.
//!
//! - [`state_writes`]: a function that reassigns a module-level `local`
//!   (`count += 1`) carries state from one call — and one game — to the next. Tables
//!   a module keeps are frozen once it has loaded (`freeze.rs`), so a write *into*
//!   one (`cache[k] = v`, `table.insert(CACHE, x)`) already fails when it runs; but
//!   Luau has no read-only upvalues, so a reassignment can only be caught here.
//! - [`direct_iterations`]: `for k, v in t do` walks a table in the VM's own order,
//!   which for keys that are tables or functions follows memory addresses; `pairs`
//!   refuses such keys (`stable.lua`), but iteration over a table given directly
//!   calls no function that could.
//!
//! Both work on a light tokenizer (strings and comments skipped, blocks and brackets
//! tracked), report `file:line`, and take linear time. They are heuristics: what
//! slips past them (a reassignment hidden from the tokenizer, a call that returns a
//! table to iterate) is caught, if it changes a game, by `orrery check` playing
//! every game twice and on another thread.

use std::collections::{HashMap, HashSet};

/// One offending write: line and the module-level name written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateWrite {
    pub line: usize,
    pub name: String,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok<'a> {
    Word(&'a str),
    Sym(char),
}

/// Splits Luau source into words and symbols with line numbers, skipping strings,
/// comments and numbers.
fn tokens(src: &str) -> Vec<(usize, Tok<'_>)> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line) = (0usize, 1usize);
    let long_bracket = |i: usize| -> Option<usize> {
        // `[[` or `[==[`: returns the number of `=`.
        if bytes.get(i) != Some(&b'[') {
            return None;
        }
        let mut j = i + 1;
        while bytes.get(j) == Some(&b'=') {
            j += 1;
        }
        (bytes.get(j) == Some(&b'[')).then_some(j - i - 1)
    };
    let skip_long = |mut i: usize, level: usize, line: &mut usize| -> usize {
        let close = format!("]{}]", "=".repeat(level));
        while i < bytes.len() {
            if bytes[i] == b'\n' {
                *line += 1;
            }
            // Bytes, not `str` slicing: `i` may fall inside a multi-byte character.
            if bytes[i..].starts_with(close.as_bytes()) {
                return i + close.len();
            }
            i += 1;
        }
        i
    };
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b'-' if bytes.get(i + 1) == Some(&b'-') => {
                if let Some(level) = long_bracket(i + 2) {
                    i = skip_long(i + 2 + level + 2, level, &mut line);
                } else {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
            }
            b'"' | b'\'' | b'`' => {
                i += 1;
                while i < bytes.len() && bytes[i] != c {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    if i < bytes.len() && bytes[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            b'[' if long_bracket(i).is_some() => {
                let level = long_bracket(i).unwrap_or(0);
                i = skip_long(i + level + 2, level, &mut line);
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                out.push((line, Tok::Word(&src[start..i])));
            }
            _ if c.is_ascii_digit() => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.' || bytes[i] == b'_') {
                    i += 1;
                }
            }
            _ if c.is_ascii_whitespace() => i += 1,
            _ => {
                out.push((line, Tok::Sym(c as char)));
                i += 1;
            }
        }
    }
    out
}

/// Finds reassignments of module-level locals inside function bodies.
///
/// Linear in the length of the source: every lookup is a set or a counter, never a
/// scan back over the tokens (hostile sources are long).
pub fn state_writes(src: &str) -> Vec<StateWrite> {
    let toks = tokens(src);
    let mut module_locals: HashSet<&str> = HashSet::new();
    // Block stack: true for a function body; `in_functions` counts the trues.
    let mut blocks: Vec<bool> = Vec::new();
    let mut in_functions = 0usize;
    // The names each open block declares, and how many open blocks declare each name.
    let mut shadowed: Vec<Vec<&str>> = vec![Vec::new()];
    let mut shadow_count: HashMap<&str, usize> = HashMap::new();
    // The last `if` or `elseif` seen: whether the next `then` opens a block.
    let mut last_condition_is_elseif = false;
    let mut found = Vec::new();
    let mut pending_do = 0usize; // `for`/`while` headers whose `do` opens their block
    let mut brackets: Vec<char> = Vec::new(); // innermost `{` means `name =` is a field key
    let mut i = 0;
    while i < toks.len() {
        let (line, tok) = toks[i];
        match tok {
            Tok::Word("function") => {
                blocks.push(true);
                in_functions += 1;
                let mut scope = Vec::new();
                // Parameters shadow module locals. The `(` follows the function's
                // name (`a.b:c`), so the search stops at anything else.
                let open = toks[i + 1..]
                    .iter()
                    .position(|(_, t)| !matches!(t, Tok::Word(_) | Tok::Sym('.') | Tok::Sym(':')))
                    .map(|p| i + 1 + p)
                    .filter(|&p| toks[p].1 == Tok::Sym('('));
                if let Some(open) = open {
                    let mut j = open + 1;
                    while j < toks.len() && toks[j].1 != Tok::Sym(')') {
                        if let Tok::Word(w) = toks[j].1 {
                            scope.push(w);
                        }
                        j += 1;
                    }
                }
                for name in &scope {
                    *shadow_count.entry(name).or_default() += 1;
                }
                shadowed.push(scope);
            }
            Tok::Word("if") => last_condition_is_elseif = false,
            Tok::Word("elseif") => last_condition_is_elseif = true,
            Tok::Sym(c @ ('{' | '(' | '[')) => brackets.push(c),
            Tok::Sym('}' | ')' | ']') => {
                brackets.pop();
            }
            Tok::Word("for") | Tok::Word("while") => pending_do += 1,
            Tok::Word("do") => {
                pending_do = pending_do.saturating_sub(1);
                blocks.push(false);
                shadowed.push(Vec::new());
            }
            Tok::Word("then") => {
                // `elseif … then` continues the `if` block rather than opening one.
                if !last_condition_is_elseif {
                    blocks.push(false);
                    shadowed.push(Vec::new());
                }
            }
            Tok::Word("repeat") => {
                blocks.push(false);
                shadowed.push(Vec::new());
            }
            Tok::Word("end") | Tok::Word("until") => {
                if blocks.pop() == Some(true) {
                    in_functions -= 1;
                }
                if shadowed.len() > 1 {
                    for name in shadowed.pop().unwrap_or_default() {
                        if let Some(n) = shadow_count.get_mut(name) {
                            *n = n.saturating_sub(1);
                        }
                    }
                }
            }
            Tok::Word("local") => {
                let mut j = i + 1;
                if toks.get(j).map(|t| t.1) == Some(Tok::Word("function")) {
                    if let Some((_, Tok::Word(name))) = toks.get(j + 1) {
                        if blocks.is_empty() {
                            module_locals.insert(name);
                        } else if let Some(s) = shadowed.last_mut() {
                            s.push(name);
                            *shadow_count.entry(name).or_default() += 1;
                        }
                    }
                } else {
                    while let Some((_, Tok::Word(name))) = toks.get(j) {
                        if blocks.is_empty() {
                            module_locals.insert(name);
                        } else if let Some(s) = shadowed.last_mut() {
                            s.push(name);
                            *shadow_count.entry(name).or_default() += 1;
                        }
                        if toks.get(j + 1).map(|t| t.1) == Some(Tok::Sym(',')) {
                            j += 2;
                        } else {
                            break;
                        }
                    }
                    i = j;
                }
            }
            Tok::Word(name) if in_functions > 0 && module_locals.contains(&name) => {
                let in_constructor = brackets.last() == Some(&'{');
                let is_key = in_constructor && matches!(toks[i - 1].1, Tok::Sym('{') | Tok::Sym(',') | Tok::Sym(';'));
                let is_shadowed = is_key || shadow_count.get(name).is_some_and(|&n| n > 0);
                let prev_is_access = i > 0 && matches!(toks[i - 1].1, Tok::Sym('.') | Tok::Sym(':'));
                if !is_shadowed && !prev_is_access && assigns_after(&toks, i + 1, !in_constructor) {
                    found.push(StateWrite { line, name: name.to_owned() });
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// How far [`assigns_after`] looks ahead: further targets of one assignment
/// (`a, b.c, d[1] = …`) fit easily, and the bound keeps the lint linear.
const LOOKAHEAD: usize = 64;

/// Whether the tokens after a name make it the target of an assignment: `=`, `op=`,
/// or (when `lists`: not inside a table constructor, where `a, b = 1` is a field) a
/// list of further targets followed by `=`. A write *into* the named table
/// (`name[k] = v`, `name.x = v`) is not a reassignment; freezing stops those.
fn assigns_after(toks: &[(usize, Tok<'_>)], start: usize, lists: bool) -> bool {
    let at = |j: usize| toks.get(j).map(|t| t.1);
    let mut j = start;
    while j < start + LOOKAHEAD {
        match at(j) {
            Some(Tok::Sym('=')) => return at(j + 1) != Some(Tok::Sym('=')),
            Some(Tok::Sym('+' | '-' | '*' | '/' | '%' | '^')) => return at(j + 1) == Some(Tok::Sym('=')),
            Some(Tok::Sym('.')) if at(j + 1) == Some(Tok::Sym('.')) => {
                return at(j + 2) == Some(Tok::Sym('=')) && at(j + 3) != Some(Tok::Sym('='))
            }
            // `, target`: a name, then any `.field` or `[key]` steps.
            Some(Tok::Sym(',')) if lists && matches!(at(j + 1), Some(Tok::Word(_))) => {
                j += 2;
                loop {
                    match at(j) {
                        Some(Tok::Sym('.')) if matches!(at(j + 1), Some(Tok::Word(_))) => j += 2,
                        Some(Tok::Sym('[')) => {
                            let mut depth = 0usize;
                            while j < start + LOOKAHEAD {
                                match at(j) {
                                    Some(Tok::Sym('[')) => depth += 1,
                                    Some(Tok::Sym(']')) => depth -= 1,
                                    None => return false,
                                    _ => {}
                                }
                                j += 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                        }
                        _ => break,
                    }
                }
            }
            _ => return false,
        }
    }
    false
}

/// Words after which `(` or `{` starts an expression rather than a call's arguments.
const KEYWORDS: &[&str] = &[
    "and", "break", "do", "else", "elseif", "end", "for", "function", "if", "in", "local", "not", "or", "repeat", "return", "then",
    "until", "while",
];

/// Lines of `for … in <expression> do` loops whose one expression is not a call, so
/// that Luau iterates a table given directly, in its own order. A call (`pairs(t)`,
/// `ipairs(t)`, `g:each{…}`, any iterator) or an explicit `f, s, k` list passes;
/// so does a call that *returns* a table, which only running can tell.
pub fn direct_iterations(src: &str) -> Vec<usize> {
    /// An open `for … in` header: its line, the bracket depth of its expression,
    /// and whether a `,` at that depth made it a list.
    struct Header {
        line: usize,
        depth: usize,
        list: bool,
    }
    let toks = tokens(src);
    // Per open bracket: whether it opens a call's arguments.
    let mut brackets: Vec<bool> = Vec::new();
    let mut headers: Vec<Header> = Vec::new();
    // The index of the last token that closed a call's arguments.
    let mut call_closed_at = None;
    let mut found = Vec::new();
    for (i, &(_, tok)) in toks.iter().enumerate() {
        match tok {
            Tok::Word("in") => {
                // A generic `for`: `for name, name in`; the look back stops at the
                // first token that cannot be in a name list.
                let mut j = i;
                while j >= 2 && matches!(toks[j - 1].1, Tok::Word(w) if !KEYWORDS.contains(&w)) && toks[j - 2].1 == Tok::Sym(',') {
                    j -= 2;
                }
                if j >= 2 && matches!(toks[j - 1].1, Tok::Word(w) if !KEYWORDS.contains(&w)) && toks[j - 2].1 == Tok::Word("for") {
                    headers.push(Header { line: toks[j - 2].0, depth: brackets.len(), list: false });
                }
            }
            Tok::Sym(',') => {
                if let Some(h) = headers.last_mut().filter(|h| h.depth == brackets.len()) {
                    h.list = true;
                }
            }
            Tok::Word("do") => {
                if headers.last().is_some_and(|h| h.depth == brackets.len()) {
                    let h = headers.pop().expect("just looked");
                    if !h.list && call_closed_at.is_none_or(|c| c + 1 != i) {
                        found.push(h.line);
                    }
                }
            }
            Tok::Sym('(' | '{' | '[') => {
                let call = i > 0
                    && matches!(tok, Tok::Sym('(' | '{'))
                    && match toks[i - 1].1 {
                        Tok::Word(w) => !KEYWORDS.contains(&w),
                        Tok::Sym(c) => matches!(c, ')' | ']' | '}'),
                    };
                brackets.push(call);
            }
            Tok::Sym(')' | '}' | ']') => {
                if brackets.pop() == Some(true) {
                    call_closed_at = Some(i);
                }
            }
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_reassigned_in_a_function_is_found() {
        let src = "local count = 0\nlocal M = {}\nfunction M.bump()\n  count += 1\n  return count\nend\nreturn M";
        assert_eq!(state_writes(src), vec![StateWrite { line: 4, name: "count".into() }]);
    }

    #[test]
    fn writes_into_module_tables_are_left_to_freezing() {
        // The table is frozen once the module has loaded (freeze.rs): the write fails
        // when it runs, and a helper that fills it at load time stays legal.
        let src = "local cache = {}\nlocal function get(k)\n  if not cache[k] then\n    cache[k] = 1\n    table.insert(cache, k)\n  end\n  return cache[k]\nend\nreturn { get = get }";
        assert_eq!(state_writes(src), vec![]);
    }

    #[test]
    fn reassigning_the_returned_module_or_a_listed_target_is_found() {
        let src = "local M = {}\nlocal n, t = 0, {}\nfunction M.f()\n  M = {}\n  t.x, n = 1, 2\n  return { a, n = 1 }\nend\nreturn M";
        let found: Vec<_> = state_writes(src).into_iter().map(|w| (w.line, w.name)).collect();
        assert_eq!(found, vec![(4, "M".to_owned()), (5, "n".to_owned())]);
    }

    #[test]
    fn iterating_a_table_directly_is_found() {
        let src = "local t = {}\nfor k, v in t do end\nfor k in (t) do end\nfor _, v in a.b do end\nfor k, v in pairs(t) do end\nfor i, v in ipairs(f(t)) do end\nfor x in g:each{kind = 1} do end\nfor k, v in next, t do end\nfor i = 1, 3 do end\nwhile x do end";
        assert_eq!(direct_iterations(src), vec![2, 3, 4]);
    }

    #[test]
    fn load_time_writes_locals_and_parameters_are_allowed() {
        let src = "local T = {}\nfor i = 1, 3 do T[i] = i end\nlocal M = {}\nfunction M.f(T, x)\n  local y = 1\n  y += 1\n  T[1] = x == 2\n  return y\nend\nfunction M.g()\n  local T = {}\n  T.x = 1\n  return T\nend\nreturn M";
        assert_eq!(state_writes(src), vec![]);
    }

    #[test]
    fn table_keys_and_fields_of_the_returned_module_are_not_writes() {
        let src = "local label = 'x'\nlocal M = {}\nfunction M.f()\n  M.extra = 1\n  return { label = label, n = 1 }\nend\nreturn M";
        assert_eq!(state_writes(src), vec![]);
    }

    #[test]
    fn non_ascii_text_in_long_comments_and_strings_is_skipped() {
        let src = "local n = 0\nlocal M = {}\n--[[ Mántidos, Félidos ]]\nfunction M.f()\n  local s = [==[ Orión ]==]\n  n = 1\nend\nreturn M";
        assert_eq!(state_writes(src), vec![StateWrite { line: 6, name: "n".into() }]);
    }

    #[test]
    fn hostile_sources_take_linear_time() {
        // Unmatched `then`s, `function`s without parentheses and many module locals
        // each made the lint scan back or ahead over the whole source.
        let mut src = String::new();
        for i in 0..20_000 {
            src.push_str(&format!("local v{i} = {i}\n"));
        }
        src.push_str("function f()\n");
        src.push_str(&"x then function ".repeat(20_000));
        let started = std::time::Instant::now();
        state_writes(&src);
        direct_iterations(&src);
        let iterations = format!("function f()\n{}{}", "for a, b in (x, y, z, ".repeat(20_000), "n, n, n, ".repeat(20_000));
        state_writes(&iterations);
        direct_iterations(&iterations);
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "took {:?}", started.elapsed());
    }

    #[test]
    fn strings_and_comments_are_ignored() {
        let src = "local n = 0\nlocal M = {}\nfunction M.f()\n  -- n = 1\n  local s = \"n = 2\"\n  return [[n = 3]]\nend\nreturn M";
        assert_eq!(state_writes(src), vec![]);
    }
}

//! A load-time check that scripts keep no state between calls.
//!
//! Module tables and environments are frozen after loading, but Luau cannot freeze
//! a module-level `local`: a function that reassigns one (`count += 1`) or writes into a
//! module-level table (`cache[k] = v`) would carry state from one call — and one game
//! — to the next, breaking replays and bot search. This lint finds such writes inside
//! function bodies with a light tokenizer (strings and comments skipped, blocks
//! tracked), and reports them as `file:line`. Writes at load time (building constant
//! tables in top-level code) are allowed.

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

/// Finds writes to module-level locals inside function bodies.
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
    // The module table the chunk returns is frozen after loading, so writes to it fail
    // at run time anyway and need no lint.
    let returned = match toks.iter().rev().take(2).map(|t| t.1).collect::<Vec<_>>().as_slice() {
        [Tok::Word(name), Tok::Word("return")] => Some(*name),
        _ => None,
    };
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
            Tok::Word(name) if in_functions > 0 && module_locals.contains(&name) && Some(name) != returned => {
                let is_key = brackets.last() == Some(&'{') && matches!(toks[i - 1].1, Tok::Sym('{') | Tok::Sym(',') | Tok::Sym(';'));
                let is_shadowed = is_key || shadow_count.get(name).is_some_and(|&n| n > 0);
                let prev_is_access = i > 0 && matches!(toks[i - 1].1, Tok::Sym('.') | Tok::Sym(':'));
                if !is_shadowed && !prev_is_access && writes_after(&toks, i + 1) {
                    found.push(StateWrite { line, name: name.to_owned() });
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Whether the tokens after a name form an assignment target: `=`, `op=`, or an
/// index chain (`[..]`, `.x`) ending in one.
fn writes_after(toks: &[(usize, Tok<'_>)], mut j: usize) -> bool {
    loop {
        match toks.get(j).map(|t| t.1) {
            Some(Tok::Sym('=')) => return toks.get(j + 1).map(|t| t.1) != Some(Tok::Sym('=')),
            Some(Tok::Sym('+' | '-' | '*' | '/' | '%' | '^')) => return toks.get(j + 1).map(|t| t.1) == Some(Tok::Sym('=')),
            Some(Tok::Sym('.')) if toks.get(j + 1).map(|t| t.1) == Some(Tok::Sym('.')) => {
                return toks.get(j + 2).map(|t| t.1) == Some(Tok::Sym('=')) && toks.get(j + 3).map(|t| t.1) != Some(Tok::Sym('='))
            }
            Some(Tok::Sym('.')) => j += 2,
            Some(Tok::Sym('[')) => {
                let mut depth = 0;
                while let Some((_, t)) = toks.get(j) {
                    match t {
                        Tok::Sym('[') => depth += 1,
                        Tok::Sym(']') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                j += 1;
            }
            _ => return false,
        }
    }
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
    fn cache_table_written_in_a_function_is_found() {
        let src = "local cache = {}\nlocal function get(k)\n  if not cache[k] then\n    cache[k] = 1\n  end\n  return cache[k]\nend\nreturn { get = get }";
        assert_eq!(state_writes(src), vec![StateWrite { line: 4, name: "cache".into() }]);
    }

    #[test]
    fn load_time_writes_locals_and_parameters_are_allowed() {
        let src = "local T = {}\nfor i = 1, 3 do T[i] = i end\nlocal M = {}\nfunction M.f(T, x)\n  local y = 1\n  y += 1\n  T[1] = x == 2\n  return y\nend\nfunction M.g()\n  local T = {}\n  T.x = 1\n  return T\nend\nreturn M";
        assert_eq!(state_writes(src), vec![]);
    }

    #[test]
    fn table_keys_and_the_returned_module_are_not_writes() {
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
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "took {:?}", started.elapsed());
    }

    #[test]
    fn strings_and_comments_are_ignored() {
        let src = "local n = 0\nlocal M = {}\nfunction M.f()\n  -- n = 1\n  local s = \"n = 2\"\n  return [[n = 3]]\nend\nreturn M";
        assert_eq!(state_writes(src), vec![]);
    }
}

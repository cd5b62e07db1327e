//! The small type language of the API tables, parsed so it can be checked and
//! printed for two editors.
//!
//! The tables write types in Luau syntax plus `integer`: names, string literals,
//! `T?`, `A | B`, arrays `{ T }`, maps `{ [K]: V }`, records `{ a: T, b: U? }` and
//! function types `(a: T) -> R`. Parsing them (rather than pasting the strings into
//! the output) is what lets a test prove every type is well formed and names only
//! known types, and lets one table feed both the Luau definitions (`integer` becomes
//! `number`, Luau has no integer type) and lua-language-server annotations, whose
//! syntax differs (`T[]`, `table<K, V>`, `fun(a: T): R`).

use std::fmt::Write as _;

/// A parsed type.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Name(String),
    /// A string literal type such as `"one"`.
    Literal(String),
    Optional(Box<Ty>),
    Union(Vec<Ty>),
    Array(Box<Ty>),
    Map(Box<Ty>, Box<Ty>),
    Record(Vec<Field>),
    /// Parameters and return types (empty: returns nothing).
    Function(Vec<(String, Ty)>, Vec<Ty>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub ty: Ty,
}

/// Parses one type; the error says what was expected where.
pub fn parse(text: &str) -> Result<Ty, String> {
    let mut p = Parser { tokens: tokens(text)?, at: 0, text };
    let ty = p.ty()?;
    p.end()?;
    Ok(ty)
}

/// Parses a parameter list (`a: T, b: U?`, possibly empty).
pub fn parse_params(text: &str) -> Result<Vec<(String, Ty)>, String> {
    let mut p = Parser { tokens: tokens(text)?, at: 0, text };
    let mut params = Vec::new();
    while p.peek().is_some() {
        if !params.is_empty() {
            p.expect(",")?;
        }
        let name = p.name()?;
        p.expect(":")?;
        params.push((name, p.ty()?));
    }
    Ok(params)
}

/// Parses return types: `()` (none), `(A, B)` (several) or one type.
pub fn parse_returns(text: &str) -> Result<Vec<Ty>, String> {
    let mut p = Parser { tokens: tokens(text)?, at: 0, text };
    let list = p.returns()?;
    p.end()?;
    Ok(list)
}

/// Every type name `ty` mentions (not literals); the tests check them.
#[cfg(test)]
pub fn names(ty: &Ty, out: &mut Vec<String>) {
    match ty {
        Ty::Name(n) => out.push(n.clone()),
        Ty::Literal(_) => {}
        Ty::Optional(t) | Ty::Array(t) => names(t, out),
        Ty::Union(list) => list.iter().for_each(|t| names(t, out)),
        Ty::Map(k, v) => {
            names(k, out);
            names(v, out);
        }
        Ty::Record(fields) => fields.iter().for_each(|f| names(&f.ty, out)),
        Ty::Function(params, returns) => {
            params.iter().for_each(|(_, t)| names(t, out));
            returns.iter().for_each(|t| names(t, out));
        }
    }
}

/// The type in Luau syntax (`integer` written as `number`).
pub fn luau(ty: &Ty) -> String {
    match ty {
        Ty::Name(n) if n == "integer" => "number".into(),
        Ty::Name(n) => n.clone(),
        Ty::Literal(s) => format!("{s:?}"),
        Ty::Optional(t) => match **t {
            Ty::Union(_) | Ty::Function(..) => format!("({})?", luau(t)),
            _ => format!("{}?", luau(t)),
        },
        Ty::Union(list) => list.iter().map(luau).collect::<Vec<_>>().join(" | "),
        Ty::Array(t) => format!("{{ {} }}", luau(t)),
        Ty::Map(k, v) => format!("{{ [{}]: {} }}", luau(k), luau(v)),
        Ty::Record(fields) => {
            let fields: Vec<String> = fields.iter().map(|f| format!("{}: {}", f.name, luau(&f.ty))).collect();
            format!("{{ {} }}", fields.join(", "))
        }
        Ty::Function(params, returns) => {
            let params: Vec<String> = params.iter().map(|(n, t)| format!("{n}: {}", luau(t))).collect();
            format!("({}) -> {}", params.join(", "), luau_returns(returns))
        }
    }
}

/// Return types in Luau syntax: `()`, `T` or `(A, B)`.
pub fn luau_returns(list: &[Ty]) -> String {
    match list {
        [one] => luau(one),
        _ => format!("({})", list.iter().map(luau).collect::<Vec<_>>().join(", ")),
    }
}

/// The type in lua-language-server annotation syntax.
pub fn lua_ls(ty: &Ty) -> String {
    let grouped = |t: &Ty| match t {
        Ty::Union(_) | Ty::Function(..) | Ty::Optional(_) => format!("({})", lua_ls(t)),
        _ => lua_ls(t),
    };
    match ty {
        Ty::Name(n) => n.clone(),
        Ty::Literal(s) => format!("{s:?}"),
        Ty::Optional(t) => match **t {
            Ty::Name(_) | Ty::Literal(_) | Ty::Array(_) | Ty::Map(..) => format!("{}?", lua_ls(t)),
            Ty::Function(..) => format!("({})|nil", lua_ls(t)),
            _ => format!("{}|nil", lua_ls(t)),
        },
        Ty::Union(list) => list.iter().map(grouped).collect::<Vec<_>>().join("|"),
        Ty::Array(t) => format!("{}[]", grouped(t)),
        Ty::Map(k, v) => format!("table<{}, {}>", lua_ls(k), lua_ls(v)),
        Ty::Record(fields) => {
            let mut out = String::from("{ ");
            for (i, f) in fields.iter().enumerate() {
                let _ = write!(out, "{}{}", if i > 0 { ", " } else { "" }, lua_ls_field(f));
            }
            out + " }"
        }
        Ty::Function(params, returns) => {
            let params: Vec<String> = params.iter().map(|(n, t)| format!("{n}: {}", lua_ls(t))).collect();
            let returns: Vec<String> = returns.iter().map(lua_ls).collect();
            let returns = if returns.is_empty() { String::new() } else { format!(": {}", returns.join(", ")) };
            format!("fun({}){returns}", params.join(", "))
        }
    }
}

/// A record field as lua-language-server writes it: `name?: T` when optional.
pub fn lua_ls_field(f: &Field) -> String {
    match &f.ty {
        Ty::Optional(inner) => format!("{}?: {}", f.name, lua_ls(inner)),
        t => format!("{}: {}", f.name, lua_ls(t)),
    }
}

fn tokens(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '-' if chars.peek().is_some_and(|&(_, n)| n == '>') => {
                chars.next();
                out.push("->".into());
            }
            '{' | '}' | '[' | ']' | '(' | ')' | ':' | ',' | '|' | '?' => out.push(c.to_string()),
            '"' => {
                let end = text[i + 1..].find('"').ok_or_else(|| format!("unclosed string in `{text}`"))?;
                out.push(text[i..i + end + 2].to_owned());
                for _ in 0..=end {
                    chars.next();
                }
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let mut word = c.to_string();
                while let Some(&(_, n)) = chars.peek().filter(|(_, n)| n.is_ascii_alphanumeric() || *n == '_') {
                    word.push(n);
                    chars.next();
                }
                out.push(word);
            }
            other => return Err(format!("unexpected `{other}` in `{text}`")),
        }
    }
    Ok(out)
}

struct Parser<'a> {
    tokens: Vec<String>,
    at: usize,
    text: &'a str,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn peek_at(&self, n: usize) -> Option<&str> {
        self.tokens.get(self.at + n).map(String::as_str)
    }

    fn next(&mut self) -> Option<String> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn fail<T>(&self, expected: &str) -> Result<T, String> {
        let found = self.peek().map_or("the end".to_owned(), |t| format!("`{t}`"));
        Err(format!("expected {expected}, found {found} in `{}`", self.text))
    }

    fn expect(&mut self, token: &str) -> Result<(), String> {
        if self.peek() == Some(token) {
            self.at += 1;
            Ok(())
        } else {
            self.fail(&format!("`{token}`"))
        }
    }

    fn end(&self) -> Result<(), String> {
        if self.peek().is_none() {
            Ok(())
        } else {
            self.fail("the end")
        }
    }

    fn name(&mut self) -> Result<String, String> {
        match self.peek() {
            Some(t) if t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => Ok(self.next().unwrap_or_default()),
            _ => self.fail("a name"),
        }
    }

    fn ty(&mut self) -> Result<Ty, String> {
        let mut list = vec![self.postfix()?];
        while self.peek() == Some("|") {
            self.at += 1;
            list.push(self.postfix()?);
        }
        Ok(if list.len() == 1 { list.remove(0) } else { Ty::Union(list) })
    }

    fn postfix(&mut self) -> Result<Ty, String> {
        let mut ty = self.primary()?;
        while self.peek() == Some("?") {
            self.at += 1;
            ty = Ty::Optional(Box::new(ty));
        }
        Ok(ty)
    }

    fn primary(&mut self) -> Result<Ty, String> {
        match self.peek() {
            Some("{") => self.table(),
            Some("(") => {
                // A function type starts `()` or `(name:`; anything else is a group.
                if self.peek_at(1) == Some(")") || self.peek_at(2) == Some(":") {
                    self.function()
                } else {
                    self.at += 1;
                    let ty = self.ty()?;
                    self.expect(")")?;
                    Ok(ty)
                }
            }
            Some(t) if t.starts_with('"') => {
                let t = self.next().unwrap_or_default();
                Ok(Ty::Literal(t[1..t.len() - 1].to_owned()))
            }
            _ => Ok(Ty::Name(self.name()?)),
        }
    }

    fn table(&mut self) -> Result<Ty, String> {
        self.expect("{")?;
        let ty = if self.peek() == Some("[") {
            self.at += 1;
            let key = self.ty()?;
            self.expect("]")?;
            self.expect(":")?;
            Ty::Map(Box::new(key), Box::new(self.ty()?))
        } else if self.peek_at(1) == Some(":") {
            let mut fields = Vec::new();
            while self.peek() != Some("}") {
                if !fields.is_empty() {
                    self.expect(",")?;
                }
                let name = self.name()?;
                self.expect(":")?;
                fields.push(Field { name, ty: self.ty()? });
            }
            Ty::Record(fields)
        } else {
            Ty::Array(Box::new(self.ty()?))
        };
        self.expect("}")?;
        Ok(ty)
    }

    fn function(&mut self) -> Result<Ty, String> {
        self.expect("(")?;
        let mut params = Vec::new();
        while self.peek() != Some(")") {
            if !params.is_empty() {
                self.expect(",")?;
            }
            let name = self.name()?;
            self.expect(":")?;
            params.push((name, self.ty()?));
        }
        self.expect(")")?;
        self.expect("->")?;
        Ok(Ty::Function(params, self.returns()?))
    }

    /// `()`, `(A, B)` or one type. A single parenthesised type followed by more
    /// (`(A | B)?`) is a type, not a list.
    fn returns(&mut self) -> Result<Vec<Ty>, String> {
        if self.peek() == Some("(") && self.peek_at(1) == Some(")") {
            self.at += 2;
            return Ok(Vec::new());
        }
        let start = self.at;
        if self.peek() == Some("(") && self.peek_at(2) != Some(":") {
            self.at += 1;
            let mut list = vec![self.ty()?];
            while self.peek() == Some(",") {
                self.at += 1;
                list.push(self.ty()?);
            }
            if self.peek() == Some(")") && (list.len() > 1 || !matches!(self.peek_at(1), Some("?" | "|"))) {
                self.at += 1;
                return Ok(list);
            }
            self.at = start;
        }
        Ok(vec![self.ty()?])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_print_in_both_syntaxes() {
        let t = parse("{ owner: (Seat | false)?, cells: { Cell }, costs: { [string]: integer | false }? }").unwrap();
        assert_eq!(luau(&t), "{ owner: (Seat | false)?, cells: { Cell }, costs: { [string]: number | false }? }");
        assert_eq!(lua_ls(&t), "{ owner?: Seat|false, cells: Cell[], costs?: table<string, integer|false> }");
        let f = parse("((g: Game, ctx: Ctx) -> StepResult?)?").unwrap();
        assert_eq!(luau(&f), "((g: Game, ctx: Ctx) -> StepResult?)?");
        assert_eq!(lua_ls(&f), "(fun(g: Game, ctx: Ctx): StepResult?)|nil");
        assert_eq!(lua_ls(&parse("{ Seat | false }").unwrap()), "(Seat|false)[]");
        assert_eq!(luau(&parse("\"one\" | \"many\"").unwrap()), "\"one\" | \"many\"");
    }

    #[test]
    fn return_lists_and_parameters_parse() {
        assert_eq!(parse_returns("()").unwrap(), vec![]);
        assert_eq!(parse_returns("(integer?, integer?)").unwrap().len(), 2);
        assert_eq!(parse_returns("(Seat | false)?").unwrap().len(), 1);
        assert_eq!(parse_params("").unwrap(), vec![]);
        let p = parse_params("seat: Seat, by: Seat?").unwrap();
        assert_eq!(p[1], ("by".to_owned(), Ty::Optional(Box::new(Ty::Name("Seat".into())))));
    }

    #[test]
    fn malformed_types_are_refused() {
        for bad in ["{ Seat", "Seat |", "{ a: }", "(a: Seat)", "Seat Cell", "{ [string] Seat }", "$"] {
            assert!(parse(bad).is_err(), "`{bad}` should not parse");
        }
    }
}

//! A small, position-preserving reader for RON (Rusty Object Notation).
//!
//! Content packs are written in RON, but they are validated against a schema
//! that the pack itself declares at run time, so serde-derived structs (and
//! with them the `ron` crate's deserializer) cannot be used. Every validation
//! error must also point at `line:col` in the source, which needs the position
//! of *every* node — something the `ron` crate does not expose.
//!
//! [`parse`] turns a document into a [`Node`] tree in which each value, and
//! each struct field name, carries its [`Pos`]. The grammar follows what the
//! `ron` crate accepts: `//` and nested `/* */` comments, leading `#![...]`
//! attributes (skipped), integers (decimal, `0x`, `0o`, `0b`, `_` separators),
//! floats (including `inf` and `NaN`), booleans, strings with escapes, raw
//! strings, chars, identifiers and raw identifiers, lists, maps, tuples,
//! structs, `Some(..)` and `()`.
//!
//! The parser never panics and rejects container nesting beyond [`MAX_DEPTH`].

use std::fmt;

/// Maximum nesting depth of containers (lists, maps, tuples, structs, `Some`).
pub const MAX_DEPTH: usize = 128;

/// A 1-based source position; `col` counts chars, not bytes.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// A parsed value together with the position of its first character.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub pos: Pos,
    pub value: NodeValue,
}

/// The kinds of values a RON document can contain.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeValue {
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Char(char),
    /// A bare identifier that is not followed by `(`: an enum unit variant such as `circle`, or `None`.
    Ident(String),
    /// `Some(x)`
    Some(Box<Node>),
    /// `[a, b, c]`
    List(Vec<Node>),
    /// `{ key: value, ... }`, keys are any node
    Map(Vec<(Node, Node)>),
    /// `(a, b)` or `Name(a, b)` — positional, optional name; `Name()` has no items.
    Tuple {
        name: Option<String>,
        items: Vec<Node>,
    },
    /// `(field: v, ...)` or `Name(field: v, ...)` — named fields in source order; Field keeps the field name's position
    Struct {
        name: Option<String>,
        fields: Vec<Field>,
    },
    /// `()`
    Unit,
}

impl NodeValue {
    /// A human-readable name of the value's kind, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            NodeValue::Bool(_) => "boolean",
            NodeValue::Int(_) => "integer",
            NodeValue::Float(_) => "float",
            NodeValue::Str(_) => "string",
            NodeValue::Char(_) => "char",
            NodeValue::Ident(_) => "identifier",
            NodeValue::Some(_) => "Some",
            NodeValue::List(_) => "list",
            NodeValue::Map(_) => "map",
            NodeValue::Tuple { .. } => "tuple",
            NodeValue::Struct { .. } => "struct",
            NodeValue::Unit => "unit",
        }
    }
}

/// A named struct field; `pos` is the position of the field name.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub name: String,
    pub pos: Pos,
    pub value: Node,
}

/// A syntax error, displayed as `line:col: message`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct ParseError {
    pub pos: Pos,
    pub message: String,
}

type Result<T> = std::result::Result<T, ParseError>;

/// Parses a complete RON document: exactly one value, optionally preceded by
/// `#![...]` attributes and surrounded by whitespace and comments.
///
/// # Errors
///
/// Returns the position and description of the first syntax error, of an
/// integer out of range, or of nesting deeper than [`MAX_DEPTH`].
pub fn parse(text: &str) -> Result<Node> {
    let mut p = Parser::new(text.strip_prefix('\u{FEFF}').unwrap_or(text));
    p.skip_attributes()?;
    let node = p.parse_value()?;
    p.skip_ws()?;
    match p.peek() {
        None => Ok(node),
        Some(_) => p.unexpected("end of file"),
    }
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Raw identifiers (`r#name`) may also contain `.`, `+` and `-`, as in `ron`.
fn is_raw_ident_char(c: char) -> bool {
    is_ident_char(c) || matches!(c, '.' | '+' | '-')
}

fn is_digit_or_underscore(c: char) -> bool {
    c.is_ascii_digit() || c == '_'
}

/// A reading position, cheap to copy for backtracking.
#[derive(Clone, Copy)]
struct Cursor {
    offset: usize,
    pos: Pos,
}

struct Parser<'a> {
    src: &'a str,
    cur: Cursor,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Self {
        let cur = Cursor {
            offset: 0,
            pos: Pos { line: 1, col: 1 },
        };
        Parser { src, cur, depth: 0 }
    }

    // ----- low-level reading -----

    fn rest(&self) -> &'a str {
        &self.src[self.cur.offset..]
    }

    fn pos(&self) -> Pos {
        self.cur.pos
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek_nth(&self, n: usize) -> Option<char> {
        self.rest().chars().nth(n)
    }

    /// Consumes one char, keeping the line and column up to date.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.cur.offset += c.len_utf8();
        let pos = &mut self.cur.pos;
        if c == '\n' {
            (pos.line, pos.col) = (pos.line.saturating_add(1), 1);
        } else {
            pos.col = pos.col.saturating_add(1);
        }
        Some(c)
    }

    fn skip(&mut self, chars: usize) {
        for _ in 0..chars {
            self.bump();
        }
    }

    fn eat(&mut self, c: char) -> bool {
        let matched = self.peek() == Some(c);
        if matched {
            self.bump();
        }
        matched
    }

    /// Skips trivia, then consumes `c` or fails with "expected {what}".
    fn expect(&mut self, c: char, what: &str) -> Result<()> {
        self.skip_ws()?;
        if self.eat(c) {
            Ok(())
        } else {
            self.unexpected(what)
        }
    }

    /// Consumes chars while `f` holds and returns the consumed text.
    fn take_while(&mut self, f: impl Fn(char) -> bool) -> &'a str {
        let start = self.cur.offset;
        while self.peek().is_some_and(&f) {
            self.bump();
        }
        &self.src[start..self.cur.offset]
    }

    fn error<T>(&self, pos: Pos, message: impl Into<String>) -> Result<T> {
        Err(ParseError {
            pos,
            message: message.into(),
        })
    }

    /// An "expected X, found Y" error at the current position.
    fn unexpected<T>(&self, expected: &str) -> Result<T> {
        let found = self
            .peek()
            .map_or("end of file".to_string(), |c| format!("{c:?}"));
        self.error(self.pos(), format!("expected {expected}, found {found}"))
    }

    // ----- trivia -----

    /// Skips whitespace, line comments and (nested) block comments.
    fn skip_ws(&mut self) -> Result<()> {
        loop {
            match (self.peek(), self.peek_nth(1)) {
                (Some(c), _) if c.is_whitespace() => self.skip(1),
                (Some('/'), Some('/')) => while self.bump().is_some_and(|c| c != '\n') {},
                (Some('/'), Some('*')) => self.skip_block_comment()?,
                _ => return Ok(()),
            }
        }
    }

    fn skip_block_comment(&mut self) -> Result<()> {
        let start = self.pos();
        self.skip(2);
        let mut depth = 1;
        while depth > 0 {
            match (self.bump(), self.peek()) {
                (None, _) => return self.error(start, "unterminated block comment"),
                (Some('/'), Some('*')) => depth += 1,
                (Some('*'), Some('/')) => depth -= 1,
                _ => continue,
            }
            self.skip(1);
        }
        Ok(())
    }

    /// Skips leading `#![...]` attributes such as `#![enable(implicit_some)]`.
    fn skip_attributes(&mut self) -> Result<()> {
        self.skip_ws()?;
        while self.rest().starts_with("#![") {
            let start = self.pos();
            self.skip(3);
            let mut depth = 1;
            while depth > 0 {
                match self.bump() {
                    None => return self.error(start, "unterminated attribute"),
                    Some('[') => depth += 1,
                    Some(']') => depth -= 1,
                    Some(_) => {}
                }
            }
            self.skip_ws()?;
        }
        Ok(())
    }

    // ----- values -----

    /// Skips trivia, then parses one value.
    fn parse_value(&mut self) -> Result<Node> {
        self.skip_ws()?;
        let pos = self.pos();
        let value = match self.peek() {
            Some('[') => {
                NodeValue::List(self.nested(|p| p.parse_seq(']', "list item", Self::parse_value))?)
            }
            Some('{') => {
                NodeValue::Map(self.nested(|p| p.parse_seq('}', "map entry", Self::parse_entry))?)
            }
            Some('(') => self.parse_parenthesized(None)?,
            Some('"') => NodeValue::Str(self.parse_string()?),
            Some('\'') => NodeValue::Char(self.parse_char()?),
            Some('r') if self.at_raw_string() => NodeValue::Str(self.parse_raw_string()?),
            Some(c) if c.is_ascii_digit() || c == '+' || c == '-' => self.parse_number()?,
            Some(c) if is_ident_start(c) => self.parse_ident_value()?,
            _ => return self.unexpected("a value"),
        };
        Ok(Node { pos, value })
    }

    /// Consumes an opening delimiter and runs `f` one nesting level deeper,
    /// failing beyond [`MAX_DEPTH`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.depth >= MAX_DEPTH {
            return self.error(
                self.pos(),
                format!("nesting is deeper than {MAX_DEPTH} levels"),
            );
        }
        self.skip(1);
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    /// Parses `item (',' item)* ','? close` after the opening delimiter;
    /// `what` names an item in the "expected ',' or ..." message.
    fn parse_seq<T>(
        &mut self,
        close: char,
        what: &str,
        item: fn(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut items = Vec::new();
        loop {
            self.skip_ws()?;
            if self.eat(close) {
                return Ok(items);
            }
            items.push(item(self)?);
            self.skip_ws()?;
            if self.eat(close) {
                return Ok(items);
            }
            self.expect(',', &format!("',' or '{close}' after {what}"))?;
        }
    }

    fn parse_entry(&mut self) -> Result<(Node, Node)> {
        let key = self.parse_value()?;
        self.expect(':', "':' after map key")?;
        Ok((key, self.parse_value()?))
    }

    /// Parses `( ... )`, optionally after a name. The first item decides the
    /// shape: `ident :` makes a struct, anything else a tuple; `()` is unit.
    fn parse_parenthesized(&mut self, name: Option<String>) -> Result<NodeValue> {
        self.nested(|p| {
            p.skip_ws()?;
            if name.is_none() && p.eat(')') {
                Ok(NodeValue::Unit)
            } else if p.at_field() {
                let fields = p.parse_seq(')', "struct field", Self::parse_field)?;
                Ok(NodeValue::Struct { name, fields })
            } else {
                let items = p.parse_seq(')', "tuple item", Self::parse_value)?;
                Ok(NodeValue::Tuple { name, items })
            }
        })
    }

    /// Looks ahead, without consuming anything, for `ident :`.
    fn at_field(&mut self) -> bool {
        let saved = self.cur;
        let is_field =
            self.read_ident().is_some() && self.skip_ws().is_ok() && self.peek() == Some(':');
        self.cur = saved;
        is_field
    }

    fn parse_field(&mut self) -> Result<Field> {
        let pos = self.pos();
        let Some((name, _)) = self.read_ident() else {
            return self.unexpected("a field name");
        };
        self.expect(':', &format!("':' after field name '{name}'"))?;
        Ok(Field {
            name,
            pos,
            value: self.parse_value()?,
        })
    }

    /// Reads an identifier or a raw identifier (`r#name`, returned without
    /// the prefix), with a flag telling whether it was raw.
    fn read_ident(&mut self) -> Option<(String, bool)> {
        let rest = self.rest();
        if rest.starts_with("r#") && rest[2..].starts_with(is_raw_ident_char) {
            self.skip(2);
            Some((self.take_while(is_raw_ident_char).to_string(), true))
        } else if rest.starts_with(is_ident_start) {
            Some((self.take_while(is_ident_char).to_string(), false))
        } else {
            None
        }
    }

    /// An identifier-led value: a keyword, `Some(x)`, `Name(...)` or a bare identifier.
    fn parse_ident_value(&mut self) -> Result<NodeValue> {
        let Some((name, raw)) = self.read_ident() else {
            return self.unexpected("a value");
        };
        let keyword = match name.as_str() {
            _ if raw => None,
            "true" => Some(NodeValue::Bool(true)),
            "false" => Some(NodeValue::Bool(false)),
            "inf" => Some(NodeValue::Float(f64::INFINITY)),
            "NaN" => Some(NodeValue::Float(f64::NAN)),
            _ => None,
        };
        if let Some(value) = keyword {
            return Ok(value);
        }
        let saved = self.cur;
        self.skip_ws()?;
        if self.peek() != Some('(') {
            self.cur = saved;
            Ok(NodeValue::Ident(name))
        } else if !raw && name == "Some" {
            self.nested(|p| {
                let inner = p.parse_value()?;
                p.skip_ws()?;
                p.eat(',');
                p.expect(')', "')' after Some value")?;
                Ok(NodeValue::Some(Box::new(inner)))
            })
        } else {
            self.parse_parenthesized(Some(name))
        }
    }

    // ----- numbers -----

    /// Parses a decimal or `0x`/`0o`/`0b` integer, a float, or a signed `inf`/`NaN`.
    fn parse_number(&mut self) -> Result<NodeValue> {
        let (start, start_offset) = (self.pos(), self.cur.offset);
        let sign = self.peek().filter(|&c| c == '+' || c == '-');
        if let Some(sign) = sign {
            self.skip(1);
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                let err = self.unexpected(&format!("a number after '{sign}'"));
                return match self.take_while(is_ident_char) {
                    "inf" if sign == '-' => Ok(NodeValue::Float(f64::NEG_INFINITY)),
                    "inf" => Ok(NodeValue::Float(f64::INFINITY)),
                    "NaN" => Ok(NodeValue::Float(f64::NAN)),
                    _ => err,
                };
            }
        }
        let negative = sign == Some('-');
        match self.rest().get(..2) {
            Some("0x") => return self.parse_radix_int(start, negative, 16, "hexadecimal"),
            Some("0o") => return self.parse_radix_int(start, negative, 8, "octal"),
            Some("0b") => return self.parse_radix_int(start, negative, 2, "binary"),
            _ => {}
        }

        self.take_while(is_digit_or_underscore);
        let mut is_float = false;
        if self.peek() == Some('.') && self.peek_nth(1).is_some_and(|c| c.is_ascii_digit()) {
            is_float = true;
            self.skip(1);
            self.take_while(is_digit_or_underscore);
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            is_float = true;
            self.skip(1);
            if matches!(self.peek(), Some('+' | '-')) {
                self.skip(1);
            }
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return self.unexpected("exponent digits");
            }
            self.take_while(is_digit_or_underscore);
        }
        if self.peek().is_some_and(is_ident_char) {
            return self.unexpected("the end of the number");
        }

        let text: String = self.src[start_offset..self.cur.offset]
            .chars()
            .filter(|&c| c != '_')
            .collect();
        if is_float {
            match text.parse() {
                Ok(f) => Ok(NodeValue::Float(f)),
                Err(_) => self.error(start, format!("invalid float '{text}'")),
            }
        } else {
            match text.parse() {
                Ok(i) => Ok(NodeValue::Int(i)),
                Err(_) => self.error(
                    start,
                    format!("integer {text} is out of range for a 64-bit integer"),
                ),
            }
        }
    }

    /// Parses the `0x`/`0o`/`0b` prefix and digits of an integer (after any sign).
    fn parse_radix_int(
        &mut self,
        start: Pos,
        negative: bool,
        radix: u32,
        kind: &str,
    ) -> Result<NodeValue> {
        self.skip(2);
        let mut digits = String::from(if negative { "-" } else { "" });
        while let Some(c) = self.peek().filter(|&c| is_ident_char(c)) {
            if c != '_' {
                if !c.is_digit(radix) {
                    return self
                        .error(self.pos(), format!("invalid digit {c:?} in {kind} integer"));
                }
                digits.push(c);
            }
            self.skip(1);
        }
        if digits.trim_start_matches('-').is_empty() {
            return self.unexpected(&format!("{kind} digits"));
        }
        match i64::from_str_radix(&digits, radix) {
            Ok(i) => Ok(NodeValue::Int(i)),
            Err(_) => self.error(
                start,
                format!("{kind} integer is out of range for a 64-bit integer"),
            ),
        }
    }

    // ----- strings and chars -----

    fn parse_string(&mut self) -> Result<String> {
        let start = self.pos();
        self.skip(1);
        let mut out = String::new();
        loop {
            let pos = self.pos();
            match self.bump() {
                None => return self.error(start, "unterminated string"),
                Some('"') => return Ok(out),
                Some('\\') => out.push(self.parse_escape(pos)?),
                Some(c) => out.push(c),
            }
        }
    }

    /// Decodes the escape sequence whose backslash was at `start`.
    fn parse_escape(&mut self, start: Pos) -> Result<char> {
        Ok(match self.bump() {
            Some('\\') => '\\',
            Some('"') => '"',
            Some('\'') => '\'',
            Some('n') => '\n',
            Some('t') => '\t',
            Some('r') => '\r',
            Some('0') => '\0',
            Some('u') => return self.parse_unicode_escape(start),
            Some(c) => {
                return self.error(
                    start,
                    format!("unknown escape sequence '\\{}'", c.escape_default()),
                )
            }
            None => return self.error(start, "unterminated escape sequence"),
        })
    }

    /// Decodes `\u{1F600}` (1 to 6 hex digits) or the JSON-style `\u00E9`.
    fn parse_unicode_escape(&mut self, start: Pos) -> Result<char> {
        let braced = self.eat('{');
        let max = if braced { 6 } else { 4 };
        let mut digits = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_hexdigit() && digits.len() < max)
        {
            digits.push(c);
            self.skip(1);
        }
        let well_formed = if braced {
            !digits.is_empty() && self.eat('}')
        } else {
            digits.len() == 4
        };
        if !well_formed {
            return self.error(
                start,
                "invalid unicode escape, expected '\\u{...}' with 1 to 6 hex digits",
            );
        }
        match u32::from_str_radix(&digits, 16)
            .ok()
            .and_then(char::from_u32)
        {
            Some(c) => Ok(c),
            None => self.error(
                start,
                format!("invalid unicode escape: {digits} is not a unicode scalar value"),
            ),
        }
    }

    fn parse_char(&mut self) -> Result<char> {
        let start = self.pos();
        self.skip(1);
        let pos = self.pos();
        let c = match self.bump() {
            Some('\\') => self.parse_escape(pos)?,
            Some('\'') => return self.error(start, "empty char literal"),
            Some(c) => c,
            None => return self.error(start, "unterminated char literal"),
        };
        if !self.eat('\'') {
            return self.unexpected("''' to close char literal");
        }
        Ok(c)
    }

    /// Whether the input is at `r"` or `r#..."`.
    fn at_raw_string(&self) -> bool {
        self.rest()
            .strip_prefix('r')
            .is_some_and(|s| s.trim_start_matches('#').starts_with('"'))
    }

    /// Parses `r"..."` or `r#"..."#`: no escapes; it ends at `"` followed by
    /// as many `#` as it started with.
    fn parse_raw_string(&mut self) -> Result<String> {
        let start = self.pos();
        self.skip(1);
        let hashes = self.take_while(|c| c == '#').len();
        self.skip(1);
        let closing = format!("\"{}", "#".repeat(hashes));
        let Some(len) = self.rest().find(&closing) else {
            return self.error(start, "unterminated raw string");
        };
        let body = self.rest()[..len].to_string();
        self.skip(body.chars().count() + closing.len());
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }

    fn value(text: &str) -> NodeValue {
        parse(text)
            .unwrap_or_else(|e| panic!("{text:?} failed: {e}"))
            .value
    }

    fn err(text: &str) -> ParseError {
        match parse(text) {
            Ok(node) => panic!("{text:?} unexpectedly parsed as {node:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn scalars_parse_to_expected_values() {
        assert_eq!(value("true"), NodeValue::Bool(true));
        assert_eq!(value("false"), NodeValue::Bool(false));
        assert_eq!(value("-1_000"), NodeValue::Int(-1000));
        assert_eq!(value("+7"), NodeValue::Int(7));
        assert_eq!(value("0xFF"), NodeValue::Int(255));
        assert_eq!(value("0o17"), NodeValue::Int(15));
        assert_eq!(value("0b1010_1010"), NodeValue::Int(170));
        assert_eq!(value("-0x10"), NodeValue::Int(-16));
        assert_eq!(value("1.5"), NodeValue::Float(1.5));
        assert_eq!(value("-2.0e3"), NodeValue::Float(-2000.0));
        assert_eq!(value("1e2"), NodeValue::Float(100.0));
        assert_eq!(value("inf"), NodeValue::Float(f64::INFINITY));
        assert_eq!(value("-inf"), NodeValue::Float(f64::NEG_INFINITY));
        assert!(matches!(value("NaN"), NodeValue::Float(f) if f.is_nan()));
        assert_eq!(value("'a'"), NodeValue::Char('a'));
        assert_eq!(value(r"'\n'"), NodeValue::Char('\n'));
        assert_eq!(value("circle"), NodeValue::Ident("circle".into()));
        assert_eq!(value("None"), NodeValue::Ident("None".into()));
        assert_eq!(value("()"), NodeValue::Unit);
    }

    #[test]
    fn integer_range_is_checked() {
        assert_eq!(value("9223372036854775807"), NodeValue::Int(i64::MAX));
        assert_eq!(value("-9223372036854775808"), NodeValue::Int(i64::MIN));
        assert_eq!(value("-0x8000000000000000"), NodeValue::Int(i64::MIN));
        assert!(err("9223372036854775808").message.contains("out of range"));
        assert!(err("0x8000000000000000").message.contains("out of range"));
        assert_eq!(err("[1, 0x1G]").pos, p(1, 8));
        assert_eq!(
            err("0x").message,
            "expected hexadecimal digits, found end of file"
        );
        assert_eq!(
            err("12ab").message,
            "expected the end of the number, found 'a'"
        );
        assert_eq!(err("-x").message, "expected a number after '-', found 'x'");
    }

    #[test]
    fn string_escapes_are_decoded() {
        let text = r#""a\\b\"c\nd\te\rf\0g\u{1F600}\u00e9\'""#;
        assert_eq!(
            value(text),
            NodeValue::Str("a\\b\"c\nd\te\rf\0g\u{1F600}\u{e9}'".into())
        );
        assert_eq!(value("\"two\nlines\""), NodeValue::Str("two\nlines".into()));
    }

    #[test]
    fn raw_strings_keep_backslashes() {
        assert_eq!(
            value(r#"r"C:\path\n""#),
            NodeValue::Str(r"C:\path\n".into())
        );
        assert_eq!(
            value(r###"r##"say "#hi"#"##"###),
            NodeValue::Str(r##"say "#hi"#"##.into())
        );
        let e = err("[r#\"open\"]");
        assert_eq!(
            (e.pos, e.message.as_str()),
            (p(1, 2), "unterminated raw string")
        );
    }

    #[test]
    fn invalid_escape_reports_backslash_position() {
        let e = err("\"ok\\q\"");
        assert_eq!(e.pos, p(1, 4));
        assert_eq!(e.message, "unknown escape sequence '\\q'");
        assert_eq!(err(r#""\u{D800}""#).pos, p(1, 2));
        assert_eq!(err(r#""\u{}""#).pos, p(1, 2));
    }

    #[test]
    fn unterminated_string_points_at_opening_quote() {
        let e = err("(\n  name: \"abc\n)");
        assert_eq!(e.pos, p(2, 9));
        assert_eq!(e.message, "unterminated string");
        assert_eq!(e.to_string(), "2:9: unterminated string");
    }

    #[test]
    fn struct_fields_keep_positions() {
        let text = "Body(\n    name: \"Disc\",\n    kind: circle,\n)";
        let node = parse(text).unwrap();
        assert_eq!(node.pos, p(1, 1));
        let NodeValue::Struct { name, fields } = node.value else {
            panic!("not a struct")
        };
        assert_eq!(name.as_deref(), Some("Body"));
        assert_eq!(fields.len(), 2);
        assert_eq!(
            (fields[0].name.as_str(), fields[0].pos, fields[0].value.pos),
            ("name", p(2, 5), p(2, 11))
        );
        assert_eq!(
            fields[1].value,
            Node {
                pos: p(3, 11),
                value: NodeValue::Ident("circle".into())
            }
        );
    }

    #[test]
    fn columns_count_chars_not_bytes() {
        let node = parse("[\"héllo→\", 42]").unwrap();
        let NodeValue::List(items) = node.value else {
            panic!("not a list")
        };
        assert_eq!(items[1].pos, p(1, 12));
    }

    #[test]
    fn crlf_line_endings_keep_positions() {
        let node = parse("[\r\n  1,\r\n  2]").unwrap();
        let NodeValue::List(items) = node.value else {
            panic!("not a list")
        };
        assert_eq!((items[0].pos, items[1].pos), (p(2, 3), p(3, 3)));
    }

    #[test]
    fn parentheses_decide_between_struct_and_tuple() {
        let tuple = value("(a, b)");
        assert!(matches!(&tuple, NodeValue::Tuple { name: None, items } if items.len() == 2));
        let named = value("Vec2(1, 2.5)");
        assert!(
            matches!(&named, NodeValue::Tuple { name: Some(n), items } if n == "Vec2" && items.len() == 2)
        );
        assert!(matches!(
            value("(x: 1)"),
            NodeValue::Struct { name: None, .. }
        ));
        assert!(
            matches!(value("Empty()"), NodeValue::Tuple { name: Some(_), items } if items.is_empty())
        );
        assert!(matches!(
            value("Gap /* c */ (1)"),
            NodeValue::Tuple { name: Some(_), .. }
        ));
        assert_eq!(err("(x: 1, 2)").message, "expected a field name, found '2'");
        assert_eq!(
            err("(1, x: 2)").message,
            "expected ',' or ')' after tuple item, found ':'"
        );
    }

    #[test]
    fn some_wraps_its_value() {
        let node = parse("Some( 5 )").unwrap();
        let NodeValue::Some(inner) = node.value else {
            panic!("not Some")
        };
        assert_eq!(
            *inner,
            Node {
                pos: p(1, 7),
                value: NodeValue::Int(5)
            }
        );
        assert_eq!(
            err("Some(1, 2)").message,
            "expected ')' after Some value, found '2'"
        );
    }

    #[test]
    fn maps_accept_any_keys() {
        let node = parse("{ \"a\": 1, circle: [], (1, 2): Some(x) }").unwrap();
        let NodeValue::Map(entries) = node.value else {
            panic!("not a map")
        };
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[1].0.value, NodeValue::Ident("circle".into()));
        assert_eq!(entries[2].0.pos, p(1, 23));
        assert_eq!(
            err("{ 1 2 }").message,
            "expected ':' after map key, found '2'"
        );
    }

    #[test]
    fn trailing_commas_are_accepted() {
        assert_eq!(value("[1, 2,]"), value("[1, 2]"));
        assert_eq!(value("{1: 2,}"), value("{1: 2}"));
        assert_eq!(value("(1, 2,)"), value("(1, 2)"));
        assert_eq!(value("S(a: 1,)"), value("S(a: 1)"));
        assert_eq!(value("Some(1,)"), value("Some(1)"));
        assert_eq!(err("[1,,]").message, "expected a value, found ','");
    }

    #[test]
    fn nested_comments_are_skipped() {
        let text = "/* outer /* inner */ still comment */\n// line\n[1, /* x */ 2] // end";
        let node = parse(text).unwrap();
        let NodeValue::List(items) = node.value else {
            panic!("not a list")
        };
        assert_eq!(
            items[1],
            Node {
                pos: p(3, 13),
                value: NodeValue::Int(2)
            }
        );
        assert_eq!(
            err("/* a /* b */ [1]").message,
            "unterminated block comment"
        );
        assert_eq!(err("[1] /* open").pos, p(1, 5));
    }

    #[test]
    fn attributes_are_skipped() {
        let node = parse("#![enable(implicit_some, unwrap_newtypes)]\n#![enable(x)]\n 7").unwrap();
        assert_eq!(
            node,
            Node {
                pos: p(3, 2),
                value: NodeValue::Int(7)
            }
        );
        assert_eq!(err("#![enable(x)").message, "unterminated attribute");
        assert_eq!(parse("\u{FEFF}1").unwrap().pos, p(1, 1));
    }

    #[test]
    fn raw_identifiers_are_plain_idents() {
        assert_eq!(value("r#true"), NodeValue::Ident("true".into()));
        let NodeValue::Struct { fields, .. } = value("(r#type: 1)") else {
            panic!("not a struct")
        };
        assert_eq!(fields[0].name, "type");
    }

    #[test]
    fn error_reports_line_and_column() {
        let e = err("Pack(\n  bodies: [\n    1,\n    2\n  },\n)");
        assert_eq!(e.pos, p(5, 3));
        assert_eq!(e.message, "expected ',' or ']' after list item, found '}'");
        assert_eq!(
            e.to_string(),
            "5:3: expected ',' or ']' after list item, found '}'"
        );
        let e = err("(a: 1,\n b 2)");
        assert_eq!(
            (e.pos, e.message.as_str()),
            (p(2, 4), "expected ':' after field name 'b', found '2'")
        );
        let e = err("[\n  1,\n  )");
        assert_eq!(
            (e.pos, e.message.as_str()),
            (p(3, 3), "expected a value, found ')'")
        );
    }

    #[test]
    fn trailing_content_is_an_error() {
        let e = err("1\n2");
        assert_eq!(
            (e.pos, e.message.as_str()),
            (p(2, 1), "expected end of file, found '2'")
        );
    }

    #[test]
    fn empty_input_expects_a_value() {
        assert_eq!(err("").message, "expected a value, found end of file");
        assert_eq!(err("  // nothing\n").pos, p(2, 1));
    }

    #[test]
    fn depth_limit_is_an_error() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        let e = err(&deep);
        assert_eq!(e.pos, p(1, MAX_DEPTH as u32 + 1));
        assert!(e.message.contains("nesting"));
        let levels = MAX_DEPTH / 4;
        let mixed = format!(
            "{}0{}",
            "S(a: {1: [Some(".repeat(levels),
            ")]})".repeat(levels)
        );
        assert!(parse(&mixed).is_ok());
        assert!(parse(&"Some(".repeat(100_000)).is_err());
        assert!(parse(&"(a: {1: [".repeat(100_000)).is_err());
    }

    #[test]
    fn type_names_describe_values() {
        let names: Vec<_> = [
            "1", "1.0", "\"s\"", "[]", "{}", "(a: 1)", "(1)", "()", "x", "Some(1)", "'c'", "true",
        ]
        .iter()
        .map(|t| value(t).type_name())
        .collect();
        let expected = [
            "integer",
            "float",
            "string",
            "list",
            "map",
            "struct",
            "tuple",
            "unit",
            "identifier",
            "Some",
            "char",
            "boolean",
        ];
        assert_eq!(names, expected);
    }

    const SAMPLE: &str = r##"#![enable(implicit_some)]
// A sample pack.
Pack(
    name: "Sol /* not a comment */",
    version: 0x1_0,
    bodies: [
        Body(name: r#"Disc "blue""#, mass: 5.97e24, kind: circle, tag: 'T'),
        Body(name: "Luna\u{1F319}", mass: -7.3e22, kind: r#moon, parent: Some("Disc")),
    ],
    /* nested /* comment */ */
    table: { 1: (true, false), "k": () },
)
"##;

    #[test]
    fn truncated_input_never_panics() {
        assert!(parse(SAMPLE).is_ok());
        let body = SAMPLE.find("Pack(").unwrap_or(0) + "Pack(".len();
        for (i, _) in SAMPLE.char_indices() {
            let prefix = parse(&SAMPLE[..i]);
            let complete = i >= SAMPLE.trim_end().len();
            assert!(
                i < body || complete || prefix.is_err(),
                "prefix of {i} bytes parsed"
            );
            let _ = parse(&SAMPLE[i..]);
        }
    }

    /// A tiny xorshift generator, so the fuzz tests need no dependencies.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    #[test]
    fn random_input_never_panics() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2000 {
            let bytes: Vec<u8> = (0..rng.below(64)).map(|_| rng.next() as u8).collect();
            let _ = parse(&String::from_utf8_lossy(&bytes));
        }
        let tokens = [
            "[", "]", "{", "}", "(", ")", ",", ":", "\"", "'", "r#", "#", "\\", "/*", "*/", "//",
            "\n", " ", "0x", "1", "-", "+", ".", "e", "_", "Some", "None", "inf", "NaN", "a",
            "true", "\\u{", "é", "#![",
        ];
        for _ in 0..5000 {
            let text: String = (0..rng.below(24))
                .map(|_| tokens[rng.below(tokens.len())])
                .collect();
            let _ = parse(&text);
        }
        let chars: Vec<char> = SAMPLE.chars().collect();
        for _ in 0..2000 {
            let mut mutated = chars.clone();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(mutated.len());
                match rng.below(3) {
                    0 => {
                        mutated.remove(i);
                    }
                    1 => mutated.insert(
                        i,
                        tokens[rng.below(tokens.len())]
                            .chars()
                            .next()
                            .unwrap_or(' '),
                    ),
                    _ => {
                        let j = rng.below(mutated.len());
                        mutated.swap(i, j);
                    }
                }
            }
            let _ = parse(&mutated.into_iter().collect::<String>());
        }
    }
}

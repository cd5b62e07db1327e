//! The hash of a value's RON text, without the `ron` crate writing the text.
//!
//! A state's hash is defined as the FNV-1a hash of its compact RON (`ron::to_string`),
//! which saves store and replays check. `simulate` hashes every game's final state,
//! and the `ron` crate spends most of that time on work the hash does not need: it
//! checks every field name character by character against Unicode tables, escapes
//! strings one `char` at a time through `fmt`, and builds the whole text before it
//! is hashed. [`Writer`] writes the same bytes for the shapes the kernel's types
//! take — ASCII names, any strings, numbers, options, lists, maps, structs and enums
//! — straight into the hash. Anything outside them (a name that is not plain ASCII,
//! a 128-bit number, nesting deep enough to meet RON's recursion limit, an error a
//! value's own serialisation raises) stops the writer, and the `ron` crate then
//! makes the text as before: the hash is the same either way, by construction, and a
//! test compares the two texts over whole games of every pack.

use serde::ser::{self, Serialize};
use std::fmt::{Debug, Write as _};

/// FNV-1a of the compact RON text of `value` (or of its `Debug` form, prefixed by
/// the error, should RON refuse it), as 16 hex digits.
pub fn ron_hash<T: Serialize + Debug + ?Sized>(value: &T) -> String {
    let mut writer = Writer { out: Fnv(FNV_OFFSET), depth: 0, scratch: String::new() };
    let hash = match value.serialize(&mut writer) {
        Ok(()) => writer.out.0,
        Err(Unusual) => {
            let mut hash = Fnv(FNV_OFFSET);
            hash.put(ron::to_string(value).unwrap_or_else(|e| format!("{e}: {value:?}")).as_bytes());
            hash.0
        }
    };
    format!("{hash:016x}")
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// Where the writer's bytes go: the hash, or (for tests) the text itself.
trait Sink {
    fn put(&mut self, bytes: &[u8]);
}

/// A running 64-bit FNV-1a hash (as [`super::text_hash`] computes it).
struct Fnv(u64);

impl Sink for Fnv {
    fn put(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= byte as u64;
            self.0 = self.0.wrapping_mul(FNV_PRIME);
        }
    }
}

impl Sink for Vec<u8> {
    fn put(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

/// Nesting beyond this hands the value to the `ron` crate, whose recursion limit
/// (128 levels at the least) then decides.
const MAX_DEPTH: usize = 100;

/// Names RON writes as raw identifiers (`r#name`) although they are well formed.
const RAW_NAMES: [&str; 10] = ["true", "false", "Some", "None", "inf", "inff32", "inff64", "NaN", "NaNf32", "NaNf64"];

/// The writer met something it leaves to the `ron` crate.
#[derive(Debug)]
struct Unusual;

impl std::fmt::Display for Unusual {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("left to the ron crate")
    }
}

impl std::error::Error for Unusual {}

impl ser::Error for Unusual {
    fn custom<M: std::fmt::Display>(_: M) -> Unusual {
        Unusual
    }
}

/// A serde serializer writing what `ron::to_string` writes (no extensions, no
/// pretty printing), or stopping with [`Unusual`].
struct Writer<S: Sink> {
    out: S,
    /// Levels of values inside values, as RON's recursion limit counts them.
    depth: usize,
    /// Where numbers are formatted before they are written.
    scratch: String,
}

impl<S: Sink> Writer<S> {
    fn put(&mut self, text: &str) {
        self.out.put(text.as_bytes());
    }

    /// A value one level down.
    fn nested<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unusual> {
        if self.depth >= MAX_DEPTH {
            return Err(Unusual);
        }
        self.depth += 1;
        let result = value.serialize(&mut *self);
        self.depth -= 1;
        result
    }

    /// A number (or anything) through its `fmt` form.
    fn formatted(&mut self, value: impl std::fmt::Display) {
        self.scratch.clear();
        let _ = write!(self.scratch, "{value}");
        self.out.put(self.scratch.as_bytes());
    }

    fn float(&mut self, nan_negative: bool, debug: impl Debug) {
        if nan_negative {
            self.put("-");
        }
        self.scratch.clear();
        let _ = write!(self.scratch, "{debug:?}");
        self.out.put(self.scratch.as_bytes());
    }

    /// A type's name, which RON checks but does not write: plain ASCII is accepted.
    fn check_name(name: &str) -> Result<(), Unusual> {
        let plain = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'+' | b'-'));
        if plain {
            Ok(())
        } else {
            Err(Unusual)
        }
    }

    /// A field or variant name, raw (`r#`) where RON makes it so.
    fn identifier(&mut self, name: &str) -> Result<(), Unusual> {
        Self::check_name(name)?;
        let bytes = name.as_bytes();
        let plain = (bytes[0].is_ascii_alphabetic() || bytes[0] == b'_')
            && bytes[1..].iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
            && !RAW_NAMES.contains(&name);
        if !plain {
            self.put("r#");
        }
        self.put(name);
        Ok(())
    }

    /// A string as RON escapes it: each character as `char::escape_debug` gives it.
    fn string(&mut self, text: &str) {
        self.put("\"");
        let bytes = text.as_bytes();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            // Printable ASCII other than quotes and backslash is written as it is; a
            // run of it goes in one piece.
            if (0x20..0x7f).contains(&b) && !matches!(b, b'"' | b'\'' | b'\\') {
                continue;
            }
            if b >= 0x80 && !text.is_char_boundary(i) {
                continue;
            }
            self.out.put(&bytes[start..i]);
            let c = text[i..].chars().next().expect("a char starts here");
            let mut buffer = [0u8; 4];
            for escaped in c.escape_debug() {
                self.out.put(escaped.encode_utf8(&mut buffer).as_bytes());
            }
            start = i + c.len_utf8();
        }
        self.out.put(&bytes[start..]);
        self.put("\"");
    }
}

/// A list, tuple, map or struct being written: whether an item came yet, and what
/// closes it.
struct Compound<'a, S: Sink> {
    writer: &'a mut Writer<S>,
    first: bool,
    close: &'static str,
}

impl<S: Sink> Compound<'_, S> {
    fn separate(&mut self) {
        if self.first {
            self.first = false;
        } else {
            self.writer.put(",");
        }
    }

    fn end(self) -> Result<(), Unusual> {
        self.writer.put(self.close);
        Ok(())
    }
}

impl<'a, S: Sink> ser::Serializer for &'a mut Writer<S> {
    type Ok = ();
    type Error = Unusual;
    type SerializeSeq = Compound<'a, S>;
    type SerializeTuple = Compound<'a, S>;
    type SerializeTupleStruct = Compound<'a, S>;
    type SerializeTupleVariant = Compound<'a, S>;
    type SerializeMap = Compound<'a, S>;
    type SerializeStruct = Compound<'a, S>;
    type SerializeStructVariant = Compound<'a, S>;

    fn serialize_bool(self, v: bool) -> Result<(), Unusual> {
        self.put(if v { "true" } else { "false" });
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<(), Unusual> {
        self.formatted(v);
        Ok(())
    }

    fn serialize_i16(self, v: i16) -> Result<(), Unusual> {
        self.formatted(v);
        Ok(())
    }

    fn serialize_i32(self, v: i32) -> Result<(), Unusual> {
        self.formatted(v);
        Ok(())
    }

    fn serialize_i64(self, v: i64) -> Result<(), Unusual> {
        self.formatted(v);
        Ok(())
    }

    fn serialize_u8(self, v: u8) -> Result<(), Unusual> {
        self.formatted(v);
        Ok(())
    }

    fn serialize_u16(self, v: u16) -> Result<(), Unusual> {
        self.formatted(v);
        Ok(())
    }

    fn serialize_u32(self, v: u32) -> Result<(), Unusual> {
        self.formatted(v);
        Ok(())
    }

    fn serialize_u64(self, v: u64) -> Result<(), Unusual> {
        self.formatted(v);
        Ok(())
    }

    // 128-bit numbers (which RON writes only with a feature) are left to it.
    fn serialize_i128(self, _: i128) -> Result<(), Unusual> {
        Err(Unusual)
    }

    fn serialize_u128(self, _: u128) -> Result<(), Unusual> {
        Err(Unusual)
    }

    fn serialize_f32(self, v: f32) -> Result<(), Unusual> {
        self.float(v.is_nan() && v.is_sign_negative(), v);
        Ok(())
    }

    fn serialize_f64(self, v: f64) -> Result<(), Unusual> {
        self.float(v.is_nan() && v.is_sign_negative(), v);
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Unusual> {
        self.put("'");
        if v == '\\' || v == '\'' {
            self.put("\\");
        }
        let mut buffer = [0u8; 4];
        self.out.put(v.encode_utf8(&mut buffer).as_bytes());
        self.put("'");
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), Unusual> {
        self.string(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Unusual> {
        self.put("b\"");
        for escaped in v.iter().flat_map(|&b| std::ascii::escape_default(b)) {
            self.out.put(&[escaped]);
        }
        self.put("\"");
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Unusual> {
        self.put("None");
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unusual> {
        self.put("Some(");
        self.nested(value)?;
        self.put(")");
        Ok(())
    }

    fn serialize_unit(self) -> Result<(), Unusual> {
        self.put("()");
        Ok(())
    }

    fn serialize_unit_struct(self, name: &'static str) -> Result<(), Unusual> {
        Writer::<S>::check_name(name)?;
        self.put("()");
        Ok(())
    }

    fn serialize_unit_variant(self, name: &'static str, _: u32, variant: &'static str) -> Result<(), Unusual> {
        Writer::<S>::check_name(name)?;
        self.identifier(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, name: &'static str, value: &T) -> Result<(), Unusual> {
        // RON's raw values travel as a newtype with a name no plain name matches.
        Writer::<S>::check_name(name)?;
        self.put("(");
        self.nested(value)?;
        self.put(")");
        Ok(())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(self, name: &'static str, _: u32, variant: &'static str, value: &T) -> Result<(), Unusual> {
        Writer::<S>::check_name(name)?;
        self.identifier(variant)?;
        self.put("(");
        self.nested(value)?;
        self.put(")");
        Ok(())
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a, S>, Unusual> {
        self.put("[");
        Ok(Compound { writer: self, first: true, close: "]" })
    }

    fn serialize_tuple(self, _: usize) -> Result<Compound<'a, S>, Unusual> {
        self.put("(");
        Ok(Compound { writer: self, first: true, close: ")" })
    }

    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<Compound<'a, S>, Unusual> {
        Writer::<S>::check_name(name)?;
        self.serialize_tuple(len)
    }

    fn serialize_tuple_variant(self, name: &'static str, _: u32, variant: &'static str, _: usize) -> Result<Compound<'a, S>, Unusual> {
        Writer::<S>::check_name(name)?;
        self.identifier(variant)?;
        self.put("(");
        Ok(Compound { writer: self, first: true, close: ")" })
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a, S>, Unusual> {
        self.put("{");
        Ok(Compound { writer: self, first: true, close: "}" })
    }

    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Compound<'a, S>, Unusual> {
        Writer::<S>::check_name(name)?;
        self.put("(");
        Ok(Compound { writer: self, first: true, close: ")" })
    }

    fn serialize_struct_variant(self, name: &'static str, _: u32, variant: &'static str, _: usize) -> Result<Compound<'a, S>, Unusual> {
        Writer::<S>::check_name(name)?;
        self.identifier(variant)?;
        self.put("(");
        Ok(Compound { writer: self, first: true, close: ")" })
    }
}

impl<S: Sink> ser::SerializeSeq for Compound<'_, S> {
    type Ok = ();
    type Error = Unusual;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unusual> {
        self.separate();
        self.writer.nested(value)
    }

    fn end(self) -> Result<(), Unusual> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeTuple for Compound<'_, S> {
    type Ok = ();
    type Error = Unusual;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unusual> {
        self.separate();
        self.writer.nested(value)
    }

    fn end(self) -> Result<(), Unusual> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeTupleStruct for Compound<'_, S> {
    type Ok = ();
    type Error = Unusual;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unusual> {
        self.separate();
        self.writer.nested(value)
    }

    fn end(self) -> Result<(), Unusual> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeTupleVariant for Compound<'_, S> {
    type Ok = ();
    type Error = Unusual;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unusual> {
        self.separate();
        self.writer.nested(value)
    }

    fn end(self) -> Result<(), Unusual> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeMap for Compound<'_, S> {
    type Ok = ();
    type Error = Unusual;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unusual> {
        self.separate();
        self.writer.nested(key)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unusual> {
        self.writer.put(":");
        self.writer.nested(value)
    }

    fn end(self) -> Result<(), Unusual> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeStruct for Compound<'_, S> {
    type Ok = ();
    type Error = Unusual;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Unusual> {
        self.separate();
        self.writer.identifier(key)?;
        self.writer.put(":");
        self.writer.nested(value)
    }

    fn end(self) -> Result<(), Unusual> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeStructVariant for Compound<'_, S> {
    type Ok = ();
    type Error = Unusual;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Unusual> {
        self.separate();
        self.writer.identifier(key)?;
        self.writer.put(":");
        self.writer.nested(value)
    }

    fn end(self) -> Result<(), Unusual> {
        Compound::end(self)
    }
}

/// The text the writer makes of `value`, or `None` where it leaves it to RON.
fn text_of<T: Serialize + ?Sized>(value: &T) -> Option<String> {
    let mut writer = Writer { out: Vec::new(), depth: 0, scratch: String::new() };
    value.serialize(&mut writer).ok()?;
    String::from_utf8(writer.out).ok()
}

/// Whether the writer writes what RON writes for `value` (a contract the kernel's
/// suite checks on every pack's states, see `sim::contracts`): the reason if not.
pub(crate) fn agrees_with_ron<T: Serialize + ?Sized>(value: &T) -> Result<(), String> {
    let Some(text) = text_of(value) else { return Ok(()) };
    match ron::to_string(value) {
        Ok(ron_text) if ron_text == text => Ok(()),
        Ok(ron_text) => {
            let at = text.bytes().zip(ron_text.bytes()).position(|(a, b)| a != b).unwrap_or(text.len().min(ron_text.len()));
            let near = |t: &str| t.get(at.saturating_sub(40)..(at + 40).min(t.len())).unwrap_or("").to_owned();
            Err(format!("the state's hash writer differs from RON at byte {at}: {:?} against RON's {:?}", near(&text), near(&ron_text)))
        }
        Err(e) => Err(format!("RON refuses a value the hash writer writes: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{Key, Value};
    use serde::Serialize;
    use std::collections::BTreeMap;

    /// The writer's text is RON's, or the writer leaves the value to RON.
    fn same_as_ron<T: Serialize + Debug + ?Sized>(value: &T) -> bool {
        let ron_text = ron::to_string(value);
        match text_of(value) {
            Some(text) => {
                assert_eq!(Ok(text), ron_text.map_err(|e| e.to_string()), "for {value:?}");
                true
            }
            None => false,
        }
    }

    #[test]
    fn strings_escape_as_ron_escapes_them() {
        for text in [
            "",
            "plain words, 3 of them",
            "quotes \" and ' and \\ backslash",
            "tabs\tnew\nlines\rand \u{1b} escape \u{7f} delete \u{0}",
            "accents é à ü, dashes — –, dots ·, arrows →",
            "combining e\u{301} and \u{301} alone, zero width \u{200b}, bidi \u{202e}",
            "emoji 🚀 and astral 𝔘, private \u{e000}, replacement \u{fffd}",
            "\u{85} next line, \u{a0} no-break, \u{ad} soft hyphen",
        ] {
            assert!(same_as_ron(text), "{text:?} was left to ron");
            assert!(same_as_ron(&text.chars().collect::<Vec<char>>()), "the chars of {text:?}");
        }
    }

    #[test]
    fn numbers_write_as_ron_writes_them() {
        for x in [0.0, -0.0, 1.0, -1.5, 0.1, 1e300, 1e-300, 1e16, 1e15, 123456789.125, f64::MAX, f64::MIN_POSITIVE, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN] {
            assert!(same_as_ron(&x), "{x}");
            assert!(same_as_ron(&(x as f32)), "{x} as f32");
        }
        assert!(same_as_ron(&(i64::MIN, i64::MAX, u64::MAX, -1i8, 255u8, i16::MIN, u32::MAX)));
        assert!(!same_as_ron(&(1u128 << 100)), "128-bit numbers are left to ron");
    }

    #[test]
    fn shapes_write_as_ron_writes_them() {
        #[derive(Serialize, Debug)]
        struct Unit;
        #[derive(Serialize, Debug)]
        struct Wrapper(Vec<u8>);
        #[derive(Serialize, Debug)]
        struct Pair(i32, String);
        #[derive(Serialize, Debug)]
        #[allow(dead_code)]
        enum Shape {
            Nothing,
            One(Option<i32>),
            Two(i32, i32),
            Named { r#type: String, some: bool, inf: f32 },
            None,
        }
        #[derive(Serialize, Debug)]
        struct Everything {
            unit: (),
            unit_struct: Unit,
            wrapper: Wrapper,
            pair: Pair,
            shapes: Vec<Shape>,
            map: BTreeMap<String, Vec<Option<u8>>>,
            empty: (Vec<u8>, BTreeMap<u8, u8>),
            bytes: serde_bytes_like::Bytes,
            letter: char,
            quote: char,
            value: Value,
        }
        mod serde_bytes_like {
            #[derive(Debug)]
            pub struct Bytes(pub Vec<u8>);
            impl serde::Serialize for Bytes {
                fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.serialize_bytes(&self.0)
                }
            }
        }
        let value = Value::map(vec![
            (Key::Str("list".into()), Value::List(vec![Value::Int(1), Value::Num(0.5), Value::Nil, Value::Bool(true)])),
            (Key::Int(-3), Value::Str("it's \"x\"".into())),
        ]);
        let everything = Everything {
            unit: (),
            unit_struct: Unit,
            wrapper: Wrapper(vec![1, 2]),
            pair: Pair(-7, "p".into()),
            shapes: vec![
                Shape::Nothing,
                Shape::One(Some(3)),
                Shape::One(None),
                Shape::Two(1, 2),
                Shape::Named { r#type: "t".into(), some: false, inf: f32::INFINITY },
                Shape::None,
            ],
            map: BTreeMap::from([("a".into(), vec![Some(1), None]), ("b c".into(), vec![])]),
            empty: (vec![], BTreeMap::new()),
            bytes: serde_bytes_like::Bytes(vec![0, b'a', b'"', 0xff, b'\\', b'\n']),
            letter: 'é',
            quote: '\'',
            value,
        };
        assert!(same_as_ron(&everything));
    }

    #[test]
    fn deep_nesting_is_left_to_ron_and_hashes_the_same() {
        let mut deep = Value::Int(1);
        for _ in 0..150 {
            deep = Value::List(vec![deep]);
        }
        assert!(!same_as_ron(&deep));
        let fallback = ron::to_string(&deep).unwrap_or_else(|e| format!("{e}: {deep:?}"));
        assert_eq!(ron_hash(&deep), super::super::text_hash(&fallback));
    }

    #[test]
    fn the_hash_is_the_hash_of_rons_text() {
        let value = (vec!["a", "b"], Some(1.5), 'x');
        assert_eq!(ron_hash(&value), super::super::text_hash(&ron::to_string(&value).unwrap()));
    }
}

//! A pack's schema: the definition kinds it declares and the type of each field.
//!
//! `schema.ron` declares named record types and definition kinds, each a map of field
//! names to types. Validation turns a parsed RON node into a [`Value`], reporting every
//! mismatch with its position. Types:
//! `Int`, `Bool`, `Text`, `Hex` (an `(q, r)` pair), `Any`, `Script` (a `module.function`
//! path, checked once scripts load), `OneOf(["a", "b"])` (a bare identifier among
//! these), `Ref("kind")` (the id of a definition of that kind), `List(T)`, `Opt(T)`,
//! `Map(T)` (string keys) and `Record("name")`.

use super::limits;
use super::reader::expect_struct;
use super::ron_reader::{Node, NodeValue, Pos};
use super::ContentError;
use crate::value::{Key, Value};
use std::collections::BTreeMap;

/// A field type.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Int,
    Bool,
    Text,
    Hex,
    Any,
    Script,
    OneOf(Vec<String>),
    Ref(String),
    List(Box<Type>),
    Opt(Box<Type>),
    Map(Box<Type>),
    Record(String),
}

/// Named fields and their types, in declaration order.
pub type FieldTypes = Vec<(String, Type)>;

/// The whole schema of a pack.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Schema {
    pub records: BTreeMap<String, FieldTypes>,
    pub kinds: BTreeMap<String, FieldTypes>,
}

/// A reference or script path found while validating, checked once everything loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub pos: Pos,
    pub entry: String,
    pub target: Target,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Def { kind: String, id: String },
    Script(String),
}

impl Schema {
    /// Reads `schema.ron` and checks that every record type it uses is declared.
    pub fn parse(file: &str, root: &Node) -> Result<Schema, Vec<ContentError>> {
        let schema = Schema::parse_unchecked(file, root)?;
        let errors = schema.undeclared_records(file);
        if errors.is_empty() {
            Ok(schema)
        } else {
            Err(errors)
        }
    }

    /// Reads `schema.ron` without checking record names, for a layer whose records
    /// may come from the pack beneath it.
    pub fn parse_unchecked(file: &str, root: &Node) -> Result<Schema, Vec<ContentError>> {
        let mut errors = Vec::new();
        let mut schema = Schema::default();
        match expect_struct(file, root, "Schema", &["records", "kinds"], &[]) {
            Ok(mut fields) => {
                if let Some(node) = fields.take("records") {
                    schema.records = field_maps(file, node, &mut errors);
                }
                if let Some(node) = fields.take("kinds") {
                    schema.kinds = field_maps(file, node, &mut errors);
                }
            }
            Err(e) => errors.push(e),
        }
        if errors.is_empty() {
            Ok(schema)
        } else {
            Err(errors)
        }
    }

    /// One error per field whose record type the schema does not declare.
    pub fn undeclared_records(&self, file: &str) -> Vec<ContentError> {
        let mut errors = Vec::new();
        for (owner, fields) in self.records.iter().chain(self.kinds.iter()) {
            for (name, ty) in fields {
                if let Some(missing) = ty.missing_record(&self.records) {
                    errors.push(ContentError::new(file, Pos::default(), format!("field `{owner}.{name}` uses record type \"{missing}\", which the schema does not declare")));
                }
            }
        }
        errors
    }

    /// Validates `node` against `ty`, collecting errors and references to check later.
    pub fn check(&self, ctx: &mut Check<'_>, node: &Node, ty: &Type) -> Value {
        let found = node.value.type_name();
        match (ty, &node.value) {
            (Type::Any, _) => any_value(node),
            (Type::Int, NodeValue::Int(i)) => Value::Int(*i),
            (Type::Bool, NodeValue::Bool(b)) => Value::Bool(*b),
            (Type::Text, NodeValue::Str(s)) => Value::Str(s.clone()),
            (Type::Script, NodeValue::Str(s)) => {
                ctx.later(node.pos, Target::Script(s.clone()));
                Value::Str(s.clone())
            }
            (Type::Ref(kind), NodeValue::Str(s)) => {
                ctx.later(node.pos, Target::Def { kind: kind.clone(), id: s.clone() });
                Value::Str(s.clone())
            }
            (Type::OneOf(names), NodeValue::Ident(s)) => {
                if !names.contains(s) {
                    ctx.error(node.pos, format!("`{s}` is not allowed here (expected one of: {})", names.join(", ")));
                }
                Value::Str(s.clone())
            }
            (Type::Hex, NodeValue::Tuple { name: None, items }) if items.len() == 2 => {
                let coord: Vec<Value> = items
                    .iter()
                    .map(|n| match n.value {
                        NodeValue::Int(i) => Value::Int(i),
                        _ => {
                            ctx.error(n.pos, format!("expected an integer coordinate, found {}", n.value.type_name()));
                            Value::Nil
                        }
                    })
                    .collect();
                Value::List(coord)
            }
            (Type::List(inner), NodeValue::List(items)) => Value::List(items.iter().map(|n| self.check(ctx, n, inner)).collect()),
            (Type::Opt(inner), NodeValue::Ident(s)) if s == "None" => {
                let _ = inner;
                Value::Nil
            }
            (Type::Opt(inner), NodeValue::Some(n)) => self.check(ctx, n, inner),
            (Type::Opt(inner), _) => self.check(ctx, node, inner),
            (Type::Map(inner), NodeValue::Map(entries)) => {
                let mut out = Vec::new();
                for (k, v) in entries {
                    match &k.value {
                        NodeValue::Str(s) | NodeValue::Ident(s) => out.push((Key::Str(s.as_str().into()), self.check(ctx, v, inner))),
                        _ => ctx.error(k.pos, format!("map keys must be strings, found {}", k.value.type_name())),
                    }
                }
                Value::map(out)
            }
            (Type::Record(name), NodeValue::Struct { name: tag, fields }) => {
                let Some(types) = self.records.get(name) else {
                    ctx.error(node.pos, format!("unknown record type \"{name}\""));
                    return Value::Nil;
                };
                if let Some(tag) = tag {
                    if tag != name {
                        ctx.error(node.pos, format!("expected a `{name}(...)`, found `{tag}(...)`"));
                    }
                }
                self.check_fields(ctx, node.pos, fields, types, false, name)
            }
            _ => {
                ctx.error(node.pos, format!("expected {}, found {found}", ty.describe()));
                Value::Nil
            }
        }
    }

    /// Validates the named fields of a struct against `types` (and, for a definition,
    /// `with_id`, its text field `id`). A kind declares at most
    /// [`limits::MAX_FIELDS`], so the scans here are short.
    pub fn check_fields(
        &self,
        ctx: &mut Check<'_>,
        pos: Pos,
        fields: &[super::ron_reader::Field],
        types: &FieldTypes,
        with_id: bool,
        what: &str,
    ) -> Value {
        const ID: &Type = &Type::Text;
        let mut out = Vec::new();
        for field in fields {
            let ty = match types.iter().find(|(n, _)| *n == field.name) {
                Some((_, ty)) => Some(ty),
                None if with_id && field.name == "id" => Some(ID),
                None => None,
            };
            match ty {
                Some(ty) => {
                    if out.iter().any(|(k, _)| matches!(k, Key::Str(name) if *name == field.name)) {
                        ctx.error(field.pos, format!("field `{}` is given twice", field.name));
                        continue;
                    }
                    let v = self.check(ctx, &field.value, ty);
                    out.push((Key::Str(field.name.as_str().into()), v));
                }
                None => {
                    let id = with_id.then_some("id");
                    let expected: Vec<&str> = id.into_iter().chain(types.iter().map(|(n, _)| n.as_str())).collect();
                    ctx.error(
                        field.pos,
                        format!("unknown field `{}` in {what} (expected one of: {})", field.name, expected.join(", ")),
                    );
                }
            }
        }
        let id = with_id.then_some(("id".to_owned(), Type::Text));
        for (name, ty) in id.iter().chain(types) {
            if !matches!(ty, Type::Opt(_)) && !fields.iter().any(|f| f.name == *name) {
                ctx.error(pos, format!("missing field `{name}` ({}) in {what}", ty.describe()));
            }
        }
        Value::map(out)
    }
}

/// Error and reference collector for one definition.
pub struct Check<'a> {
    pub file: &'a str,
    pub entry: String,
    pub errors: &'a mut Vec<ContentError>,
    pub pending: &'a mut Vec<(String, Pending)>,
}

impl Check<'_> {
    /// Notes an error, unless [`limits::MAX_ERRORS`] are noted already (a list of
    /// millions of wrong values must not take gigabytes to report).
    pub fn error(&mut self, pos: Pos, message: String) {
        if self.errors.len() < limits::MAX_ERRORS {
            self.errors.push(ContentError::with_entry(self.file, pos, &self.entry, message));
        }
    }

    fn later(&mut self, pos: Pos, target: Target) {
        self.pending.push((self.file.to_owned(), Pending { pos, entry: self.entry.clone(), target }));
    }
}

impl Type {
    /// How the type reads in an error message.
    pub fn describe(&self) -> String {
        match self {
            Type::Int => "an integer".into(),
            Type::Bool => "true or false".into(),
            Type::Text => "a string".into(),
            Type::Hex => "a coordinate (q, r)".into(),
            Type::Any => "any value".into(),
            Type::Script => "a script function path \"module.function\"".into(),
            Type::OneOf(names) => format!("one of: {}", names.join(", ")),
            Type::Ref(kind) => format!("the id of a {kind}"),
            Type::List(t) => format!("a list of {}", t.describe_each()),
            Type::Opt(t) => format!("optionally {}", t.describe()),
            Type::Map(t) => format!("a map of {}", t.describe_each()),
            Type::Record(name) => format!("a {name}(...)"),
        }
    }

    /// How several values of the type read ("a list of integers").
    fn describe_each(&self) -> String {
        match self {
            Type::Int => "integers".into(),
            Type::Bool => "true or false values".into(),
            Type::Text => "strings".into(),
            Type::Hex => "coordinates (q, r)".into(),
            Type::Any => "values".into(),
            Type::Script => "script function paths \"module.function\"".into(),
            Type::OneOf(names) => format!("values among: {}", names.join(", ")),
            Type::Ref(kind) => format!("ids of {kind} entries"),
            Type::List(t) => format!("lists of {}", t.describe_each()),
            Type::Opt(t) => format!("values, each optionally {}", t.describe()),
            Type::Map(t) => format!("maps of {}", t.describe_each()),
            Type::Record(name) => format!("{name}(...) entries"),
        }
    }

    fn missing_record<'a>(&'a self, records: &BTreeMap<String, FieldTypes>) -> Option<&'a str> {
        match self {
            Type::Record(name) if !records.contains_key(name) => Some(name),
            Type::List(t) | Type::Opt(t) | Type::Map(t) => t.missing_record(records),
            _ => None,
        }
    }

    fn parse(file: &str, node: &Node) -> Result<Type, ContentError> {
        let bad = |what: &str| ContentError::new(file, node.pos, format!("expected a field type, found {what} (types: Int, Bool, Text, Hex, Any, Script, OneOf([..]), Ref(\"kind\"), List(T), Opt(T), Map(T), Record(\"name\"))"));
        match &node.value {
            NodeValue::Ident(name) => match name.as_str() {
                "Int" => Ok(Type::Int),
                "Bool" => Ok(Type::Bool),
                "Text" => Ok(Type::Text),
                "Hex" => Ok(Type::Hex),
                "Any" => Ok(Type::Any),
                "Script" => Ok(Type::Script),
                other => Err(bad(&format!("`{other}`"))),
            },
            NodeValue::Tuple { name: Some(name), items } if items.len() == 1 => {
                let arg = &items[0];
                let text = |n: &Node| match &n.value {
                    NodeValue::Str(s) => Ok(s.clone()),
                    _ => Err(ContentError::new(file, n.pos, format!("expected a string, found {}", n.value.type_name()))),
                };
                match name.as_str() {
                    "List" => Ok(Type::List(Box::new(Type::parse(file, arg)?))),
                    "Opt" => Ok(Type::Opt(Box::new(Type::parse(file, arg)?))),
                    "Map" => Ok(Type::Map(Box::new(Type::parse(file, arg)?))),
                    "Ref" => Ok(Type::Ref(text(arg)?)),
                    "Record" => Ok(Type::Record(text(arg)?)),
                    "OneOf" => match &arg.value {
                        NodeValue::List(items) if items.len() > limits::MAX_ONE_OF => Err(ContentError::new(
                            file,
                            arg.pos,
                            format!("OneOf lists {} names, more than the {} it may list (content::limits::MAX_ONE_OF)", items.len(), limits::MAX_ONE_OF),
                        )),
                        NodeValue::List(items) => Ok(Type::OneOf(items.iter().map(text).collect::<Result<_, _>>()?)),
                        _ => Err(bad("OneOf without a list")),
                    },
                    other => Err(bad(&format!("`{other}(...)`"))),
                }
            }
            other => Err(bad(other.type_name())),
        }
    }
}

fn field_maps(file: &str, node: &Node, errors: &mut Vec<ContentError>) -> BTreeMap<String, FieldTypes> {
    let mut out = BTreeMap::new();
    let NodeValue::Map(entries) = &node.value else {
        errors.push(ContentError::new(file, node.pos, format!("expected a map of names to field maps, found {}", node.value.type_name())));
        return out;
    };
    for (k, v) in entries {
        let NodeValue::Str(name) = &k.value else {
            errors.push(ContentError::new(file, k.pos, "names must be strings".into()));
            continue;
        };
        let NodeValue::Map(fields) = &v.value else {
            errors.push(ContentError::new(file, v.pos, format!("expected a map of field names to types, found {}", v.value.type_name())));
            continue;
        };
        let mut types = Vec::new();
        for (fk, fv) in fields {
            let NodeValue::Str(fname) = &fk.value else {
                errors.push(ContentError::new(file, fk.pos, "field names must be strings".into()));
                continue;
            };
            if types.len() == limits::MAX_FIELDS {
                errors.push(ContentError::new(file, fk.pos, format!("`{name}` declares more than {} fields (content::limits::MAX_FIELDS)", limits::MAX_FIELDS)));
                break;
            }
            if types.iter().any(|(n, _)| n == fname) {
                errors.push(ContentError::new(file, fk.pos, format!("field `{name}.{fname}` is declared twice")));
                continue;
            }
            match Type::parse(file, fv) {
                Ok(ty) => types.push((fname.clone(), ty)),
                Err(e) => errors.push(e),
            }
        }
        if out.insert(name.clone(), types).is_some() {
            errors.push(ContentError::new(file, k.pos, format!("`{name}` is declared twice")));
        }
    }
    out
}

/// Converts a node with no schema (type `Any`).
pub(super) fn any_value(node: &Node) -> Value {
    match &node.value {
        NodeValue::Bool(b) => Value::Bool(*b),
        NodeValue::Int(i) => Value::Int(*i),
        NodeValue::Float(f) => Value::Num(*f),
        NodeValue::Str(s) | NodeValue::Ident(s) => Value::Str(s.clone()),
        NodeValue::Char(c) => Value::Str(c.to_string()),
        NodeValue::Some(n) => any_value(n),
        NodeValue::List(items) | NodeValue::Tuple { items, .. } => Value::List(items.iter().map(any_value).collect()),
        NodeValue::Map(entries) => Value::map(
            entries
                .iter()
                .map(|(k, v)| {
                    let key = match &k.value {
                        NodeValue::Int(i) => Key::Int(*i),
                        NodeValue::Str(s) | NodeValue::Ident(s) => Key::Str(s.as_str().into()),
                        _ => Key::Str(format!("{:?}", k.value).into()),
                    };
                    (key, any_value(v))
                })
                .collect(),
        ),
        NodeValue::Struct { fields, .. } => {
            Value::map(fields.iter().map(|f| (Key::Str(f.name.as_str().into()), any_value(&f.value))).collect())
        }
        NodeValue::Unit => Value::Nil,
    }
}


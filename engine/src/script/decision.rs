//! Reading the decision table a step's `run` or a window's `offer` returns into a
//! [`Pending`].
//!
//! Two readers accept exactly the same tables. Almost every decision is plain — a
//! seat, a prompt, options that are strings or small tables of `value`, `label` and
//! `free` — and [`plain`] reads it in one walk on the VM's stack, which costs a
//! fraction of asking mlua for each of the sixty-odd fields of a twenty-option
//! menu. Whatever that walk does not take as it is (a simultaneous question, a
//! field of a type mlua would convert or refuse, a value that cannot be stored, a
//! kind it does not know) sends the table to [`checked`], which reads field by field
//! through mlua and is the only source of the errors a script sees. `plain` charges
//! nothing while it reads, and then charges the budget and counts the state's size
//! in the order and the amounts `checked` would, so the two cannot differ in what
//! they accept, build or charge; a test compares them on tables of every shape.

use super::convert::from_raw;
use super::field_names::{self, FieldNames};
use super::raw::{self, Raw};
use super::{from_lua, Budget};
use crate::flow::{Decision, DecisionKind, OptionItem, Pending, MAX_DECISIONS, MAX_OPTIONS};
use crate::state::{Seat, StateFull, MAX_STATE_BYTES};
use crate::value::Value;
use mlua::{Lua, LuaString, Table, Value as LuaValue};
use std::sync::Arc;

/// Reads a decision table (or `{simultaneous = true, decisions = {...}}`) of the
/// flow frame `frame`; `force_seat` answers it for a window's seat. `held` is the
/// state's size before anything is read.
pub fn read_pending(lua: &Lua, t: &Table, frame: usize, force_seat: Option<Seat>, budget: &Budget, held: usize) -> mlua::Result<Pending> {
    let mut reader = Reader { budget, held, names: &*field_names::of(lua)? };
    let room = MAX_STATE_BYTES.saturating_sub(held);
    if let Some(plain) = raw::on_stack(lua, t, |t| Ok(plain(t, force_seat, room)))? {
        let decision = plain.charge(&mut reader)?;
        return Ok(Pending { decisions: Arc::new(vec![decision]), answers: vec![None], simultaneous: false, frame, actors: Vec::new(), quiet: false });
    }
    checked(t, frame, force_seat, &mut reader)
}

/// The limits a decision table is read within: the call's budget, and the size of the
/// state, to which every option read is added so that a huge table is refused
/// before it is built rather than after.
struct Reader<'a> {
    budget: &'a Budget,
    names: &'a FieldNames,
    /// The state's size with what has been read so far.
    held: usize,
}

impl Reader<'_> {
    /// The text field `key` of a decision table, counted.
    fn text(&mut self, t: &Table, key: &LuaString) -> mlua::Result<Option<String>> {
        let text: Option<String> = t.raw_get(key)?;
        self.charge_text(text.as_deref())?;
        Ok(text)
    }

    /// What reading a text field costs.
    fn charge_text(&mut self, text: Option<&str>) -> mlua::Result<()> {
        if let Some(text) = text {
            self.budget.charge_bytes(text.len())?;
            self.count(text.len())?;
        }
        Ok(())
    }

    fn count(&mut self, bytes: usize) -> mlua::Result<()> {
        self.held = self.held.saturating_add(bytes);
        if self.held > MAX_STATE_BYTES {
            return Err(mlua::Error::runtime(StateFull(self.held).to_string()));
        }
        Ok(())
    }
}

/// A plain decision as [`plain`] read it, before its charges are made.
struct Plain {
    seat: Seat,
    prompt: Option<String>,
    /// Each option with what reading it charged the budget, in bytes, and whether
    /// the script gave its label.
    options: Vec<(OptionItem, usize, bool)>,
    kind: DecisionKind,
    pass: Option<String>,
    rule: Option<String>,
    help: Option<String>,
    key: Option<String>,
    labels: Option<String>,
}

impl Plain {
    /// Charges and counts what [`checked`] would have while reading, in its order,
    /// and gives the decision.
    fn charge(self, reader: &mut Reader) -> mlua::Result<Decision> {
        reader.count(std::mem::size_of::<Decision>())?;
        reader.charge_text(self.prompt.as_deref())?;
        let mut options = Vec::with_capacity(self.options.len());
        for (mut option, charged, labelled) in self.options {
            if !labelled {
                option.label = default_label(&option.value, self.labels.is_some());
            }
            reader.budget.charge_bytes(charged)?;
            reader.count(std::mem::size_of::<OptionItem>() + option.label.len() + option.value.weight())?;
            options.push(option);
        }
        reader.charge_text(self.pass.as_deref())?;
        reader.charge_text(self.rule.as_deref())?;
        reader.charge_text(self.help.as_deref())?;
        reader.charge_text(self.key.as_deref())?;
        reader.charge_text(self.labels.as_deref())?;
        Ok(Decision {
            seat: self.seat,
            prompt: self.prompt.unwrap_or_else(|| "Choose".into()),
            rule: self.rule,
            help: self.help,
            kind: self.kind,
            options,
            pass: self.pass,
            key: self.key,
            labels: self.labels,
        })
    }
}

/// A field of a decision table as the walk found it.
enum Field<T> {
    Absent,
    Plain(T),
    /// Of a type the walk leaves to [`checked`].
    Other,
}

impl<T> Field<T> {
    fn of(value: Option<T>) -> Field<T> {
        value.map_or(Field::Other, Field::Plain)
    }

    /// `Some(None)` when absent, `None` when of another type.
    fn optional(self) -> Option<Option<T>> {
        match self {
            Field::Absent => Some(None),
            Field::Plain(v) => Some(Some(v)),
            Field::Other => None,
        }
    }
}

fn text_of(v: Raw<'_>) -> Option<String> {
    match v {
        Raw::Str(bytes) => super::raw::utf8(bytes).map(str::to_owned),
        _ => None,
    }
}

/// Reads `t` in one walk if it is a plain decision, else `None` (see the module's
/// note). Options taking more than `room` bytes are left to the checked reader,
/// which refuses them as it counts them, before they are all built.
fn plain(t: raw::TableAt<'_>, force_seat: Option<Seat>, room: usize) -> Option<Plain> {
    let (mut seat, mut prompt, mut kind, mut min, mut max) = (Field::Absent, Field::Absent, Field::Absent, Field::Absent, Field::Absent);
    let (mut pass, mut rule, mut help, mut key, mut labels) = (Field::Absent, Field::Absent, Field::Absent, Field::Absent, Field::Absent);
    let mut options: Option<Vec<(OptionItem, usize, bool)>> = Some(Vec::new());
    let mut simple = true;
    let walked = t.each_field(|k, v| {
        let Raw::Str(k) = k else { return Ok(()) };
        let int = |v: Raw<'_>| Field::of(if let Raw::Integer(i) = v { Some(i) } else { None });
        match k {
            b"seat" => seat = int(v),
            b"min" => min = int(v),
            b"max" => max = int(v),
            b"prompt" => prompt = Field::of(text_of(v)),
            b"kind" => kind = Field::of(text_of(v)),
            b"pass" => pass = Field::of(text_of(v)),
            b"rule" => rule = Field::of(text_of(v)),
            b"help" => help = Field::of(text_of(v)),
            b"key" => key = Field::of(text_of(v)),
            b"labels" => labels = Field::of(text_of(v)),
            b"options" => options = if let Raw::Table(list) = v { option_list(list, room) } else { None },
            // Even `simultaneous = false`: rare enough to leave to the checked reader.
            b"simultaneous" => simple = false,
            _ => {}
        }
        Ok(())
    });
    if walked.is_err() || !simple {
        return None;
    }
    let seat = match force_seat {
        Some(s) => s,
        None => match seat {
            Field::Plain(s) if (1..=64).contains(&s) => (s - 1) as Seat,
            _ => return None,
        },
    };
    let options = options?;
    let kind = match kind.optional()?.as_deref() {
        None | Some("one") => DecisionKind::One,
        Some("many") => {
            let count = options.len() as i64;
            let min = min.optional()?.unwrap_or(0);
            let max = max.optional()?.unwrap_or(count);
            if min < 0 || min > max || max > count {
                return None;
            }
            DecisionKind::Many { min: min as usize, max: max as usize }
        }
        Some("number") => match (min, max) {
            (Field::Plain(min), Field::Plain(max)) if min <= max => DecisionKind::Number { min, max },
            _ => return None,
        },
        Some(_) => return None,
    };
    let plain = Plain {
        seat,
        prompt: prompt.optional()?,
        options,
        kind,
        pass: pass.optional()?,
        rule: rule.optional()?,
        help: help.optional()?,
        key: key.optional()?,
        labels: labels.optional()?,
    };
    let legal = match plain.kind {
        DecisionKind::One => !plain.options.is_empty(),
        DecisionKind::Many { min, .. } => min <= plain.options.len(),
        DecisionKind::Number { .. } => true,
    } || plain.pass.is_some();
    legal.then_some(plain)
}

/// The options of a plain decision, each with what reading it charges and whether
/// its label was given; `None` if one is not plain, or if they take more than `room`
/// bytes (counting a label not given as empty: the exact count is made later).
fn option_list(list: raw::TableAt<'_>, mut room: usize) -> Option<Vec<(OptionItem, usize, bool)>> {
    if list.len() > MAX_OPTIONS {
        return None;
    }
    let mut options = Vec::with_capacity(list.len());
    let mut simple = true;
    let walked = list.each_item(|item| {
        let option = match item {
            Raw::Str(bytes) => text_of(Raw::Str(bytes)).map(|s| (OptionItem { label: s.clone(), value: Value::Str(s), free: false }, 2 * bytes.len(), true)),
            Raw::Table(o) => option_table(o),
            other => from_raw(other).ok().map(|(value, weight)| (OptionItem { label: String::new(), value, free: false }, weight, false)),
        };
        match option {
            Some(option) => {
                let size = std::mem::size_of::<OptionItem>() + option.0.label.len() + option.0.value.weight();
                match room.checked_sub(size) {
                    Some(left) => room = left,
                    None => simple = false,
                }
                options.push(option);
            }
            None => simple = false,
        }
        // Stop at the first option that is not plain.
        if simple {
            Ok(())
        } else {
            Err(mlua::Error::runtime("not plain"))
        }
    });
    (walked.is_ok() && simple).then_some(options)
}

/// An option given as `{value = …, label = …, free = …}`, with what reading it
/// charges and whether its label was given.
fn option_table(o: raw::TableAt<'_>) -> Option<(OptionItem, usize, bool)> {
    let (mut label, mut free) = (Field::Absent, Field::Absent);
    let mut value = Some((Value::Nil, Value::Nil.weight()));
    o.each_field(|k, v| {
        match k {
            Raw::Str(b"value") => value = from_raw(v).ok(),
            Raw::Str(b"label") => label = Field::of(text_of(v)),
            Raw::Str(b"free") => free = Field::of(if let Raw::Bool(b) = v { Some(b) } else { None }),
            _ => {}
        }
        Ok(())
    })
    .ok()?;
    let (value, weight) = value?;
    let label = label.optional()?;
    let given = label.is_some();
    Some((OptionItem { label: label.unwrap_or_default(), value, free: free.optional()?.unwrap_or(false) }, weight, given))
}

/// The label of an option the script gave none: left for the decision's labeller
/// to make if it has one, else the value as text.
fn default_label(value: &Value, labeller: bool) -> String {
    if labeller {
        String::new()
    } else {
        value.to_string()
    }
}

/// Reads a decision table field by field through mlua: the reader of every table
/// [`plain`] does not take, and the source of every error.
fn checked(t: &Table, frame: usize, force_seat: Option<Seat>, reader: &mut Reader) -> mlua::Result<Pending> {
    if t.raw_get::<Option<bool>>(&reader.names.simultaneous)?.unwrap_or(false) {
        let list: Table = t.raw_get(&reader.names.decisions)?;
        if list.raw_len() > MAX_DECISIONS {
            return Err(mlua::Error::runtime(format!(
                "a simultaneous question of {} decisions: one pending holds at most {MAX_DECISIONS}",
                list.raw_len()
            )));
        }
        let decisions = list
            .sequence_values::<Table>()
            .map(|d| read_decision(&d?, None, reader))
            .collect::<mlua::Result<Vec<_>>>()?;
        if decisions.is_empty() {
            return Err(mlua::Error::runtime("a simultaneous decision needs at least one seat's decision"));
        }
        let keyed = decisions.iter().all(|d| d.key.is_some());
        let mut seen: Vec<(Seat, Option<String>)> = decisions.iter().map(|d| (d.seat, d.key.clone())).collect();
        seen.sort();
        seen.dedup();
        if seen.len() != decisions.len() || (!keyed && decisions.iter().any(|d| d.key.is_some())) {
            return Err(mlua::Error::runtime(
                "a simultaneous decision lists a seat twice (give every decision a distinct `key` to ask a seat several things)",
            ));
        }
        let n = decisions.len();
        let quiet = t.raw_get::<Option<bool>>(&reader.names.quiet)?.unwrap_or(false);
        return Ok(Pending { decisions: Arc::new(decisions), answers: vec![None; n], simultaneous: true, frame, actors: Vec::new(), quiet });
    }
    let decision = read_decision(t, force_seat, reader)?;
    Ok(Pending { decisions: Arc::new(vec![decision]), answers: vec![None], simultaneous: false, frame, actors: Vec::new(), quiet: false })
}

/// One decision of a table, as [`checked`] reads it.
fn read_decision(t: &Table, force_seat: Option<Seat>, reader: &mut Reader) -> mlua::Result<Decision> {
    let seat = match force_seat {
        Some(s) => s,
        None => {
            let s: i64 = t.raw_get::<Option<i64>>(&reader.names.seat)?.ok_or_else(|| mlua::Error::runtime("a decision needs `seat`"))?;
            if !(1..=64).contains(&s) {
                return Err(mlua::Error::runtime(format!("decision seat {s} is out of range")));
            }
            (s - 1) as Seat
        }
    };
    reader.count(std::mem::size_of::<Decision>())?;
    let prompt: String = reader.text(t, &reader.names.prompt)?.unwrap_or_else(|| "Choose".into());
    // Read now, since it decides the options' missing labels; charged last, in order.
    let labels: Option<String> = t.raw_get(&reader.names.labels)?;
    let mut options = Vec::new();
    if let Some(list) = t.raw_get::<Option<Table>>(&reader.names.options)? {
        if list.raw_len() > MAX_OPTIONS {
            return Err(mlua::Error::runtime(format!(
                "a decision offering {} options: a decision offers at most {MAX_OPTIONS}",
                list.raw_len()
            )));
        }
        for item in list.sequence_values::<LuaValue>() {
            let option = match item? {
                LuaValue::String(s) => {
                    let s = s.to_str()?.to_string();
                    reader.budget.charge_bytes(2 * s.len())?;
                    OptionItem { label: s.clone(), value: Value::Str(s), free: false }
                }
                LuaValue::Table(o) => {
                    let value = from_lua(&o.raw_get::<LuaValue>(&reader.names.value)?, reader.budget)?;
                    let label: String = match o.raw_get::<Option<String>>(&reader.names.label)? {
                        Some(l) => l,
                        None => default_label(&value, labels.is_some()),
                    };
                    let free = o.raw_get::<Option<bool>>(&reader.names.free)?.unwrap_or(false);
                    OptionItem { label, value, free }
                }
                other => {
                    let value = from_lua(&other, reader.budget)?;
                    OptionItem { label: default_label(&value, labels.is_some()), value, free: false }
                }
            };
            reader.count(std::mem::size_of::<OptionItem>() + option.label.len() + option.value.weight())?;
            options.push(option);
        }
    }
    let kind = match t.raw_get::<Option<String>>(&reader.names.kind)?.as_deref() {
        None | Some("one") => DecisionKind::One,
        Some("many") => {
            let min = t.raw_get::<Option<usize>>(&reader.names.min)?.unwrap_or(0);
            let max = t.raw_get::<Option<usize>>(&reader.names.max)?.unwrap_or(options.len());
            if min > max || max > options.len() {
                return Err(mlua::Error::runtime(format!("a `many` decision needs min <= max <= {} options (min {min}, max {max})", options.len())));
            }
            DecisionKind::Many { min, max }
        }
        Some("number") => {
            let min: i64 = t.raw_get(&reader.names.min)?;
            let max: i64 = t.raw_get(&reader.names.max)?;
            if min > max {
                return Err(mlua::Error::runtime(format!("a number decision needs min <= max (min {min}, max {max})")));
            }
            DecisionKind::Number { min, max }
        }
        Some(other) => return Err(mlua::Error::runtime(format!("unknown decision kind `{other}` (one, many, number)"))),
    };
    let pass: Option<String> = reader.text(t, &reader.names.pass)?;
    let decision = Decision {
        seat,
        prompt,
        rule: reader.text(t, &reader.names.rule)?,
        help: reader.text(t, &reader.names.help)?,
        kind,
        options,
        pass,
        key: reader.text(t, &reader.names.key)?,
        labels: {
            reader.charge_text(labels.as_deref())?;
            labels
        },
    };
    let legal = match decision.kind {
        DecisionKind::One => !decision.options.is_empty(),
        DecisionKind::Many { min, .. } => min <= decision.options.len(),
        DecisionKind::Number { .. } => true,
    } || decision.pass.is_some();
    if !legal {
        return Err(mlua::Error::runtime(format!("decision \"{}\" offers no legal answer (no options and no pass)", decision.prompt)));
    }
    Ok(decision)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads the table `code` evaluates to both ways: what each built or the error
    /// it gave, and what each charged.
    fn both(code: &str, force_seat: Option<Seat>) -> ((String, u64), (String, u64), bool) {
        let lua = Lua::new();
        lua.set_app_data(FieldNames::new(&lua).expect("names"));
        let t: Table = lua.load(code).eval().expect(code);
        let fast_budget = Budget::unmetered();
        let fast = read_pending(&lua, &t, 3, force_seat, &fast_budget, 1000);
        let took_plain = raw::on_stack(&lua, &t, |t| Ok(plain(t, force_seat, MAX_STATE_BYTES - 1000).is_some())).expect("walks");
        let slow_budget = Budget::unmetered();
        let names = field_names::of(&lua).expect("names");
        let slow = checked(&t, 3, force_seat, &mut Reader { budget: &slow_budget, names: &names, held: 1000 });
        let shown = |r: mlua::Result<Pending>| r.map_or_else(|e| format!("error: {e}"), |p| format!("{p:?}"));
        ((shown(fast), fast_budget.used()), (shown(slow), slow_budget.used()), took_plain)
    }

    #[test]
    fn the_walk_and_the_checked_reader_build_and_refuse_the_same() {
        let plain_tables = [
            r#"{seat = 1, prompt = "Pick", options = {"a", "b"}}"#,
            r#"{seat = 2, options = {{value = 1, label = "one"}, {value = {x = 1, y = {2, 3}, [5] = "z"}, free = true}, 7, true, 2.5},
                rule = "GE 1", help = "why", key = "k", pass = "Pass", unknown = 1, [1] = 2}"#,
            r#"{seat = 1, kind = "many", min = 1, max = 2, options = {"a", "b", "c"}}"#,
            r#"{seat = 1, kind = "many", options = {"a", "b", "c"}, min = "ignored?"}"#,
            r#"{seat = 1, kind = "one", min = "x", max = {}, options = {"a"}}"#,
            r#"{seat = 1, kind = "number", min = 0, max = 3}"#,
            r#"{seat = 1, options = {}, pass = "Nothing"}"#,
            r#"{seat = 64, options = {{value = "v"}, {label = "no value"}}}"#,
            r#"{seat = 1, labels = "m.f", options = {{value = 1}, {value = {x = 2}, label = "two"}, 3, "s", {value = "v", free = true}}}"#,
            r#"{options = {{value = 1}}, seat = 1, labels = "m.f"}"#,
            &format!("{{seat = 1, prompt = '{}', options = {{'{}'}}}}", "p".repeat(5000), "o".repeat(9000)),
        ];
        for (i, code) in plain_tables.iter().enumerate() {
            let (fast, slow, took_plain) = both(code, None);
            assert_eq!(fast, slow, "{code}");
            // The fourth has a `min` of the wrong type for `many`: checked reports it.
            assert_eq!(took_plain, i != 3, "{code}: {fast:?}");
            assert!(!fast.0.starts_with("error") || i == 3, "{code}: {fast:?}");
        }
        let other_tables = [
            r#"{seat = 1, kind = "number", min = 3, max = 0}"#,
            r#"{seat = 1, kind = "number", min = 3}"#,
            r#"{seat = 0, options = {"a"}}"#,
            r#"{seat = 65, options = {"a"}}"#,
            r#"{seat = 1.5, options = {"a"}}"#,
            r#"{options = {"a"}}"#,
            r#"{seat = 1, prompt = 5, options = {"a"}}"#,
            r#"{seat = 1, options = {}}"#,
            r#"{seat = 1, options = {{label = 3, value = 1}}}"#,
            r#"{seat = 1, options = {function() end}}"#,
            r#"{seat = 1, options = {{value = function() end}}}"#,
            r#"{seat = 1, options = {{value = "v", free = 1}}}"#,
            r#"{seat = 1, kind = "bogus", options = {"a"}}"#,
            r#"{seat = 1, kind = "many", min = -1, options = {"a"}}"#,
            r#"{seat = 1, kind = "many", max = 5, options = {"a"}}"#,
            r#"{seat = 1, kind = "many", min = 2, max = 1, options = {"a", "b"}}"#,
            r#"{seat = 1, options = "abc"}"#,
            r#"{seat = 1, options = {"\xff"}}"#,
            r#"{seat = 1, options = {{value = "\xff"}}}"#,
            r#"{seat = 1, options = {"a"}, help = true}"#,
            r#"{seat = 1, options = {{value = 1}}, labels = 5}"#,
            r#"{seat = 1, options = {{value = 1}}, labels = {}}"#,
            r#"local t = {} t[1] = t return {seat = 1, options = {{value = t}}}"#,
            r#"{simultaneous = false, seat = 1, options = {"a"}}"#,
            r#"{simultaneous = true, decisions = {{seat = 1, options = {"a"}}, {seat = 2, options = {"b"}}}}"#,
            r#"{simultaneous = true, decisions = {{seat = 1, options = {"a"}}, {seat = 1, options = {"b"}}}}"#,
        ];
        for code in other_tables {
            let (fast, slow, took_plain) = both(code, None);
            assert_eq!(fast, slow, "{code}");
            assert!(!took_plain, "{code}: {fast:?}");
        }
        // A window's seat answers a table with no seat, or the wrong one.
        for code in [r#"{options = {"a"}}"#, r#"{seat = 99, options = {"a"}}"#] {
            let (fast, slow, took_plain) = both(code, Some(2));
            assert_eq!(fast, slow, "{code}");
            assert!(took_plain && fast.0.contains("seat: 2"), "{code}: {fast:?}");
        }
    }
}

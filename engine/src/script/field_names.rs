//! The names of the fields the kernel reads from script tables (a decision's
//! `prompt` and `options`, an option's `label` and `value`, a spec's `kind`…) as Lua
//! strings, made once per VM.
//!
//! Reading `t.label` with a Rust `&str` makes the VM hash the name and find its
//! interned string on every read; a decision of twenty options reads sixty such
//! fields. With the string at hand, a read is a plain table look-up.

use mlua::{Lua, LuaString};

macro_rules! field_names {
    ($($name:ident),* $(,)?) => {
        /// One Lua string per field name; see the module's note.
        pub struct FieldNames {
            $(pub $name: LuaString,)*
        }

        impl FieldNames {
            /// Makes every name in `lua`.
            pub fn new(lua: &Lua) -> mlua::Result<FieldNames> {
                Ok(FieldNames { $($name: lua.create_string(stringify!($name))?,)* })
            }
        }
    };
}

field_names!(
    // A decision (game.rs).
    simultaneous, quiet, decisions, seat, prompt, options, label, value, free, kind, min, max, pass, rule, help, key, labels,
    // An entity spec and a location (api/entities.rs, api/mod.rs).
    face, hidden, at, owner, props, inside, zone,
);

/// The names of `lua`, which every VM made by [`crate::script::ScriptHost`] has.
pub fn of(lua: &Lua) -> mlua::Result<mlua::AppDataRef<'_, FieldNames>> {
    lua.app_data_ref::<FieldNames>().ok_or_else(|| mlua::Error::runtime("the VM has no field names"))
}

//! `g` methods for the log and the flow: log lines (public or for some seats),
//! pushing step frames and reaction windows, and ending the game.

use super::{err, seat, seat_mask, slot, Method, Methods};
use crate::flow::{Frame, Window, WINDOW_STEP};
use crate::script::convert::from_lua;
use crate::state::{Outcome, Seat};
use crate::sym::Sym;
use mlua::{Table, UserDataMethods, Value as LuaValue};

pub(super) struct Flow;

impl Methods for Flow {
    const TITLE: &'static str = "Log and flow";
    const DOCS: &'static [Method] = &[
        Method::new("log", "text: string", "()",
            "Adds a line that every seat sees to the game log."),
        Method::new("log_to", "seats: Seats, text: string", "()",
            "Adds a log line that only `seats` see."),
        Method::new("push", "step: string, ctx: Value", "()",
            "Pushes a frame of the step `step` (declared in pack.ron) with the context `ctx` (usually a table); it runs, with anything it pushes, before the current step is called again."),
        Method::new("window", "spec: WindowSpec", "()",
            "Opens a reaction window: each seat of `seats` in turn is offered `offer(g, data, seat)` and may respond; see Reaction windows."),
        Method::new("reset_flow", "", "()",
            "Empties the flow and drops the pending decision; for scenario set-ups that build a position from scratch and push the step to play from."),
        Method::new("finish", "outcome: Outcome", "()",
            "Ends the game: `scores` holds one number per seat (seat 1 first) and `ranking` lists every seat exactly once, best first."),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("log", |lua, _, text: String| {
            slot(lua)?.state.log(text, None);
            Ok(())
        });
        m.add_method("log_to", |lua, _, (who, text): (LuaValue, String)| {
            let mut sl = slot(lua)?;
            let mask = seat_mask(&sl.state, &who)?;
            sl.state.log(text, Some(mask));
            Ok(())
        });
        m.add_method("push", |lua, _, (step, ctx): (String, LuaValue)| {
            let ctx = from_lua(&ctx)?;
            let mut sl = slot(lua)?;
            if sl.rules.step(&step).is_none() && step != WINDOW_STEP {
                return Err(err(format!("push: no step `{step}` is declared in pack.ron")));
            }
            sl.state.flow.push(Frame { step: Sym::new(&step), ctx, entered: false });
            Ok(())
        });
        m.add_method("window", |lua, _, spec: Table| {
            let seats: Vec<i64> = spec.raw_get::<Table>("seats")?.sequence_values::<i64>().collect::<mlua::Result<_>>()?;
            let offer: String = spec.raw_get("offer")?;
            let respond: String = spec.raw_get("respond")?;
            let data = from_lua(&spec.raw_get::<LuaValue>("data")?)?;
            let mut sl = slot(lua)?;
            let seats = seats.into_iter().map(|s| seat(&sl.state, s)).collect::<mlua::Result<Vec<_>>>()?;
            let window = Window { seats, next: 0, offer, respond, data, closed: false };
            sl.state.flow.push(Frame { step: Sym::new(WINDOW_STEP), ctx: window.to_value(), entered: true });
            Ok(())
        });
        m.add_method("reset_flow", |lua, _, ()| {
            // For scenario set-ups that build a position from scratch.
            let mut sl = slot(lua)?;
            sl.state.flow.clear();
            sl.state.pending = None;
            Ok(())
        });
        m.add_method("finish", |lua, _, spec: Table| {
            let scores: Vec<i64> = spec.raw_get::<Table>("scores")?.sequence_values::<i64>().collect::<mlua::Result<_>>()?;
            let ranking: Vec<i64> = spec.raw_get::<Table>("ranking")?.sequence_values::<i64>().collect::<mlua::Result<_>>()?;
            let mut sl = slot(lua)?;
            let n = sl.state.seat_count();
            if scores.len() != n {
                return Err(err(format!("finish: {} scores given for {n} seats", scores.len())));
            }
            let ranking = ranking.into_iter().map(|s| seat(&sl.state, s)).collect::<mlua::Result<Vec<_>>>()?;
            let mut sorted = ranking.clone();
            sorted.sort();
            if sorted != (0..n as Seat).collect::<Vec<_>>() {
                return Err(err("finish: the ranking must list every seat exactly once"));
            }
            sl.state.outcome = Some(Outcome { scores, ranking });
            Ok(())
        });
    }
}

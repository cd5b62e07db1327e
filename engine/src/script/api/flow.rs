//! `g` methods for the log and the flow: log lines (public or for some seats),
//! pushing step frames and reaction windows, and ending the game.

use super::direct::{direct, Ret};
use super::{err, seat, seat_mask, slot, stored, Method, Methods};
use crate::flow::{Frame, Window, MAX_DECISIONS, MAX_FLOW_DEPTH, WINDOW_STEP};
use crate::script::convert::from_lua;
use crate::script::Slot;
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

    const DIRECT: &'static [(&'static str, mlua::ffi::lua_CFunction)] = &[
        direct!("log", |_, args| {
            let text = args.text(1)?;
            let mut sl = args.slot()?;
            sl.budget.charge_bytes(text.len())?;
            sl.state.log(text.to_owned(), None);
            stored(&sl.state).map(|()| Ret::None)
        }),
        direct!("log_to", |lua, args| {
            let (who, text) = (args.value(lua, 1)?, args.text(2)?);
            let mut sl = args.slot()?;
            let mask = seat_mask(&sl, &who)?;
            sl.budget.charge_bytes(text.len())?;
            sl.state.log(text.to_owned(), Some(mask));
            stored(&sl.state).map(|()| Ret::None)
        }),
        direct!("push", |lua, args| {
            let (step, ctx) = (args.text(1)?, args.value(lua, 2)?);
            let mut sl = args.slot()?;
            if sl.rules.step(step).is_none() && step != WINDOW_STEP {
                return Err(err(format!("push: no step `{step}` is declared in pack.ron")));
            }
            let ctx = from_lua(&ctx, &sl.budget)?;
            push(&mut sl, Frame { step: Sym::new(step), ctx: std::sync::Arc::new(ctx), entered: false }).map(|()| Ret::None)
        }),
    ];

    fn register<T, M: UserDataMethods<T>>(m: &mut M) {
        m.add_method("window", |lua, _, spec: Table| {
            let seats: Table = spec.raw_get("seats")?;
            let offer: String = spec.raw_get("offer")?;
            let respond: String = spec.raw_get("respond")?;
            let mut sl = slot(lua)?;
            // Each listed seat is one decision the window may ask.
            let seats = seats.sequence_values::<i64>().take(MAX_DECISIONS + 1).map(|s| seat(&sl.state, s?)).collect::<mlua::Result<Vec<_>>>()?;
            if seats.len() > MAX_DECISIONS {
                return Err(err(format!("window: more than {MAX_DECISIONS} seats listed, the most a window may ask")));
            }
            let data = from_lua(&spec.raw_get::<LuaValue>("data")?, &sl.budget)?;
            let quiet = spec.raw_get::<Option<bool>>("quiet")?.unwrap_or(false);
            let window = Window { seats, next: 0, offer, respond, data, closed: false, quiet };
            push(&mut sl, Frame { step: Sym::new(WINDOW_STEP), ctx: std::sync::Arc::new(window.to_value()), entered: true })
        });
        m.add_method("reset_flow", |lua, _, ()| {
            // For scenario set-ups that build a position from scratch.
            let mut sl = slot(lua)?;
            sl.state.clear_flow();
            sl.state.set_pending(None);
            Ok(())
        });
        m.add_method("finish", |lua, _, spec: Table| {
            let mut sl = slot(lua)?;
            let n = sl.state.seat_count();
            // One more than the seats is enough to tell a list that is too long.
            let scores: Vec<i64> = spec.raw_get::<Table>("scores")?.sequence_values::<i64>().take(n + 1).collect::<mlua::Result<_>>()?;
            let ranking: Vec<i64> = spec.raw_get::<Table>("ranking")?.sequence_values::<i64>().take(n + 1).collect::<mlua::Result<_>>()?;
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

/// Pushes a frame, within the flow's depth and the state's size.
fn push(sl: &mut Slot, frame: Frame) -> mlua::Result<()> {
    if sl.state.flow.len() >= MAX_FLOW_DEPTH {
        return Err(err(format!(
            "push: the flow already holds {MAX_FLOW_DEPTH} frames, the most it may; does step `{}` push steps without end?",
            frame.step
        )));
    }
    sl.state.push_frame(frame);
    stored(&sl.state)
}

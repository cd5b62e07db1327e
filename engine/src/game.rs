//! `Game`: one running game — a shared [`Ruleset`] plus its [`GameState`].
//!
//! The game runs the flow stack until a frame asks a decision, validates each
//! [`Choice`] against the pending decision, and resolves it. A refused or failing
//! action restores the state exactly as it was: `act` works on the state in place
//! but keeps a copy to roll back to. The state's parts are shared copy-on-write
//! (entities, log and history in chunks, variables and contexts behind `Arc`s), so
//! the copy costs a count per chunk and the act pays only for what it changes —
//! cheaper than journaling every write a script makes, and nothing to forget.
//!
//! One act (and the setup, and a scenario's snippet) is bounded whatever the pack
//! does: its step calls share one budget ([`crate::script::ACT_BUDGET`]), it runs
//! at most [`MAX_STEP_CALLS`] of them, the flow holds at most
//! [`crate::flow::MAX_FLOW_DEPTH`] frames, and the state stays under
//! [`crate::state::MAX_STATE_BYTES`], checked after every step call.

use crate::content::Ruleset;
use crate::flow::{Choice, ChoiceError, Decision, Frame, Pending, Window, WINDOW_STEP};
use crate::script::{capped, cost, from_lua, read_pending, to_lua, ScriptError, ScriptHost};
use crate::state::{GameState, Seat, Setup};
use crate::sym::Sym;
use crate::value::{Key, Value};
use crate::view::diagram::Diagram;
use mlua::Value as LuaValue;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use thiserror::Error;

/// Step calls one act may make before it is declared stuck: real acts make a few
/// dozen, and each call also draws on the act's budget.
pub const MAX_STEP_CALLS: usize = 100_000;

/// Why a game could not be created or an action not applied.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GameError {
    #[error("illegal choice: {0}")]
    Choice(#[from] ChoiceError),
    #[error("script error: {0}")]
    Script(#[from] ScriptError),
    #[error("flow error: {0}")]
    Flow(String),
    #[error("cannot set up the game: {0}")]
    Setup(String),
}

thread_local! {
    // By ruleset uid. A thread holds one host or a few, and every act looks its host
    // up: a short list is searched faster than a map hashes the key.
    static HOSTS: RefCell<Vec<(u64, Rc<ScriptHost>)>> = const { RefCell::new(Vec::new()) };
}

/// The script host of this thread for `rules`, created on first use.
pub fn host_for(rules: &Ruleset) -> Result<Rc<ScriptHost>, ScriptError> {
    if let Some(host) = HOSTS.with(|h| h.borrow().iter().find(|(uid, _)| *uid == rules.uid).map(|(_, host)| host.clone())) {
        return Ok(host);
    }
    let host = Rc::new(ScriptHost::new(rules)?);
    HOSTS.with(|h| h.borrow_mut().push((rules.uid, host.clone())));
    Ok(host)
}

/// One running game.
#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Arc<Ruleset>,
    pub state: GameState,
}

/// What a step call asked for.
enum Outcome {
    /// The frame has finished: pop it.
    Done,
    /// Keep the frame and run it again.
    Continue,
    /// Wait for these decisions.
    Ask(Pending),
}

impl Game {
    /// Creates a game and runs it up to its first decision.
    pub fn new(rules: Arc<Ruleset>, seats: usize, seed: u64, variants: Vec<String>) -> Result<Game, GameError> {
        check_setup(&rules, seats, &variants)?;
        // Variants may add seats no player sits in (played on the players' behalf).
        let extra: usize = variants.iter().filter_map(|v| rules.variant(v)).map(|v| v.extra_seats).sum();
        let mut state = GameState::new(Setup { pack: rules.manifest.id.clone(), seats: seats + extra, seed, variants });
        state.push_frame(Frame { step: Sym::new(&rules.manifest.start), ctx: Arc::new(Value::map(vec![])), entered: false });
        let mut game = Game { rules, state };
        let host = game.host()?;
        let _act = host.act();
        game.advance()?;
        Ok(game)
    }

    /// Wraps an existing state: a copy of another game's, whose size is counted (a
    /// state built any other way wants [`GameState::recount`] first).
    pub fn from_state(rules: Arc<Ruleset>, state: GameState) -> Game {
        Game { rules, state }
    }

    /// What `seat` (or a spectator, `None`) may see of this game.
    pub fn view(&self, seat: Option<Seat>) -> crate::view::View {
        crate::view::view(&self.state, &self.rules.manifest.secrets, seat)
    }

    pub fn pending(&self) -> Option<&Pending> {
        self.state.pending.as_deref()
    }

    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// The decision `seat` must answer now, if any.
    pub fn decision_for(&self, seat: Seat) -> Option<&Decision> {
        self.pending()?.open_for(seat).map(|(_, d)| d)
    }

    /// The decision `seat` must answer now with every label made, as a person reads
    /// it: what front ends show and scenarios pick by.
    pub fn shown_decision(&self, seat: Seat) -> Result<Option<Decision>, GameError> {
        self.decision_for(seat).map(|d| self.labelled(d)).transpose()
    }

    /// `decision` (one of this game's pending decisions) with the labels its
    /// labeller makes: the pack function the decision names in `labels`, called as
    /// `f(g, value, seat)` for each option the script gave no label, on a copy of
    /// the state so that nothing it does stays. Labels are made only here, when
    /// someone will read them; bots and simulations choose by index.
    pub fn labelled(&self, decision: &Decision) -> Result<Decision, GameError> {
        let mut out = decision.clone();
        let Some(path) = decision.labels.as_deref().filter(|_| decision.needs_labels()) else { return Ok(out) };
        let host = self.host()?;
        let function = host.function(path)?;
        let hook = format!("labels {path}");
        let budget = host.budget();
        let seat = decision.seat as i64 + 1;
        let mut scratch = self.state.rollback_copy();
        host.with_state(&mut scratch, &self.rules, &hook, |lua, g| {
            for option in out.options.iter_mut().filter(|o| o.label.is_empty()) {
                let value = to_lua(lua, &option.value, budget)?;
                option.label = match capped(lua, || function.call::<LuaValue>((g.clone(), value, seat)))? {
                    LuaValue::String(s) => s.to_str()?.to_string(),
                    other => {
                        return Err(mlua::Error::runtime(format!("a label must be a string, but the labeller gave a {} for {}", other.type_name(), option.value)))
                    }
                };
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// Applies `seat`'s choice. On any error the state is left exactly as it was.
    pub fn act(&mut self, seat: Seat, choice: Choice) -> Result<(), GameError> {
        if self.is_over() {
            return Err(ChoiceError::GameOver.into());
        }
        let pending = self.state.pending.as_ref().ok_or_else(|| GameError::Flow("no decision is pending".into()))?;
        let Some((index, decision)) = pending.open_for(seat) else {
            return Err(ChoiceError::NotYourTurn {
                seat: seat as usize + 1,
                waiting: pending.shown_waiting(Some(seat), self.state.seat_count()).iter().map(|&s| s as usize + 1).collect(),
            }
            .into());
        };
        let value = decision.accept(&choice)?;
        // A copy of the state shares all its data (see `state::Chunks`): what the act
        // changes is copied as it changes, so the copy costs well under a microsecond.
        let backup = self.state.rollback_copy();
        let host = self.host()?;
        let act = host.act();
        let result = self.apply(seat, index, choice, value);
        drop(act);
        if result.is_err() {
            self.state = backup;
        }
        result
    }

    fn apply(&mut self, seat: Seat, index: usize, choice: Choice, value: Value) -> Result<(), GameError> {
        self.state.record(seat, choice.clone());
        let mut shared = self.state.take_pending().expect("checked by act");
        let answer = if shared.simultaneous {
            // The copy an act rolls back to shares the pending: this copies it.
            let pending = Arc::make_mut(&mut shared);
            // A damaged state may lack slots: give every decision one first.
            pending.answers.resize(pending.decisions.len(), None);
            pending.answers[index] = Some(choice);
            if pending.answers.iter().any(Option::is_none) {
                self.state.set_pending(Some(shared));
                return Ok(());
            }
            let keyed = pending.decisions.iter().all(|d| d.key.is_some());
            let mut per_seat: Vec<(Key, Vec<(Key, Value)>)> = Vec::new();
            let mut entries = Vec::new();
            for (d, a) in pending.decisions.iter().zip(&pending.answers) {
                let v = d.accept(a.as_ref().expect("all answered"))?;
                let seat_key = Key::Int(d.seat as i64 + 1);
                // Answers are keyed by the seat decided for, whoever answered.
                match (&d.key, keyed) {
                    (Some(k), true) => match per_seat.iter_mut().find(|(s, _)| *s == seat_key) {
                        Some((_, list)) => list.push((Key::Str(k.as_str().into()), v)),
                        None => per_seat.push((seat_key, vec![(Key::Str(k.as_str().into()), v)])),
                    },
                    _ => entries.push((seat_key, v)),
                }
            }
            if keyed {
                Value::map(per_seat.into_iter().map(|(s, list)| (s, Value::map(list))).collect())
            } else {
                Value::map(entries)
            }
        } else {
            value
        };
        self.resolve(shared.frame, seat, answer)?;
        self.advance()
    }

    fn host(&self) -> Result<Rc<ScriptHost>, GameError> {
        Ok(host_for(&self.rules)?)
    }

    /// Runs a Lua snippet against the game (scenario set-up and checks), then lets
    /// the flow run on to its next decision. The state is unchanged on error.
    pub fn eval(&mut self, name: &str, code: &str) -> Result<Value, GameError> {
        let backup = self.state.rollback_copy();
        let host = self.host()?;
        let _act = host.act();
        let result = host.eval(&mut self.state, &self.rules, name, code).map_err(GameError::from).and_then(|v| {
            if self.state.pending.is_none() && !self.state.flow.is_empty() {
                self.advance()?;
            }
            Ok(v)
        });
        if result.is_err() {
            self.state = backup;
        }
        result
    }

    /// The pack's evaluation of the position for every seat (seat 1 first): the
    /// function `pack.ron` names in `evaluate`, called as `f(g, seat, shared)` with
    /// 1-based seats; `None` when the pack names none. `shared` is one fresh table for
    /// all the seats' calls, so work common to every seat is done once per position.
    /// Bots call it on their own scratch copies; the function should only read
    /// (whatever it changes stays changed).
    pub fn evaluate(&mut self) -> Result<Option<Vec<f64>>, GameError> {
        let Some(path) = self.rules.manifest.evaluate.clone() else { return Ok(None) };
        let host = self.host()?;
        let function = host.function(&path)?;
        let seats = self.state.seat_count();
        let hook = format!("evaluate {path}");
        let rules = self.rules.clone();
        let scores = host.with_state(&mut self.state, &rules, &hook, |lua, g| {
            let shared = lua.create_table()?;
            (1..=seats as i64).map(|seat| capped(lua, || function.call::<f64>((g.clone(), seat, shared.clone())))).collect::<mlua::Result<Vec<f64>>>()
        })?;
        Ok(Some(scores))
    }

    /// The pack's description of every seat (seat 1 first) for balance reports: the
    /// function `pack.ron` names in `report`, called as `f(g, seat)` with 1-based seats
    /// once a game has ended; `None` when the pack names none. What the values must
    /// hold is checked by the reader of the report ([`crate::sim`]), not here.
    pub fn report(&mut self) -> Result<Option<Vec<Value>>, GameError> {
        let Some(path) = self.rules.manifest.report.clone() else { return Ok(None) };
        let host = self.host()?;
        let function = host.function(&path)?;
        let seats = self.state.seat_count();
        let hook = format!("report {path}");
        let rules = self.rules.clone();
        let budget = host.budget();
        let values = host.with_state(&mut self.state, &rules, &hook, |lua, g| {
            (1..=seats as i64).map(|seat| from_lua(&capped(lua, || function.call::<LuaValue>((g.clone(), seat)))?, budget)).collect::<mlua::Result<Vec<Value>>>()
        })?;
        Ok(Some(values))
    }

    /// The public facts of `seat` that front ends show beside it, as `(label, value)`
    /// pairs: the function `pack.ron` names in `summary`, called as `f(g, seat)` with a
    /// 1-based seat, returning a list of `{ label = "...", value = ... }` (a value
    /// shown as text); empty when the pack names none. It runs on a copy of the state,
    /// so nothing it does stays; what it tells, every player sees, so a pack tells
    /// there only what the rules make public.
    pub fn seat_summary(&self, seat: Seat) -> Result<Vec<(String, String)>, GameError> {
        Ok(self.summaries(&[seat])?.pop().unwrap_or_default())
    }

    /// [`Game::seat_summary`] of every seat, seat 1 first, on one copy of the state.
    pub fn seat_summaries(&self) -> Result<Vec<Vec<(String, String)>>, GameError> {
        let seats: Vec<Seat> = (0..self.state.seat_count() as Seat).collect();
        self.summaries(&seats)
    }

    fn summaries(&self, seats: &[Seat]) -> Result<Vec<Vec<(String, String)>>, GameError> {
        let Some(path) = self.rules.manifest.summary.as_deref() else { return Ok(vec![Vec::new(); seats.len()]) };
        let host = self.host()?;
        let function = host.function(path)?;
        let hook = format!("summary {path}");
        let budget = host.budget();
        let mut scratch = self.state.rollback_copy();
        let facts = host.with_state(&mut scratch, &self.rules, &hook, |lua, g| {
            seats
                .iter()
                .map(|&seat| {
                    let list = from_lua(&capped(lua, || function.call::<LuaValue>((g.clone(), seat as i64 + 1)))?, budget)?;
                    summary_facts(&list).map_err(|why| mlua::Error::runtime(format!("a summary must be a list of {{ label, value }}: {why}")))
                })
                .collect()
        })?;
        Ok(facts)
    }

    /// The pack's pictures of public facts that the board does not show: the function
    /// `pack.ron` names in `diagrams`, called as `f(g)`, returning a list of diagrams
    /// (grids of square cells or graphs of nodes, [`crate::view::diagram`]); empty
    /// when the pack names none. It runs on a copy of the state, so nothing it does
    /// stays; what it draws, every player sees, so a pack draws there only what the
    /// rules make public. A result of the wrong shape is a script error naming the
    /// function and what is wrong.
    pub fn diagrams(&self) -> Result<Vec<Diagram>, GameError> {
        let Some(path) = self.rules.manifest.diagrams.as_deref() else { return Ok(Vec::new()) };
        let host = self.host()?;
        let function = host.function(path)?;
        let hook = format!("diagrams {path}");
        let budget = host.budget();
        let seats = self.state.seat_count();
        let mut scratch = self.state.rollback_copy();
        let diagrams = host.with_state(&mut scratch, &self.rules, &hook, |lua, g| {
            let list = from_lua(&capped(lua, || function.call::<LuaValue>(g.clone()))?, budget)?;
            crate::view::diagram::read(&list, seats).map_err(|why| mlua::Error::runtime(format!("bad diagrams: {why}")))
        })?;
        Ok(diagrams)
    }

    /// Calls the `resolve` of the frame that asked.
    fn resolve(&mut self, frame: usize, seat: Seat, answer: Value) -> Result<(), GameError> {
        let step = self.state.flow.get(frame).map(|f| f.step).ok_or_else(|| GameError::Flow("the asking frame is gone".into()))?;
        if step.as_str() == WINDOW_STEP {
            return self.resolve_window(frame, seat, answer);
        }
        let host = self.host()?;
        let fns = host.step(step.as_str()).ok_or_else(|| GameError::Flow(format!("no step `{step}`")))?;
        let Some(resolve) = fns.resolve.as_ref() else {
            return Err(GameError::Flow(format!("step `{step}` asked a decision but has no `resolve`")));
        };
        let ctx = self.state.flow[frame].ctx.clone();
        let budget = host.budget();
        let offered = host.kept_ctx(&ctx);
        let (new_ctx, table) = host.with_state(&mut self.state, &self.rules, &format_args!("step {step}.resolve"), |lua, g| {
            budget.charge(cost::STEP_CALL)?;
            let table = host.ctx_table(lua, &ctx, offered, budget)?;
            let answer = to_lua(lua, &answer, budget)?;
            capped(lua, || resolve.call::<LuaValue>((g.clone(), table.clone(), answer)))?;
            Ok((ScriptHost::ctx_after(lua, &table, &ctx, budget)?, table))
        })?;
        self.store_ctx(&host, frame, &ctx, new_ctx, table);
        self.size_checked(|| format!("step {step}.resolve"))
    }

    /// Stores what a step call left in its context: `new_ctx`, or nothing when it left
    /// `ctx` as it was (but into the frame now at `index` if the call put another frame
    /// there, as storing always did). Then keeps the call's table for the next call
    /// ([`ScriptHost::keep_ctx`]), paired with the context it now holds.
    fn store_ctx(&mut self, host: &ScriptHost, index: usize, ctx: &Arc<Value>, new_ctx: Option<Value>, table: LuaValue) {
        match new_ctx {
            Some(new_ctx) => self.state.set_ctx(index, new_ctx),
            None => {
                if self.state.flow.get(index).is_some_and(|f| !Arc::ptr_eq(&f.ctx, ctx)) {
                    self.state.set_ctx(index, Value::clone(ctx));
                }
            }
        }
        if let Some(frame) = self.state.flow.get(index) {
            host.keep_ctx(frame.ctx.clone(), table);
        }
    }

    /// Fails when the state has grown past its maximum, naming what ran last.
    fn size_checked(&self, hook: impl FnOnce() -> String) -> Result<(), GameError> {
        self.state.check_size().map_err(|full| ScriptError::plain(&hook(), full.to_string()).into())
    }

    /// Runs frames until one asks a decision or the game ends.
    fn advance(&mut self) -> Result<(), GameError> {
        for _ in 0..MAX_STEP_CALLS {
            if self.state.outcome.is_some() {
                self.state.clear_flow();
                self.state.set_pending(None);
                return Ok(());
            }
            let Some(top) = self.state.flow.len().checked_sub(1) else {
                return Err(GameError::Flow("the flow ended without the game finishing (no step called g:finish)".into()));
            };
            let depth = self.state.flow.len();
            let step = self.state.flow[top].step;
            let outcome = if step.as_str() == WINDOW_STEP {
                self.run_window(top)?
            } else {
                self.run_step(top)?
            };
            self.size_checked(|| format!("step {step}"))?;
            if self.state.flow.len() > depth {
                continue; // children pushed: they run first
            }
            match outcome {
                Outcome::Ask(pending) => {
                    self.state.set_pending(Some(Arc::new(pending)));
                    return self.size_checked(|| format!("step {step}"));
                }
                Outcome::Continue => {}
                Outcome::Done => {
                    if self.state.flow.len() == depth {
                        self.state.pop_frame();
                    }
                }
            }
        }
        let last = self.state.flow.last().map_or_else(|| "none".to_owned(), |f| format!("`{}`", f.step));
        Err(GameError::Flow(format!(
            "one act ran {MAX_STEP_CALLS} step calls without asking anything (the last step: {last}): do steps push steps without end?"
        )))
    }

    /// Asks the other seats' decisions of a simultaneous question again, in a bot's
    /// sample of the game; returns whether it did.
    ///
    /// A sample ([`crate::view::determinize`] for `seat`) re-deals what `seat` does not
    /// know, but the question it waits on was asked of the real state, and another
    /// seat's options may name what that seat holds in secret (the peoples it was
    /// dealt, the cards it may play): a bot searching the sample would play them. So
    /// the frame that asked is run again on the sample, and the question keeps `seat`'s
    /// own decisions and answers and takes every other seat's decision from the new
    /// one. Nothing the call writes stays. A step's `run` must ask the same question
    /// of the same state (the contract suite checks it); when the new question asks
    /// other seats, changes one of `seat`'s own decisions or fails, the question is
    /// left as it was.
    pub fn reask_others(&mut self, seat: Seat) -> bool {
        let Some(old) = self.state.pending.clone() else { return false };
        if !old.simultaneous || (0..old.decisions.len()).all(|i| self.state.speaks_for(seat, old.actor(i))) {
            return false;
        }
        let backup = self.state.rollback_copy();
        let asked = self.run_step(old.frame);
        self.state = backup;
        let Ok(Outcome::Ask(mut fresh)) = asked else { return false };
        let same_question = fresh.simultaneous
            && fresh.decisions.len() == old.decisions.len()
            && (0..old.decisions.len()).all(|i| {
                fresh.actor(i) == old.actor(i) && (!self.state.speaks_for(seat, old.actor(i)) || fresh.decisions[i] == old.decisions[i])
            });
        if !same_question {
            return false;
        }
        // The sample has withdrawn the others' answers already; `seat`'s own stay.
        fresh.answers = old.answers.clone();
        fresh.quiet = old.quiet;
        self.state.set_pending(Some(Arc::new(fresh)));
        true
    }

    fn run_step(&mut self, index: usize) -> Result<Outcome, GameError> {
        let host = self.host()?;
        let step = self.state.flow[index].step;
        // Borrowed from the host (held apart from the state), not copied: a copy of a
        // function is a new reference in the VM's reference thread, made and dropped.
        let fns = host.step(step.as_str()).ok_or_else(|| GameError::Flow(format!("no step `{step}` is declared")))?;
        let entering = !self.state.flow[index].entered;
        self.state.flow[index].entered = true;
        let (func, phase) = if entering && fns.enter.is_some() {
            (fns.enter.as_ref(), "enter")
        } else {
            (fns.run.as_ref(), "run")
        };
        let Some(func) = func else { return Ok(Outcome::Done) };
        let ctx = self.state.flow[index].ctx.clone();
        let rules = self.rules.clone();
        let budget = host.budget();
        let held = self.state.footprint();
        let offered = host.kept_ctx(&ctx);
        let (result, new_ctx, table) = host.with_state(&mut self.state, &rules, &format_args!("step {step}.{phase}"), |lua, g| {
            budget.charge(cost::STEP_CALL)?;
            let table = host.ctx_table(lua, &ctx, offered, budget)?;
            let result: LuaValue = capped(lua, || func.call((g.clone(), table.clone())))?;
            let pending = match (&result, phase) {
                (LuaValue::Table(t), "run") => Some(read_pending(lua, t, index, None, budget, held)?),
                (LuaValue::Nil, _) | (_, "enter") => None,
                (other, _) => {
                    return Err(mlua::Error::runtime(format!("a step's run must return a decision table or nil, not a {}", other.type_name())))
                }
            };
            Ok((pending, ScriptHost::ctx_after(lua, &table, &ctx, budget)?, table))
        })?;
        self.store_ctx(&host, index, &ctx, new_ctx, table);
        if entering && phase == "enter" {
            // `enter` never finishes a frame by itself: `run` (if any) comes next.
            return Ok(if fns.run.is_some() { Outcome::Continue } else { Outcome::Done });
        }
        match result {
            Some(p) => Ok(Outcome::Ask(self.with_actors(p))),
            None => Ok(Outcome::Done),
        }
    }

    /// Fills in who answers each decision (a controlled seat's controller).
    fn with_actors(&self, mut pending: Pending) -> Pending {
        pending.actors = pending.decisions.iter().map(|d| self.state.actor_for(d.seat)).collect();
        pending
    }

    fn run_window(&mut self, index: usize) -> Result<Outcome, GameError> {
        let Some(mut window) = Window::from_value(&self.state.flow[index].ctx) else {
            return Err(GameError::Flow("a reaction window's context is malformed".into()));
        };
        let host = self.host()?;
        let offer = host.function(&window.offer)?;
        let budget = host.budget();
        while !window.closed && window.next < window.seats.len() {
            let seat = window.seats[window.next];
            let data = window.data.clone();
            let hook = format!("window offer {}", window.offer);
            let held = self.state.footprint();
            let (pending, data) = host.with_state(&mut self.state, &self.rules, &hook, |lua, g| {
                budget.charge(cost::STEP_CALL)?;
                let data = to_lua(lua, &data, budget)?;
                let result: LuaValue = capped(lua, || offer.call((g.clone(), data.clone(), seat as i64 + 1)))?;
                let pending = match &result {
                    LuaValue::Table(t) => Some(read_pending(lua, t, index, Some(seat), budget, held)?),
                    LuaValue::Nil => None,
                    other => return Err(mlua::Error::runtime(format!("a window offer must return a decision or nil, not a {}", other.type_name()))),
                };
                Ok((pending, from_lua(&data, budget)?))
            })?;
            window.data = data;
            match pending {
                Some(mut p) => {
                    p.quiet = window.quiet;
                    self.state.set_ctx(index, window.to_value());
                    return Ok(Outcome::Ask(self.with_actors(p)));
                }
                None => window.next += 1,
            }
        }
        self.state.set_ctx(index, window.to_value());
        Ok(Outcome::Done)
    }

    fn resolve_window(&mut self, index: usize, seat: Seat, answer: Value) -> Result<(), GameError> {
        let Some(mut window) = Window::from_value(&self.state.flow[index].ctx) else {
            return Err(GameError::Flow("a reaction window's context is malformed".into()));
        };
        if answer != Value::Nil {
            let host = self.host()?;
            let respond = host.function(&window.respond)?;
            let data = window.data.clone();
            let hook = format!("window respond {}", window.respond);
            let budget = host.budget();
            let (close, data) = host.with_state(&mut self.state, &self.rules, &hook, |lua, g| {
                budget.charge(cost::STEP_CALL)?;
                let data = to_lua(lua, &data, budget)?;
                let answer = to_lua(lua, &answer, budget)?;
                let close: LuaValue = capped(lua, || respond.call((g.clone(), data.clone(), seat as i64 + 1, answer)))?;
                Ok((!matches!(close, LuaValue::Nil | LuaValue::Boolean(false)), from_lua(&data, budget)?))
            })?;
            window.data = data;
            window.closed = close;
        }
        window.next += 1;
        self.state.set_ctx(index, window.to_value());
        self.size_checked(|| format!("window respond {}", window.respond))
    }
}

fn check_setup(rules: &Ruleset, seats: usize, variants: &[String]) -> Result<(), GameError> {
    let m = &rules.manifest;
    let mut range = m.players;
    let mut groups: Vec<&str> = Vec::new();
    for v in variants {
        let def = rules.variant(v).ok_or_else(|| {
            let known: Vec<&str> = m.variants.iter().map(|v| v.id.as_str()).collect();
            GameError::Setup(format!("pack {} has no variant `{v}` (variants: {})", m.id, known.join(", ")))
        })?;
        if let Some(group) = &def.group {
            if groups.contains(&group.as_str()) {
                return Err(GameError::Setup(format!("variant `{v}` cannot be combined with another `{group}` variant")));
            }
            groups.push(group);
        }
        if let Some(r) = def.players {
            range = r;
        }
        for req in &def.requires {
            if !variants.contains(req) {
                return Err(GameError::Setup(format!("variant `{v}` needs variant `{req}` too")));
            }
        }
    }
    let extra: usize = variants.iter().filter_map(|v| rules.variant(v)).map(|v| v.extra_seats).sum();
    if seats.saturating_add(extra) > crate::state::MAX_SEATS {
        return Err(GameError::Setup(format!("a game has at most {} seats, not {}", crate::state::MAX_SEATS, seats.saturating_add(extra))));
    }
    if seats < range.0 || seats > range.1 {
        return Err(GameError::Setup(format!("{} plays with {} to {} seats with these variants, not {seats}", m.name, range.0, range.1)));
    }
    Ok(())
}

/// The `(label, value)` pairs of a summary function's result.
fn summary_facts(list: &Value) -> Result<Vec<(String, String)>, String> {
    let items = match list {
        Value::List(items) => items.as_slice(),
        // An empty table reads as an empty map.
        Value::Map(entries) if entries.is_empty() => &[],
        other => return Err(format!("got {other}")),
    };
    items
        .iter()
        .map(|item| {
            let label = item.get("label").and_then(Value::as_str).ok_or_else(|| format!("an item has no text `label`: {item}"))?;
            let value = match item.get("value") {
                Some(Value::Str(s)) => s.to_string(),
                Some(v @ (Value::Int(_) | Value::Num(_) | Value::Bool(_))) => v.to_string(),
                other => return Err(format!("`{label}` has no text or number `value`: {other:?}")),
            };
            Ok((label.to_owned(), value))
        })
        .collect()
}

--!strict
-- Galactic Era: the 17 star peoples (GE 4.2, A1). Each ability is a small function
-- the general rules call at the moment it applies ("dispatchers"); `P.is(g, seat, id, face)`
-- tells whether a seat plays a people, optionally on a given face (its current ethics,
-- GE 6.2.2: flipping loses the other face's abilities).
--
-- ==== Hooks: star peoples written as data + Lua (homebrew packs) ====================
--
-- A star people without built-in code here gets its abilities from the functions its
-- definition names (star_peoples.ron, schema record `people_hooks`):
--
--     star_people(id: "void_choir", name: "Void Choir", name_sts: Some("Void Chorus"),
--         explain: Some("No start bonus. STO: ... STS: ..."),
--         source: "my-pack", edition: homebrew,
--         hooks: Some((cv_bonus: Some("void_choir.cv_bonus"), on_trade: Some("void_choir.on_trade")))),
--
-- Each value is a "module.function" path; `orrery check` reports a path that names no
-- function, and an unknown hook name is an "unknown field" error. Every hook is called
-- as `f(g, ctx)`: `g` the game handle, `ctx` one table that always has
--     ctx.seat    the seat whose people this is (1-based)
--     ctx.people  its star people id (one module may serve several peoples)
--     ctx.face    its current ethics, "STO" or "STS" (the face up, GE 4.3; the same
--                 as g:get(seat, "ethics")); a hook decides per face itself
-- plus the fields listed below. Hooks keep no state of their own: whatever must be
-- remembered goes in game variables (g:set(seat, "my_pack.used", g:global("round"))).
-- Built-in abilities (the 17 peoples) are computed first; a modifier hook receives
-- that result as ctx.value, so a homebrew pack that overrides a base people and adds
-- hooks layers on top of it.
--
-- Number modifiers: return the new value; nil keeps ctx.value; any other type is an error.
--   start_bonus(g, ctx)          setup, once, after ethics are chosen (GE 5.4e), in turn
--                                order. ctx.value: the bonus table (empty for a new
--                                people). Keys: mil, spi, pro, rob, gen = raise that
--                                technology to this level; dp = DP; ships = basic ships
--                                at the capital (negative: ships removed from it);
--                                discs = discs under the capital; colonies = free
--                                Colonize actions during progress turns (GE A1.15);
--                                choice = true: one technology of the seat's choice to
--                                II. Repeating the sector's bonus gives a technology
--                                instead (GE 5.4 note). Returns the table.
--   cv_bonus(g, ctx)             each combat strength count (GE 6.1.3.4 step 3).
--                                ctx.defending (bool), ctx.enemies (seats on the other
--                                side), ctx.value (0). Returns extra CV per ship.
--   natural_discs(g, ctx)        Increase Population, per planet that grows naturally
--                                (GE 6.2.4.2). ctx.value (1). Returns the discs added
--                                (never above the planet's natural limit).
--   research_levels(g, ctx)      Research, per researched technology (GE 6.2.4.4).
--                                ctx.tech ("mil", "spi", "pro", "rob", "gen"),
--                                ctx.value (1). Returns at most how many levels it
--                                rises (above 1 the seat chooses how far, GE A1.9).
--   frozen_tech(g, ctx)          whenever a technology would rise, by any means (GE
--                                4.8). ctx.tech, ctx.value (false). true: it never rises.
--   trades_per_round(g, ctx)     trade phase, for every possible deal (GE 6.3). ctx.value (1).
--                                Returns how many trades the seat may make per round.
--   uses_asteroids(g, ctx)       Build Ships (GE 6.2.4.3). ctx.value (true). false:
--                                asteroid hexes produce no ships for this seat.
--   may_declare(g, ctx)          whenever the seat could declare war (GE 7.1).
--                                ctx.value (true). false: it never declares war.
--   declares_in_movement(g, ctx) its movement turn while STO, per seat it could
--                                declare war on (GE 7.1.1). ctx.on (the other seat),
--                                ctx.value (false). true: it may declare war on ctx.on
--                                at will, as an STS seat may.
--
-- Event reactions (return nothing; they may change the game and push steps with g:push):
--   on_declare(g, ctx)           after a declaration of war (GE 7.1), for the declarer
--                                and then the target. ctx.role ("declarer" or
--                                "target"), ctx.by, ctx.on, ctx.other (the other seat).
--   on_ethics_change(g, ctx)     after the seat's tile flips (GE 6.2.2, A2.2), before
--                                the forced peace. ctx.from (the old face; ctx.face is
--                                the new one).
--   on_losses(g, ctx)            after the seat loses ships in a combat (GE 6.1.3.4).
--                                ctx.lost (>= 1), ctx.won (its side won the combat).
--   on_trade(g, ctx)             after a trade (GE 6.3), for each of the two seats.
--                                ctx.partner (the other seat).
--   on_round_start(g, ctx)       each round, after its variables are reset and before
--                                movement (GE 6.0). ctx.round, ctx.era. Seats are
--                                called last to first in turn order, so steps they
--                                push run in turn order.
--   on_round_end(g, ctx)         each round, after the story is scored and before the
--                                end-of-round cards and the era change (GE 6.4, 6.5).
--                                ctx.round, ctx.era; called like on_round_start.
--
-- A new action (a special progress action, GE 6.2.4.5):
--   actions(g, ctx)              the seat's progress turn, each time it chooses its
--                                next action (GE 6.2.4). Returns a list of options
--                                { { label = "...", value = v }, ... } (nil or {}: none)
--                                offered beside the standard actions. The hook limits
--                                its own use (e.g. once per round, or by spending an
--                                oval token from g:get(seat, "selected")): an option
--                                offered every time is an endless turn for a bot.
--   perform(g, ctx)              the seat chose one of them. ctx.value (the option's
--                                value). Carries it out; may push steps, which run
--                                before the seat chooses its next action.
local U = require("util")
local P = {}

function P.is(g, seat, id, face)
	return g:get(seat, "people") == id and (face == nil or g:get(seat, "ethics") == face)
end

-- ---- hooks of peoples defined as data (GE 4.2) -----------------------------------------

-- The hook names that some star people's definition names a function for. A hook no
-- definition names is nil for every seat, so its callers (asked at every menu) need
-- not read the seat's people.
local HOOK_NAMES = {}
for _, id in ipairs(def_ids.star_people or {}) do
	local hooks = defs.star_people[id].hooks
	if hooks then
		for name, path in pairs(hooks) do
			if path then
				HOOK_NAMES[name] = true
			end
		end
	end
end

-- Whether some star people's definition names a function for hook `name`: when none
-- does, a rule may skip asking it for every seat.
function P.has_hook(name)
	return HOOK_NAMES[name] == true
end

-- The function the definition of `seat`'s people names for hook `name`, or nil.
function P.hook(g, seat, name)
	if not HOOK_NAMES[name] then
		return nil
	end
	local id = g:get(seat, "people")
	local def = id and defs.star_people[id]
	local path = def and def.hooks and def.hooks[name]
	if not path then
		return nil
	end
	local module, fn = string.match(path, "^(.+)%.([%w_]+)$")
	local f = module and require(module)[fn]
	if type(f) ~= "function" then
		error(string.format("star people %s: hook %s names \"%s\", which is not a script function", id, name, path))
	end
	return f
end

local function context(g, seat, fields)
	local ctx = fields or {}
	ctx.seat, ctx.people, ctx.face = seat, g:get(seat, "people"), g:get(seat, "ethics")
	return ctx
end

-- `value` (the built-in rules' answer) as the seat's modifier hook `name` changes it.
local function modified(g, seat, name, value, fields)
	local f = P.hook(g, seat, name)
	if not f then
		return value
	end
	local ctx = context(g, seat, fields)
	ctx.value = value
	local out = f(g, ctx)
	if out == nil then
		return value
	end
	if type(out) ~= type(value) then
		error(string.format("star people %s: hook %s must return a %s (or nil), not a %s", ctx.people, name, type(value), type(out)))
	end
	return out
end

-- Runs the seat's reaction hook `name`, if its people has one.
local function notify(g, seat, name, fields)
	local f = P.hook(g, seat, name)
	if f then
		f(g, context(g, seat, fields))
	end
end

-- ---- start bonuses (GE 5.4e, A1.18) ------------------------------------------------

-- Technologies each people's chosen face raises at setup, and other start effects.
local START = {
	annunaki = { both = { gen = 2 } },
	avianos = { both = { spi = 2, pro = 2 } },
	caninoides = { both = { choice = true } },
	ankara = { STO = { dp = 2 }, STS = { ships = 2 } },
	dracones = { both = { mil = 2, ships = 3 } },
	felidos = { both = { ships = 1 } },
	griseos = { STO = { ships = -1 }, STS = { ships = 1 } },
	ia_rebelde = { both = { rob = 2 } },
	icc = { STO = { pro = 2 }, STS = { rob = 2, ships = 1 } },
	mantidos = { STO = { discs = 2 }, STS = { gen = 2 } },
	progenitores = { both = { colonies = 4 } },
	yowies = { both = { spi = 3 } },
}

function P.start_bonus(g, seat)
	local entry = START[g:get(seat, "people")]
	local bonus = entry and (entry.both or entry[g:get(seat, "ethics")]) or {}
	return modified(g, seat, "start_bonus", table.clone(bonus))
end

-- ---- rounds (GE 6.0, 6.4) ---------------------------------------------------------------

-- Reaction hooks at a round's start or end, last to first in turn order, so the steps
-- they push run in turn order.
function P.on_round(g, name)
	if not HOOK_NAMES[name] then
		return -- no people has the hook: nobody to tell
	end
	local order = U.turn_order(g)
	for i = #order, 1, -1 do
		notify(g, order[i], name, { round = g:global("round"), era = g:global("era") })
	end
end

-- ---- war (GE 7.1, A1.18) ---------------------------------------------------------------

-- Whether `by` may declare war at all (Gríseos STO never may, A1.9).
-- `people` and `ethics`: `by`'s, when the caller has read them already (nil reads them).
function P.may_ever_declare(g, by, people, ethics)
	local griseos_sto
	if people ~= nil then
		griseos_sto = people == "griseos" and ethics == "STO"
	else
		griseos_sto = P.is(g, by, "griseos", "STO")
	end
	return modified(g, by, "may_declare", not griseos_sto)
end

-- Pleyares STO may declare war on any STS seat in its own movement (A1.14).
-- `pleyares`: whether `by` is Pleyares STO, when the caller knows it already (nil
-- reads it); without a hook that could change the answer, no context is made.
function P.declares_in_movement(g, by, on, pleyares)
	if pleyares == nil then
		pleyares = P.is(g, by, "pleyares", "STO")
	end
	local value = pleyares and g:get(on, "ethics") == "STS"
	if not HOOK_NAMES.declares_in_movement then
		return value
	end
	return modified(g, by, "declares_in_movement", value, { on = on })
end

-- Alianza Oscura: an STS seat declaring war on it loses 3 DP (A1.1).
function P.on_declare(g, by, on)
	if P.is(g, on, "alianza", "STS") and g:get(by, "ethics") == "STS" then
		U.dp(g, by, -3, U.TEXT["peoples.declared_war_on_dark_alliance"])
	end
	notify(g, by, "on_declare", { role = "declarer", by = by, on = on, other = on })
	notify(g, on, "on_declare", { role = "target", by = by, on = on, other = by })
end

-- Alianza loses 2 DP on every ethics change, the Spirituality V flip included (A1.1).
function P.on_ethics_change(g, seat, from)
	if P.is(g, seat, "alianza") then
		U.dp(g, seat, -2, U.TEXT["peoples.alliance_changes_ethics"])
	end
	notify(g, seat, "on_ethics_change", { from = from })
end

-- ---- combat (GE 6.1.3, A1.1, A1.13) ----------------------------------------------------

-- Extra CV per ship of `seat` in a battle (Alianza, A1.1).
local function alianza_cv(g, seat, defending, enemies)
	if defending and P.is(g, seat, "alianza", "STO") then
		return 4
	end
	if not defending and P.is(g, seat, "alianza", "STS") then
		for _, e in ipairs(enemies) do
			if g:get(e, "ethics") == "STO" then
				return 2
			end
		end
	end
	return 0
end

function P.cv_bonus(g, seat, defending, enemies)
	return modified(g, seat, "cv_bonus", alianza_cv(g, seat, defending, enemies), { defending = defending, enemies = enemies })
end

-- Mayas STS: 1 DP per own ship lost in a combat, at most 3 when on the losing side (A1.13).
function P.on_losses(g, seat, lost, won)
	if lost > 0 and P.is(g, seat, "mayas", "STS") then
		U.dp(g, seat, won and lost or math.min(lost, 3), U.text("peoples.lost_in_combat", U.counted(lost, U.TEXT["noun.ship_s"])))
	end
	if lost > 0 then
		notify(g, seat, "on_losses", { lost = lost, won = won })
	end
end

-- ---- planets and population -------------------------------------------------------------

-- Alianza Luminosa and other STO seats ignore each other's planets for natural limits (A1.1 ⚠ mutual while STO).
function P.ignores_for_limit(g, seat, other)
	if g:get(seat, "ethics") ~= "STO" or g:get(other, "ethics") ~= "STO" or seat == other then
		return false
	end
	return P.is(g, seat, "alianza", "STO") or P.is(g, other, "alianza", "STO")
end

-- Mántidos: natural increase adds 2 discs, within the limit (A1.12 ⚠).
function P.natural_discs(g, seat)
	return modified(g, seat, "natural_discs", P.is(g, seat, "mantidos") and 2 or 1)
end

-- Mayas Cósmicos never produce ships from asteroids (A1.13).
function P.uses_asteroids(g, seat)
	return modified(g, seat, "uses_asteroids", not P.is(g, seat, "mayas"))
end

-- Yowies' Robotics never rises (A1.17 ⚠: by any means).
function P.frozen_tech(g, seat, tech)
	return modified(g, seat, "frozen_tech", tech == "rob" and P.is(g, seat, "yowies"), { tech = tech })
end

-- Gríseos STO: Research on a technology at level I may go straight to III (A1.9);
-- the most it may rise, the seat chooses how far (progress.research_choice).
function P.research_levels(g, seat, tech)
	local levels = (P.is(g, seat, "griseos", "STO") and g:get(seat, tech) == 1) and 2 or 1
	return modified(g, seat, "research_levels", levels, { tech = tech })
end

-- ---- trade (GE 6.3, A1.4, A1.9, A1.11) --------------------------------------------------

-- Trades a seat may make this round: I.C.C. may trade once with each other seat.
function P.trades_per_round(g, seat)
	return modified(g, seat, "trades_per_round", P.is(g, seat, "icc") and g:seats() - 1 or 1)
end

function P.on_trade(g, a, b)
	for _, s in ipairs({ a, b }) do
		if P.is(g, s, "caninoides", "STO") then
			U.dp(g, a, 1, U.TEXT["peoples.trade_with_caninoids"])
			U.dp(g, b, 1, U.TEXT["peoples.trade_with_caninoids"])
		end
	end
	notify(g, a, "on_trade", { partner = b })
	notify(g, b, "on_trade", { partner = a })
end

-- ---- special progress actions (GE 6.2.4.5) ----------------------------------------------

-- Options a seat's people adds to its progress turn, as action-turn options whose value
-- is `{ people_action = v }` (`v` the hook's own value).
function P.actions(g, seat)
	local f = P.hook(g, seat, "actions")
	local out = {}
	if not f then
		return out
	end
	for _, o in ipairs(f(g, context(g, seat)) or {}) do
		table.insert(out, { label = o.label, value = { people_action = o.value } })
	end
	return out
end

function P.perform(g, seat, value)
	local f = P.hook(g, seat, "perform")
	if not f then
		error(string.format("star people %s offers an action but names no perform hook", tostring(g:get(seat, "people"))))
	end
	f(g, context(g, seat, { value = value }))
end

return P

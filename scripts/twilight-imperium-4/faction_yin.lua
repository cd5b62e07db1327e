--!strict
-- Twilight Imperium 4: the Yin Brotherhood — its entries in the faction registry
-- (abilities.lua) and the steps they push (issue 18). Each faction is its data (factions.ron)
-- plus one module like this, which its `hooks` names ("faction_yin.register"); pack.ron names
-- the steps ("faction_yin.<step>"). Greyfire Mutagen, Yin's note, is the entry's part `note`
-- below (notes.lua plays it): it switches off the Yin faction abilities and technologies in abilities.lua for one action.
local U = require("util")
local Ask = require("ask_once")
local UT = require("unit_tokens")
local K = require("ability_kit")
local F = {}
local E = {}

-- The Yin ships Devotion and Impulse Core may sacrifice (their texts).
local SACRIFICE = { "cruiser", "destroyer" }

local function can_sacrifice(g, seat: number, c: number): boolean
	return g:count({ kind = SACRIFICE, owner = seat, cell = c }) > 0
end

-- The other seat of a combat.
local function foe_of(seats: { number }, seat: number): number?
	if seats[1] == seat then
		return seats[2]
	elseif seats[2] == seat then
		return seats[1]
	end
	return nil
end

-- Destroys one of a seat's units of `kind` in a cell (undamaged first).
local function destroy_own(g, seat: number, kind: string, c: number)
	local e = g:first({ kind = kind, owner = seat, cell = c, lacks = "damaged" }) or g:first({ kind = kind, owner = seat, cell = c })
	if e then
		g:set_prop(e, "damaged", nil)
		g:move(e, { zone = "reinforcements", seat = seat })
		g:log(U.text("combat.destroyed", seat, U.unit_name(g:face(e))))
	end
end

-- A unit of `seat` destroyed in the combat against `foe`: the registry's `combat_loss`
-- moment (Nekro's Technological Singularity), as combat.lua tells it of its own losses.
local function lost(g, seat: number, foe: number, c: number)
	require("abilities").at(g, "combat_loss", { seat = seat, foe = foe, cell = c })
end

-- Before ctx.foe assigns the hit (Devotion, Impulse Core): the "before you assign hits"
-- action cards (Shields Holding, digest F-25), once. Returns "wait" when a card window was
-- pushed, "cancelled" when a card cancelled the hit, else nil.
local function before_assign(g, ctx): string?
	if not ctx.shields_asked then
		ctx.shields_asked = true
		if require("moments").open(g, "assign_hits", { active = ctx.active, seat = ctx.foe, hits = 1, cell = ctx.cell }) then
			return "wait"
		end
	end
	local cancel = g:global("card_cancel_hits_" .. ctx.foe)
	if cancel then
		g:set_global("card_cancel_hits_" .. ctx.foe, nil)
		g:log(U.text("combat.hits_cancelled", ctx.foe, 1))
		return "cancelled"
	end
	return nil
end

-- Whether Yin may sacrifice a cruiser or destroyer for a hit now (Devotion, Impulse Core):
-- it has one there and its opponent has a ship. Optional, so also their `can_at`: Yin
-- chooses their place among its notes and cards of that timing (timing.lua, §19.19).
local function sacrifice_can(g, seat: number, info): boolean
	local foe = foe_of(info.seats, seat)
	return foe ~= nil and can_sacrifice(g, seat, info.cell) and #require("hits").ships(g, foe, info.cell) > 0
end

-- A space combat moment at which Yin may sacrifice a cruiser or destroyer for a hit (Devotion,
-- Impulse Core): it pushes `step` when `sacrifice_can`.
local function sacrifice_moment(step: string)
	return function(g, seat: number, info)
		local foe = foe_of(info.seats, seat)
		if sacrifice_can(g, seat, info) then
			g:push(step, { seat = seat, foe = foe, cell = info.cell, active = info.active })
			return true
		end
		return false
	end
end

-- Devotion (TI4 §19, the erratum of digest Part 3.2): after each space combat round, its
-- retreat done (timing.lua's window `combat_round_end`, §23.7-8), Yin may destroy one of its cruisers or destroyers
-- in the active system for 1 hit on an opponent's ship it chooses (step `devotion`).
-- `can_strike` (stalemate.lua, F-02): Devotion can strike only while Yin has a cruiser or
-- destroyer in the system to destroy.
E.yin_devotion = {
	can_at = { combat_round_end = sacrifice_can },
	at = { combat_round_end = sacrifice_moment("devotion") },
	can_strike = function(g, seat: number, foe: number, c: number): boolean
		return can_sacrifice(g, seat, c)
	end,
}

-- Indoctrination (TI4 §19): as a ground combat starts (invasion.lua's moment
-- `ground_combat_start`), Yin may pay 2 influence to replace one of its opponent's infantry
-- with one of its own (step `indoctrination`).
-- Optional, with its own "can use" check (`can_at`): its owner chooses its place among its
-- notes and cards of that timing (timing.lua, §19.19).
local function indoctrination_can(g, seat: number, info): boolean
	local foe = foe_of({ info.attacker, info.defender }, seat)
	return foe ~= nil and g:count({ kind = "infantry", owner = foe, inside = info.planet }) > 0
		and UT.available(g, seat, "infantry") and U.spendable(g, seat, "influence") >= 2
end

E.yin_indoctrination = {
	can_at = { ground_combat_start = indoctrination_can },
	at = {
		ground_combat_start = function(g, seat: number, info)
			local foe = foe_of({ info.attacker, info.defender }, seat)
			if indoctrination_can(g, seat, info) then
				g:push("indoctrination", { seat = seat, foe = foe, planet = info.planet })
				return true
			end
			return false
		end,
	},
}

-- Impulse Core (its card): as a space combat starts (timing.lua's window
-- `space_combat_start`), Yin may destroy one of its cruisers or destroyers there for 1 hit,
-- which the opponent puts on a non-fighter ship if it has one (step `impulse_core`). Asked
-- last in Yin's turn of the window (`at_order`): the sacrifice lowers Yin's own count of
-- non-fighter ships, so Yin's Assault Cannon, if it has one, counts first.
E.yin_impulse_core = { at_order = { space_combat_start = 1 }, can_at = { space_combat_start = sacrifice_can },
	at = { space_combat_start = sacrifice_moment("impulse_core") } }

-- Yin Spinner (its base card): after Yin's units use Production in a system (production.lua's
-- moment `after_production`), 1 infantry from its reinforcements on a planet it controls
-- there (step `spinner` when there are several).
E.yin_yin_spinner = {
	at = {
		after_production = function(g, seat: number, info)
			if info.seat ~= seat or not UT.available(g, seat, "infantry") then
				return false
			end
			local planets = g:entities({ kind = "planet", owner = seat, cell = info.cell })
			if #planets == 0 then
				return false
			end
			g:push("spinner", { seat = seat, cell = info.cell })
			return true
		end,
	},
}

-- Van Hauge, Yin's flagship (TI4 §98, its card): once destroyed, every ship in its system is
-- destroyed, whoever owns it (abilities.lua `destroyed`, called by hits.lua with the cell).
E.yin_flagship = {
	destroyed = function(g, seat: number, e: number, c: number?)
		if not c then
			return
		end
		g:log(U.text("yin.van_hauge", seat, U.cell_label(g, c)))
		for _, s in ipairs(g:entities({ kind = U.SHIP_TYPES, cell = c })) do
			local owner = g:owner(s) :: number
			g:set_prop(s, "damaged", nil)
			g:move(s, { zone = "reinforcements", seat = owner })
			g:log(U.text("combat.destroyed", owner, U.unit_name(g:face(s))))
		end
	end,
}

-- ==== Steps ====

-- The opponent assigned the hit of Devotion or Impulse Core (`v`, a hits.lua option): it
-- lands; a Sustain Damage opens Direct Hit's window (digest F-27), a destroyed unit is a
-- loss in the combat (Technological Singularity and the like).
local function hit_assigned(g, ctx, v)
	ctx.done = true
	local _, e = require("hits").apply(g, ctx.foe, ctx.cell, v)
	if string.sub(v, 1, 1) == "s" then
		require("moments").open(g, "after_sustain", { active = ctx.active, shooter = ctx.seat, target = e, cell = ctx.cell })
	else
		lost(g, ctx.foe, ctx.seat, ctx.cell)
	end
end

-- Devotion: ctx.seat picks one of its cruisers or destroyers to destroy and a kind of ctx.foe's
-- ships to hit ("<own kind>|<foe kind>"), or nothing; then ctx.foe takes the hit on a ship of
-- that kind, with Sustain Damage if it likes (TI4 §87; F-27).
F.devotion = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local H = require("hits")
		if ctx.target then
			local b = before_assign(g, ctx)
			if b then
				ctx.done = b == "cancelled"
				return nil
			end
			local options = {}
			for _, o in ipairs(H.options(g, ctx.foe, ctx.cell)) do
				local kind = string.match(o.value, "^%a:([%a_]+)$")
				if kind == ctx.target then
					table.insert(options, o)
				end
			end
			if #options == 0 then
				return nil
			end
			ctx.answering = true
			return { seat = ctx.foe, prompt = U.text("yin.devotion_assign", ctx.seat), rule = "TI4 §19, §87",
				help = defs.faction_ability.yin_devotion.effect, options = options }
		end
		local options = {}
		for _, own in ipairs(SACRIFICE) do
			if g:count({ kind = own, owner = ctx.seat, cell = ctx.cell }) > 0 then
				local seen = {}
				for _, e in ipairs(H.ships(g, ctx.foe, ctx.cell)) do
					local kind = g:kind(e)
					if not seen[kind] then
						seen[kind] = true
						table.insert(options, { label = U.text("yin.devotion_option", U.unit_name(U.BASE_UNIT[own]), ctx.foe, U.unit_name(g:face(e))), value = own .. "|" .. kind })
					end
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("yin.devotion_prompt"), rule = "TI4 §19 (Devotion)",
			help = defs.faction_ability.yin_devotion.effect, options = options, pass = U.text("yin.sacrifice_none") }
	end,
	resolve = function(g, ctx, v)
		if ctx.answering then
			hit_assigned(g, ctx, v)
			return
		end
		if v == nil then
			ctx.done = true
			return
		end
		local own, kind = string.match(v, "^([%a_]+)|([%a_]+)$")
		destroy_own(g, ctx.seat, own :: string, ctx.cell)
		g:log(U.text("yin.devotion_used", ctx.seat, ctx.foe))
		ctx.target = kind
		lost(g, ctx.seat, ctx.foe, ctx.cell)
	end,
}

-- Impulse Core: ctx.seat may destroy one of its cruisers or destroyers; then ctx.foe assigns
-- the hit, to a non-fighter ship while it has one.
F.impulse_core = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local H = require("hits")
		if ctx.hit then
			if #H.ships(g, ctx.foe, ctx.cell) == 0 then
				return nil
			end
			local b = before_assign(g, ctx)
			if b then
				ctx.done = b == "cancelled"
				return nil
			end
			return { seat = ctx.foe, prompt = U.text("yin.impulse_assign", ctx.seat), rule = "Impulse Core; TI4 §87",
				help = defs.technology.yin_impulse_core.effect, options = H.options(g, ctx.foe, ctx.cell, #H.non_fighters(g, ctx.foe, ctx.cell) > 0) }
		end
		local options = {}
		for _, own in ipairs(SACRIFICE) do
			if g:count({ kind = own, owner = ctx.seat, cell = ctx.cell }) > 0 then
				table.insert(options, { label = U.text("yin.impulse_option", U.unit_name(U.BASE_UNIT[own])), value = own })
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("yin.impulse_prompt"), rule = "Impulse Core (its card)",
			help = defs.technology.yin_impulse_core.effect, options = options, pass = U.text("yin.sacrifice_none") }
	end,
	resolve = function(g, ctx, v)
		if ctx.hit then
			hit_assigned(g, ctx, v)
			return
		end
		if v == nil then
			ctx.done = true
			return
		end
		destroy_own(g, ctx.seat, v, ctx.cell)
		g:log(U.text("yin.impulse_used", ctx.seat, ctx.foe))
		ctx.hit = true
		lost(g, ctx.seat, ctx.foe, ctx.cell)
	end,
}

-- Indoctrination: ctx.seat may pay 2 influence; one of ctx.foe's infantry on ctx.planet goes
-- back to its reinforcements and one of ctx.seat's takes its place.
F.indoctrination = Ask.step({
	options = function(g, ctx)
		if U.spendable(g, ctx.seat, "influence") < 2 then
			return {}
		end
		return { { label = U.text("yin.indoctrination_option", ctx.foe), value = "pay" } }
	end,
	ask = function(g, ctx)
		return { prompt = U.text("yin.indoctrination_prompt", U.planet_name(g, ctx.planet)), rule = "TI4 §19 (Indoctrination)",
			help = defs.faction_ability.yin_indoctrination.effect, pass = U.text("yin.indoctrination_no") }
	end,
	answer = function(g, ctx, v)
		local theirs = g:last({ kind = "infantry", owner = ctx.foe, inside = ctx.planet })
		if not theirs then
			return
		end
		g:move(theirs, { zone = "reinforcements", seat = ctx.foe })
		UT.settle(g, ctx.foe, "infantry") -- TI4 §50.3: its figure may have been the one taken
		UT.place(g, ctx.seat, "infantry", { inside = ctx.planet }) -- a token when no figure is left (TI4 §50.1)
		g:log(U.text("yin.indoctrinated", ctx.seat, ctx.foe, U.planet_name(g, ctx.planet)))
		g:push("pay", { seat = ctx.seat, what = "influence", amount = 2 })
	end,
})

-- Yin Spinner: ctx.seat chooses which of its planets in ctx.cell gets the infantry.
F.spinner = Ask.step({
	options = function(g, ctx)
		if not UT.available(g, ctx.seat, "infantry") then
			return {}
		end
		return Ask.planet_options(g, g:entities({ kind = "planet", owner = ctx.seat, cell = ctx.cell }))
	end,
	ask = function(g, ctx)
		return { prompt = U.text("yin.spinner_prompt"), rule = "Yin Spinner (its card)",
			help = defs.technology.yin_yin_spinner.effect }
	end,
	answer = function(g, ctx, p)
		UT.place(g, ctx.seat, "infantry", { inside = p }) -- a token when no figure is left (TI4 §50.1)
		g:log(U.text("yin.spinner_used", ctx.seat, U.planet_name(g, p)))
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Greyfire Mutagen (Yin's note, its card): after any activation where the Yin player is
-- active or has units in the active system, its holder may play it: the Yin's faction
-- abilities and technologies are off until this action ends (abilities.lua reads
-- "faction_silenced_<seat>"). Offered before Ceasefire (`order`), as the pack always did.
E.yin_greyfire_mutagen = {
	note = {
		at = "after_activation",
		order = -1,
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return owner == info.seat or g:count({ kind = U.UNIT_TYPES, owner = owner, cell = info.cell }) > 0
		end,
		label = "notes.play_greyfire",
		play = function(g, holder: number, owner: number, note: number, info, v)
			g:set_global("faction_silenced_" .. owner, true)
			g:log(U.text("notes.greyfire", owner))
		end,
		action_ends = function(g)
			for s = 1, g:seats() do
				g:set_global("faction_silenced_" .. s, nil)
			end
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

--!strict
-- Twilight Imperium 4: the Mentak Coalition — its entries in the faction registry
-- (abilities.lua) and the steps they push (see faction_letnev.lua for how a faction module is
-- built). Ambush rolls at the start of a space combat (timing.lua's window); Pillage answers the
-- "tg_gained" and "transaction_done" moments; Salvage Operations the "combat_end" moment;
-- Mirror Computing and the flagship are rule switches (payment.lua, util.lua, hits.lua);
-- Promise of Protection is the entry's part `note` below (notes.lua plays it).
local U = require("util")
local Ask = require("ask_once")
local UT = require("unit_tokens")
local K = require("ability_kit")
local F = {}
local E = {}

-- Ambush (TI4 §19): at the start of a space combat (the window `space_combat_start` of
-- timing.lua, §23.2), 1 die for each of up to 2 of the Mentak's cruisers or destroyers in the
-- system (the best ones: lowest combat value); each die reaching that ship's combat value is
-- a hit the opponent assigns (step `ambush` below, then ability_hits.lua; not a combat roll:
-- no combat modifiers). Always rolled: it can only help.
local function ambushers(g, seat: number, c: number): { number }
	local ships = g:entities({ kind = { "cruiser", "destroyer" }, owner = seat, cell = c })
	table.sort(ships, function(x: number, y: number): boolean
		return (defs.unit[g:face(x)].combat or 10) < (defs.unit[g:face(y)].combat or 10)
	end)
	return ships
end

-- Optional, with its own "can use" check (`can_at`): its owner chooses its place among its
-- notes and cards of that timing (timing.lua, §19.19).
local function ambush_can(g, seat: number, info): boolean
	return table.find(info.seats, seat) ~= nil and #ambushers(g, seat, info.cell) > 0
end

E.mentak_ambush = {
	can_at = { space_combat_start = ambush_can },
	at = {
		space_combat_start = function(g, seat: number, info)
			local i = table.find(info.seats, seat)
			if not i or not ambush_can(g, seat, info) then
				return false
			end
			g:push("ambush", { seat = seat, foe = info.seats[3 - i], cell = info.cell, active = info.active })
			return true
		end,
	},
}

-- Whether `victim` holds the Mentak seat's Promise of Protection face up (its card).
local function protected(g, mentak: number, victim: number): boolean
	for _, note in ipairs(g:entities({ kind = "promissory_note", face = "mentak_promise_of_protection", owner = mentak })) do
		local at = g:where(note)
		if at.zone == "note_play" and at.seat == victim then
			return true
		end
	end
	return false
end

-- Pillage (TI4 §19, §99): after a neighbour gains trade goods or resolves a transaction, if
-- it then has 3 or more trade goods, the Mentak may take 1 of its trade goods or commodities
-- (step `pillage` below); not against a holder of Promise of Protection. `had`: the trade
-- goods the neighbour had right after a gain answered later (util.lua gain_tg), since the
-- condition is judged at the gain (F-45: on each gain, if its conditions hold then).
local function pillage(g, seat: number, victim: number, had: number?): boolean
	if victim == seat or (had or g:get(victim, "tg") or 0) < 3 or protected(g, seat, victim)
		or not require("transactions").neighbours(g, seat, victim) then
		return false
	end
	g:push("pillage", { seat = seat, victim = victim })
	return true
end

E.mentak_pillage = {
	at = {
		tg_gained = function(g, seat: number, info)
			return pillage(g, seat, info.seat, info.had)
		end,
		transaction_done = function(g, seat: number, info)
			local pushed = false
			for _, s in ipairs(info.seats) do
				pushed = pillage(g, seat, s) or pushed
			end
			return pushed
		end,
	},
}

-- Salvage Operations (its card): after a space combat it fought, the Mentak take 1 trade
-- good; after one it won, it may produce 1 ship in that system of a type destroyed in that
-- combat (step `salvage` below; digest F-45: no war sun without the War Sun technology; its
-- own flagship after destroying another's).
E.mentak_salvage_operations = {
	at = {
		combat_end = function(g, seat: number, info)
			if not table.find(info.seats, seat) then
				return false
			end
			U.gain_tg(g, seat, 1)
			g:log(U.text("ability.salvage_tg", seat))
			if info.winner == seat and #info.destroyed > 0 then
				g:push("salvage", { seat = seat, cell = info.cell, kinds = info.destroyed })
				return true
			end
			return false
		end,
	},
}

-- Mirror Computing (its card): each trade good spent is worth 2 resources or influence
-- (payment.lua, util.lua spendable).
E.mentak_mirror_computing = { flags = { trade_goods_doubled = true } }

-- Fourth Moon (the Mentak flagship, TI4 §98, §87): other players' ships in its system
-- cannot use Sustain Damage (hits.lua options).
E.mentak_flagship = { flags = { others_no_sustain = true } }

-- ==== Steps ====

-- Ambush: ctx.seat rolls for up to 2 of its cruisers or destroyers in ctx.cell (they are read
-- now, in its turn of the window); ctx.foe then assigns the hits (ability_hits.lua).
F.ambush = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		ctx.done = true
		-- Nothing to ambush once the opponent's ships are gone (Skilled Retreat, an earlier
		-- turn's hits).
		if #require("hits").ships(g, ctx.foe, ctx.cell) == 0 then
			return nil
		end
		local ships = ambushers(g, ctx.seat, ctx.cell)
		local dice, hits = 0, 0
		for i = 1, math.min(2, #ships) do
			dice += 1
			if g:roll(10) >= (defs.unit[g:face(ships[i])].combat or 11) then
				hits += 1
			end
		end
		if dice == 0 then
			return nil
		end
		g:log(U.text("ability.ambush", ctx.seat, dice, hits))
		if hits > 0 then
			g:push("ability_hits", { seat = ctx.foe, by = ctx.seat, cell = ctx.cell, hits = hits, active = ctx.active })
		end
		return nil
	end,
}


-- Pillage: ctx.seat (Mentak) may take 1 trade good or 1 commodity of ctx.victim (a
-- commodity taken becomes a trade good, TI4 §43.5).
F.pillage = Ask.step({
	options = function(g, ctx)
		local options = {}
		if (g:get(ctx.victim, "tg") or 0) > 0 then
			table.insert(options, { label = U.text("ability.pillage_tg", ctx.victim), value = "tg" })
		end
		if (g:get(ctx.victim, "commodities") or 0) > 0 then
			table.insert(options, { label = U.text("ability.pillage_comm", ctx.victim), value = "commodities" })
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.pillage_prompt", ctx.victim, g:get(ctx.victim, "tg") or 0), rule = "TI4 §19, §99",
			help = defs.faction_ability.mentak_pillage.effect, pass = U.text("ability.pillage_no") }
	end,
	answer = function(g, ctx, v)
		g:add(ctx.victim, v, -1)
		g:add(ctx.seat, "tg", 1)
		g:log(U.text(v == "tg" and "ability.pillaged_tg" or "ability.pillaged_comm", ctx.seat, ctx.victim))
	end,
})

-- The ship types ctx.seat may produce with Salvage Operations among ctx.kinds: one left in
-- its reinforcements, affordable, and for a war sun the War Sun technology (F-45).
local function salvageable(g, seat: number, kinds: { string }): { any }
	local out = {}
	for _, k in ipairs(kinds) do
		-- Fighters never run out: a token is made when no figure is left (TI4 §21.1).
		local left = UT.available(g, seat, k)
		local def = left and defs.unit[UT.face(g, seat, k)]
		if left and def and (k ~= "war_sun" or U.has_tech(g, seat, "war_sun"))
			and (def.cost or 0) <= U.spendable(g, seat, "resources") then
			table.insert(out, { kind = k, cost = def.cost or 0, name = def.name })
		end
	end
	return out
end
F.salvageable = salvageable

F.salvage = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, s in ipairs(salvageable(g, ctx.seat, ctx.kinds)) do
			table.insert(options, { label = U.text("ability.salvage_option", s.name, s.cost), value = s.kind })
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.salvage_prompt", U.cell_label(g, ctx.cell)), rule = "TI4 §94; Salvage Operations",
			help = defs.technology.mentak_salvage_operations.effect, pass = U.text("ability.salvage_no") }
	end,
	answer = function(g, ctx, kind)
		local e = UT.place(g, ctx.seat, kind, ctx.cell) :: number
		local cost = defs.unit[g:face(e)].cost or 0
		g:log(U.text("ability.salvaged", ctx.seat, U.unit_name(g:face(e)), U.cell_label(g, ctx.cell)))
		if cost > 0 then
			g:push("pay", { seat = ctx.seat, what = "resources", amount = cost })
		end
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Promise of Protection (Mentak's note, its card): a component action putting it face up in
-- the holder's play area; while there, Pillage spares the holder (`protected` above); back
-- to Mentak once the holder activates a system with Mentak units.
E.mentak_promise_of_protection = { note = K.face_up_note() }

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

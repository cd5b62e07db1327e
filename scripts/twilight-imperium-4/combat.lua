--!strict
-- Twilight Imperium 4: space combat (TI4 §23) and Space Cannon offense (§17.2-17.5).
--
-- Space combat is one step whose `ctx.stage` walks the rulebook's order: "start of
-- combat" abilities (Assault Cannon), anti-fighter barrage in the first round (§12,
-- §23.3), then each round: announce retreats (§23.4, defender first), roll (§23.5,
-- attacker first), assign hits (§23.6, each owner choosing, Sustain Damage first if it
-- likes, §87), Duranium Armor's repair, and the announced retreat (§23.7, retreat.lua),
-- until one side (or neither) has ships left (§23.9). Hits are always assigned by
-- their owner, one decision per hit, among the units the hit may land on. Not yet:
-- action cards and the other abilities' moments (COVERAGE.md).
local U = require("util")
local Retreat = require("retreat")
local C = {}

local function ships(g, seat: number, c: number): { number }
	return g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })
end

local function non_fighters(g, seat: number, c: number): { number }
	return g:entities({ kind = U.FLEET_TYPES, owner = seat, cell = c })
end

-- §22, §23.5: one die per combat die of each ship, a hit on its combat value or more;
-- Jol-Nar's Fragile takes 1 off every die (faction ability); in a nebula the defender
-- adds 1 (§69.3, `bonus`). Jol-Nar's flagship, J.N.S. Hylarim, scores 2 more hits for
-- each of its dice showing 9 or 10 before modifiers.
local function roll_combat(g, seat: number, c: number, bonus: number): (number, number)
	local mod = (U.has_ability(g, seat, "jol_nar_fragile") and -1 or 0) + bonus
	local hits, dice = 0, 0
	for _, e in ipairs(ships(g, seat, c)) do
		local def = defs.unit[g:face(e)]
		if def.combat then
			for _ = 1, def.combat_dice do
				dice += 1
				local die = g:roll(10)
				if die + mod >= def.combat then
					hits += 1
				end
				if die >= 9 and g:face(e) == "jol_nar_flagship" then
					hits += 2
				end
			end
		end
	end
	return hits, dice
end

-- §12.1: a seat's anti-fighter barrage roll (not a combat roll: no modifiers); the hits
-- it scores on the other side's fighters.
local function barrage_hits(g, seat: number, c: number): number
	local hits, dice = 0, 0
	for _, e in ipairs(ships(g, seat, c)) do
		local afb = defs.unit[g:face(e)].anti_fighter_barrage
		if afb then
			for _ = 1, afb.dice do
				dice += 1
				if g:roll(10) >= afb.hit then
					hits += 1
				end
			end
		end
	end
	if dice > 0 then
		g:log(U.text("combat.barrage", seat, dice, hits))
	end
	return hits
end

-- §12.2: a barrage hit can only land on a fighter, so Sustain Damage never takes it
-- (§87.4, digest E-04); a seat's fighters are all alike, so nothing is left to choose.
-- Excess hits are lost.
local function barrage_losses(g, seat: number, c: number, hits: number)
	for _ = 1, hits do
		local f = g:last({ kind = "fighter", owner = seat, cell = c })
		if not f then
			break
		end
		g:move(f, { zone = "reinforcements", seat = seat })
		g:log(U.text("combat.destroyed", seat, defs.unit[g:face(f)].name))
	end
end

local function over(g, ctx): boolean
	return #ships(g, ctx.attacker, ctx.cell) == 0 or #ships(g, ctx.defender, ctx.cell) == 0
end

-- The hit options of a seat's ships in a system (§23.6, §87): Sustain Damage on an
-- undamaged unit that has it, or destroy a unit (grouped by kind and damaged state).
-- `only_non_fighters`: the hit must land on a non-fighter ship (Graviton Laser System,
-- Assault Cannon); `no_sustain`: the effect destroys directly (§87.5).
local function hit_options(g, seat: number, c: number, only_non_fighters: boolean?, no_sustain: boolean?): { any }
	local options, seen = {}, {}
	for _, e in ipairs(only_non_fighters and non_fighters(g, seat, c) or ships(g, seat, c)) do
		local kind, def = g:kind(e), defs.unit[g:face(e)]
		local damaged = g:prop(e, "damaged") == true
		if def.sustain_damage and not damaged and not no_sustain and not seen["s" .. kind] then
			seen["s" .. kind] = true
			table.insert(options, { label = U.text("combat.sustain", def.name), value = "s:" .. kind })
		end
		local key = (damaged and "d:" or "x:") .. kind
		if not seen[key] then
			seen[key] = true
			table.insert(options, { label = U.text(damaged and "combat.destroy_damaged" or "combat.destroy", def.name), value = key })
		end
	end
	return options
end
C.hit_options = hit_options

-- One hit on a seat's ships in a system: "s:kind" sustains damage, "x:kind" destroys an
-- undamaged unit, "d:kind" a damaged one (TI4 §23.6, §87). Returns how many hits it
-- cancelled or took (2 for a Sustain Damage with Letnev's Non-Euclidean Shielding,
-- §87.6) and the unit.
function C.apply_hit(g, seat: number, c: number, v: string): (number, number)
	local tag, kind = string.match(v, "^(%a):([%a_]+)$")
	if tag == "s" then
		local e = g:first({ kind = kind, owner = seat, cell = c, lacks = "damaged" })
		g:set_prop(e, "damaged", true)
		g:log(U.text("combat.sustained", seat, defs.unit[g:face(e)].name))
		return U.has_tech(g, seat, "letnev_non_euclidean_shielding") and 2 or 1, e
	end
	local e
	if tag == "d" then
		e = g:first({ kind = kind, owner = seat, cell = c, has = "damaged" })
	else
		e = g:first({ kind = kind, owner = seat, cell = c, lacks = "damaged" })
	end
	g:set_prop(e, "damaged", nil)
	g:move(e, { zone = "reinforcements", seat = seat })
	g:log(U.text("combat.destroyed", seat, defs.unit[g:face(e)].name))
	return 1, e
end

-- Assault Cannon (technology; §23.2 "start of combat"): a seat fielding 3 or more
-- non-fighter ships makes its opponent destroy one non-fighter ship of its choice.
-- Both sides are checked before either loses a ship (the effects are simultaneous).
local function assault_cannon(g, ctx)
	ctx.forced = {}
	for _, pair in ipairs({ { ctx.attacker, ctx.defender }, { ctx.defender, ctx.attacker } }) do
		local seat, foe = pair[1], pair[2]
		if U.has_tech(g, seat, "assault_cannon") and #non_fighters(g, seat, ctx.cell) >= 3 and #non_fighters(g, foe, ctx.cell) > 0 then
			ctx.forced[tostring(foe)] = true
			g:log(U.text("combat.assault_cannon", seat, foe))
		end
	end
end

-- Duranium Armor (technology): after a seat's hits are assigned in a round, one of its
-- damaged units that did not sustain damage this round is repaired.
local function duranium(g, ctx)
	for _, seat in ipairs({ ctx.attacker, ctx.defender }) do
		if U.has_tech(g, seat, "duranium_armor") then
			for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = ctx.cell, has = "damaged" })) do
				if not ctx.sustained[tostring(e)] then
					g:set_prop(e, "damaged", nil)
					g:log(U.text("combat.duranium", seat, defs.unit[g:face(e)].name))
					break
				end
			end
		end
	end
end

-- Letnev's flagship, Arc Secundus (faction unit): repaired as each round begins.
local function round_start_repairs(g, ctx)
	for _, e in ipairs(g:entities({ kind = "flagship", face = "letnev_flagship", cell = ctx.cell, has = "damaged" })) do
		g:set_prop(e, "damaged", nil)
		g:log(U.text("combat.flagship_repaired", g:owner(e), defs.unit[g:face(e)].name))
	end
end

-- ctx: attacker, defender, cell.
C.space_combat = {
	enter = function(g, ctx)
		ctx.round = 1
		ctx.stage = "start"
		ctx.sustained = {}
		g:log(U.text("combat.starts", ctx.attacker, ctx.defender, U.cell_label(g, ctx.cell)))
	end,
	run = function(g, ctx)
		while not U.over(g) do
			if ctx.stage == "done" then
				return nil
			elseif ctx.stage == "start" then
				-- §23.2: "start of combat" effects come before the barrage.
				assault_cannon(g, ctx)
				ctx.stage = "forced"
			elseif ctx.stage == "forced" then
				for _, seat in ipairs({ ctx.defender, ctx.attacker }) do
					if ctx.forced[tostring(seat)] and #non_fighters(g, seat, ctx.cell) > 0 then
						ctx.assigning, ctx.forcing = seat, true
						return { seat = seat, prompt = U.text("combat.assault_prompt"), rule = "Assault Cannon; TI4 §87.5",
							help = U.text("combat.assault_help"), options = hit_options(g, seat, ctx.cell, true, true) }
					end
				end
				ctx.stage = over(g, ctx) and "end" or "barrage"
			elseif ctx.stage == "barrage" then
				-- §23.3: both sides' barrage at once: both roll, then the fighters go.
				local a = barrage_hits(g, ctx.attacker, ctx.cell)
				local d = barrage_hits(g, ctx.defender, ctx.cell)
				barrage_losses(g, ctx.defender, ctx.cell, a)
				barrage_losses(g, ctx.attacker, ctx.cell, d)
				ctx.stage = over(g, ctx) and "end" or "announce"
			elseif ctx.stage == "announce" then
				-- §23.4: each round starts with retreats announced, the defender first; once
				-- the defender announces, the attacker cannot this round.
				if not ctx.asked then
					round_start_repairs(g, ctx)
					ctx.asked = {}
				end
				for _, seat in ipairs({ ctx.defender, ctx.attacker }) do
					if ctx.retreating == nil and not ctx.asked[tostring(seat)] then
						ctx.asked[tostring(seat)] = true
						if Retreat.can_retreat(g, seat, ctx.cell) then
							ctx.announcing = seat
							return { seat = seat, prompt = U.text("retreat.announce_prompt", ctx.round), rule = "TI4 §23.4",
								help = U.text("retreat.announce_help"), options = { { label = U.text("retreat.announce"), value = "retreat" } },
								pass = U.text("retreat.stay") }
						end
					end
				end
				ctx.asked = nil
				ctx.stage = "roll"
			elseif ctx.stage == "roll" then
				-- §69.3: in a nebula the defender adds 1 to each combat roll.
				local bonus = g:terrain(ctx.cell) == "nebula" and 1 or 0
				local a, ad = roll_combat(g, ctx.attacker, ctx.cell, 0)
				local d, dd = roll_combat(g, ctx.defender, ctx.cell, bonus)
				g:log(U.text("combat.rolls", ctx.round, ctx.attacker, ad, a, ctx.defender, dd, d))
				-- hits each seat must assign (scored by its opponent)
				ctx.to_assign = { [tostring(ctx.defender)] = a, [tostring(ctx.attacker)] = d }
				ctx.sustained = {}
				ctx.stage = "assign"
			elseif ctx.stage == "assign" then
				for _, seat in ipairs({ ctx.defender, ctx.attacker }) do
					local left = ctx.to_assign[tostring(seat)]
					if left > 0 and #ships(g, seat, ctx.cell) > 0 then
						ctx.assigning = seat
						return { seat = seat, prompt = U.text("combat.assign_prompt", left), rule = "TI4 §23.6, §87",
							help = U.text("combat.assign_help"), options = hit_options(g, seat, ctx.cell) }
					end
				end
				duranium(g, ctx)
				ctx.stage = "retreat"
			elseif ctx.stage == "retreat" then
				-- §23.7: an announced retreat, unless the opponent has no ships left.
				local seat = ctx.retreating
				if seat and not over(g, ctx) and #Retreat.destinations(g, seat, ctx.cell) > 0 then
					return { seat = seat, prompt = U.text("retreat.where_prompt"), rule = "TI4 §23.7",
						help = U.text("retreat.where_help"), options = Retreat.options(g, seat, ctx.cell) }
				end
				ctx.retreating = nil
				if over(g, ctx) then
					ctx.stage = "end"
				else
					ctx.round += 1
					ctx.stage = "announce" -- §23.8
				end
			else
				-- §23.9-10: the end; excess fighters and ground forces are removed (§18.3).
				local a, d = #ships(g, ctx.attacker, ctx.cell), #ships(g, ctx.defender, ctx.cell)
				if a > 0 then
					g:log(U.text("combat.won", ctx.attacker, U.cell_label(g, ctx.cell)))
				elseif d > 0 then
					g:log(U.text("combat.won", ctx.defender, U.cell_label(g, ctx.cell)))
				else
					g:log(U.text("combat.draw", U.cell_label(g, ctx.cell)))
				end
				ctx.stage = "done"
				g:push("remove_excess", { seat = ctx.defender, cell = ctx.cell })
				g:push("remove_excess", { seat = ctx.attacker, cell = ctx.cell })
				return nil
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		if ctx.stage == "announce" then
			if v then
				ctx.retreating = ctx.announcing
				g:log(U.text("retreat.announced", ctx.announcing))
			end
			ctx.announcing = nil
			return
		elseif ctx.stage == "retreat" then
			Retreat.execute(g, ctx.retreating, ctx.cell, v)
			ctx.retreating = nil
			return
		end
		local seat = ctx.assigning
		if ctx.forcing then
			ctx.forced[tostring(seat)] = nil
			ctx.forcing = nil
			C.apply_hit(g, seat, ctx.cell, v)
			return
		end
		local n, e = C.apply_hit(g, seat, ctx.cell, v)
		if string.sub(v, 1, 1) == "s" then
			ctx.sustained[tostring(e)] = true
		end
		ctx.to_assign[tostring(seat)] = math.max(0, ctx.to_assign[tostring(seat)] - n)
	end,
}

-- TI4 §18.3, §23.10: fighters and ground forces in a space area beyond its seat's
-- capacity are removed, the owner choosing which while both kinds are there (then the
-- rest go without a question). ctx: seat, cell.
C.remove_excess = {
	run = function(g, ctx)
		local cap, load = U.capacity(g, ctx.seat, ctx.cell)
		while load > cap do
			local kinds = {}
			for _, k in ipairs({ "fighter", "infantry" }) do
				if g:count({ kind = k, owner = ctx.seat, cell = ctx.cell }) > 0 then
					table.insert(kinds, k)
				end
			end
			if #kinds > 1 then
				local options = {}
				for _, k in ipairs(kinds) do
					table.insert(options, { label = U.text("combat.remove", U.text("unit_type." .. k)), value = k })
				end
				return { seat = ctx.seat, prompt = U.text("combat.remove_prompt", load - cap, U.cell_label(g, ctx.cell)), rule = "TI4 §18.3",
					help = U.text("combat.remove_help"), options = options }
			end
			U.check_capacity(g, ctx.seat, ctx.cell)
			cap, load = U.capacity(g, ctx.seat, ctx.cell)
		end
		return nil
	end,
	resolve = function(g, ctx, kind)
		local e = g:last({ kind = kind, owner = ctx.seat, cell = ctx.cell })
		g:move(e, { zone = "reinforcements", seat = ctx.seat })
		g:log(U.text("common.over_capacity", ctx.seat, U.unit_name(g:face(e)), U.cell_label(g, ctx.cell)))
	end,
}

-- §17.3: a seat's Space Cannon dice against the active system `c`: its units with
-- Space Cannon on the planets there, and with PDS II (deep space cannon) those of the
-- adjacent systems too. Returns the hit value of each die, as a list; Plasma Scoring
-- adds one die to the roll (to the best of the firing units; §3.3 FAQ: one per roll).
function C.cannon_dice(g, seat: number, c: number): { number }
	local out = {}
	local cells = { c }
	for _, n in ipairs(require("objectives").adjacent(g, c)) do
		table.insert(cells, n)
	end
	for i, cell in ipairs(cells) do
		for _, p in ipairs(g:entities({ kind = "planet", cell = cell })) do
			for _, e in ipairs(g:entities({ kind = "pds", owner = seat, inside = p })) do
				local def = defs.unit[g:face(e)]
				if def.space_cannon and (i == 1 or def.space_cannon_reaches_adjacent) then
					for _ = 1, def.space_cannon.dice do
						table.insert(out, def.space_cannon.hit)
					end
				end
			end
		end
	end
	return C.plasma(g, seat, out)
end

-- Plasma Scoring (technology; §3.3 FAQ, digest F-04): one more die for a Bombardment
-- or Space Cannon roll, rolled as one of the firing units (here the one hitting best).
function C.plasma(g, seat: number, dice: { number }): { number }
	if #dice > 0 and U.has_tech(g, seat, "plasma_scoring") then
		local best = dice[1]
		for _, v in ipairs(dice) do
			best = math.min(best, v)
		end
		table.insert(dice, best)
	end
	return dice
end

-- Rolls Space Cannon dice at `target`'s units: Antimass Deflectors (technology) takes 1
-- off each die rolled at its owner's units.
function C.roll_cannon(g, dice: { number }, target: number): number
	local mod = U.has_tech(g, target, "antimass_deflectors") and -1 or 0
	local hits = 0
	for _, value in ipairs(dice) do
		if g:roll(10) + mod >= value then
			hits += 1
		end
	end
	return hits
end

-- TI4 §17.2-17.5: Space Cannon offense after the ships moved: from the active seat
-- clockwise, each seat may fire; the others at the active seat's ships, the active seat at
-- the ships of one other seat it chooses. The target assigns each hit to one of its
-- ships (or Sustain Damage); with Graviton Laser System exhausted by the firer, to
-- non-fighter ships while it has any. ctx: seat (active), cell.
C.space_cannon = {
	enter = function(g, ctx)
		ctx.order = U.clockwise(g, ctx.seat)
		ctx.i = 0
	end,
	run = function(g, ctx)
		while not U.over(g) do
			if ctx.target and (ctx.hits or 0) > 0 and #ships(g, ctx.target, ctx.cell) > 0 then
				ctx.assigning = ctx.target
				local strict = ctx.graviton and #non_fighters(g, ctx.target, ctx.cell) > 0
				return { seat = ctx.target, prompt = U.text("combat.assign_prompt", ctx.hits), rule = "TI4 §17.5, §87",
					help = U.text("combat.assign_help"), options = hit_options(g, ctx.target, ctx.cell, strict) }
			end
			ctx.target, ctx.hits, ctx.graviton = nil, 0, nil
			ctx.i += 1
			local s = ctx.order[ctx.i]
			if s == nil then
				return nil
			end
			local targets = {}
			if s ~= ctx.seat then
				if #ships(g, ctx.seat, ctx.cell) > 0 then
					targets = { ctx.seat }
				end
			else
				for _, o in ipairs(g:owners({ kind = U.SHIP_TYPES, cell = ctx.cell })) do
					if o ~= s then
						table.insert(targets, o)
					end
				end
			end
			local dice = C.cannon_dice(g, s, ctx.cell)
			if #targets > 0 and #dice > 0 then
				ctx.firing = s
				local options = {}
				local graviton = U.ready_tech(g, s, "graviton_laser_system") ~= nil
				for _, t in ipairs(targets) do
					local at = #targets > 1 and U.text("combat.cannon_at", t) or ""
					table.insert(options, { label = U.text("combat.cannon_fire") .. at, value = "fire:" .. t })
					if graviton then
						table.insert(options, { label = U.text("combat.cannon_fire_graviton") .. at, value = "graviton:" .. t })
					end
				end
				local prompt = #targets > 1 and U.text("combat.cannon_prompt_choose", #dice) or U.text("combat.cannon_prompt", #dice, targets[1])
				return { seat = s, prompt = prompt, rule = "TI4 §17.3, §17.5",
					help = U.text("combat.cannon_help"), options = options, pass = U.text("combat.cannon_hold") }
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		if ctx.assigning then
			local seat = ctx.assigning
			ctx.assigning = nil
			local n = C.apply_hit(g, seat, ctx.cell, v)
			ctx.hits = math.max(0, ctx.hits - n)
			return
		end
		if v then
			local how, aim = string.match(v, "^(%a+):(%d+)$")
			ctx.aim = tonumber(aim)
			if how == "graviton" then
				g:set_prop(U.ready_tech(g, ctx.firing, "graviton_laser_system"), "exhausted", true)
				g:log(U.text("combat.graviton", ctx.firing))
				ctx.graviton = true
			end
			local dice = C.cannon_dice(g, ctx.firing, ctx.cell)
			local hits = C.roll_cannon(g, dice, ctx.aim)
			g:log(U.text("combat.cannon_fired", ctx.firing, #dice, hits, ctx.aim))
			ctx.target, ctx.hits = ctx.aim, hits
		end
	end,
}

return C

--!strict
-- Twilight Imperium 4: space combat (TI4 §23): anti-fighter barrage in the first round
-- (§12), then rounds of dice (§22, §23.5) and hits assigned one at a time by the owner,
-- Sustain Damage first if it likes (§87, §23.6), until one side (or neither) has ships
-- left (§23.9). Not yet: retreats (§23.4, §23.7: never announced), "start of combat"
-- abilities and action cards. Space Cannon offense (§17) comes before it (below).
local U = require("util")
local Co = require("council")
local C = {}

local function ships(g, seat: number, c: number): { number }
	return g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })
end

-- §22, §23.5: one die per combat die of each ship, a hit on its combat value or more;
-- Jol-Nar's Fragile takes 1 off every die (faction ability).
local function roll_combat(g, seat: number, c: number): (number, number)
	local mod = U.has_ability(g, seat, "jol_nar_fragile") and -1 or 0
	local hits, dice = 0, 0
	for _, e in ipairs(ships(g, seat, c)) do
		local def = defs.unit[g:face(e)]
		if def.combat then
			for _ = 1, def.combat_dice do
				dice += 1
				if g:roll(10) + mod + Co.roll_bonus(g, seat, def) >= def.combat then
					hits += 1
				end
			end
		end
	end
	return hits, dice
end

-- §12: anti-fighter barrage: hits only on the opponent's fighters (removed at once, they
-- are all alike).
local function barrage(g, seat: number, foe: number, c: number)
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
	for _ = 1, hits do
		local f = g:last({ kind = "fighter", owner = foe, cell = c })
		if not f then
			break
		end
		g:move(f, { zone = "reinforcements", seat = foe })
	end
end

local function over(g, ctx): boolean
	return #ships(g, ctx.attacker, ctx.cell) == 0 or #ships(g, ctx.defender, ctx.cell) == 0
end

-- The hit options of a seat: sustain damage on an undamaged unit that has it, or destroy
-- a unit (grouped by kind and damaged state).
local function hit_options(g, seat: number, c: number): { any }
	local options, seen = {}, {}
	for _, e in ipairs(ships(g, seat, c)) do
		local kind, def = g:kind(e), defs.unit[g:face(e)]
		local damaged = g:prop(e, "damaged") == true
		if def.sustain_damage and Co.may_sustain(g, def) and not damaged and not seen["s" .. kind] then
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

-- One hit on a seat's ships in a system: "s:kind" sustains damage, "x:kind" destroys an
-- undamaged unit, "d:kind" a damaged one (TI4 §23.6, §87).
function C.apply_hit(g, seat: number, c: number, v: string)
	local tag, kind = string.match(v, "^(%a):([%a_]+)$")
	if tag == "s" then
		local e = g:first({ kind = kind, owner = seat, cell = c, lacks = "damaged" })
		g:set_prop(e, "damaged", true)
		g:log(U.text("combat.sustained", seat, defs.unit[g:face(e)].name))
	else
		local e
		if tag == "d" then
			e = g:first({ kind = kind, owner = seat, cell = c, has = "damaged" })
		else
			e = g:first({ kind = kind, owner = seat, cell = c, lacks = "damaged" })
		end
		g:set_prop(e, "damaged", nil)
		g:move(e, { zone = "reinforcements", seat = seat })
		g:log(U.text("combat.destroyed", seat, defs.unit[g:face(e)].name))
	end
end

-- ctx: attacker, defender, cell.
C.space_combat = {
	enter = function(g, ctx)
		ctx.round = 1
		ctx.stage = "barrage"
		g:log(U.text("combat.starts", ctx.attacker, ctx.defender, U.cell_label(g, ctx.cell)))
	end,
	run = function(g, ctx)
		while not U.over(g) do
			if ctx.stage == "barrage" then
				-- §23.3: both sides' barrage at once (the attacker's dice first).
				barrage(g, ctx.attacker, ctx.defender, ctx.cell)
				barrage(g, ctx.defender, ctx.attacker, ctx.cell)
				ctx.stage = over(g, ctx) and "end" or "roll"
			elseif ctx.stage == "roll" then
				local a, ad = roll_combat(g, ctx.attacker, ctx.cell)
				local d, dd = roll_combat(g, ctx.defender, ctx.cell)
				g:log(U.text("combat.rolls", ctx.round, ctx.attacker, ad, a, ctx.defender, dd, d))
				-- hits each seat must assign (scored by its opponent)
				ctx.to_assign = { [tostring(ctx.defender)] = a, [tostring(ctx.attacker)] = d }
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
				if over(g, ctx) then
					ctx.stage = "end"
				else
					ctx.round += 1
					ctx.stage = "roll" -- §23.8 (retreats are not offered yet)
				end
			else
				-- §23.9-10: the end; excess fighters and ground forces are removed (§18.3).
				local a, d = #ships(g, ctx.attacker, ctx.cell), #ships(g, ctx.defender, ctx.cell)
				if a > 0 then
					g:log(U.text("combat.won", ctx.attacker, U.cell_label(g, ctx.cell)))
					Co.combat_won(g, ctx.attacker, ctx.defender)
				elseif d > 0 then
					g:log(U.text("combat.won", ctx.defender, U.cell_label(g, ctx.cell)))
					Co.combat_won(g, ctx.defender, ctx.attacker)
				else
					g:log(U.text("combat.draw", U.cell_label(g, ctx.cell)))
				end
				U.check_capacity(g, ctx.attacker, ctx.cell)
				U.check_capacity(g, ctx.defender, ctx.cell)
				return nil
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		local seat = ctx.assigning
		ctx.to_assign[tostring(seat)] -= 1
		C.apply_hit(g, seat, ctx.cell, v)
	end,
}

-- TI4 §17.3: a seat's Space Cannon dice against the active system `c`: its units with
-- Space Cannon on the planets there, and with PDS II (deep space cannon) those of the
-- adjacent systems too. Returns the dice and the hit value of each, as a list.
function C.cannon_dice(g, seat: number, c: number): { any }
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
	return out
end

-- TI4 §17.2-17.5: Space Cannon offense after the ships moved: from the active seat
-- clockwise, each seat may fire; the others at the active seat's ships, the active seat at
-- another seat's (the lowest-numbered, when several are there). The target assigns each
-- hit to one of its ships (or Sustain Damage). ctx: seat (active), cell.
C.space_cannon = {
	enter = function(g, ctx)
		ctx.order = U.clockwise(g, ctx.seat)
		ctx.i = 0
	end,
	run = function(g, ctx)
		while not U.over(g) do
			if ctx.target and (ctx.hits or 0) > 0 and #ships(g, ctx.target, ctx.cell) > 0 then
				ctx.assigning = ctx.target
				return { seat = ctx.target, prompt = U.text("combat.assign_prompt", ctx.hits), rule = "TI4 §17.5, §87",
					help = U.text("combat.assign_help"), options = hit_options(g, ctx.target, ctx.cell) }
			end
			ctx.target, ctx.hits = nil, 0
			ctx.i += 1
			local s = ctx.order[ctx.i]
			if s == nil then
				return nil
			end
			local target = nil
			if s ~= ctx.seat then
				target = #ships(g, ctx.seat, ctx.cell) > 0 and ctx.seat or nil
			else
				for _, o in ipairs(g:owners({ kind = U.SHIP_TYPES, cell = ctx.cell })) do
					if o ~= s and target == nil then
						target = o
					end
				end
			end
			local dice = C.cannon_dice(g, s, ctx.cell)
			if target and #dice > 0 then
				ctx.firing, ctx.aim = s, target
				return { seat = s, prompt = U.text("combat.cannon_prompt", #dice, target), rule = "TI4 §17.3",
					help = U.text("combat.cannon_help"), options = { { label = U.text("combat.cannon_fire"), value = true } },
					pass = U.text("combat.cannon_hold") }
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		if ctx.assigning then
			local seat = ctx.assigning
			ctx.assigning = nil
			ctx.hits -= 1
			C.apply_hit(g, seat, ctx.cell, v)
			return
		end
		if v then
			local hits = 0
			for _, value in ipairs(C.cannon_dice(g, ctx.firing, ctx.cell)) do
				if g:roll(10) >= value then
					hits += 1
				end
			end
			g:log(U.text("combat.cannon_fired", ctx.firing, hits, ctx.aim))
			ctx.target, ctx.hits = ctx.aim, hits
		end
	end,
}

return C

--!strict
-- Twilight Imperium 4: space combat (TI4 §23): anti-fighter barrage in the first round
-- (§12), then rounds of dice (§22, §23.5) and hits assigned one at a time by the owner,
-- Sustain Damage first if it likes (§87, §23.6), until one side (or neither) has ships
-- left (§23.9). Not yet: retreats (§23.4, §23.7: never announced), "start of combat"
-- abilities and action cards, Space Cannon offense (§17) before it.
local U = require("util")
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
				if g:roll(10) + mod >= def.combat then
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
		if def.sustain_damage and not damaged and not seen["s" .. kind] then
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
				elseif d > 0 then
					g:log(U.text("combat.won", ctx.defender, U.cell_label(g, ctx.cell)))
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
		local tag, kind = string.match(v, "^(%a):([%a_]+)$")
		local key = tostring(seat)
		ctx.to_assign[key] -= 1
		if tag == "s" then
			local e = g:first({ kind = kind, owner = seat, cell = ctx.cell, lacks = "damaged" })
			g:set_prop(e, "damaged", true)
			g:log(U.text("combat.sustained", seat, defs.unit[g:face(e)].name))
		else
			local e
			if tag == "d" then
				e = g:first({ kind = kind, owner = seat, cell = ctx.cell, has = "damaged" })
			else
				e = g:first({ kind = kind, owner = seat, cell = ctx.cell, lacks = "damaged" })
			end
			g:set_prop(e, "damaged", nil)
			g:move(e, { zone = "reinforcements", seat = seat })
			g:log(U.text("combat.destroyed", seat, defs.unit[g:face(e)].name))
		end
	end,
}

return C

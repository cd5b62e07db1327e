--!strict
-- Twilight Imperium 4: the steps that faction abilities and technologies push
-- (abilities.lua decides when; this module only asks and places). Each step's ctx names
-- the seat and the entry (`source`, an ability or technology id) it resolves for.
local U = require("util")
local O = require("objectives")
local A = require("abilities")
local S = {}

local function source_name(id: string): string
	local a = defs.faction_ability[id]
	return a and a.name or (defs.technology[id] and defs.technology[id].name) or defs.unit[id].name
end

-- Places ctx.n infantry from the seat's reinforcements on one planet it controls, which
-- it chooses (Orbital Drop: 2, Mitosis: 1). ctx: seat, n, source, rule.
S.place_infantry = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		if g:count({ kind = "infantry", zone = "reinforcements", seat = ctx.seat }) == 0 then
			return nil
		end
		local options = {}
		for _, p in ipairs(U.planets(g, ctx.seat)) do
			table.insert(options, { label = U.planet_name(g, p), value = p })
		end
		if #options == 0 then
			return nil
		end
		local def = defs.faction_ability[ctx.source]
		return { seat = ctx.seat, prompt = U.text("ability.place_infantry_prompt", source_name(ctx.source), ctx.n),
			rule = ctx.rule, help = def and def.effect or "", options = options }
	end,
	resolve = function(g, ctx, p)
		ctx.done = true
		local placed = 0
		for _ = 1, ctx.n do
			local e = g:last({ kind = "infantry", zone = "reinforcements", seat = ctx.seat })
			if e then
				g:move(e, { inside = p })
				placed += 1
			end
		end
		g:log(U.text("ability.placed_infantry", ctx.seat, placed, U.planet_name(g, p), source_name(ctx.source)))
	end,
}

-- Gives ctx.n trade goods from the supply to another player the seat chooses (Production
-- Biomes: 2). ctx: seat, n, source, rule.
S.gift_tg = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local options = {}
		for _, s in ipairs(U.clockwise(g, ctx.seat)) do
			if s ~= ctx.seat then
				table.insert(options, { label = U.text("ability.gift_tg_option", s, ctx.n), value = s })
			end
		end
		if #options == 0 then
			return nil
		end
		local t = defs.technology[ctx.source]
		return { seat = ctx.seat, prompt = U.text("ability.gift_tg_prompt", source_name(ctx.source), ctx.n),
			rule = ctx.rule, help = t and t.effect or "", options = options }
	end,
	resolve = function(g, ctx, s)
		ctx.done = true
		U.gain_tg(g, s, ctx.n)
		g:log(U.text("ability.gave_tg", s, ctx.n, ctx.seat, source_name(ctx.source)))
	end,
}

-- Quantum Datahub Node: ctx.seat may swap one of its strategy cards for another player's,
-- paying a strategy-pool token and 3 trade goods to that player. One decision: every
-- (own card, their card) pair, or not at all.
S.datahub = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local options = {}
		for _, mine in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = ctx.seat })) do
			for _, s in ipairs(U.clockwise(g, ctx.seat)) do
				if s ~= ctx.seat then
					for _, theirs in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = s })) do
						table.insert(options, { label = U.text("ability.datahub_option", defs.strategy_card[g:face(mine)].name, s,
							defs.strategy_card[g:face(theirs)].name), value = string.format("%d:%d", mine, theirs) })
					end
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("ability.datahub_prompt"), rule = "TI4 §94, §40",
			help = defs.technology.hacan_quantum_datahub_node.effect, options = options, pass = U.text("ability.datahub_no") }
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		if v == nil then
			return
		end
		local a, b = string.match(v, "^(%d+):(%d+)$")
		local mine, theirs = tonumber(a) :: number, tonumber(b) :: number
		local other = g:where(theirs).seat
		U.move_token(g, ctx.seat, "strategy", "cmd_reinforcements")
		g:add(ctx.seat, "tg", -3)
		U.gain_tg(g, other, 3)
		g:move(mine, { zone = "strategy", seat = other })
		g:move(theirs, { zone = "strategy", seat = ctx.seat })
		g:log(U.text("ability.datahub_done", ctx.seat, defs.strategy_card[g:face(mine)].name, other, defs.strategy_card[g:face(theirs)].name))
	end,
}

-- Bioplasmosis: ctx.seat moves infantry, one at a time, from a planet it controls to another
-- it controls in the same or a neighbouring system, until it stops; each infantry moves once
-- (so the step always ends).
S.bioplasmosis = {
	enter = function(g, ctx)
		ctx.moved = {}
	end,
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local options = {}
		for _, p in ipairs(U.planets(g, ctx.seat)) do
			local e
			for _, i in ipairs(g:entities({ kind = "infantry", owner = ctx.seat, inside = p })) do
				if not ctx.moved[tostring(i)] then
					e = e or i
				end
			end
			if e then
				local c = g:cell_of(p)
				local near = O.adjacent(g, c)
				table.insert(near, c)
				for _, n in ipairs(near) do
					for _, q in ipairs(g:entities({ kind = "planet", owner = ctx.seat, cell = n })) do
						if q ~= p then
							table.insert(options, { label = U.text("ability.bioplasmosis_option", U.planet_name(g, p), U.planet_name(g, q)),
								value = string.format("%d:%d", e, q) })
						end
					end
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("ability.bioplasmosis_prompt"), rule = "TI4 §94, §38",
			help = defs.technology.arborec_bioplasmosis.effect, options = options, pass = U.text("ability.bioplasmosis_done") }
	end,
	resolve = function(g, ctx, v)
		if v == nil then
			ctx.done = true
			return
		end
		local a, b = string.match(v, "^(%d+):(%d+)$")
		local e, q = tonumber(a) :: number, tonumber(b) :: number
		ctx.moved[tostring(e)] = true
		g:move(e, { inside = q })
		g:log(U.text("ability.bioplasmosis_moved", ctx.seat, U.planet_name(g, q)))
	end,
}

-- Spatial Conduit Cylinder: ctx.seat may exhaust the card so that the active system ctx.cell
-- is adjacent, for this activation, to every other system holding its units.
S.conduit = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("ability.conduit_prompt", U.cell_label(g, ctx.cell)), rule = "TI4 §94, §8",
			help = defs.technology.jol_nar_spatial_conduit_cylinder.effect,
			options = { { label = U.text("ability.conduit_use"), value = "use" } }, pass = U.text("ability.conduit_keep") }
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		if v == nil then
			return
		end
		g:set_prop(U.ready_tech(g, ctx.seat, "jol_nar_spatial_conduit_cylinder") :: number, "exhausted", true)
		for _, c in ipairs(g:cells_of({ kind = U.UNIT_TYPES, owner = ctx.seat })) do
			if c ~= ctx.cell then
				g:add_link(ctx.cell, c, "conduit")
			end
		end
		g:set_global("conduit", ctx.seat)
		g:log(U.text("ability.conduit_used", ctx.seat, U.cell_label(g, ctx.cell)))
	end,
}

-- Foresight: ctx.seat may withdraw its ships (and what they carry in the space area) from
-- the active system ctx.cell into a neighbouring system without other players' ships,
-- placing a strategy-pool token there. Systems its ships could not enter are not offered
-- (supernovae; asteroid fields without Antimass Deflectors, §11); ships over the fleet
-- limit there go back to reinforcements (§45.3).
S.foresight = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local options = {}
		for _, c in ipairs(O.adjacent(g, ctx.cell)) do
			local t = g:terrain(c)
			local enterable = t ~= "supernova" and (t ~= "asteroid_field" or U.has_tech(g, ctx.seat, "antimass_deflectors"))
			if enterable and not U.enemy_ships(g, ctx.seat, c) and c ~= ctx.cell then
				table.insert(options, { label = U.text("ability.foresight_option", U.cell_label(g, c)), value = c })
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("ability.foresight_prompt", U.cell_label(g, ctx.cell)), rule = "TI4 §19",
			help = defs.faction_ability.naalu_foresight.effect, options = options, pass = U.text("ability.foresight_stay") }
	end,
	resolve = function(g, ctx, c)
		ctx.done = true
		if c == nil then
			return
		end
		U.move_token(g, ctx.seat, "strategy", c)
		for _, e in ipairs(g:entities({ kind = U.UNIT_TYPES, owner = ctx.seat, cell = ctx.cell })) do
			g:move(e, c)
		end
		g:log(U.text("ability.foresight_used", ctx.seat, U.cell_label(g, ctx.cell), U.cell_label(g, c)))
		while U.fleet_count(g, ctx.seat, c) > A.fleet_limit(g, ctx.seat) do
			local e = g:last({ kind = U.FLEET_TYPES, owner = ctx.seat, cell = c })
			g:move(e, { zone = "reinforcements", seat = ctx.seat })
			g:log(U.text("retreat.fleet_pool", ctx.seat, U.unit_name(g:face(e))))
		end
	end,
}

-- Munitions Reserves: ctx.seat may pay 2 trade goods to reroll its combat dice this round
-- (global "rerolls_<seat>", read by combat.lua).
S.munitions = {
	run = function(g, ctx)
		if ctx.done or U.over(g) or (g:get(ctx.seat, "tg") or 0) < 2 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("ability.munitions_prompt"), rule = "TI4 §19, §86",
			help = defs.faction_ability.letnev_munitions_reserves.effect,
			options = { { label = U.text("ability.munitions_pay"), value = "pay" } }, pass = U.text("ability.munitions_no") }
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		if v then
			g:add(ctx.seat, "tg", -2)
			g:set_global("rerolls_" .. ctx.seat, true)
			g:log(U.text("ability.munitions_used", ctx.seat))
		end
	end,
}

-- X-89 Bacterial Weapon (its card, digest Part 4.4): the seat picks one planet the
-- weapon may strike (ability_entries.lua, the entry's `targets`); every infantry there is
-- destroyed, whoever owns it. Planetary Shield does not stop it (TI4 §37.1). ctx: seat.
S.x89 = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local options = {}
		for _, p in ipairs(require("ability_entries").x89_bacterial_weapon.targets(g, ctx.seat)) do
			table.insert(options, { label = U.text("ability.x89_option", U.planet_name(g, p), g:count({ kind = "infantry", inside = p })), value = p })
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("ability.x89_prompt"), rule = "X-89 Bacterial Weapon; TI4 §3, §37.1",
			help = defs.technology.x89_bacterial_weapon.effect, options = options }
	end,
	resolve = function(g, ctx, p)
		ctx.done = true
		local killed = 0
		for _, e in ipairs(g:entities({ kind = "infantry", inside = p })) do
			local owner = g:owner(e) :: number
			g:move(e, { zone = "reinforcements", seat = owner })
			killed += 1
			A.destroyed(g, e)
		end
		g:log(U.text("ability.x89_done", ctx.seat, killed, U.planet_name(g, p)))
	end,
}

-- Transit Diodes (its card): up to 4 of the seat's ground forces, one at a time, from
-- anywhere on the board (a planet or a system's space) to a planet it controls. The card
-- is exhausted by the first move; declining at once leaves it ready. ctx: seat.
S.transit_diodes = {
	enter = function(g, ctx)
		ctx.moved = 0
	end,
	run = function(g, ctx)
		if U.over(g) or ctx.moved >= 4 or ctx.stop then
			return nil
		end
		local seat = ctx.seat
		local options = {}
		if ctx.from == nil then
			-- A source needs a destination: a planet the seat controls other than itself.
			local own = #U.planets(g, seat)
			for _, c in ipairs(g:cells_of({ kind = "infantry", owner = seat })) do
				if g:count({ kind = "infantry", owner = seat, cell = c }) > 0 then
					table.insert(options, { label = U.text("ability.diodes_from_space", U.cell_label(g, c)), value = "c:" .. c })
				end
				for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
					if g:count({ kind = "infantry", owner = seat, inside = p }) > 0 and own > (g:owner(p) == seat and 1 or 0) then
						table.insert(options, { label = U.text("ability.diodes_from_planet", U.planet_name(g, p)), value = "p:" .. p })
					end
				end
			end
			if #options == 0 then
				return nil -- nothing can move (the card stays as it is)
			end
			return { seat = seat, prompt = U.text("ability.diodes_from_prompt", 4 - ctx.moved), rule = "Transit Diodes; TI4 §94",
				help = defs.technology.transit_diodes.effect, options = options,
				pass = ctx.moved == 0 and U.text("ability.diodes_not_now") or U.text("ability.diodes_done") }
		end
		for _, p in ipairs(U.planets(g, seat)) do
			if "p:" .. p ~= ctx.from then
				table.insert(options, { label = U.planet_name(g, p), value = p })
			end
		end
		return { seat = seat, prompt = U.text("ability.diodes_to_prompt"), rule = "Transit Diodes; TI4 §94",
			help = defs.technology.transit_diodes.effect, options = options }
	end,
	resolve = function(g, ctx, v)
		if ctx.from == nil then
			if v == nil then
				ctx.stop = true
				return
			end
			ctx.from = v
			return
		end
		local tag, n = string.match(ctx.from, "^(%a):(%d+)$")
		local e
		if tag == "c" then
			e = g:last({ kind = "infantry", owner = ctx.seat, cell = tonumber(n) })
		else
			e = g:last({ kind = "infantry", owner = ctx.seat, inside = tonumber(n) })
		end
		ctx.from = nil
		if ctx.moved == 0 then
			g:set_prop(U.ready_tech(g, ctx.seat, "transit_diodes") :: number, "exhausted", true)
		end
		g:move(e :: number, { inside = v })
		ctx.moved += 1
		g:log(U.text("ability.diodes_moved", ctx.seat, U.unit_name(g:face(e :: number)), U.planet_name(g, v)))
	end,
}

return S

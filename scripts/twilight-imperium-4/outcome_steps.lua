--!strict
-- Twilight Imperium 4: the small steps agenda outcomes push (agenda_effects.lua) when a player
-- has a choice to make: which units to destroy, Colonial Redistribution's choices, which
-- planets to exhaust, which command token to return; and the laws that act outside the
-- agenda phase with a choice (Imperial Arbiter, Minister of War, Anti-Intellectual
-- Revolution).
local U = require("util")
local Ask = require("ask_once")
local UT = require("unit_tokens")
local Co = require("council")
local K = require("tokens")
local S = {}

-- ctx: seat, n, kinds (optional), cell (optional): the seat destroys n of its units
-- (TI4 §34), one at a time, choosing where. Ships lost may leave fighters and ground
-- forces without capacity (TI4 §18.3), checked at the end.
local function places(g, ctx): { any }
	local options = {}
	local kinds = ctx.kinds or U.UNIT_TYPES
	local cells = ctx.cell and { ctx.cell } or g:cells_of({ kind = kinds, owner = ctx.seat })
	for _, c in ipairs(cells) do
		for _, k in ipairs(kinds) do
			if g:count({ kind = k, owner = ctx.seat, cell = c }) > 0 then
				table.insert(options, { label = U.text("outcome.destroy_in_space", U.text("unit_type." .. k), U.cell_label(g, c)), value = string.format("c%d:%s", c, k) })
			end
		end
		for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
			for _, k in ipairs(kinds) do
				if g:count({ kind = k, owner = ctx.seat, inside = p }) > 0 then
					table.insert(options, { label = U.text("outcome.destroy_on_planet", U.text("unit_type." .. k), U.planet_name(g, p)), value = string.format("p%d:%s", p, k) })
				end
			end
		end
	end
	return options
end

S.destroy_units = {
	run = function(g, ctx)
		ctx.left = ctx.left or ctx.n
		if ctx.left <= 0 or U.over(g) then
			return nil
		end
		local options = places(g, ctx)
		if #options == 0 then
			ctx.left = 0
			return S.destroy_units.run(g, ctx)
		end
		return { seat = ctx.seat, prompt = U.text("outcome.destroy_prompt", ctx.left), rule = "TI4 §26, §34",
			help = U.text("outcome.destroy_help"), options = options }
	end,
	resolve = function(g, ctx, v)
		local tag, n, k = string.match(v, "^(%a)(%d+):([%a_]+)$")
		local at: any = tag == "c" and { cell = tonumber(n) } or { inside = tonumber(n) }
		local e = g:last({ kind = k, owner = ctx.seat, cell = at.cell, inside = at.inside })
		g:move(e, { zone = "reinforcements", seat = ctx.seat })
		g:log(U.text("outcome.destroyed", ctx.seat, U.unit_name(g:face(e))))
		if tag == "c" then
			U.check_capacity(g, ctx.seat, tonumber(n) :: number)
		end
		ctx.left -= 1
	end,
}

-- Wormhole Research: every ship in a system with an alpha or beta wormhole is destroyed,
-- then capacity is checked.
S.destroy_ships_in = {
	run = function(g, ctx)
		for _, c in ipairs(ctx.cells) do
			for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, cell = c })) do
				g:move(e, { zone = "reinforcements", seat = g:owner(e) })
			end
			for _, s in ipairs(g:owners({ kind = "infantry", cell = c })) do
				U.check_capacity(g, s, c)
			end
		end
		g:log(U.text("outcome.wormhole_ships_destroyed"))
		return nil
	end,
}

-- Colonial Redistribution: the planet's controller chooses one of the players with the
-- fewest VP; that player may place 1 infantry from reinforcements on it (not under
-- Demilitarized Zone, FAQ E-06), gaining control of it when it is another's (TI4 §29).
S.colonial = {
	enter = function(g, ctx)
		ctx.stage = "choose"
	end,
	run = function(g, ctx)
		if U.over(g) or ctx.stage == "done" then
			return nil
		end
		if ctx.stage == "choose" then
			local fewest = nil
			for s = 1, g:seats() do
				fewest = math.min(fewest or 999, g:get(s, "vp") or 0)
			end
			local options = {}
			for s = 1, g:seats() do
				if (g:get(s, "vp") or 0) == fewest then
					table.insert(options, { label = U.text("common.seat", s), value = s })
				end
			end
			return { seat = ctx.seat, prompt = U.text("outcome.colonial_prompt", U.planet_name(g, ctx.planet)), rule = "TI4 §26",
				help = U.text("outcome.colonial_help"), options = options }
		end
		if not Co.may_land(g, ctx.planet) or not UT.available(g, ctx.chosen, "infantry") then
			ctx.stage = "done"
			return nil
		end
		return { seat = ctx.chosen, prompt = U.text("outcome.colonial_place_prompt", U.planet_name(g, ctx.planet)), rule = "TI4 §26, §29",
			help = U.text("outcome.colonial_place_help"), options = { { label = U.text("outcome.colonial_place"), value = true } },
			pass = U.text("outcome.colonial_decline") }
	end,
	resolve = function(g, ctx, v)
		if ctx.stage == "choose" then
			ctx.chosen = v
			ctx.stage = "place"
			g:log(U.text("outcome.colonial_chosen", ctx.seat, v))
			return
		end
		ctx.stage = "done"
		if v then
			UT.place(g, ctx.chosen, "infantry", { inside = ctx.planet }) -- a token when no figure is left (TI4 §50.1)
			Co.gain_control(g, ctx.planet, ctx.chosen)
			g:log(U.text("outcome.colonial_placed", ctx.chosen, U.planet_name(g, ctx.planet)))
		end
	end,
}

-- ctx: seat, n: the seat exhausts n of its ready planets (Anti-Intellectual Revolution,
-- against: one per technology it owns).
S.exhaust_planets = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local ready = U.planets(g, ctx.seat, true)
		local n = math.min(ctx.n, #ready)
		if n <= 0 then
			return nil
		end
		local options = Ask.planet_options(g, ready)
		return { seat = ctx.seat, kind = "many", min = n, max = n, prompt = U.text("outcome.exhaust_prompt", n), rule = "TI4 §26",
			help = U.text("outcome.exhaust_help"), options = options }
	end,
	resolve = function(g, ctx, planets)
		ctx.done = true
		for _, p in ipairs(planets) do
			g:set_prop(p, "exhausted", true)
		end
		g:log(U.text("outcome.exhausted", ctx.seat, #planets))
	end,
}

-- ctx: seat: one command token from the seat's command sheet back to reinforcements
-- (Wormhole Research, against).
S.return_token = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, pool in ipairs(U.POOLS) do
			-- Not a fleet token its ships need (TI4 §45).
			local spare = pool ~= "fleet" or U.pool(g, ctx.seat, pool) > K.fleet_needed(g, ctx.seat)
			if U.pool(g, ctx.seat, pool) > 0 and spare then
				table.insert(options, { label = U.text("pool." .. pool), value = pool })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("outcome.return_token_prompt"), rule = "TI4 §26, §58",
			help = U.text("outcome.return_token_help") }
	end,
	answer = function(g, ctx, pool)
		U.move_token(g, ctx.seat, pool, "cmd_reinforcements")
		g:log(U.text("outcome.token_returned", ctx.seat))
	end,
})

-- Law Imperial Arbiter (round.lua, end of the strategy phase): its owner may discard it
-- to swap one of its strategy cards with one of another player's.
S.arbiter = Ask.step({
	options = function(g, ctx)
		local options = {}
		if not Co.law(g, "imperial_arbiter") then
			return options
		end
		for _, mine in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = ctx.seat })) do
			for s = 1, g:seats() do
				if s ~= ctx.seat then
					for _, theirs in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = s })) do
						table.insert(options, { label = U.text("law.arbiter_option", defs.strategy_card[g:face(mine)].name, defs.strategy_card[g:face(theirs)].name, s),
							value = string.format("%s:%s", g:face(mine), g:face(theirs)) })
					end
				end
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("law.arbiter_prompt"), rule = "TI4 §26.4", help = U.text("law.arbiter_help"),
			pass = U.text("law.arbiter_keep") }
	end,
	answer = function(g, ctx, v)
		local a, b = string.match(v, "^([%a_]+):([%a_]+)$")
		local mine = g:first({ kind = "strategy_card", face = a }) :: number
		local theirs = g:first({ kind = "strategy_card", face = b }) :: number
		local other = (g:where(theirs) :: any).seat
		g:move(mine, { zone = "strategy", seat = other })
		g:move(theirs, { zone = "strategy", seat = ctx.seat })
		Co.discard_law(g, Co.law(g, "imperial_arbiter") :: number)
		g:log(U.text("law.arbiter_used", ctx.seat, defs.strategy_card[a].name, other, defs.strategy_card[b].name))
	end,
})

-- Law Minister of Peace (tactical.lua, after an activation of a system holding another
-- player's units): its owner may discard it to end the active player's turn.
S.peace = Ask.step({
	options = function(g, ctx)
		if not Co.law(g, "minister_of_peace") then
			return {}
		end
		return { { label = U.text("law.peace_use"), value = true } }
	end,
	ask = function(g, ctx)
		return { prompt = U.text("law.peace_prompt", ctx.active), rule = "TI4 §26.4", help = U.text("law.peace_help"),
			pass = U.text("law.peace_keep") }
	end,
	answer = function(g, ctx, v)
		Co.discard_law(g, Co.law(g, "minister_of_peace") :: number)
		g:set_global("turn_ended", true)
		g:log(U.text("law.peace_used", ctx.seat, ctx.active))
	end,
})

-- Law Fleet Regulations, enacted: ships beyond 4 in a system are removed (the seat
-- chooses, destroy_units pushed before this), then fleet tokens beyond 4 go back.
S.fleet_cap = {
	run = function(g, ctx)
		for s = 1, g:seats() do
			while U.pool(g, s, "fleet") > Co.fleet_cap(g) do
				U.move_token(g, s, "fleet", "cmd_reinforcements")
			end
			-- Hybrid Crystal Fighter II: fighters the smaller pool no longer holds (§18.3).
			for _, c in ipairs(g:cells_of({ kind = "fighter", owner = s })) do
				U.check_capacity(g, s, c)
			end
		end
		return nil
	end,
}

return S

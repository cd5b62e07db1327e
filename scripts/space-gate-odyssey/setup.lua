--!strict
-- Space Gate Odyssey: setting up a game (SGO §3 S1-S12). Creates every piece the game
-- will use — nothing is created later — and deals what is random through the kernel's
-- generator: the exoplanets and their gates, the Workshop piles, the start player.
-- S11 (each player adds 2 modules) is the step `first_modules` (station.lua).
local U = require("util")
local X = require("exoplanets")
local S = {}

-- SGO §2: how many figures of each kind a colour has.
local function figures(g, s: number)
	for _, kind in ipairs({ "settler", "engineer", "suit", "robot" }) do
		for _ = 1, defs.figure[kind].count do
			g:create({ kind = kind, owner = s, at = U.reserve(s) })
		end
	end
end

-- SGO §3 S5: 1 engineer in each sector room, 1 chief engineer in the Modules room.
local function engineers(g, s: number)
	for _, room in ipairs({ "water", "wildlife", "energy", "modules" }) do
		local e = g:last({ kind = "engineer", zone = "reserve", seat = s })
		g:move(e, U.room_zone(room))
		if room == "modules" then
			g:move(g:last({ kind = "suit", zone = "reserve", seat = s }), { inside = e })
		end
	end
end

-- SGO §3 S2, S4, §9.1: 5 exoplanets drawn (3 in the short game); the first 3 (2) get a
-- gate chosen at random, the others wait as the second wave; the rest are boxed. In the
-- short game the unused gate is boxed with its 12 gate modules (see `piles`).
local function exoplanets(g): { string }
	local gates = g:shuffle(def_ids.gate)
	local gated = U.short(g) and 2 or 3
	local waiting = U.short(g) and 1 or 2
	local used_gates = {}
	for k = 1, #gates do
		local gate = g:create({ kind = "gate", face = gates[k], at = "box" })
		if k <= gated then
			table.insert(used_gates, gates[k])
			g:set_prop(gate, "order", k)
		end
	end
	local order = g:shuffle(def_ids.exoplanet)
	for k, id in ipairs(order) do
		local planet = g:create({ kind = "exoplanet", face = id, at = "box" })
		if k <= gated + waiting then
			g:move(planet, "exoplanets")
			g:set_prop(planet, "side", X.side_for(id, g:seats()))
			if k <= gated then
				local gate = g:first({ kind = "gate", face = used_gates[k] })
				g:move(gate, { inside = planet })
				g:log(U.text("setup.gated", defs.exoplanet[id].name, defs.gate[used_gates[k]].name))
			else
				g:log(U.text("setup.waiting", defs.exoplanet[id].name))
			end
		end
	end
	return used_gates
end

-- SGO §3 S8: the 9 Workshop piles, shuffled, only the top tile seen (SGO §13.14).
local function piles(g, used_gates: { string })
	local in_play = {}
	for _, gate in ipairs(used_gates) do
		in_play[gate] = true
	end
	for _, id in ipairs(def_ids.module) do
		local d = defs.module[id]
		local pile = U.pile_of(d)
		if pile ~= nil then
			local boxed = d.type == "gate" and not in_play[d.gate]
			g:create({ kind = "tile_" .. pile, face = id, at = boxed and "box" or U.pile_zone(pile), hidden = not boxed })
		end
	end
	for _, pile in ipairs(U.piles()) do
		g:shuffle_zone(U.pile_zone(pile))
		local top = g:last({ zone = U.pile_zone(pile) })
		if top ~= nil then
			g:reveal(top)
		end
	end
end

-- SGO §3 S9: the white starting module with 5 settlers on it.
local function starting_module(g, s: number)
	local id = def_ids.module[s] -- the 4 starting modules come first in modules.ron
	assert(defs.module[id].type == "starting", "modules.ron must list the starting modules first")
	local m = g:create({ kind = "starting", face = id, owner = s, at = U.station(s), props = { x = 0, y = 0, rot = 0, active = true } })
	for _ = 1, defs.module[id].capacity do
		g:move(U.reserve_settler(g, s), { inside = m })
	end
end

S.setup = {
	enter = function(g, ctx)
		g:log(U.text("setup.start", g:seats()))
		-- S1-S4
		local used_gates = exoplanets(g)
		piles(g, used_gates)
		for s = 1, g:seats() do
			figures(g, s)
			engineers(g, s) -- S5
			-- S7: a settler on space 0 of the wheel
			g:move(U.reserve_settler(g, s), { zone = "wheel", seat = s })
			g:set(s, "wheel", 0)
			g:set(s, "rank", 0)
			starting_module(g, s) -- S9
			-- S12, SGO §9.2
			if g:variant("reorganisation_tokens") then
				g:set(s, "reorganisation", 1)
			end
		end
		-- S6, SGO §12 A2: the predominance tokens from the top slot down.
		local order = table.clone(defs.hawking.hawking.start_order)
		if U.alt(g, "predominance_reversed") then
			local reversed = {}
			for k = #order, 1, -1 do
				table.insert(reversed, order[k])
			end
			order = reversed
		end
		g:set_global("track", order)
		-- S10
		local start = g:roll(g:seats())
		g:set_global("start_player", start)
		g:set_global("active", start)
		g:set_global("round", 1)
		g:log(U.text("setup.start_player", U.seat_name(start)))
		g:push("game", {})
		-- S11: from the start player, clockwise.
		g:push("first_modules", { order = U.from(g, start), i = 1 })
	end,
}

return S

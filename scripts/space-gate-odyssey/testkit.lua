--!strict
-- Space Gate Odyssey: helpers for scenario files (tests/scenarios/space-gate-odyssey), so
-- a rulebook example can be set up in a few lines. They only move the pieces setup
-- created (every piece stays accounted for) and set counters.
local U = require("util")
local ST = require("station")
local X = require("exoplanets")
local T = {}

-- A resting frame: the game waits here once the pushed steps are done.
T.hold = {
	run = function(g, ctx)
		return {
			seat = 1,
			prompt = U.text("testkit.hold"),
			help = U.text("testkit.hold_help"),
			options = { { label = U.text("testkit.hold"), value = "hold" } },
		}
	end,
}

-- Clears the flow and leaves a `hold` frame at the bottom (set-up done).
function T.start(g)
	g:reset_flow()
	g:push("hold", {})
end

-- Takes module `id` out of its pile (or wherever it is) and lays it in seat s's station
-- at x, y turned rot, activated or not.
function T.module(g, s: number, id: string, x: number, y: number, rot: number?, active: boolean?)
	local e = g:first({ face = id })
	assert(e ~= nil and defs.module[id] ~= nil, "no module " .. id)
	local at = g:where(e)
	ST.place(g, s, e, x, y, rot or 0)
	g:set_prop(e, "active", active ~= false)
	if type(at) == "table" and type(at.zone) == "string" and string.sub(at.zone, 1, 5) == "pile_" then
		local top = g:last({ zone = at.zone })
		if top ~= nil then
			g:reveal(top)
		end
	end
	return e
end

-- Seat s's module at x, y.
function T.at(g, s: number, x: number, y: number)
	for _, m in ipairs(g:entities(U.station(s))) do
		if g:prop(m, "x") == x and g:prop(m, "y") == y then
			return m
		end
	end
	return nil
end

-- Puts n settlers of seat s from its reserve into module m (emptying it first).
function T.settlers(g, s: number, m, n: number)
	for _, e in ipairs(g:entities({ kind = "settler", inside = m })) do
		g:move(e, U.reserve(s))
	end
	for _ = 1, n do
		g:move(U.reserve_settler(g, s), { inside = m })
	end
end

-- Removes every module of seat s's station but the starting one (back to the box),
-- and empties the starting module.
function T.bare_station(g, s: number)
	for _, m in ipairs(g:entities(U.station(s))) do
		for _, e in ipairs(g:entities({ kind = "settler", inside = m })) do
			g:move(e, U.reserve(s))
		end
		if U.mod(g, m).type ~= "starting" then
			g:move(m, "box")
		end
	end
end

-- Moves every engineer and robot of every seat to the reserve (suits too): an empty
-- Odyssey board to lay a rulebook position on.
function T.clear_board(g)
	for s = 1, g:seats() do
		for _, room in ipairs(def_ids.room) do
			for _, e in ipairs(g:entities({ zone = U.room_zone(room), owner = s })) do
				for _, suit in ipairs(g:entities({ kind = "suit", inside = e })) do
					g:move(suit, U.reserve(s))
				end
				g:move(e, U.reserve(s))
			end
		end
	end
end

-- Puts a figure of seat s in a room: "engineer", "chief" or "robot".
function T.figure(g, s: number, room: string, what: string)
	local kind = what == "robot" and "robot" or "engineer"
	local e = g:last({ kind = kind, zone = "reserve", seat = s })
	assert(e ~= nil, "seat " .. s .. " has no " .. kind .. " in reserve")
	g:move(e, U.room_zone(room))
	if what == "chief" then
		g:move(g:last({ kind = "suit", zone = "reserve", seat = s }), { inside = e })
	end
	return e
end

-- Adds n activated modules of `sector` to seat s's station, taken from the piles in
-- definition order and laid in a row far from the rest (x from 1, y = 20): for counts of
-- activated modules (predominance, tie-breakers), where the layout does not matter.
function T.activated(g, s: number, sector: string, n: number)
	local placed = 0
	for _, id in ipairs(def_ids.module) do
		if placed == n then
			break
		end
		local e = defs.module[id].sector == sector and g:first({ face = id }) or nil
		local at = e and g:where(e)
		if type(at) == "table" and at.zone ~= "station" then
			T.module(g, s, id, g:count(U.station(s)), 20, 0, true)
			placed += 1
		end
	end
	assert(placed == n, "not enough " .. sector .. " modules")
end

-- Lays out the exoplanets: `spec` lists { exoplanet id, gate id or false } in table
-- order; every other exoplanet goes to the box, gates not named to the box too (or to
-- Hawking when `hawking` lists them). Settlers on exoplanets go home first.
function T.table(g, spec, hawking)
	for _, planet in ipairs(g:entities({ kind = "exoplanet" })) do
		for _, settler in ipairs(g:entities({ kind = "settler", inside = planet })) do
			g:set_prop(settler, "space", nil)
			g:move(settler, U.reserve(g:owner(settler)))
		end
		for _, gate in ipairs(g:entities({ kind = "gate", inside = planet })) do
			g:move(gate, "box")
		end
		g:move(planet, "box")
	end
	for _, gate in ipairs(g:entities({ kind = "gate", zone = "hawking" })) do
		g:move(gate, "box")
	end
	for _, entry in ipairs(spec) do
		local planet = g:first({ kind = "exoplanet", face = entry[1] })
		g:move(planet, "exoplanets")
		g:set_prop(planet, "side", X.side_for(entry[1], g:seats()))
		if entry[2] then
			g:move(g:first({ kind = "gate", face = entry[2] }), { inside = planet })
		end
	end
	for _, gate in ipairs(hawking or {}) do
		g:move(g:first({ kind = "gate", face = gate }), "hawking")
	end
end

-- The exoplanet entity of `id`.
function T.planet(g, id: string)
	return g:first({ kind = "exoplanet", face = id })
end

-- Puts settlers on exoplanet `id`: `spaces` maps space ids to seats.
function T.occupy(g, id: string, spaces)
	local planet = T.planet(g, id)
	local keys = {}
	for space in pairs(spaces) do
		table.insert(keys, space)
	end
	table.sort(keys)
	for _, space in ipairs(keys) do
		local settler = U.reserve_settler(g, spaces[space])
		g:move(settler, { inside = planet })
		g:set_prop(settler, "space", space)
	end
end

-- How many settlers of seat s are on exoplanet `id`.
function T.on(g, id: string, s: number): number
	return g:count({ kind = "settler", inside = T.planet(g, id), owner = s })
end

-- What seat s's panel shows under `label` (checks.lua summary), as text.
function T.fact(g, s: number, label: string): string
	for _, f in ipairs(require("checks").summary(g, s)) do
		if f.label == label then
			return tostring(f.value)
		end
	end
	error("the panel has no fact " .. label)
end

-- Seat s's influence as the rules count it.
function T.influence(g, s: number): number
	return U.influence(g, s)
end

return T

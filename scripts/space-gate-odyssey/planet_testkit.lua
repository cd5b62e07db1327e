--!strict
-- Space Gate Odyssey: helpers for the exoplanets' scenario files
-- (tests/scenarios/space-gate-odyssey/planet_*.ron), so that a colonisation can be laid
-- out in a few lines: which exoplanets are on the table and which gates they hold,
-- settlers already on an exoplanet's spaces, and full gate modules waiting in a station;
-- then the settlers' journey (SGO §6) starts. Like the core's testkit, they only move
-- the pieces setup created, so every piece stays accounted for.
local U = require("util")
local ST = require("station")
local X = require("exoplanets")
local T = require("testkit")
local P = {}

-- The entity of exoplanet `id` (one per exoplanet, made at setup, SGO §3 S2).
function P.planet(g, id: string)
	local planet = g:first({ kind = "exoplanet", face = id })
	assert(planet ~= nil, "no exoplanet " .. id)
	return planet
end

-- Lays out the table (SGO §3 S2, S4): `layout` lists { exoplanet, gate or nil } in table
-- order; those exoplanets are on the table showing the side for this player count, holding
-- the gate named (none: they wait for one). Every other exoplanet and every gate not
-- named goes back to the box. Returns the exoplanet entities, in that order.
function P.table(g, layout: { { string } })
	for _, gate in ipairs(g:entities({ kind = "gate" })) do
		g:move(gate, "box")
	end
	for _, planet in ipairs(g:entities({ kind = "exoplanet" })) do
		for _, settler in ipairs(g:entities({ kind = "settler", inside = planet })) do
			g:set_prop(settler, "space", nil)
			g:move(settler, U.reserve(g:owner(settler)))
		end
		g:move(planet, "box")
	end
	local planets = {}
	for _, entry in ipairs(layout) do
		local planet = P.planet(g, entry[1])
		g:move(planet, "exoplanets")
		g:set_prop(planet, "side", X.side_for(entry[1], g:seats()))
		if entry[2] ~= nil then
			g:move(g:first({ kind = "gate", face = entry[2] }), { inside = planet })
		end
		table.insert(planets, planet)
	end
	return planets
end

-- Puts settlers from the seats' reserves on exoplanet `id`: `by_seat` = { [seat] = {
-- space ids without the side's prefix } } (the ids of exoplanets.ron, `#n` for copies).
function P.occupy(g, id: string, by_seat: { [number]: { string } })
	local planet = P.planet(g, id)
	local side = g:prop(planet, "side")
	for seat = 1, g:seats() do
		for _, short in ipairs(by_seat[seat] or {}) do
			local space = side .. "_" .. short
			assert(table.find(X.spaces(side), space), space .. " is no space of " .. side)
			local settler = U.reserve_settler(g, seat)
			assert(settler ~= nil, "seat " .. seat .. " has no settler left in its reserve")
			g:move(settler, { inside = planet })
			g:set_prop(settler, "space", space)
		end
	end
end

-- Gives seat s an activated gate module of gate `gate` and capacity n (a tile taken from
-- wherever it lies outside the stations), laid at x, y and holding `held` settlers (n,
-- full, when not given); returns it.
function P.gate_module(g, s: number, gate: string, n: number, x: number, y: number, held: number?)
	for _, id in ipairs(def_ids.module) do
		local d = defs.module[id]
		if d.type == "gate" and d.gate == gate and d.capacity == n then
			local e = g:first({ face = id })
			local at = g:where(e)
			if not (type(at) == "table" and at.zone == "station") then
				local m = T.module(g, s, id, x, y, 0, true)
				T.settlers(g, s, m, held or n)
				return m
			end
		end
	end
	error("no free gate module of the " .. gate .. " gate holding " .. n)
end

-- How many settlers seat s's module at x, y holds.
function P.held(g, s: number, x: number, y: number): number
	local m = T.at(g, s, x, y)
	assert(m ~= nil, "seat " .. s .. " has no module at " .. x .. ", " .. y)
	return ST.settlers(g, m)
end

-- Starts the settlers' journey (SGO §6.1, §6.2) with seat `active` as the active player:
-- from it on, every seat empties its full gate modules. Call after T.start.
function P.journey(g, active: number)
	g:set_global("active", active)
	g:push("journeys", { order = U.acting_order(g, active), i = 1 })
end

-- How many settlers of seat s stand on exoplanet `id`.
function P.on(g, id: string, s: number): number
	return g:count({ kind = "settler", inside = P.planet(g, id), owner = s })
end

-- Where exoplanet `id` is: "exoplanets" (on the table) or "box" (closed).
function P.where(g, id: string): string?
	local at = g:where(P.planet(g, id))
	return if type(at) == "table" then at.zone else nil
end

-- The exoplanet holding gate `gate`, or "hawking".
function P.gate_at(g, gate: string): string?
	local at = g:where(g:first({ kind = "gate", face = gate }))
	if type(at) == "table" and at.inside ~= nil then
		return g:face(at.inside)
	end
	return if type(at) == "table" then at.zone else nil
end

return P

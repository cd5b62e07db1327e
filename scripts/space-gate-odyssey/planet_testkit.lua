--!strict
-- Space Gate Odyssey: what the exoplanets' scenario files
-- (tests/scenarios/space-gate-odyssey/planet_*.ron) add to the core's testkit (which lays
-- out the table, T.table, and counts settlers, T.on): settlers on spaces named by the ids
-- of exoplanets.ron, a gate module of a given gate and capacity waiting in a station, the
-- start of the settlers' journey (SGO §6), and where an exoplanet or a gate is now. Like
-- the testkit, they only move the pieces setup created.
local U = require("util")
local ST = require("station")
local X = require("exoplanets")
local T = require("testkit")
local P = {}

-- Puts settlers from the seats' reserves on exoplanet `id` (through the core's
-- T.occupy): `by_seat` = { [seat] = { space ids without the side's prefix } }, the ids of
-- exoplanets.ron (`#n` for copies), checked to be spaces of the side shown.
function P.occupy(g, id: string, by_seat: { [number]: { string } })
	local side = g:prop(T.planet(g, id), "side")
	local spaces = {}
	for seat = 1, g:seats() do
		for _, short in ipairs(by_seat[seat] or {}) do
			local space = side .. "_" .. short
			assert(table.find(X.spaces(side), space), space .. " is no space of " .. side)
			assert(spaces[space] == nil, space .. " given twice")
			spaces[space] = seat
		end
	end
	T.occupy(g, id, spaces)
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

-- Where exoplanet `id` is: "exoplanets" (on the table) or "box" (closed).
function P.where(g, id: string): string?
	local at = g:where(T.planet(g, id))
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

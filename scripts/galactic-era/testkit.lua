--!strict
-- Galactic Era: helpers for scenario files (tests/scenarios/galactic-era), so a
-- rulebook example can be set up in a few lines. They move pieces between their
-- reserves and the board, so every piece stays accounted for.
local U = require("util")
local F = require("fleets")
local W = require("war")
local T = {}

-- Clears the flow and leaves a `hold` frame at the bottom, so the game waits once the
-- pushed steps finish instead of ending.
function T.start(g)
	g:reset_flow()
	g:push("hold", {})
end

-- Every ship and fleet back to its owner's reserve.
function T.clear_units(g)
	for _, m in ipairs(g:entities({ kind = "marker" })) do
		if g:cell_of(m) then
			F.dissolve(g, m)
		end
	end
	for _, s in ipairs(g:entities({ kind = "ship" })) do
		g:move(s, { zone = "reserve", seat = g:owner(s) })
	end
end

function T.ships(g, seat, cell, n)
	assert(F.place_basic(g, seat, cell, n) == n, "not enough basic ships in the reserve")
end

function T.fleet(g, seat, cell, letter, n)
	local m = g:first({ kind = "marker", zone = "markers", seat = seat, face = letter })
	assert(m, "fleet marker " .. letter .. " is not free")
	g:move(m, cell)
	F.add_units(g, m, n)
	return m
end

function T.discs(g, seat, cell, n)
	for _ = 1, n do
		g:move(assert(U.take_disc(g, seat), "track empty"), cell)
	end
end

function T.war(g, a, b)
	W.declare(g, a, b, "(scenario)")
end

-- Any planet cell of a region other than its main one, in cell order.
function T.planets(g, region, with_main)
	local out = {}
	for _, c in ipairs(g:cells({ terrain = "planet", region = region })) do
		if with_main or g:cell_prop(c, "main") ~= 1 then
			table.insert(out, c)
		end
	end
	return out
end

-- A cell with the given terrain and no pieces, in the given region (or anywhere).
function T.empty_cell(g, terrain, region)
	for _, c in ipairs(g:cells({ terrain = terrain, region = region })) do
		if #U.seats_with_ships(g, c) == 0 and not U.controller(g, c) then
			return c
		end
	end
	return nil
end

-- Whether the decision a step would ask now offers an option whose label contains
-- `text`: `handler` is the step's table (e.g. require("movement").turn) and `ctx` the
-- context it would run with. For Expect lines that check an option is NOT offered
-- (a Refused step needs an offered option); the steps it is used on only read the
-- position in `run`.
function T.offers(g, handler, ctx, text)
	local d = handler.run(g, ctx)
	for _, o in ipairs(d and d.options or {}) do
		local label = type(o) == "table" and o.label or tostring(o)
		if string.find(label, text, 1, true) then
			return true
		end
	end
	return false
end

-- Holds the game after a scenario's steps, asking seat 1 to acknowledge.
T.hold = {
	run = function(g, ctx)
		return { seat = 1, prompt = "Scenario position (nothing more to play)", options = { "ok" } }
	end,
	resolve = function(g, ctx, _) end,
}

return T

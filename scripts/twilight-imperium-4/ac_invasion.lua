--!strict
-- Twilight Imperium 4: the action cards of an invasion (TI4 §1, §52), as hooks for
-- moments.lua. tactical.lua and invasion.lua open the moments and read back:
--   `card_bunker_<seat>`  Bombardment at that seat's planets gets -4 (this invasion);
--   `card_disable`        the cell whose PDS lose Planetary Shield and Space Cannon.
-- Moments (info fields): "invasion_start" (cell), "units_committed" (cell, planets),
-- "planet_taken" (planet, from: its former controller or nil, pds, docks destroyed).
local U = require("util")
local Ask = require("ask_once")
local H = {}

-- Bunker: as an invasion begins, Bombardment against your planets gets -4.
H.bunker = {
	at = "invasion_start",
	can = function(g, seat: number, info): boolean
		if seat == info.active or g:global("card_bunker_" .. seat) or #U.ships_with(g, info.active, info.cell, "bombardment") == 0 then
			return false
		end
		return g:count({ kind = "planet", owner = seat, cell = info.cell }) > 0
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_bunker_" .. seat, true)
	end,
}

-- Disable: as your invasion begins where your opponents have PDS, they lose Planetary
-- Shield and Space Cannon for this invasion.
H.disable = {
	at = "invasion_start",
	can = function(g, seat: number, info): boolean
		if seat ~= info.active or g:global("card_disable") then
			return false
		end
		for _, p in ipairs(g:entities({ kind = "planet", cell = info.cell })) do
			for _, o in ipairs(g:owners({ kind = "pds", inside = p })) do
				if o ~= seat then
					return true
				end
			end
		end
		return false
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_disable", info.cell)
	end,
}

-- Parley: once another player commits ground forces to your planet, they go back to the
-- space area.
local function parley_planets(g, seat: number, info): { number }
	local out = {}
	for _, p in ipairs(info.planets) do
		if g:owner(p) == seat and g:count({ kind = U.GROUND_TYPES, owner = info.active, inside = p }) > 0 then
			table.insert(out, p)
		end
	end
	return out
end
H.parley = {
	at = "units_committed",
	can = function(g, seat: number, info): boolean
		return seat ~= info.active and #parley_planets(g, seat, info) > 0
	end,
	choose = function(g, seat: number, info)
		return Ask.card_target("Parley", "TI4 §1, §52.2, Parley", Ask.planet_options(g, parley_planets(g, seat, info)))
	end,
	effect = function(g, seat: number, info, p: number)
		for _, e in ipairs(g:entities({ kind = U.GROUND_TYPES, owner = info.active, inside = p })) do
			g:move(e, info.cell)
		end
	end,
}

-- Infiltrate: when you gain control of a planet, its PDS and space docks become yours (here:
-- the same units from your reinforcements replace those the invasion destroyed).
H.infiltrate = {
	at = "planet_taken",
	can = function(g, seat: number, info): boolean
		return seat == info.active and info.pds + info.docks > 0
	end,
	effect = function(g, seat: number, info)
		for _, kn in ipairs({ { "pds", info.pds }, { "space_dock", info.docks } }) do
			local kind, n = kn[1], kn[2]
			for _ = 1, n do
				-- From reinforcements, or one taken back from the board (TI4 §57.4).
				require("production").place(g, seat, kind, { inside = info.planet })
			end
		end
	end,
}

-- Reparations: after another player takes one of your planets, exhaust one of its planets
-- and ready one of yours (here the one with the most resources: a simplification).
H.reparations = {
	at = "planet_taken",
	can = function(g, seat: number, info): boolean
		return seat == info.from and #U.planets(g, info.active, true) > 0
	end,
	choose = function(g, seat: number, info)
		return Ask.card_target("Reparations", "TI4 §1, Reparations", Ask.planet_options(g, U.planets(g, info.active, true)))
	end,
	effect = function(g, seat: number, info, p: number)
		g:set_prop(p, "exhausted", true)
		local best, most = nil, -1
		for _, q in ipairs(g:entities({ kind = "planet", owner = seat, has = "exhausted" })) do
			if U.value(g, q, "resources") > most then
				best, most = q, U.value(g, q, "resources")
			end
		end
		if best then
			g:set_prop(best, "exhausted", nil)
		end
	end,
}

return H

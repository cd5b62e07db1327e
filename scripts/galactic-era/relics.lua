--!strict
-- Galactic Era: the ten ancestral relics (GE 6.2.4.1.1, A7). A relic is flipped when
-- its planet is first gained: one-time relics give their reward and are discarded;
-- permanent ones stay face up and work for whoever controls the planet.
local U = require("util")
local W = require("war")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Actions = require("actions")
local Peoples = require("peoples")
local F = require("fleets")
local R = {}

-- The face-up permanent relic on a cell, if any.
function R.at(g, cell)
	local r = g:first({ kind = "relic", cell = cell })
	if r and not g:hidden(r) then
		return g:face(r)
	end
	return nil
end

-- Cells holding a given permanent relic controlled by `seat`. The face-up relics of
-- that face on the board are found by their cells, in one call: setup makes one relic
-- per definition, so there is at most one such cell.
function R.controlled(g, seat, id)
	local out = {}
	for _, c in ipairs(g:cells_of({ kind = "relic", face = id, hidden = false })) do
		if U.controller(g, c) == seat then
			table.insert(out, c)
		end
	end
	return out
end

-- Called when `seat` gains the planet on `cell` and flips its relic (GE 6.2.4.1.1).
function R.on_gain(g, seat, cell, relic)
	local id = g:face(relic)
	if id == "buried_ships" then
		-- A7.2: 3 ships here, placed like built ships, never blockaded.
		Actions.place_new_ships(g, seat, cell, 3)
		g:move(relic, "box")
	elseif id:sub(1, 5) == "tech_" then
		-- A7.6–A7.10: one level (or the special effect at VI).
		local tech = id:sub(6)
		if Peoples.frozen_tech(g, seat, tech) then
			Actions.place_new_ships(g, seat, cell, 2) -- Yowies: 2 ships instead (A1.17)
		else
			Actions.raise(g, seat, tech, "relic")
		end
		g:move(relic, "box")
	elseif id == "defense_grid" then
		-- A7.1: the first gain makes every ship and disc of this hex immune to the Ray.
		if not g:global("grid_cell") then
			g:set_global("grid_cell", cell)
		end
	end
end

-- A7.1: conquerors and liberators need 8 more ships while a player holds the planet.
function R.defence_bonus(g, cell)
	return R.at(g, cell) == "defense_grid" and 8 or 0
end

-- A7.3: one more vision per round for the Pyramid's controller; that vision (not the
-- seat's others) may look at any fleet (movement.lua vision).
function R.pyramid_visions(g, seat)
	return #R.controlled(g, seat, "pyramid")
end

-- A7.5: the Super Portal links its hex with every other planet its controller holds;
-- enemy ships block it unless the controller has Propulsion V+.
function R.portal_links(g, seat)
	local out = {}
	for _, portal in ipairs(R.controlled(g, seat, "super_portal")) do
		for _, c in ipairs(U.controlled_planets(g, seat)) do
			if c ~= portal and (g:get(seat, "pro") >= 5 or (not W.blockaded(g, seat, c) and not W.blockaded(g, seat, portal))) then
				table.insert(out, { portal, c })
			end
		end
	end
	return out
end

-- A7.4: targets of the Planet Destroyer Ray: an enemy ship or disc within 3 hexes,
-- never a capital miniature, never what the Defense Grid protects.
function R.ray_targets(g, seat)
	local out = {}
	-- Read once, and only when a Ray is controlled (the movement menu asks every time).
	local grid, enemies = nil, nil
	for _, origin in ipairs(R.controlled(g, seat, "destroyer_ray")) do
		if enemies == nil then
			grid, enemies = g:global("grid_cell"), W.enemies(g, seat)
		end
		for _, c in ipairs(g:within(origin, 3)) do
			if c ~= grid then
				for _, e in ipairs(enemies) do
					local ship = g:first({ kind = "ship", owner = e, cell = c })
					if ship then
						table.insert(out, { label = U.text("relics.destroy_basic_ship_seat_on", e, U.cell_label(g, c)), value = { kind = "ship", seat = e, cell = c } })
					end
					local marker = g:first({ kind = "marker", owner = e, cell = c })
					if marker then
						table.insert(out, { label = U.text("relics.destroy_fleet_ship_seat_on", e, U.cell_label(g, c)), value = { kind = "fleet", seat = e, cell = c } })
					end
					if g:first({ kind = "disc", owner = e, cell = c }) then
						table.insert(out, { label = U.text("relics.destroy_disc_seat_on", e, U.cell_label(g, c)), value = { kind = "disc", seat = e, cell = c } })
					end
				end
			end
		end
	end
	return out
end

function R.fire_ray(g, seat, t)
	if t.kind == "disc" then
		local d = g:first({ kind = "disc", owner = t.seat, cell = t.cell })
		U.lose_disc(g, d)
		g:add(seat, "r_discs_taken", 1) -- ⚠ A7.4: a destroyed disc counts as taken
		if not U.controller(g, t.cell) then
			g:log(U.text("relocate.becomes_uninhabited", U.cell_label(g, t.cell)))
		end
	else
		F.destroy_units(g, t.seat, t.cell, 1)
		g:add(seat, "r_destroyed", 1)
	end
	g:log(U.text("relics.seat_fires_planet_destroyer_ray", seat, U.cell_label(g, t.cell)))
	g:set(seat, "ray_round", g:global("round"))
end

return R

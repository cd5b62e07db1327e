--!strict
-- Space Gate Odyssey: the pictures front ends draw (pack.ron `diagrams`; the kernel's
-- generic grids and graphs, engine/src/view/diagram.rs). Only what every player sees:
-- each seat's station as a grid of tiles with its corridors and settlers (SGO §5.5), the
-- Odyssey board's five rooms with each seat's figures (SGO §4), every exoplanet in play
-- group by group (SGO §7, through X.view), and Hawking's Influence Wheel with the ranks
-- and the Predominance track (SGO §6.7, §8.3). Reads the game, never changes it.
local U = require("util")
local ST = require("station")
local X = require("exoplanets")
local J = require("journey")
local C = require("checks")
local D = {}

-- Edges: 0 north, 1 east, 2 south, 3 west (station.lua).
local SIDE = { [0] = "n", [1] = "e", [2] = "s", [3] = "w" }
local DX = { [0] = 0, [1] = 1, [2] = 0, [3] = -1 }
local DY = { [0] = -1, [1] = 0, [2] = 1, [3] = 0 }

-- "Wa O3": sector, what the tile is (a gate's symbol, * Odyssey, + access) and capacity.
local function tile_text(d): string
	if d.type == "starting" then
		return U.text("diagram.tile_starting", d.capacity)
	end
	local what = d.type == "gate" and defs.gate[d.gate].symbol or U.text("diagram.type_" .. d.type)
	return U.text("diagram.tile", U.text("diagram.sector_" .. d.sector), what, d.capacity)
end

-- "●●○": settlers and free places of an activated module; "off" for a deactivated one.
local function tile_note(info): string
	if not info.active then
		return U.text("diagram.off")
	end
	return string.rep(U.text("diagram.full"), info.n) .. string.rep(U.text("diagram.free"), math.max(0, info.d.capacity - info.n))
end

-- SGO §5.5: seat s's station, one cell per module; an edge with a corridor is joined
-- when the neighbour's corridor faces it, open otherwise (to the void or a wall).
local function station(g, s: number, first: boolean)
	local grid = ST.grid(g, s)
	local at = {}
	for _, m in ipairs(grid.list) do
		local i = ST.info(g, m)
		at[i.x .. "," .. i.y] = i
	end
	local cells = {}
	for _, m in ipairs(grid.list) do
		local i = ST.info(g, m)
		local edges = {}
		for edge = 0, 3 do
			if i.edges[edge] then
				local other = at[(i.x + DX[edge]) .. "," .. (i.y + DY[edge])]
				edges[SIDE[edge]] = (other ~= nil and other.edges[(edge + 2) % 4]) and "joined" or "open"
			end
		end
		table.insert(cells, { x = i.x, y = i.y, text = tile_text(i.d), note = tile_note(i), owner = s, edges = edges })
	end
	local void, blocked = ST.open_corridors(g, s)
	local caption = { U.text("diagram.station_open", void, blocked) }
	if first then
		table.insert(caption, U.text("diagram.station_key"))
	end
	return { title = U.text("diagram.station", U.seat_name(s)), seat = s, shape = "grid", cells = cells, caption = caption }
end

-- "2E 1C 1R": seat s's engineers, chief engineers and robots in a room, or nil (the
-- seat is the node's owner; the diagram's caption explains the letters).
local function figures(g, s: number, zone: string): string?
	local chiefs = 0
	for _, e in ipairs(g:entities({ kind = "engineer", zone = zone, owner = s })) do
		if U.is_chief(g, e) then
			chiefs += 1
		end
	end
	local counts = {
		{ g:count({ kind = "engineer", zone = zone, owner = s }) - chiefs, "diagram.engineers" },
		{ chiefs, "diagram.chiefs" },
		{ g:count({ kind = "robot", zone = zone, owner = s }), "diagram.robots" },
	}
	local parts = {}
	for _, c in ipairs(counts) do
		if c[1] > 0 then
			table.insert(parts, U.text(c[2], c[1]))
		end
	end
	return #parts > 0 and table.concat(parts, " ") or nil
end

-- SGO §4: the five control rooms one under the other, each seat's figures beside its room.
local function rooms(g)
	local nodes, edges = {}, {}
	for k, room in ipairs(def_ids.room) do
		local id = "room_" .. room
		local y = (k - 1) * 1.5
		table.insert(nodes, { id = id, x = 0, y = y, text = U.room_name(room), kind = "room" })
		local column = 0
		for s = 1, g:seats() do
			local text = figures(g, s, U.room_zone(room))
			if text then
				local fid = id .. "_" .. s
				table.insert(nodes, { id = fid, x = 2.2 + 1.8 * column, y = y, text = text, owner = s, kind = "figures" })
				table.insert(edges, { a = id, b = fid })
				column += 1
			end
		end
	end
	return { title = U.text("diagram.rooms"), shape = "graph", nodes = nodes, edges = edges, caption = { U.text("diagram.rooms_key") } }
end

-- SGO §7: an exoplanet in play, one node per group of spaces (X.view) around its name,
-- each seat's settlers there beside the group (its count in the seat's colour).
local function exoplanet(g, planet)
	local side = g:prop(planet, "side")
	local view = X.view(side, J.occupant(g, planet), X.options(g))
	local gate = g:first({ kind = "gate", inside = planet })
	local nodes = { { id = "centre", x = 0, y = 0, text = J.planet_name(g, planet), kind = "exoplanet" } }
	local edges = {}
	for k, group in ipairs(view) do
		local angle = 2 * math.pi * (k - 1) / #view - math.pi / 2
		local radius = math.max(3, 0.9 * #view)
		local gx, gy = radius * math.cos(angle), radius * math.sin(angle)
		local id = "group" .. k
		local name = group.name or U.text("diagram.other_spaces")
		local text = U.text("diagram.group", name, group.free, group.spaces)
		if group.secured then
			text = U.text("diagram.secured", text)
		end
		table.insert(nodes, { id = id, x = gx, y = gy, text = text, kind = "group" })
		table.insert(edges, { a = "centre", b = id })
		local n = 0
		for s = 1, g:seats() do
			local count = group.settlers[s] or 0
			if count > 0 then
				n += 1
				local sid = id .. "_" .. s
				local out = 0.9 * n
				table.insert(nodes, { id = sid, x = gx * (radius + out) / radius, y = gy * (radius + out) / radius, text = tostring(count), owner = s, kind = "settlers" })
				table.insert(edges, { a = id, b = sid })
			end
		end
	end
	local caption = { U.text("diagram.gate", gate and defs.gate[g:face(gate)].name or U.text("panel.gate_none")) }
	return { title = defs.exoplanet_side[side].name, shape = "graph", nodes = nodes, edges = edges, caption = caption }
end

-- SGO §6.7, §8.3: Hawking's Influence Wheel (spaces 0-9 on a circle), each seat's
-- settler on its space, the ranks, the gates sent to Hawking and the Predominance track.
local function wheel(g)
	local spaces = defs.hawking.hawking.wheel_spaces
	local nodes, edges = {}, {}
	local function at(i: number, r: number): (number, number)
		local angle = 2 * math.pi * i / spaces - math.pi / 2
		return r * math.cos(angle), r * math.sin(angle)
	end
	for i = 0, spaces - 1 do
		local x, y = at(i, 3)
		table.insert(nodes, { id = "space" .. i, x = x, y = y, text = tostring(i), kind = "space" })
		table.insert(edges, { a = "space" .. i, b = "space" .. ((i + 1) % spaces) })
	end
	local stacked = {}
	for s = 1, g:seats() do
		local w = g:get(s, "wheel") or 0
		stacked[w] = (stacked[w] or 0) + 1
		local x, y = at(w, 3 + 1.1 * stacked[w])
		table.insert(nodes, { id = "seat" .. s, x = x, y = y, text = tostring(U.influence(g, s)), owner = s, kind = "settler" })
		table.insert(edges, { a = "space" .. w, b = "seat" .. s })
	end
	local caption = { U.text("diagram.wheel_key") }
	local ranks = {}
	for s = 1, g:seats() do
		table.insert(ranks, U.text("diagram.rank", s, g:get(s, "rank") or 0, U.influence(g, s)))
	end
	table.insert(caption, U.text("diagram.ranks", table.concat(ranks, U.text("list.separator"))))
	local gates = C.hawking_gates(g)
	if gates then
		table.insert(caption, gates)
	end
	table.insert(caption, U.text("panel.track") .. ": " .. C.track_text(g))
	return { title = U.text("diagram.wheel"), shape = "graph", nodes = nodes, edges = edges, caption = caption }
end

-- Every picture, the seats' stations first.
function D.all(g)
	local out = {}
	for s = 1, g:seats() do
		table.insert(out, station(g, s, s == 1))
	end
	table.insert(out, rooms(g))
	for _, planet in ipairs(g:entities({ kind = "exoplanet", zone = "exoplanets" })) do
		table.insert(out, exoplanet(g, planet))
	end
	table.insert(out, wheel(g))
	return out
end

return D

--!strict
-- Space Gate Odyssey: the geometry of a player's station (SGO §5.5, §11.1). Modules are
-- square tiles on a grid (props x, y; x grows east, y grows south) turned `rot` quarter
-- turns clockwise; a module's corridors are its definition's edges turned with it. Two
-- modules are joined where corridors face each other across a shared edge. Pure
-- queries, plus `place`, which lays a tile.
local U = require("util")
local ST = {}

-- Edges: 0 north, 1 east, 2 south, 3 west.
local EDGE_OF = { n = 0, e = 1, s = 2, w = 3 }
local DX = { [0] = 0, [1] = 1, [2] = 0, [3] = -1 }
local DY = { [0] = -1, [1] = 0, [2] = 1, [3] = 0 }
ST.EDGE_WORD = { [0] = "edge.n", [1] = "edge.e", [2] = "edge.s", [3] = "edge.w" }

-- A cell's key in `cells`: a number, cheaper to make than a string (stations stay far
-- within 512 cells of the starting module).
local function key(x: number, y: number): number
	return (x + 512) * 1024 + y + 512
end

-- EDGES[id][rot]: the edges with a corridor of module `id` turned `rot` quarter turns,
-- worked out once when the module loads.
local EDGES = {}
for _, id in ipairs(def_ids.module) do
	EDGES[id] = {}
	for rot = 0, 3 do
		local set = {}
		for _, name in ipairs(defs.module[id].corridors) do
			set[(EDGE_OF[name] + rot) % 4] = true
		end
		EDGES[id][rot] = set
	end
end

-- The edges with a corridor of module definition `d` turned `rot` quarter turns (a
-- shared table: read it, never change it).
function ST.edges(d, rot: number): { [number]: boolean }
	return EDGES[d.id][rot]
end

-- What the rules read of a module, from its definition `d` and its props.
local function make_info(g, m, d, x, y, rot, active)
	return { d = d, x = x, y = y, edges = ST.edges(d, rot), active = active == true, n = ST.held(g, m) }
end

-- Seat s's station read once per call (g:memo is emptied whenever the game changes):
-- `list` the modules in station order, `cells` a map from a cell's key to its module.
-- Every module's ST.info is made on the way, from one g:columns call (the callers read
-- most of them anyway, and a g:prop per field and module was most of a decision's work).
function ST.grid(g, s: number)
	local memo = g:memo()
	local name = "grid" .. s
	if memo[name] then
		return memo[name]
	end
	local cells = {}
	local c = g:columns(U.station(s), { "x", "y", "rot", "active" })
	local list, faces, xs, ys, rots, actives = c.id, c.face, c.x, c.y, c.rot, c.active
	for i, m in ipairs(list) do
		local info = memo[m]
		if info == nil then
			info = make_info(g, m, defs.module[faces[i]], xs[i], ys[i], rots[i], actives[i])
			memo[m] = info
		end
		cells[key(info.x, info.y)] = m
	end
	local grid = { list = list, cells = cells }
	memo[name] = grid
	return grid
end

-- How many settlers module m holds. The settlers of every module are counted in one
-- call, once per call of the pack.
function ST.held(g, m): number
	local memo = g:memo()
	local held = memo.held
	if held == nil then
		held = g:tally({ kind = "settler" }, "inside")
		memo.held = held
	end
	return held[m] or 0
end

-- What the rules read of module m, once per call: { d = definition, x, y, edges =
-- corridor edges turned, active, n = settlers inside }.
function ST.info(g, m)
	local memo = g:memo()
	local info = memo[m]
	if info then
		return info
	end
	info = make_info(g, m, U.mod(g, m), g:prop(m, "x"), g:prop(m, "y"), g:prop(m, "rot"), g:prop(m, "active"))
	memo[m] = info
	return info
end

-- The modules joined to m by a corridor (SGO §5.1 "adjacent"), in edge order.
function ST.joined(g, s: number, m): { number }
	local grid = ST.grid(g, s)
	local me = ST.info(g, m)
	local out = {}
	for edge = 0, 3 do
		if me.edges[edge] then
			local other = grid.cells[key(me.x + DX[edge], me.y + DY[edge])]
			if other ~= nil and ST.info(g, other).edges[(edge + 2) % 4] then
				table.insert(out, other)
			end
		end
	end
	return out
end

-- SGO §5.5, §8.4, §12 A3: seat s's corridors not joined to another module's corridor:
-- `void` those facing an empty cell, `blocked` those facing a module's wall.
function ST.open_corridors(g, s: number): (number, number)
	local grid = ST.grid(g, s)
	local void, blocked = 0, 0
	for _, m in ipairs(grid.list) do
		local info = ST.info(g, m)
		local x, y, mine = info.x, info.y, info.edges
		for edge = 0, 3 do
			if mine[edge] then
				local other = grid.cells[key(x + DX[edge], y + DY[edge])]
				if other == nil then
					void += 1
				elseif not ST.info(g, other).edges[(edge + 2) % 4] then
					blocked += 1
				end
			end
		end
	end
	return void, blocked
end

-- SGO §8.4 with §12 A3: the corridors that cost 1 IP each at the end.
function ST.penalty_corridors(g, s: number): number
	local void, blocked = ST.open_corridors(g, s)
	if U.alt(g, "blocked_corridor_closed") then
		return void
	end
	return void + blocked
end

-- SGO §5.5: every way to add module definition `id` to seat s's station: an empty cell
-- where at least one corridor of the new tile faces a corridor of a neighbour. Each
-- distinct corridor layout once per cell. A list of { x, y, rot }, in a fixed order.
function ST.placements(g, s: number, id: string): { { number } }
	local d = defs.module[id]
	local grid = ST.grid(g, s)
	local seen = {}
	local cells = {}
	-- the empty cells some corridor faces, in station order then edge order
	for _, m in ipairs(grid.list) do
		local info = ST.info(g, m)
		local x, y, mine = info.x, info.y, info.edges
		for edge = 0, 3 do
			local cx, cy = x + DX[edge], y + DY[edge]
			local k = key(cx, cy)
			if mine[edge] and grid.cells[k] == nil and not seen[k] then
				seen[k] = true
				table.insert(cells, { cx, cy })
			end
		end
	end
	local out = {}
	for _, cell in ipairs(cells) do
		local layouts = {}
		for rot = 0, 3 do
			local edges = ST.edges(d, rot)
			local sig = ""
			local joins = false
			for edge = 0, 3 do
				sig ..= edges[edge] and "1" or "0"
				local other = grid.cells[key(cell[1] + DX[edge], cell[2] + DY[edge])]
				if edges[edge] and other ~= nil and ST.info(g, other).edges[(edge + 2) % 4] then
					joins = true
				end
			end
			if joins and not layouts[sig] then
				layouts[sig] = true
				table.insert(out, { cell[1], cell[2], rot })
			end
		end
	end
	return out
end

-- Lays module entity e in seat s's station, deactivated (SGO §5.5: new modules always
-- go in deactivated side up).
function ST.place(g, s: number, e, x: number, y: number, rot: number)
	g:move(e, U.station(s))
	g:reveal(e)
	g:set_owner(e, s)
	g:set_prop(e, "x", x)
	g:set_prop(e, "y", y)
	g:set_prop(e, "rot", rot)
	g:set_prop(e, "active", false)
end

function ST.active(g, m): boolean
	return g:prop(m, "active") == true
end

ST.settlers = ST.held

function ST.full(g, m): boolean
	return ST.settlers(g, m) >= U.mod(g, m).capacity
end

-- "north, east": the corridors of a definition turned rot, in words.
function ST.corridor_words(d, rot: number): string
	local words = {}
	local edges = ST.edges(d, rot)
	for edge = 0, 3 do
		if edges[edge] then
			table.insert(words, U.text(ST.EDGE_WORD[edge]))
		end
	end
	return table.concat(words, ", ")
end

-- "(1, -2)": a cell of the station, x east and y south of the starting module.
function ST.cell_label(x: number, y: number): string
	return U.text("station.cell", x, y)
end

-- A module as players read it: "Water gate module (Circle, 3) at (1, 0), 2/3".
function ST.label(g, m): string
	local d = U.mod(g, m)
	local state = ST.active(g, m) and U.text("station.holding", ST.settlers(g, m), d.capacity) or U.text("station.inactive")
	return U.text("station.module", d.name, ST.cell_label(g:prop(m, "x"), g:prop(m, "y")), state)
end

-- SGO §8.3, §8.5: seat s's activated modules per sector (white modules never count,
-- except under §12 A14 where they count for every sector).
function ST.activated_by_sector(g, s: number): { [string]: number }
	local counts = { water = 0, wildlife = 0, energy = 0 }
	for _, m in ipairs(ST.grid(g, s).list) do
		local info = ST.info(g, m)
		local d = info.d
		if d.type == "starting" then
			if U.alt(g, "starting_module_counts") then
				for sector, n in pairs(counts) do
					counts[sector] = n + 1
				end
			end
		elseif info.active then
			counts[d.sector] += 1
		end
	end
	return counts
end

-- SGO §8.5: activated modules (the white one is not an activated tile).
function ST.activated_count(g, s: number): number
	local n = 0
	for _, m in ipairs(ST.grid(g, s).list) do
		if U.mod(g, m).type ~= "starting" and ST.active(g, m) then
			n += 1
		end
	end
	return n
end

return ST

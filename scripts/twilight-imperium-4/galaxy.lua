--!strict
-- Twilight Imperium 4: building the galaxy (setup step 6, TI4 §93). Owns putting a system
-- on the board, the wormhole links, the 5-player trade goods, and the variant
-- `tile_placement`: the rulebook's dealt tiles placed by the players in snake order.
--
-- Design: the variant makes everything at setup (written when the kernel fixed the number
-- of entities once play began; it now lets new ones join, but making the planets up
-- front keeps what leaks to the other players to their count). Each dealt tile is an entity (kind
-- `system_tile`, face the system id) in its player's zone `dealt_tiles`, face down to
-- the others; the planets of every dealt tile wait face down in the zone `tile_planets`.
-- Placing a tile moves its planets onto the new hex (`place_system`, the same code as the
-- preset galaxy) and takes the tile entity off the table, so the finished board is made
-- of exactly what the preset path makes. What leaks: how many planets the dealt tiles
-- hold in all, not which tiles nor who holds them.
local U = require("util")
local G = {}

-- Axial hex distance from Mecatol Rex: the ring of a position.
local function ring_of(at): number
	local q, r = at[1], at[2]
	return math.max(math.abs(q), math.abs(r), math.abs(q + r))
end

local DIRS = { { 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 } }

-- Step 6 (TI4 §93, §65): one hex per system; anomalies are the hex's terrain, wormholes
-- become links (TI4 §10, §8.2) once every system is down. A planet made at setup for a
-- dealt tile (zone `tile_planets`) is moved here and turned face up; otherwise it is made.
function G.place_system(g, sid: string, at): number
	local sys = defs.system[sid]
	g:place_tile({ kind = "hex_tile", id = "system", side = "face", q = at[1], r = at[2], radius = 0, label = U.system_label(sid),
		default_terrain = sys.anomalies[1] or "space" })
	local c = g:cell_at(at[1], at[2])
	for _, p in ipairs(sys.planets) do
		local waiting = g:first({ kind = "planet", face = p.id, zone = "tile_planets" })
		if waiting then
			g:move(waiting, c)
			g:reveal(waiting)
		else
			g:create({ kind = "planet", face = p.id, at = c })
		end
	end
	if sid == "system_18" then
		g:set_global("mecatol", c)
	end
	return c
end

-- The wormhole types in a system (TI4 §10): its tile's, the wormhole tokens in it (kind
-- `wormhole_token`, face the type: the Ghosts of Creuss' alpha and beta tokens), and those
-- a unit there carries (a registry entry with `wormhole`: Creuss's flagship Hil Colish, delta).
function G.wormholes_at(g, c: number): { string }
	local out = table.clone(U.system_of_cell(g, c).wormholes)
	for _, t in ipairs(g:entities({ kind = "wormhole_token", cell = c })) do
		table.insert(out, g:face(t))
	end
	local hooks = require("abilities").HOOKS
	for _, e in ipairs(g:entities({ kind = "flagship", cell = c })) do
		local h = hooks[g:face(e)]
		if h and h.wormhole then
			table.insert(out, h.wormhole)
		end
	end
	return out
end

-- The wormhole links (TI4 §10, §8.2), made again from what is on the board: systems with a
-- wormhole of one type are linked in pairs (alpha, beta, delta, gamma); links "entangle"
-- join every alpha or beta system to every other, followed only by a seat whose entries
-- say so (Creuss's Quantum Entanglement, tactical.lua links_for). Called after setup and
-- whenever a wormhole moves (a token placed, Hil Colish moved).
G.WORMHOLE_TYPES = { "alpha", "beta", "delta", "gamma" }
function G.link_wormholes(g)
	local by_type = { alpha = {}, beta = {}, delta = {}, gamma = {} }
	local entangled = {}
	for _, c in ipairs(g:cells()) do
		local seen = {}
		for _, w in ipairs(G.wormholes_at(g, c)) do
			if by_type[w] and not seen[w] then
				seen[w] = true
				table.insert(by_type[w], c)
			end
		end
		if seen.alpha or seen.beta then
			table.insert(entangled, c)
		end
	end
	local function link_all(cells, kind)
		g:remove_links(kind)
		for i = 1, #cells do
			for j = i + 1, #cells do
				g:add_link(cells[i], cells[j], kind)
			end
		end
	end
	for _, kind in ipairs(G.WORMHOLE_TYPES) do
		link_all(by_type[kind], kind)
	end
	link_all(entangled, "entangle")
end

-- Where a faction's home system goes when a stand-in takes its place on the board (TI4
-- §93.1, faction `board_stand_in`): off the board, two steps out from that place, so it
-- touches no tile (every layout's outer ring is within half that distance).
function G.off_board(at): { number }
	return { at[1] * 2, at[2] * 2 }
end

-- TI4 §93.2: a system is on the edge of the board when one of its six sides touches no
-- other tile, as the Creuss home system, off the board and touching none, always is (§93.1:
-- it is still part of the board). No base-game rule reads it; homebrew and expansion
-- components that say "a system on the edge" do.
function G.on_edge(g, c: number): boolean
	return #g:neighbors(c) < 6
end

-- Setup step 6, "5-player game without hyperlanes": trade goods for the weaker home
-- positions, after the board is built. Which seats get them is reconstructed; the
-- reasoning is in layouts.ron beside `trade_goods`.
function G.give_trade_goods(g, layout)
	for _, tg in ipairs(layout.trade_goods) do
		g:add(tg.seat, "tg", tg.trade_goods)
		g:log(U.text("galaxy.trade_goods", tg.seat, tg.trade_goods))
	end
end

-- The fixed preset galaxy of the player count (layouts.ron), Mecatol Rex included.
function G.place_preset(g, layout)
	for _, place in ipairs(layout.preset) do
		G.place_system(g, place.system, place.at)
	end
end

local function tile_label(sid: string): string
	return U.text("galaxy.tile_name", defs.system[sid].name, defs.system[sid].tile)
end

-- Setup step 6.i-ii: separate the base system tiles by back colour, shuffle each stack
-- and deal every player the layout's `tiles_dealt`, face down; with `extra_red`, the
-- speaker draws that many more red tiles, face up, to place first (5 players).
function G.deal(g, layout)
	local stacks = { blue = {}, red = {} }
	for _, sid in ipairs(def_ids.system) do
		local sys = defs.system[sid]
		if sys.expansion == "base" and stacks[sys.back] then
			table.insert(stacks[sys.back], sid)
		end
	end
	local blue, red = g:shuffle(stacks.blue), g:shuffle(stacks.red)
	local function make(sid: string, at, seat: number?)
		local tile = g:create({ kind = "system_tile", face = sid, at = at, hidden = true })
		if seat then
			g:hide(tile, seat)
		else
			g:reveal(tile)
		end
		for _, p in ipairs(defs.system[sid].planets) do
			g:create({ kind = "planet", face = p.id, at = "tile_planets", hidden = true })
		end
	end
	local nb, nr = 0, 0
	for seat = 1, g:seats() do
		local names = {}
		for _ = 1, layout.tiles_dealt.blue do
			nb += 1
			make(blue[nb], { zone = "dealt_tiles", seat = seat }, seat)
			table.insert(names, tile_label(blue[nb]))
		end
		for _ = 1, layout.tiles_dealt.red do
			nr += 1
			make(red[nr], { zone = "dealt_tiles", seat = seat }, seat)
			table.insert(names, tile_label(red[nr]))
		end
		g:log_to(seat, U.text("galaxy.you_are_dealt", table.concat(names, ", ")))
	end
	g:log(U.text("galaxy.dealt", layout.tiles_dealt.blue, layout.tiles_dealt.red))
	for _ = 1, layout.extra_red do
		nr += 1
		make(red[nr], "extra_tiles", nil)
		g:log(U.text("galaxy.extra_drawn", g:global("speaker"), tile_label(red[nr])))
	end
end

-- The seat placing the `turn`-th tile (0-based), setup step 6.iii: from the speaker
-- clockwise (seats are numbered clockwise), then back counterclockwise with the last
-- player placing twice in a row, then forward again with the speaker placing twice.
function G.placer(g, turn: number): number
	local n = g:seats()
	local lap, i = turn // n, turn % n
	if lap % 2 == 1 then
		i = n - 1 - i
	end
	return (g:global("speaker") - 1 + i) % n + 1
end

-- The open places of the innermost ring that is not full (setup 6.iii: "each ring must be
-- full before the next ring begins"); `limit` keeps only that ring (1 for the extra tile).
local function open_places(g, layout, limit: number?)
	local open, inner = {}, math.huge
	for _, place in ipairs(layout.preset) do
		local k = ring_of(place.at)
		if k > 0 and (limit == nil or k == limit) and g:cell_at(place.at[1], place.at[2]) == nil then
			if k < inner then
				inner, open = k, {}
			end
			if k == inner then
				table.insert(open, place)
			end
		end
	end
	return open
end

-- Setup 6.iii: an anomaly may not be adjacent to an anomaly, nor a wormhole to one of the
-- same type (TI4 §9, §10 for the kinds).
local function breaks_adjacency(g, sid: string, at): boolean
	local sys = defs.system[sid]
	for _, d in ipairs(DIRS) do
		local c = g:cell_at(at[1] + d[1], at[2] + d[2])
		if c then
			local other = U.system_of_cell(g, c)
			if #sys.anomalies > 0 and #other.anomalies > 0 then
				return true
			end
			for _, w in ipairs(sys.wormholes) do
				for _, v in ipairs(other.wormholes) do
					if w == v then
						return true
					end
				end
			end
		end
	end
	return false
end

-- Every (tile, place) the seat may choose. "Unless there is no other choice" is read for
-- the whole move: when any tile of the hand fits somewhere without breaking adjacency,
-- only such placements are offered; when none does, every open place is.
local function placements(g, layout, tiles: { number }, limit: number?)
	local ok, all = {}, {}
	for _, place in ipairs(open_places(g, layout, limit)) do
		for _, t in ipairs(tiles) do
			local sid = g:face(t)
			local option = { label = U.text("galaxy.place_option", defs.system[sid].name, defs.system[sid].tile, place.position, ring_of(place.at)),
				value = t .. "@" .. place.position }
			table.insert(all, option)
			if not breaks_adjacency(g, sid, place.at) then
				table.insert(ok, option)
			end
		end
	end
	return #ok > 0 and ok or all
end

local function layout_of(g)
	return defs.layout["players_" .. g:seats()]
end

-- The variant's step: one tile per decision until every dealt tile is down, then the
-- wormhole links and the trade goods. ctx.turn counts the snake placements made.
G.place_tiles = {
	run = function(g, ctx)
		local layout = layout_of(g)
		local extra = g:entities({ zone = "extra_tiles" })
		if #extra > 0 then
			return { seat = g:global("speaker"), prompt = U.text("galaxy.extra_prompt"), rule = "TI4 setup step 6 (extra tiles)",
				help = U.text("galaxy.extra_help"), options = placements(g, layout, { extra[#extra] }, 1) }
		end
		ctx.turn = ctx.turn or 0
		local seat = G.placer(g, ctx.turn)
		local hand = g:entities({ zone = "dealt_tiles", seat = seat })
		if #hand == 0 then
			-- Every player is dealt as many tiles, so the hands run out together.
			G.link_wormholes(g)
			g:set_global("galaxy_built", true)
			g:log(U.text("galaxy.built"))
			G.give_trade_goods(g, layout)
			return nil
		end
		return { seat = seat, prompt = U.text("galaxy.place_prompt"), rule = "TI4 setup step 6.iii",
			help = U.text("galaxy.place_help"), options = placements(g, layout, hand, nil) }
	end,
	resolve = function(g, ctx, value)
		local t, pos = string.match(value, "^(%d+)@(%d+)$")
		local tile, position = tonumber(t) :: number, tonumber(pos) :: number
		local from: any = g:where(tile)
		local zone = if type(from) == "table" then from.zone else from
		local seat = if type(from) == "table" and from.seat then from.seat else g:global("speaker")
		if zone ~= "extra_tiles" then
			ctx.turn = (ctx.turn or 0) + 1
		end
		for _, place in ipairs(layout_of(g).preset) do
			if place.position == position then
				local sid = g:face(tile)
				g:reveal(tile)
				g:move(tile, nil)
				G.place_system(g, sid, place.at)
				g:log(U.text("galaxy.placed", seat, defs.system[sid].name, defs.system[sid].tile, position, ring_of(place.at)))
			end
		end
	end,
}

return G

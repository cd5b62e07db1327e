--!strict
-- Space Gate Odyssey: the exoplanet sides read once from content (exoplanets.ron) into
-- boards the rules can query — spaces in a fixed order, their groups and edges — and the
-- counting helpers every exoplanet's rules share (SGO §6.2–6.4, §7, §11.4). Pure: it reads
-- definitions and its arguments, never the game.
--
-- A board is built when the module loads and is frozen with it, so every query is a table
-- look-up. A `planet_space` with `count: n` becomes n spaces `<id>#1`…`<id>#n`; links are
-- made symmetric here, so content writes each road or canal step once.
local B = {}
local TEXT = defs.text

export type Space = {
	id: string,
	label: string,
	kind: string,
	groups: { string },
	predominance: boolean,
	needs: { string },
	links: { string },
	value: number,
	entry: boolean,
}
export type Group = { id: string, name: string, role: string, spaces: { string } }
export type Board = {
	id: string,
	exoplanet: string,
	rules: string,
	players: { number },
	close_at: number?,
	order: { string },
	space: { [string]: Space },
	groups: { string },
	group: { [string]: Group },
}
-- occupant: { [space_id] = seat }; absent means empty.
export type Occupant = { [string]: number }

local function expand(def_id: string, def: any): { string }
	local n = def.count or 1
	if n == 1 then
		return { def_id }
	end
	local ids = {}
	for i = 1, n do
		ids[i] = def_id .. "#" .. i
	end
	return ids
end

local function new_board(side_id: string, side: any): Board
	return {
		id = side_id,
		exoplanet = side.exoplanet,
		rules = side.rules,
		players = side.players,
		close_at = side.close_at,
		order = {},
		space = {},
		groups = {},
		group = {},
	}
end

-- Every side, its groups and spaces, in file order (def_ids keeps it).
local function build(): { [string]: Board }
	local boards: { [string]: Board } = {}
	for _, side_id in ipairs(def_ids.exoplanet_side or {}) do
		boards[side_id] = new_board(side_id, defs.exoplanet_side[side_id])
	end
	for _, gid in ipairs(def_ids.planet_group or {}) do
		local def = defs.planet_group[gid]
		local board = boards[def.side]
		table.insert(board.groups, gid)
		board.group[gid] = { id = gid, name = def.name, role = def.role, spaces = {} }
	end
	local counted: { [string]: boolean } = {}
	for _, def_id in ipairs(def_ids.planet_space or {}) do
		local def = defs.planet_space[def_id]
		local board = boards[def.side]
		if (def.count or 1) > 1 then
			counted[def_id] = true
		end
		for _, id in ipairs(expand(def_id, def)) do
			-- The copies of one definition share its label: the rules cannot tell them
			-- apart, and a decision offers one of them (X.choices).
			local label = def.label
			-- What a player must see before choosing: the printed Influence (Turing 2p,
			-- SGO §11.6) and the swap symbol (SGO §6.3).
			if def.value ~= nil then
				label = string.format(TEXT["planet.label.value"].text, label, def.value)
			end
			if def.predominance then
				label = string.format(TEXT["planet.label.predominance"].text, label)
			end
			table.insert(board.order, id)
			board.space[id] = {
				id = id,
				label = label,
				kind = def.kind,
				groups = def.groups,
				predominance = def.predominance == true,
				needs = def.needs or {},
				links = {},
				value = def.value or 0,
				entry = def.entry == true,
			}
			for _, gid in ipairs(def.groups) do
				local group = board.group[gid]
				assert(group, "space " .. def_id .. " names group " .. gid .. " of another side")
				table.insert(group.spaces, id)
			end
		end
	end
	-- Edges name single spaces only: a `count` space has no identity of its own.
	for _, def_id in ipairs(def_ids.planet_space or {}) do
		local def = defs.planet_space[def_id]
		local board = boards[def.side]
		for _, other in ipairs(def.needs or {}) do
			assert(not counted[other] and board.space[other], def_id .. " needs " .. other .. ", not a single space of its side")
		end
		for _, other in ipairs(def.links or {}) do
			assert(not counted[other] and board.space[other], def_id .. " links " .. other .. ", not a single space of its side")
			table.insert(board.space[def_id].links, other)
			table.insert(board.space[other].links, def_id)
		end
	end
	return boards
end

local BOARDS = build()

function B.board(side_id: string): Board
	local board = BOARDS[side_id]
	assert(board, "no exoplanet side " .. tostring(side_id))
	return board
end

-- Every side id, in file order.
function B.side_ids(): { string }
	return def_ids.exoplanet_side or {}
end

-- The spaces of `ids` (default: the whole board) that are free, in board order.
function B.free(board: Board, occupant: Occupant, ids: { string }?): { string }
	local result = {}
	for _, id in ipairs(ids or board.order) do
		if occupant[id] == nil then
			table.insert(result, id)
		end
	end
	return result
end

function B.all_taken(occupant: Occupant, ids: { string }): boolean
	for _, id in ipairs(ids) do
		if occupant[id] == nil then
			return false
		end
	end
	return true
end

-- Settlers per seat on `ids` (default: the whole board).
function B.tally(board: Board, occupant: Occupant, ids: { string }?): { [number]: number }
	local counts = {}
	for _, id in ipairs(ids or board.order) do
		local seat = occupant[id]
		if seat ~= nil then
			counts[seat] = (counts[seat] or 0) + 1
		end
	end
	return counts
end

-- The seats of a tally, ascending (a fixed order for every loop that scores).
function B.seats(counts: { [number]: number }): { number }
	local seats = {}
	for seat in pairs(counts) do
		table.insert(seats, seat)
	end
	table.sort(seats)
	return seats
end

-- The seats with the highest count (at least 1), ascending, and that count.
function B.leaders(counts: { [number]: number }): ({ number }, number)
	local best, leaders = 0, {}
	for _, seat in ipairs(B.seats(counts)) do
		local n = counts[seat]
		if n > best then
			best, leaders = n, { seat }
		elseif n == best and n > 0 then
			table.insert(leaders, seat)
		end
	end
	return leaders, best
end

-- The groups of a board with a given role, in board order.
function B.groups(board: Board, role: string): { Group }
	local result = {}
	for _, gid in ipairs(board.groups) do
		if board.group[gid].role == role then
			table.insert(result, board.group[gid])
		end
	end
	return result
end

-- The first group of `role` a space belongs to (a space is on one island, satellite...).
function B.group_of(board: Board, id: string, role: string): Group?
	for _, gid in ipairs(board.space[id].groups) do
		if board.group[gid].role == role then
			return board.group[gid]
		end
	end
	return nil
end

-- The free spaces whose `needs` are all occupied (Bose supports, Turing 3–4p rings).
function B.free_with_needs_met(board: Board, occupant: Occupant): { string }
	local result = {}
	for _, id in ipairs(board.order) do
		if occupant[id] == nil and B.all_taken(occupant, board.space[id].needs) then
			table.insert(result, id)
		end
	end
	return result
end

-- A score being built: points per seat and one part (a log line) per gain, in order.
export type Score = {
	points: { [number]: number },
	parts: { { seat: number, ip: number, text: string, args: { any } } },
	adjacent_swaps: { number },
}

function B.new_score(): Score
	return { points = {}, parts = {}, adjacent_swaps = {} }
end

function B.gain(score: Score, seat: number, ip: number, text: string, args: { any })
	if ip <= 0 then
		return
	end
	score.points[seat] = (score.points[seat] or 0) + ip
	table.insert(score.parts, { seat = seat, ip = ip, text = text, args = args })
end

-- `ip` Influence per settler on the exoplanet `name`, seat by seat (SGO §7.1, §7.6, §7.7).
function B.per_settler(score: Score, counts: { [number]: number }, ip: number, name: string)
	for _, seat in ipairs(B.seats(counts)) do
		B.gain(score, seat, ip * counts[seat], "planet.part.settlers", { name, counts[seat], ip })
	end
end

-- "Most settlers X IP; tied players Y IP each" for one group (SGO §7.2, §7.5, §7.7);
-- `tie` nil: a tie scores nothing (SGO §7.1).
function B.majority(score: Score, counts: { [number]: number }, win: number, tie: number?, name: string,
	win_text: string, tie_text: string?)
	local leaders = B.leaders(counts)
	if #leaders == 1 then
		B.gain(score, leaders[1], win, win_text, { name, win })
	elseif #leaders > 1 and tie ~= nil and tie_text ~= nil then
		for _, seat in ipairs(leaders) do
			B.gain(score, seat, tie, tie_text, { name, tie })
		end
	end
end

return B

--!strict
-- Space Gate Odyssey: Turing, whose two sides play different rules (SGO §7.8): the
-- 2-player canals (`turing_canals`) and the 3–4-player rings (`turing_rings`) — where a
-- settler may go, when Turing closes, what it scores.
local B = require("planet_board")
local M = {}

local function central_spaces(board: B.Board): { string }
	local ids = {}
	for _, id in ipairs(board.order) do
		if board.space[id].kind == "central" then
			table.insert(ids, id)
		end
	end
	return ids
end

-- ---- 2 players: canals ------------------------------------------------------------

local Canals = {}
M.turing_canals = Canals

-- SGO §7.8, 2 players: a player's first settler on Turing goes on the outer end of a
-- canal; every later one goes directly next to (linked to) a settler of its own colour.
-- SGO §12 A8 "a different canal": by default a canal where no other player has a
-- settler; alt_turing_any_canal_end: any free outer end, even in a rival's canal.
function Canals.legal(board: B.Board, occupant: B.Occupant, trip: any, options: any): { string }
	local seat = trip.seat
	local own, rival_in = false, {}
	for _, id in ipairs(board.order) do
		local owner = occupant[id]
		if owner == seat then
			own = true
		elseif owner ~= nil then
			local canal = B.group_of(board, id, "canal")
			if canal then
				rival_in[canal.id] = true
			end
		end
	end
	local result = {}
	for _, id in ipairs(board.order) do
		local space = board.space[id]
		if occupant[id] == nil then
			if not own then
				local canal = B.group_of(board, id, "canal")
				if space.entry and (options.turing_any_canal_end or not (canal and rival_in[canal.id])) then
					table.insert(result, id)
				end
			else
				for _, next_id in ipairs(space.links) do
					if occupant[next_id] == seat then
						table.insert(result, id)
						break
					end
				end
			end
		end
	end
	return result
end

-- SGO §7.8, 2 players: closes when the central space is taken.
function Canals.closed(board: B.Board, occupant: B.Occupant, _players: number, _options: any): boolean
	return B.all_taken(occupant, central_spaces(board))
end

-- SGO §7.8, 2 players: a settler scores the value printed on its space (SGO §11.6): 2 at
-- the outer end, 1 on the next 6 steps, 2 on the last 4 steps and the centre — the "first
-- 2, next 6 × 1, last 5 × 2" of a player's 12 settlers.
function Canals.score(board: B.Board, occupant: B.Occupant, _players: number, _options: any): B.Score
	local score = B.new_score()
	local counts = B.tally(board, occupant)
	for _, seat in ipairs(B.seats(counts)) do
		local ip = 0
		for _, id in ipairs(board.order) do
			if occupant[id] == seat then
				ip += board.space[id].value
			end
		end
		B.gain(score, seat, ip, "planet.part.canal_values", { counts[seat], ip })
	end
	return score
end

-- ---- 3–4 players: rings -----------------------------------------------------------

local Rings = {}
M.turing_rings = Rings

-- SGO §7.8, 3–4 players: a periphery (basic) space is always open; an inner-ring
-- (advanced) space needs its 3 connected basic spaces taken; a central space its 3
-- connected advanced ones. Content lists them in each space's `needs`.
function Rings.legal(board: B.Board, occupant: B.Occupant, _trip: any, _options: any): { string }
	return B.free_with_needs_met(board, occupant)
end

-- SGO §7.8, 3–4 players: closes when the 3 central spaces are taken.
function Rings.closed(board: B.Board, occupant: B.Occupant, _players: number, _options: any): boolean
	return B.all_taken(occupant, central_spaces(board))
end

-- SGO §7.8, 3–4 players: 1 IP per settler on a basic space, 2 on advanced, 3 on central.
local VALUE = { basic = 1, advanced = 2, central = 3 }
local KINDS = { "basic", "advanced", "central" }

function Rings.score(board: B.Board, occupant: B.Occupant, _players: number, _options: any): B.Score
	local score = B.new_score()
	for _, seat in ipairs(B.seats(B.tally(board, occupant))) do
		for _, kind in ipairs(KINDS) do
			local n = 0
			for _, id in ipairs(board.order) do
				if occupant[id] == seat and board.space[id].kind == kind then
					n += 1
				end
			end
			B.gain(score, seat, n * VALUE[kind], "planet.part." .. kind, { n, VALUE[kind] })
		end
	end
	return score
end

return M

--!strict
-- Space Gate Odyssey: Dirac, the light side and the dark side (SGO §7.3) — where a
-- settler may go, when Dirac closes, what it scores.
local B = require("planet_board")
local M = {}

local function own_by_kind(board: B.Board, occupant: B.Occupant, seat: number): { [string]: number }
	local n = { basic = 0, advanced = 0, central = 0 }
	for _, id in ipairs(board.order) do
		if occupant[id] == seat then
			local kind = board.space[id].kind
			n[kind] = n[kind] + 1
		end
	end
	return n
end

local function spaces_of_kind(board: B.Board, kind: string): { string }
	local ids = {}
	for _, id in ipairs(board.order) do
		if board.space[id].kind == kind then
			table.insert(ids, id)
		end
	end
	return ids
end

-- SGO §7.3: basic spaces are always open. An advanced space needs 5 own settlers on basic
-- spaces for each advanced one, this one included (5 for the 1st, 10 for the 2nd…:
-- own_basic >= 5 × (own_advanced + 1)). The central space needs every basic space taken,
-- by anyone. A predominance space is a basic space here (it keeps its kind).
function M.legal(board: B.Board, occupant: B.Occupant, trip: any, _options: any): { string }
	local own = own_by_kind(board, occupant, trip.seat)
	local basics = spaces_of_kind(board, "basic")
	local all_basic_taken = B.all_taken(occupant, basics)
	local result = {}
	for _, id in ipairs(board.order) do
		if occupant[id] == nil then
			local kind = board.space[id].kind
			if kind == "basic"
				or (kind == "advanced" and own.basic >= 5 * (own.advanced + 1))
				or (kind == "central" and all_basic_taken) then
				table.insert(result, id)
			end
		end
	end
	return result
end

-- SGO §7.3: Dirac closes when the central space is taken.
function M.closed(board: B.Board, occupant: B.Occupant, _players: number, _options: any): boolean
	return B.all_taken(occupant, spaces_of_kind(board, "central"))
end

-- SGO §7.3: 1 IP per own settler on a basic space, 3 per advanced, 2 for the central.
local VALUE = { basic = 1, advanced = 3, central = 2 }
local KINDS = { "basic", "advanced", "central" }

function M.score(board: B.Board, occupant: B.Occupant, _players: number, _options: any): B.Score
	local score = B.new_score()
	for _, seat in ipairs(B.seats(B.tally(board, occupant))) do
		local own = own_by_kind(board, occupant, seat)
		for _, kind in ipairs(KINDS) do
			B.gain(score, seat, own[kind] * VALUE[kind], "planet.part." .. kind, { own[kind], VALUE[kind] })
		end
	end
	return score
end

return M

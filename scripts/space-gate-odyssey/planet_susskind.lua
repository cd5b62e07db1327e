--!strict
-- Space Gate Odyssey: Susskind, the treetops (SGO §7.6) — where a settler may go, when
-- Susskind closes, what it scores.
local B = require("planet_board")
local M = {}

-- SGO §7.6: any free space.
function M.legal(board: B.Board, occupant: B.Occupant, _trip: any, _options: any): { string }
	return B.free(board, occupant)
end

-- SGO §7.6: closes when every space is taken.
function M.closed(board: B.Board, occupant: B.Occupant, _players: number, _options: any): boolean
	return B.all_taken(occupant, board.order)
end

-- SGO §7.6: 2 IP per settler.
function M.score(board: B.Board, occupant: B.Occupant, _players: number, _options: any): B.Score
	local score = B.new_score()
	local counts = B.tally(board, occupant)
	B.per_settler(score, counts, 2, "Susskind")
	return score
end

return M

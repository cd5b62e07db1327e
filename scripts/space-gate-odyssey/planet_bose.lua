--!strict
-- Space Gate Odyssey: Bose, the mountain settled level by level (SGO §7.1) — where a
-- settler may go, when Bose closes, what it scores.
local B = require("planet_board")
local M = {}

-- SGO §7.1: the first settler goes on the base; a space of a higher level needs the 2
-- spaces of the level below it rests on to be occupied. The base needs nothing, and no
-- upper space is open before its supports are taken, so both sentences are one test.
function M.legal(board: B.Board, occupant: B.Occupant, _trip: any, _options: any): { string }
	return B.free_with_needs_met(board, occupant)
end

-- SGO §7.1: closes when every space is taken (the summit is the last one that can be).
function M.closed(board: B.Board, occupant: B.Occupant, _players: number, _options: any): boolean
	return B.all_taken(occupant, board.order)
end

-- SGO §7.1: 1 IP per settler on Bose; on each level, the player with most settlers gains
-- 3 IP, and a tie gives nobody that level's 3 IP.
function M.score(board: B.Board, occupant: B.Occupant, _players: number, _options: any): B.Score
	local score = B.new_score()
	local counts = B.tally(board, occupant)
	B.per_settler(score, counts, 1, "Bose")
	for _, level in ipairs(B.groups(board, "level")) do
		B.majority(score, B.tally(board, occupant, level.spaces), 3, nil, level.name,
			"planet.part.level_majority", nil)
	end
	return score
end

return M

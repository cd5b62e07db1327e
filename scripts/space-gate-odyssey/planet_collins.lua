--!strict
-- Space Gate Odyssey: Collins, the volcanoes (SGO §7.2) — where a settler may go, when a
-- volcano is secured and Collins closes, what it scores.
local B = require("planet_board")
local M = {}

-- SGO §7.2: any free space (the 4-player side simply has no central space).
function M.legal(board: B.Board, occupant: B.Occupant, _trip: any, _options: any): { string }
	return B.free(board, occupant)
end

-- SGO §7.2, §12 A6: a volcano is secured when its 6 spaces are all taken, or when one
-- player has "mathematically" an absolute majority around it. Default: that player holds
-- more than half of its spaces (4 of 6). alt_collins_unmatchable_lead: the leader's lead
-- can no longer be matched — it exceeds the next player's count plus every free space.
function M.secured(board: B.Board, occupant: B.Occupant, volcano: B.Group, options: any): boolean
	local spaces = volcano.spaces
	local free = #B.free(board, occupant, spaces)
	if free == 0 then
		return true
	end
	local counts = B.tally(board, occupant, spaces)
	local best, second = 0, 0
	for _, seat in ipairs(B.seats(counts)) do
		local n = counts[seat]
		if n > best then
			best, second = n, best
		elseif n > second then
			second = n
		end
	end
	if options.collins_unmatchable_lead then
		return best > second + free
	end
	return best * 2 > #spaces
end

-- SGO §7.2: Collins closes when every volcano is secured.
function M.closed(board: B.Board, occupant: B.Occupant, _players: number, options: any): boolean
	for _, volcano in ipairs(B.groups(board, "volcano")) do
		if not M.secured(board, occupant, volcano, options) then
			return false
		end
	end
	return true
end

-- SGO §7.2: per volcano, most settlers around it 7 IP; tied players 3 IP each. A space
-- that touches several volcanoes counts for each of them.
function M.score(board: B.Board, occupant: B.Occupant, _players: number, _options: any): B.Score
	local score = B.new_score()
	for _, volcano in ipairs(B.groups(board, "volcano")) do
		B.majority(score, B.tally(board, occupant, volcano.spaces), 7, 3, volcano.name,
			"planet.part.volcano_majority", "planet.part.volcano_tie")
	end
	return score
end

return M

--!strict
-- Space Gate Odyssey: Russell, the islands (SGO §7.5) — where a settler may go, when
-- Russell closes, what it scores.
local B = require("planet_board")
local M = {}

-- SGO §7.5: all settlers of one gate module land on the same island: the first of the
-- module chooses any free space (and so the island), the others a free space of that
-- island. None left there: the surplus goes back to the reserve (the empty answer).
function M.legal(board: B.Board, occupant: B.Occupant, trip: any, _options: any): { string }
	local placed = trip.placed or {}
	if #placed == 0 then
		return B.free(board, occupant)
	end
	local island = B.group_of(board, placed[1], "island")
	assert(island, "Russell: " .. placed[1] .. " is on no island")
	return B.free(board, occupant, island.spaces)
end

-- SGO §7.5: closes when every island holds at least 7 settlers (2 players, 3 islands) or
-- 5 (3–4 players, 4 islands): the side's `close_at`.
function M.closed(board: B.Board, occupant: B.Occupant, _players: number, _options: any): boolean
	for _, island in ipairs(B.groups(board, "island")) do
		if #island.spaces - #B.free(board, occupant, island.spaces) < (board.close_at or #island.spaces) then
			return false
		end
	end
	return true
end

-- SGO §7.5: per island, most settlers 7 IP, tied players 3 IP each; and 3 IP for each
-- island where a player has at least 1 settler.
function M.score(board: B.Board, occupant: B.Occupant, _players: number, _options: any): B.Score
	local score = B.new_score()
	local present: { [number]: number } = {}
	for _, island in ipairs(B.groups(board, "island")) do
		local counts = B.tally(board, occupant, island.spaces)
		B.majority(score, counts, 7, 3, island.name, "planet.part.island_majority", "planet.part.island_tie")
		for _, seat in ipairs(B.seats(counts)) do
			present[seat] = (present[seat] or 0) + 1
		end
	end
	for _, seat in ipairs(B.seats(present)) do
		B.gain(score, seat, 3 * present[seat], "planet.part.island_presence", { present[seat], 3 })
	end
	return score
end

return M

--!strict
-- Space Gate Odyssey: Planck, villages and roads (SGO §7.7) — where a settler may go,
-- when Planck closes, what it scores (with the connected groups along the roads).
local B = require("planet_board")
local M = {}

-- SGO §7.7: any free village.
function M.legal(board: B.Board, occupant: B.Occupant, _trip: any, _options: any): { string }
	return B.free(board, occupant)
end

-- SGO §7.7: closes when every village is taken.
function M.closed(board: B.Board, occupant: B.Occupant, _players: number, _options: any): boolean
	return B.all_taken(occupant, board.order)
end

-- The size of the seat's largest group of villages joined by roads through its own
-- villages only (SGO §7.7 "connected"): a walk over the board's links, in board order.
function M.largest_group(board: B.Board, occupant: B.Occupant, seat: number): number
	local seen: { [string]: boolean } = {}
	local best = 0
	for _, start in ipairs(board.order) do
		if occupant[start] == seat and not seen[start] then
			local size, stack = 0, { start }
			seen[start] = true
			while #stack > 0 do
				local id = table.remove(stack)
				size += 1
				for _, next_id in ipairs(board.space[id].links) do
					if occupant[next_id] == seat and not seen[next_id] then
						seen[next_id] = true
						table.insert(stack, next_id)
					end
				end
			end
			best = math.max(best, size)
		end
	end
	return best
end

-- SGO §7.7: 1 IP per settler; the player with the largest connected group gains 7 IP
-- more, tied players 5 IP each.
function M.score(board: B.Board, occupant: B.Occupant, _players: number, _options: any): B.Score
	local score = B.new_score()
	local counts = B.tally(board, occupant)
	local groups: { [number]: number } = {}
	B.per_settler(score, counts, 1, "Planck")
	for _, seat in ipairs(B.seats(counts)) do
		groups[seat] = M.largest_group(board, occupant, seat)
	end
	local leaders, size = B.leaders(groups)
	for _, seat in ipairs(leaders) do
		if #leaders == 1 then
			B.gain(score, seat, 7, "planet.part.largest_group", { size, 7 })
		else
			B.gain(score, seat, 5, "planet.part.largest_group_tie", { size, 5 })
		end
	end
	return score
end

return M

--!strict
-- Space Gate Odyssey: Fermi, the satellites and the centre (SGO §7.4) — where a settler
-- may go, when Fermi closes, what it scores.
local B = require("planet_board")
local M = {}

local function satellite_spaces(board: B.Board): { string }
	local ids = {}
	for _, satellite in ipairs(B.groups(board, "satellite")) do
		for _, id in ipairs(satellite.spaces) do
			table.insert(ids, id)
		end
	end
	return ids
end

-- SGO §7.4: per colonisation (one gate module emptied), the first settler goes on a free
-- satellite space of its owner's choice, every other one in the centre. The centre is
-- unlimited in the rules (SGO §7.4 [not in source], recommended) and its spaces are all
-- alike, so the next free one is offered alone rather than a choice that means nothing.
function M.legal(board: B.Board, occupant: B.Occupant, trip: any, _options: any): { string }
	if #(trip.placed or {}) == 0 then
		return B.free(board, occupant, satellite_spaces(board))
	end
	local centre = B.groups(board, "centre")[1]
	local free = B.free(board, occupant, centre.spaces)
	return if #free > 0 then { free[1] } else {}
end

-- SGO §7.4: closes when 7 of the 8 satellite spaces (2–3 players) or 9 of the 10 (4
-- players) are taken: the side's `close_at`.
function M.closed(board: B.Board, occupant: B.Occupant, _players: number, _options: any): boolean
	local ids = satellite_spaces(board)
	return #ids - #B.free(board, occupant, ids) >= (board.close_at or #ids)
end

-- SGO §7.4: presence on exactly 1, 2, 3, 4 or 5 satellites (not cumulative).
local SATELLITE_IP = { 3, 7, 12, 18, 25 }

-- SGO §7.4: most settlers in the centre 5 IP, and that player must then swap 2 adjacent
-- predominance tokens. SGO §12 A7, a tie: by default nobody scores the 5 or swaps;
-- alt_fermi_centre_tie_shares: every tied player scores 5 and swaps, in seat order.
-- Then each player scores the satellites where they have at least 1 settler.
function M.score(board: B.Board, occupant: B.Occupant, _players: number, options: any): B.Score
	local score = B.new_score()
	local centre = B.groups(board, "centre")[1]
	local leaders = B.leaders(B.tally(board, occupant, centre.spaces))
	if #leaders == 1 or (#leaders > 1 and options.fermi_centre_tie_shares) then
		local text = if #leaders == 1 then "planet.part.centre_majority" else "planet.part.centre_tie"
		for _, seat in ipairs(leaders) do
			B.gain(score, seat, 5, text, { centre.name, 5 })
			table.insert(score.adjacent_swaps, seat)
		end
	end
	local present: { [number]: number } = {}
	for _, satellite in ipairs(B.groups(board, "satellite")) do
		for _, seat in ipairs(B.seats(B.tally(board, occupant, satellite.spaces))) do
			present[seat] = (present[seat] or 0) + 1
		end
	end
	for _, seat in ipairs(B.seats(present)) do
		local n = present[seat]
		B.gain(score, seat, SATELLITE_IP[n], "planet.part.satellites", { n, SATELLITE_IP[n] })
	end
	return score
end

return M

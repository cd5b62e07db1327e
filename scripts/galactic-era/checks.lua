--!strict
-- Galactic Era: invariants checked by the tests after every action, the position
-- evaluation bots use, and the per-seat description of a finished game for balance reports.
local U = require("util")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Stories = require("stories")
local Scoring = require("scoring")
local C = {}

-- Returns nil when the position is sound, else what is wrong.
function C.invariants(g)
	if not g:global("board_ready") then
		return nil -- the deterministic setup's draft comes before the pieces are placed
	end
	for s = 1, g:seats() do
		local ships = g:count({ kind = "ship", owner = s })
		if ships ~= 16 then
			return string.format("seat %d has %d basic ships in all, not 16 (GE 3.2)", s, ships)
		end
		if g:count({ kind = "disc", owner = s }) ~= 39 then
			return string.format("seat %d does not have 39 discs (GE 3.2)", s)
		end
		for _, t in ipairs(U.TECHS) do
			local level = g:get(s, t)
			if level < 1 or level > 6 then
				return string.format("seat %d has %s at level %d", s, t, level)
			end
		end
		for _, m in ipairs(g:entities({ kind = "marker", owner = s })) do
			if g:cell_of(m) and U.fleet_value(g, m) < 1 then
				return string.format("seat %d has a fleet with no ship (GE 4.6.2)", s)
			end
		end
		local cap = g:first({ kind = "capital", owner = s })
		-- A capital lost to an invasion waits in "evacuating" while its owner chooses
		-- where it goes (GE 6.2.4.1.4, actions.lua); anywhere else off the board is wrong.
		if not (cap and (g:cell_of(cap) or g:count({ kind = "capital", zone = "evacuating", seat = s }) > 0)) then
			return string.format("seat %d's capital is off the board", s)
		end
	end
	for _, c in ipairs(g:cells({ terrain = "planet" })) do
		local owners = {}
		for _, kind in ipairs({ "disc", "capital" }) do
			for _, e in ipairs(g:entities({ kind = kind, cell = c })) do
				owners[g:owner(e)] = true
			end
		end
		local n = 0
		for _ in pairs(owners) do
			n += 1
		end
		if n > 1 then
			return "a planet holds discs of two colours (GE 4.4): " .. U.cell_label(g, c)
		end
	end
	return nil
end

-- A seat's worth for the bots: its DP, plus what it would score if the round and then
-- the game ended now: the story's objectives this round (GE 6.4, A4), its final
-- population (GE 6.6 step 1) and 4 DP for each sector where it has the most ships
-- (GE 6.6 step 3). Milestones and domination cards are left to the DP they give.
-- Every seat's worth is worked out at the first seat's call, in `shared` (the kernel
-- passes one table to every seat's call on a position).
function C.evaluate(g, seat, shared)
	local worth = shared.worth
	if worth == nil then
		worth = Stories.projected(g) -- a fresh table, the story's gains of every seat
		local led = Scoring.sectors_led(g)
		-- The population as U.population counts it (the capital's 6 and 39 discs, less
		-- those on the track), with one filter table for every seat's count.
		local track = { kind = "disc", zone = "track", seat = 1 }
		for s = 1, #worth do
			track.seat = s
			worth[s] += g:get(s, "dp") + (6 + 39 - g:count(track)) + 4 * led[s]
		end
		shared.worth = worth
	end
	return worth[seat]
end

-- A finished game as balance reports see one seat (pack.ron `report`, used by
-- `orrery simulate`): its star people and its ethics at the start (GE 5.4c-d), where its
-- final DP came from (the sources U.dp keeps, which add up to the DP), and the rounds
-- played. The puppet seat (GE 8.3) is nobody's, so it is left out.
function C.report(g, seat)
	if seat == g:global("puppet") then
		return nil
	end
	local sources = {}
	for _, name in ipairs(U.DP_SOURCES) do
		sources[name] = g:get(seat, "dp_from." .. name) or 0
	end
	return {
		groups = { star_people = g:get(seat, "people"), ethics = g:get(seat, "start_ethics") or g:get(seat, "ethics") },
		sources = sources,
		rounds = g:global("round"),
	}
end

return C

--- What every player can see of a seat, for the front ends' seat panels (pack.ron
--- `summary`): the population that scores at the end, the planets and ships on the
--- board, the wars and where its destiny points came from. Only public facts: the board is open, a fleet's ships are
--- not (GE 4.6), so fleets are counted as markers.

local U = require("util")
local W = require("war")

local M = {}

function M.seat(g, seat)
	local basic, fleets = 0, 0
	for _, c in ipairs(U.ship_cells(g, seat)) do
		basic += g:count({ kind = "ship", owner = seat, cell = c })
		fleets += g:count({ kind = "marker", owner = seat, cell = c })
	end
	local wars = {}
	for s = 1, g:seats() do
		if s ~= seat and W.at_war(g, seat, s) then
			table.insert(wars, tostring(s))
		end
	end
	-- Where the seat's DP came from: every gain is logged openly, so this is public too.
	local sources = {}
	for _, name in ipairs(U.DP_SOURCES) do
		local dp = g:get(seat, "dp_from." .. name) or 0
		if dp ~= 0 then
			table.insert(sources, U.text("summary.dp_source", U.text("summary.source_" .. name), dp))
		end
	end
	return {
		-- GE 4.10, 6.6: the population track; its value is the seat's DP at the end.
		{ label = U.TEXT["summary.population"], value = U.population(g, seat) },
		{ label = U.TEXT["summary.planets"], value = #U.controlled_planets(g, seat) },
		-- GE 4.6: basic ships are open, fleets hide their ships.
		{ label = U.TEXT["summary.ships_on_board"], value = U.counted(basic, U.TEXT["noun.basic_ship_s"]) .. ", " .. U.counted(fleets, U.TEXT["noun.fleet_s"]) },
		-- GE 4.7: war and peace are declared openly.
		{ label = U.TEXT["summary.at_war_with"], value = #wars == 0 and U.TEXT["summary.no_one"] or (U.text("battle.seat_named", table.concat(wars, ", "))) },
		{ label = U.TEXT["summary.dp_from"], value = #sources == 0 and U.TEXT["summary.nothing_yet"] or table.concat(sources, ", ") },
	}
end

return M

--!strict
-- Galactic Era: round scoring by the galactic story (GE 6.4, A4.1 Journeys) and the
-- end of the game (GE 6.6).
local U = require("util")
local W = require("war")
local S = {}

-- GE A4.1 Expediciones (Journeys), by era.
local function journeys(g, round)
	local era = require("round").era(round)
	for s = 1, g:seats() do
		local ethic = g:get(s, "ethics")
		if era == "dark" then
			if ethic == "STS" then
				U.dp(g, s, 1, "STS in the Dark Era -- GE A4.1")
			end
			if #W.enemies(g, s) > 0 then
				U.dp(g, s, 1, "at war in the Dark Era -- GE A4.1")
			end
			local taken = g:get(s, "r_taken_far") or 0
			if taken > 0 then
				U.dp(g, s, 2 * taken, taken .. " planet(s) taken outside the capital's sector -- GE A4.1")
			end
			local won = g:get(s, "r_won_far") or 0
			if won > 0 then
				U.dp(g, s, 2 * won, won .. " combat(s) won outside the capital's sector -- GE A4.1")
			end
		else
			if ethic == "STO" then
				U.dp(g, s, 1, "STO in a luminous era -- GE A4.1")
			end
			if era == "first_luminous" then
				local contacts = 0
				for _, o in ipairs(U.other_seats(g, s)) do
					if U.in_contact(g, s, o) then
						contacts += 1
					end
				end
				if contacts > 0 then
					U.dp(g, s, contacts, contacts .. " seat(s) in contact -- GE A4.1")
				end
			end
		end
	end
	if era == "second_luminous" then
		-- Among the seats that raised Spirituality (Propulsion) by research this round, the
		-- highest level scores 7 - level; ties all score.
		for _, tech in ipairs({ "spi", "pro" }) do
			local best, who = -1, {}
			for s = 1, g:seats() do
				if g:get(s, "r_raised_" .. tech) == 1 then
					local level = g:get(s, tech)
					if level > best then
						best, who = level, { s }
					elseif level == best then
						table.insert(who, s)
					end
				end
			end
			for _, s in ipairs(who) do
				U.dp(g, s, 7 - best, "highest " .. U.TECH_NAMES[tech] .. " researched this round -- GE A4.1")
			end
		end
	end
end

S.round = {
	enter = function(g, ctx)
		local round = g:global("round")
		journeys(g, round)
	end,
}

-- GE 6.6: population, ship majority per sector (4 DP, ties all score), then the winner
-- by DP, planets, and turn order.
S.end_game = {
	enter = function(g, ctx)
		for s = 1, g:seats() do
			U.dp(g, s, U.population(g, s), "final population -- GE 6.6")
		end
		for region = 1, g:region_count() do
			local units = {}
			for s = 1, g:seats() do
				units[s] = 0
			end
			for _, c in ipairs(g:cells({ region = region })) do
				for s = 1, g:seats() do
					units[s] += U.ship_units(g, s, c)
				end
			end
			local most = 0
			for s = 1, g:seats() do
				most = math.max(most, units[s])
			end
			if most > 0 then
				for s = 1, g:seats() do
					if units[s] == most then
						U.dp(g, s, 4, "ship majority in " .. g:region_info(region).label .. " -- GE 6.6")
					end
				end
			end
		end
		local ranking = U.turn_order(g)
		local planets, position = {}, {}
		for i, s in ipairs(ranking) do
			planets[s] = #U.controlled_planets(g, s)
			position[s] = i
		end
		table.sort(ranking, function(a, b)
			local da, db = g:get(a, "dp"), g:get(b, "dp")
			if da ~= db then
				return da > db
			end
			if planets[a] ~= planets[b] then
				return planets[a] > planets[b]
			end
			return position[a] < position[b]
		end)
		local scores = {}
		for s = 1, g:seats() do
			scores[s] = g:get(s, "dp")
		end
		g:log(string.format("Game over: seat %d wins with %d DP. -- GE 6.6", ranking[1], scores[ranking[1]]))
		g:finish({ scores = scores, ranking = ranking })
	end,
}

return S

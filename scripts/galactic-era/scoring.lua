--!strict
-- Galactic Era: round scoring (GE 6.4, stories in stories.lua) and the end of the
-- game (GE 6.6).
local U = require("util")
local S = {}

S.round = {
	enter = function(g, ctx)
		local round = g:global("round")
		local era = require("round").era(round)
		require("stories").score_round(g, era)
		-- GE A5.6: Liderazgo placements after the scoring of rounds 2, 6 and 8.
		if round == 2 or round == 6 or round == 8 then
			require("milestones").end_of_era(g)
		end
		-- GE 6.5.1: domination cards may be redrawn at the era changes.
		if round == 2 or round == 6 then
			g:push("era_change", {})
		end
		-- Cards playable "at the end of a round" (Moral, GE A3.13), in turn order.
		g:set_global("phase", "round_end")
		local order = U.turn_order(g)
		for i = #order, 1, -1 do
			g:push("card_offer", { seat = order[i], moment = { phase = "round_end" } })
		end
		-- Round-end hooks of star peoples defined as data (peoples.lua): after the story
		-- is scored; steps they push run before the end-of-round cards.
		require("peoples").on_round(g, "on_round_end")
	end,
}

-- GE 6.6: population, ship majority per sector (4 DP, ties all score), then the winner
-- by DP, planets, and turn order.
-- GE 6.6 step 3: 4 DP to the seat(s) with most ships in each sector; a puppet
-- majority means nobody scores it (GE 8.3.4).
function S.sector_majorities(g)
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
		local puppet = require("puppet").seat(g)
		if puppet and units[puppet] == most then
			most = 0 -- GE 8.3.4: a puppet majority means nobody scores the sector
		end
		if most > 0 then
			for s = 1, g:seats() do
				if units[s] == most then
					U.dp(g, s, 4, "ship majority in " .. g:region_info(region).label .. " -- GE 6.6", "majorities")
				end
			end
		end
	end
end

S.end_game = {
	enter = function(g, ctx)
		g:set_global("phase", "end")
		for s = 1, g:seats() do
			U.dp(g, s, U.population(g, s), "final population -- GE 6.6", "population")
		end
		require("milestones").score_end(g)
		S.sector_majorities(g)
		-- GE 6.6 step 4: cards still in hand must be played (then the ranking, in run).
		local order = U.turn_order(g)
		for i = #order, 1, -1 do
			g:push("card_offer", { seat = order[i], forced = true, moment = { phase = "end" } })
		end
	end,
	run = function(g, ctx)
		local ranking = U.turn_order(g)
		local planets, position = {}, {}
		for i, s in ipairs(ranking) do
			planets[s] = #U.controlled_planets(g, s)
			position[s] = i
		end
		local puppet = require("puppet").seat(g)
		table.sort(ranking, function(a, b)
			if a == puppet or b == puppet then
				return b == puppet and a ~= puppet -- the puppet never wins (GE 8.3.1)
			end
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

--!strict
-- Galactic Era: round scoring (GE 6.4, stories in stories.lua) and the end of the
-- game (GE 6.6).
local U = require("util")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Milestones = require("milestones")
local Puppet = require("puppet")
local Round = require("round")
local Stories = require("stories")
local CardOffers = require("card_offers")
local Peace = require("peace")
local Peoples = require("peoples")
local S = {}

S.round = {
	enter = function(g, ctx)
		local round = g:global("round")
		local era = Round.era(round)
		Stories.score_round(g, era)
		-- GE A5.6: Liderazgo placements after the scoring of rounds 2, 6 and 8.
		if round == 2 or round == 6 or round == 8 then
			Milestones.end_of_era(g)
		end
		-- GE 6.5.1: domination cards may be redrawn at the era changes.
		if round == 2 or round == 6 then
			g:push("era_change", {})
		end
		-- Cards playable "at the end of a round" (Moral, GE A3.13): every seat that may
		-- hold one is asked at once, plays are scored in turn order (card_offers.lua).
		g:set_global("phase", "round_end")
		local order = U.turn_order(g)
		CardOffers.round_end(g, order)
		-- GE 4.7: peace by agreement at any time; here, at the end of the round, before
		-- the cards (Diplomático wants peace with everyone, GE A3.8).
		Peace.offer_all(g, order, { phase = "round_end" })
		-- Round-end hooks of star peoples defined as data (peoples.lua): after the story
		-- is scored; steps they push run before the end-of-round cards.
		Peoples.on_round(g, "on_round_end")
	end,
}

-- GE 6.6 step 3: the ship units (basic ships and fleet units) of every seat by sector,
-- as units[seat][region] (nil for none). Bots evaluate every position they look at, so
-- this asks the kernel little and copies nothing: a seat's basic ships are counted by
-- sector in one call, whose answer is that seat's table, and the fleets on the board
-- (most markers wait in their owners' zones) are found in one call for all seats, each
-- worth its hidden tokens (a marker is never put inside a piece, so the markers on a
-- fleet's cell are listed by that cell).
local function units_by_seat(g, seats)
	local units = table.create(seats)
	local ships = { kind = "ship", owner = 1 } -- one filter for every seat's call
	for s = 1, seats do
		ships.owner = s
		units[s] = g:tally(ships, "region")
	end
	for _, c in ipairs(g:cells_of({ kind = "marker" })) do
		local region = g:region(c)
		for _, m in ipairs(g:entities({ kind = "marker", cell = c })) do
			local s = g:owner(m)
			if s then
				units[s][region] = (units[s][region] or 0) + U.fleet_value(g, m)
			end
		end
	end
	return units
end

-- The most units any seat has in a sector, or 0 when the sector has no leader: nobody
-- has ships there, or the puppet has the majority (GE 8.3.4).
local function leading_units(units, region, puppet)
	local most = 0
	for _, of_seat in ipairs(units) do
		most = math.max(most, of_seat[region] or 0)
	end
	if puppet and (units[puppet][region] or 0) == most then
		return 0
	end
	return most
end

-- GE 6.6 step 3: the seats with most ships (basic ships and fleet units) in each
-- sector, ties all of them; a sector where nobody has ships, or where the puppet has
-- the majority, has none (GE 8.3.4). Returns a list of { region, seats }.
function S.sector_leaders(g)
	local seats, puppet = g:seats(), Puppet.seat(g)
	local units = units_by_seat(g, seats)
	local leaders = {}
	for region = 1, g:region_count() do
		local most = leading_units(units, region, puppet)
		if most > 0 then
			local who = {}
			for s = 1, seats do
				if units[s][region] == most then
					table.insert(who, s)
				end
			end
			table.insert(leaders, { region = region, seats = who })
		end
	end
	return leaders
end

-- How many sectors each seat leads (S.sector_leaders), by seat: for the bots'
-- evaluation, which needs no list.
function S.sectors_led(g)
	local seats, puppet = g:seats(), Puppet.seat(g)
	local units = units_by_seat(g, seats)
	local led = table.create(seats, 0)
	for region = 1, g:region_count() do
		local most = leading_units(units, region, puppet)
		if most > 0 then
			for s = 1, seats do
				if units[s][region] == most then
					led[s] += 1
				end
			end
		end
	end
	return led
end

-- GE 6.6 step 3: 4 DP to the leaders of each sector.
function S.sector_majorities(g)
	for _, sector in ipairs(S.sector_leaders(g)) do
		for _, s in ipairs(sector.seats) do
			U.dp(g, s, 4, U.text("scoring.ship_majority_in", g:region_info(sector.region).label), "majorities")
		end
	end
end

-- GE 6.6: population, milestones, sector majorities and the cards still in hand; then
-- the winner by DP, planets and turn order.
S.end_game = {
	enter = function(g, ctx)
		g:set_global("phase", "end")
		for s = 1, g:seats() do
			U.dp(g, s, U.population(g, s), U.text("scoring.final_population"), "population")
		end
		Milestones.score_end(g)
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
		local puppet = Puppet.seat(g)
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
		g:log(U.text("scoring.game_over_seat_wins_with", ranking[1], scores[ranking[1]]))
		g:finish({ scores = scores, ranking = ranking })
	end,
}

return S

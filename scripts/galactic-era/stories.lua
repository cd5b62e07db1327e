--!strict
-- Galactic Era: the four galactic stories, scored at the end of each round by era
-- (GE 6.4, A4). Every story gives 1 DP to the seats whose ethics matches the era; the
-- other objectives read the round's tallies (seat variables `r_*`, reset each round).
local U = require("util")
local W = require("war")
local S = {}

local function each_seat(g, f)
	for s = 1, g:seats() do
		f(s)
	end
end

local function tally(g, s, name)
	return g:get(s, name) or 0
end

-- Among seats that raised `tech` by research this round, the highest level scores
-- 7 - level; ties all score (GE A4.1, A4.2 Second Luminous Era).
local function best_researcher(g, tech, why)
	local best, who = -1, {}
	each_seat(g, function(s)
		if g:get(s, "r_raised_" .. tech) == 1 then
			local level = g:get(s, tech)
			if level > best then
				best, who = level, { s }
			elseif level == best then
				table.insert(who, s)
			end
		end
	end)
	for _, s in ipairs(who) do
		U.dp(g, s, 7 - best, "highest " .. U.TECH_NAMES[tech] .. " researched this round -- " .. why, "stories")
	end
end

local function at_war_bonus(g, dp, why)
	each_seat(g, function(s)
		if #W.enemies(g, s) > 0 then
			U.dp(g, s, dp, "at war -- " .. why, "stories")
		end
	end)
end

local function per_tally(g, name, dp, what, why)
	each_seat(g, function(s)
		local n = tally(g, s, name)
		if n ~= 0 then
			U.dp(g, s, n * dp, string.format("%d %s -- %s", n, what, why), "stories")
		end
	end)
end

S.journeys = {
	first_luminous = function(g)
		each_seat(g, function(s)
			local contacts = 0
			for _, o in ipairs(U.other_seats(g, s)) do
				if U.in_contact(g, s, o) then
					contacts += 1
				end
			end
			if contacts > 0 then
				U.dp(g, s, contacts, contacts .. " seat(s) in contact -- GE A4.1", "stories")
			end
		end)
	end,
	dark = function(g)
		at_war_bonus(g, 1, "GE A4.1")
		per_tally(g, "r_taken_far", 2, "planet(s) taken outside the capital's sector", "GE A4.1")
		per_tally(g, "r_won_far", 2, "combat(s) won outside the capital's sector", "GE A4.1")
	end,
	second_luminous = function(g)
		best_researcher(g, "spi", "GE A4.1")
		best_researcher(g, "pro", "GE A4.1")
	end,
}

S.wars = {
	first_luminous = function(g)
		per_tally(g, "r_build", 2, "Build Ships action(s)", "GE A4.2")
	end,
	dark = function(g)
		at_war_bonus(g, 2, "GE A4.2")
		per_tally(g, "r_taken", 1, "planet(s) taken", "GE A4.2")
		per_tally(g, "r_destroyed", 1, "enemy ship(s) destroyed", "GE A4.2")
	end,
	second_luminous = function(g)
		best_researcher(g, "mil", "GE A4.2")
		best_researcher(g, "rob", "GE A4.2")
	end,
}

S.migrations = {
	first_luminous = function(g)
		per_tally(g, "r_grew", 3, "Increase Population action(s) placing a disc", "GE A4.3")
	end,
	dark = function(g)
		at_war_bonus(g, 1, "GE A4.3")
		per_tally(g, "r_discs_taken", 1, "disc(s) taken", "GE A4.3")
		per_tally(g, "r_won", 1, "combat(s) won", "GE A4.3")
	end,
	second_luminous = function(g)
		-- +4 per technology a seat raised by research that no other seat raised.
		for _, tech in ipairs(U.TECHS) do
			local who = {}
			each_seat(g, function(s)
				if g:get(s, "r_raised_" .. tech) == 1 then
					table.insert(who, s)
				end
			end)
			if #who == 1 then
				U.dp(g, who[1], 4, "only researcher of " .. U.TECH_NAMES[tech] .. " -- GE A4.3", "stories")
			end
		end
	end,
}

S.rivalry = {
	first_luminous = function(g)
		per_tally(g, "r_gain", 1, "Gain a Planet action(s)", "GE A4.4")
	end,
	dark = function(g)
		at_war_bonus(g, 2, "GE A4.4")
		each_seat(g, function(s)
			local n = 0
			for _, c in ipairs(U.ship_cells(g, s)) do
				local owner = U.controller(g, c)
				if owner and owner ~= s and W.at_war(g, s, owner) then
					n += 1
				end
			end
			if n > 0 then
				U.dp(g, s, n, n .. " hostile planet(s) blockaded -- GE A4.4", "stories")
			end
		end)
		per_tally(g, "r_retreats", -2, "retreat(s) before combat", "GE A4.4")
	end,
	second_luminous = function(g)
		for _, tech in ipairs(U.TECHS) do
			local best = 0
			each_seat(g, function(s)
				best = math.max(best, g:get(s, tech))
			end)
			each_seat(g, function(s)
				if g:get(s, tech) == best then
					U.dp(g, s, 3, "highest " .. U.TECH_NAMES[tech] .. " -- GE A4.4", "stories")
				end
			end)
		end
	end,
}

-- Scores the round for the story in play (GE 6.4).
function S.score_round(g, era)
	local story = g:global("story")
	local luminous = era ~= "dark"
	each_seat(g, function(s)
		if (luminous and g:get(s, "ethics") == "STO") or (not luminous and g:get(s, "ethics") == "STS") then
			U.dp(g, s, 1, g:get(s, "ethics") .. " in the " .. era .. " era -- GE A4", "stories")
			g:set(s, "r_ethics_scored", 1)
		end
	end)
	S[story][era](g)
	g:add_global("usage.story." .. story, 1)
end

return S

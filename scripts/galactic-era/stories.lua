--!strict
-- Galactic Era: the four galactic stories, scored at the end of each round by era
-- (GE 6.4, A4). Every story gives 1 DP to the seats whose ethics matches the era; the
-- other objectives read the round's tallies (seat variables `r_*`, reset each round).
-- An objective does not change the game itself: it calls `award(seat, dp, explain, ...)`
-- for each gain, so the same code scores the round and tells bots what it would score
-- now. `explain(...)` is the text of why, made only when the round is scored: the bots'
-- projection runs at the end of every playout and has no reader for it.
local U = require("util")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Round = require("round")
local S = {}

local function tally(g, s, name)
	return g:get(s, name) or 0
end

-- The seat variable set when a technology was raised by research this round, by
-- technology, made once rather than joined at each read.
local RAISED = {}
for _, tech in ipairs(U.TECHS) do
	RAISED[tech] = "r_raised_" .. tech
end

-- Who is at war with whom (GE 4.7), each pair of seats read once: `war[s][o]` is true
-- when s and o are at war; `war[s]` is nil for a seat at peace with everyone.
local function wars(g, seats)
	local war = {}
	for a = 1, seats - 1 do
		for b = a + 1, seats do
			if g:pair(a, b, "war") == true then
				war[a] = war[a] or {}
				war[b] = war[b] or {}
				war[a][b] = true
				war[b][a] = true
			end
		end
	end
	return war
end

-- The texts of the gains (`explain` of an award).
local function researched_text(tech, why)
	return U.text("stories.highest_researched_this_round", U.TECH_NAMES[tech], why)
end

local function at_war_text(why)
	return U.text("stories.at_war", why)
end

-- `what`: the id of the counted phrase in text.ron.
local function tally_text(n, what, why)
	return U.text("stories.tally", U.counted(n, U.text(what)), why)
end

local function contacts_text(n)
	return U.text("stories.journeys_contacts", U.counted(n, U.text("noun.seat_in_contact_s")))
end

local function only_researcher_text(tech)
	return U.text("stories.only_researcher", U.TECH_NAMES[tech])
end

local function blockades_text(n)
	return U.text("stories.rivalry_cited", U.counted(n, U.text("noun.hostile_planet_blockaded_s")))
end

local function highest_text(tech)
	return U.text("stories.highest", U.TECH_NAMES[tech])
end

local function ethics_text(ethics, era)
	return U.text("stories.ethics_of_era", ethics, defs.era[era].name)
end

-- Among seats that raised `tech` by research this round, the highest level scores
-- 7 - level; ties all score (GE A4.1, A4.2 Second Luminous Era).
local function best_researcher(g, award, seats, tech, why)
	local raised = RAISED[tech]
	local best, who = -1, {}
	for s = 1, seats do
		if g:get(s, raised) == 1 then
			local level = g:get(s, tech)
			if level > best then
				best, who = level, { s }
			elseif level == best then
				table.insert(who, s)
			end
		end
	end
	for _, s in ipairs(who) do
		award(s, 7 - best, researched_text, tech, why)
	end
end

-- `war`: who is at war with whom (wars).
local function at_war_bonus(award, seats, war, dp, why)
	for s = 1, seats do
		if war[s] then
			award(s, dp, at_war_text, why)
		end
	end
end

-- `what`: the id of the counted phrase in text.ron.
local function per_tally(g, award, seats, name, dp, what, why)
	for s = 1, seats do
		local n = tally(g, s, name)
		if n ~= 0 then
			award(s, n * dp, tally_text, n, what, why)
		end
	end
end

-- Each story's objectives by era, called as f(g, award, seats).
S.journeys = {
	first_luminous = function(g, award, seats)
		-- Contact goes both ways (U.in_contact), so each pair of seats is asked once.
		local contacts = table.create(seats, 0)
		for a = 1, seats - 1 do
			for b = a + 1, seats do
				if U.in_contact(g, a, b) then
					contacts[a] += 1
					contacts[b] += 1
				end
			end
		end
		for s = 1, seats do
			if contacts[s] > 0 then
				award(s, contacts[s], contacts_text, contacts[s])
			end
		end
	end,
	dark = function(g, award, seats)
		at_war_bonus(award, seats, wars(g, seats), 1, "GE A4.1")
		per_tally(g, award, seats, "r_taken_far", 2, "stories.planet_taken_outside_capital_sector", "GE A4.1")
		per_tally(g, award, seats, "r_won_far", 2, "stories.combat_won_outside_capital_sector", "GE A4.1")
	end,
	second_luminous = function(g, award, seats)
		best_researcher(g, award, seats, "spi", "GE A4.1")
		best_researcher(g, award, seats, "pro", "GE A4.1")
	end,
}

S.wars = {
	first_luminous = function(g, award, seats)
		per_tally(g, award, seats, "r_build", 2, "stories.build_ships_action", "GE A4.2")
	end,
	dark = function(g, award, seats)
		at_war_bonus(award, seats, wars(g, seats), 2, "GE A4.2")
		per_tally(g, award, seats, "r_taken", 1, "stories.planet_taken", "GE A4.2")
		per_tally(g, award, seats, "r_destroyed", 1, "stories.enemy_ship_destroyed", "GE A4.2")
	end,
	second_luminous = function(g, award, seats)
		best_researcher(g, award, seats, "mil", "GE A4.2")
		best_researcher(g, award, seats, "rob", "GE A4.2")
	end,
}

S.migrations = {
	first_luminous = function(g, award, seats)
		per_tally(g, award, seats, "r_grew", 3, "stories.increase_population_action_placing_disc", "GE A4.3")
	end,
	dark = function(g, award, seats)
		at_war_bonus(award, seats, wars(g, seats), 1, "GE A4.3")
		per_tally(g, award, seats, "r_discs_taken", 1, "stories.disc_taken", "GE A4.3")
		per_tally(g, award, seats, "r_won", 1, "stories.combat_won", "GE A4.3")
	end,
	second_luminous = function(g, award, seats)
		-- +4 per technology a seat raised by research that no other seat raised.
		for _, tech in ipairs(U.TECHS) do
			local raised = RAISED[tech]
			local who = {}
			for s = 1, seats do
				if g:get(s, raised) == 1 then
					table.insert(who, s)
				end
			end
			if #who == 1 then
				award(who[1], 4, only_researcher_text, tech)
			end
		end
	end,
}

S.rivalry = {
	first_luminous = function(g, award, seats)
		per_tally(g, award, seats, "r_gain", 1, "stories.gain_planet_action", "GE A4.4")
	end,
	dark = function(g, award, seats)
		local war = wars(g, seats)
		at_war_bonus(award, seats, war, 2, "GE A4.4")
		for s = 1, seats do
			-- Only an enemy's planet counts: a seat at peace with everyone blockades none.
			local enemies = war[s]
			local n = 0
			if enemies then
				for _, c in ipairs(U.ship_cells(g, s)) do
					local owner = U.controller(g, c)
					if owner and enemies[owner] then
						n += 1
					end
				end
			end
			if n > 0 then
				award(s, n, blockades_text, n)
			end
		end
		per_tally(g, award, seats, "r_retreats", -2, "stories.retreat_before_combat", "GE A4.4")
	end,
	second_luminous = function(g, award, seats)
		for _, tech in ipairs(U.TECHS) do
			local levels = table.create(seats, 0)
			local best = 0
			for s = 1, seats do
				levels[s] = g:get(s, tech)
				best = math.max(best, levels[s])
			end
			for s = 1, seats do
				if levels[s] == best then
					award(s, 3, highest_text, tech)
				end
			end
		end
	end,
}

-- The ethics whose seats score the era's point: STO in a luminous era, STS in the
-- dark one (GE A4).
local function era_ethics(era)
	return era == "dark" and "STS" or "STO"
end

-- Whether a seat's ethics scores the era's point (GE A4).
function S.ethics_scores(g, s, era)
	return g:get(s, "ethics") == era_ethics(era)
end
local ethics_scores = S.ethics_scores

-- Every gain of the round's scoring for the story in play: the era's ethics point, then
-- the story's objectives for the era (GE 6.4, A4).
local function each_gain(g, era, story, seats, award)
	local scoring = era_ethics(era)
	for s = 1, seats do
		local ethics = g:get(s, "ethics")
		if ethics == scoring then
			award(s, 1, ethics_text, ethics, era)
		end
	end
	S[story][era](g, award, seats)
end

-- Scores the round for the story in play (GE 6.4).
function S.score_round(g, era)
	for s = 1, g:seats() do
		if ethics_scores(g, s, era) then
			g:set(s, "r_ethics_scored", 1)
		end
	end
	local story = g:global("story")
	each_gain(g, era, story, g:seats(), function(s, dp, explain, ...)
		U.dp(g, s, dp, explain(...), "stories")
	end)
	g:add_global("usage.story." .. story, 1)
end

-- The DP each seat would score if the round were scored now (in `era`, by default the
-- current round's), without scoring it: for the bots' evaluation. The puppet gains
-- nothing, as in U.dp (GE 8.3.4).
function S.projected(g, era: string?)
	local seats = g:seats()
	local gains = table.create(seats, 0)
	local round, story = g:global("round"), g:global("story")
	if not era and round and round >= 1 then
		era = Round.era(round)
	end
	if not (era and story) then
		return gains -- still setting up
	end
	local puppet = g:global("puppet")
	each_gain(g, era, story, seats, function(s, dp)
		if s ~= puppet then
			gains[s] += dp
		end
	end)
	return gains
end

return S

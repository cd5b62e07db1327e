--!strict
-- Galactic Era: the four galactic stories, scored at the end of each round by era
-- (GE 6.4, A4). Every story gives 1 DP to the seats whose ethics matches the era; the
-- other objectives read the round's tallies (seat variables `r_*`, reset each round).
-- An objective does not change the game itself: it calls `award(seat, dp, why)` for
-- each gain, so the same code scores the round and tells bots what it would score now.
local U = require("util")
local W = require("war")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Round = require("round")
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
local function best_researcher(g, award, tech, why)
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
		award(s, 7 - best, U.text("stories.highest_researched_this_round", U.TECH_NAMES[tech], why))
	end
end

local function at_war_bonus(g, award, dp, why)
	each_seat(g, function(s)
		if #W.enemies(g, s) > 0 then
			award(s, dp, U.text("stories.at_war", why))
		end
	end)
end

local function per_tally(g, award, name, dp, what, why)
	each_seat(g, function(s)
		local n = tally(g, s, name)
		if n ~= 0 then
			award(s, n * dp, U.text("stories.tally", U.counted(n, what), why))
		end
	end)
end

S.journeys = {
	first_luminous = function(g, award)
		each_seat(g, function(s)
			local contacts = 0
			for _, o in ipairs(U.other_seats(g, s)) do
				if U.in_contact(g, s, o) then
					contacts += 1
				end
			end
			if contacts > 0 then
				award(s, contacts, U.text("stories.journeys_contacts", U.counted(contacts, U.text("noun.seat_in_contact_s"))))
			end
		end)
	end,
	dark = function(g, award)
		at_war_bonus(g, award, 1, "GE A4.1")
		per_tally(g, award, "r_taken_far", 2, U.text("stories.planet_taken_outside_capital_sector"), "GE A4.1")
		per_tally(g, award, "r_won_far", 2, U.text("stories.combat_won_outside_capital_sector"), "GE A4.1")
	end,
	second_luminous = function(g, award)
		best_researcher(g, award, "spi", "GE A4.1")
		best_researcher(g, award, "pro", "GE A4.1")
	end,
}

S.wars = {
	first_luminous = function(g, award)
		per_tally(g, award, "r_build", 2, U.text("stories.build_ships_action"), "GE A4.2")
	end,
	dark = function(g, award)
		at_war_bonus(g, award, 2, "GE A4.2")
		per_tally(g, award, "r_taken", 1, U.text("stories.planet_taken"), "GE A4.2")
		per_tally(g, award, "r_destroyed", 1, U.text("stories.enemy_ship_destroyed"), "GE A4.2")
	end,
	second_luminous = function(g, award)
		best_researcher(g, award, "mil", "GE A4.2")
		best_researcher(g, award, "rob", "GE A4.2")
	end,
}

S.migrations = {
	first_luminous = function(g, award)
		per_tally(g, award, "r_grew", 3, U.text("stories.increase_population_action_placing_disc"), "GE A4.3")
	end,
	dark = function(g, award)
		at_war_bonus(g, award, 1, "GE A4.3")
		per_tally(g, award, "r_discs_taken", 1, U.text("stories.disc_taken"), "GE A4.3")
		per_tally(g, award, "r_won", 1, U.text("stories.combat_won"), "GE A4.3")
	end,
	second_luminous = function(g, award)
		-- +4 per technology a seat raised by research that no other seat raised.
		for _, tech in ipairs(U.TECHS) do
			local who = {}
			each_seat(g, function(s)
				if g:get(s, "r_raised_" .. tech) == 1 then
					table.insert(who, s)
				end
			end)
			if #who == 1 then
				award(who[1], 4, U.text("stories.only_researcher", U.TECH_NAMES[tech]))
			end
		end
	end,
}

S.rivalry = {
	first_luminous = function(g, award)
		per_tally(g, award, "r_gain", 1, U.text("stories.gain_planet_action"), "GE A4.4")
	end,
	dark = function(g, award)
		at_war_bonus(g, award, 2, "GE A4.4")
		each_seat(g, function(s)
			local n = 0
			for _, c in ipairs(U.ship_cells(g, s)) do
				local owner = U.controller(g, c)
				if owner and owner ~= s and W.at_war(g, s, owner) then
					n += 1
				end
			end
			if n > 0 then
				award(s, n, U.text("stories.rivalry_cited", U.counted(n, U.text("noun.hostile_planet_blockaded_s"))))
			end
		end)
		per_tally(g, award, "r_retreats", -2, U.text("stories.retreat_before_combat"), "GE A4.4")
	end,
	second_luminous = function(g, award)
		for _, tech in ipairs(U.TECHS) do
			local best = 0
			each_seat(g, function(s)
				best = math.max(best, g:get(s, tech))
			end)
			each_seat(g, function(s)
				if g:get(s, tech) == best then
					award(s, 3, U.text("stories.highest", U.TECH_NAMES[tech]))
				end
			end)
		end
	end,
}

-- Whether a seat's ethics scores the era's point: STO in a luminous era, STS in the
-- dark one (GE A4).
function S.ethics_scores(g, s, era)
	local ethics = g:get(s, "ethics")
	return (era ~= "dark" and ethics == "STO") or (era == "dark" and ethics == "STS")
end
local ethics_scores = S.ethics_scores

-- Every gain of the round's scoring for the story in play: the era's ethics point, then
-- the story's objectives for the era (GE 6.4, A4).
local function each_gain(g, era, award)
	each_seat(g, function(s)
		if ethics_scores(g, s, era) then
			award(s, 1, U.text("stories.ethics_of_era", g:get(s, "ethics"), defs.era[era].name))
		end
	end)
	S[g:global("story")][era](g, award)
end

-- Scores the round for the story in play (GE 6.4).
function S.score_round(g, era)
	each_seat(g, function(s)
		if ethics_scores(g, s, era) then
			g:set(s, "r_ethics_scored", 1)
		end
	end)
	each_gain(g, era, function(s, dp, why)
		U.dp(g, s, dp, why, "stories")
	end)
	g:add_global("usage.story." .. g:global("story"), 1)
end

-- The DP each seat would score if the round were scored now (in `era`, by default the
-- current round's), without scoring it: for the bots' evaluation. The puppet gains
-- nothing, as in U.dp (GE 8.3.4).
function S.projected(g, era: string?)
	local gains = {}
	each_seat(g, function(s)
		gains[s] = 0
	end)
	local round, puppet = g:global("round"), g:global("puppet")
	if not era and round and round >= 1 then
		era = Round.era(round)
	end
	if not (era and g:global("story")) then
		return gains -- still setting up
	end
	each_gain(g, era, function(s, dp)
		if s ~= puppet then
			gains[s] += dp
		end
	end)
	return gains
end

return S

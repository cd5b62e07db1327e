--!strict
-- Twilight Imperium 4: the rights to reroll combat dice that abilities grant for one roll
-- (TI4 §86). Letnev's Munitions Reserves and War Funding (for a space combat round) and the
-- action card Fire Team (for a ground combat round) each say "reroll any number of your
-- dice": the ability grants the right here when it is used, and the combat step asks the
-- seat which dice to reroll once it has rolled (dice.lua `D.question`, `D.reroll`), one
-- question per right. So the three share one mechanism, and the law The Crown of Thalnos
-- (always held by its owner, not granted) is asked the same way after them (§86.3).
--
-- This module only keeps the rights (one game variable each, "reroll_<source>_<seat>");
-- it sits just above util.lua so that the faction and card modules that grant a right can
-- require it without a cycle through dice.lua and abilities.lua.
local R = {}

-- The abilities that grant a right, in the order their questions are asked when a seat
-- holds several for one roll (§86.2: each is a different ability, so each may reroll a die
-- another one rerolled).
R.SOURCES = { "munitions_reserves", "war_funding", "fire_team" }

local function key(seat: number, source: string): string
	assert(table.find(R.SOURCES, source), "unknown reroll source " .. source)
	return "reroll_" .. source .. "_" .. seat
end

-- `seat` may reroll any of its dice of its next combat roll with `source`.
function R.grant(g, seat: number, source: string)
	g:set_global(key(seat, source), true)
end

-- Whether `seat` holds the right `source` not yet used.
function R.granted(g, seat: number, source: string): boolean
	return g:global(key(seat, source)) == true
end

-- Uses the right (the question about it is being asked): true if the seat held it.
function R.take(g, seat: number, source: string): boolean
	local had = R.granted(g, seat, source)
	g:set_global(key(seat, source), nil)
	return had
end

-- Every right of the seat lapses (a new combat round begins, the combat ends).
function R.revoke_all(g, seat: number)
	for _, source in ipairs(R.SOURCES) do
		g:set_global(key(seat, source), nil)
	end
end

return R

--!strict
-- Twilight Imperium 4: the action cards played inside a combat (TI4 §1, §23, §87), as hooks
-- for moments.lua (what each is, when it is playable, what it does). The combat step
-- (combat.lua) opens the moments and reads back the globals these effects set:
--   `card_roll_bonus_<seat>`  added to that seat's combat rolls this round (cleared after the roll);
--   `card_cancel_hits_<seat>` hits taken off what that seat must assign (cleared when read).
-- Moments (info fields): "combat_round" (attacker, defender, cell, round), "assign_hits"
-- (seat: the one assigning, hits, cell), "after_sustain" (shooter, target, cell).
local U = require("util")
local H = {}

local function fighting(seat: number, info): boolean
	return seat == info.attacker or seat == info.defender
end

-- Morale Boost: at the start of a combat round, +1 to your units' combat rolls this round.
H.morale_boost = {
	at = "combat_round",
	can = function(g, seat: number, info): boolean
		return fighting(seat, info) and not g:global("card_roll_bonus_" .. seat)
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_roll_bonus_" .. seat, 1)
	end,
}

-- Shields Holding: before you assign hits to your ships in a space combat, cancel up to 2.
H.shields_holding = {
	at = "assign_hits",
	can = function(g, seat: number, info): boolean
		return seat == info.seat and info.hits > 0 and not g:global("card_cancel_hits_" .. seat)
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_cancel_hits_" .. seat, 2)
	end,
}

-- Direct Hit: after another player's ship uses Sustain Damage against a hit of your units,
-- destroy that ship (digest Part 3.2, corrected text; F-26: two Direct Hits need two ships).
H.direct_hit = {
	at = "after_sustain",
	can = function(g, seat: number, info): boolean
		return seat == info.shooter and g:cell_of(info.target) == info.cell
	end,
	effect = function(g, seat: number, info)
		local e = info.target
		local owner = g:owner(e) :: number
		g:set_prop(e, "damaged", nil)
		g:move(e, { zone = "reinforcements", seat = owner })
		g:log(U.text("combat.destroyed", owner, defs.unit[g:face(e)].name))
	end,
}

return H

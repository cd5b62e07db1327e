--!strict
-- Twilight Imperium 4: the action cards of the strategy and status phases (TI4 §1, §40,
-- §38), as hooks for moments.lua. round.lua opens the moments and reads back:
--   `card_disgrace`              the card just picked goes back; the picker picks another;
--   `card_kept_strategy_<seat>`  that seat keeps its strategy cards and picks none next.
-- Moments (info fields): "strategy_start" (-), "strategy_pick" (seat: the picker, card),
-- "status_return" (-).
local U = require("util")
local H = {}

-- Summit: as the strategy phase begins, 2 command tokens (placed in your pools, §54).
H.summit = {
	at = "strategy_start",
	can = function(g, seat: number, info): boolean
		return g:count({ kind = "command_token", zone = "cmd_reinforcements", seat = seat }) > 0
	end,
	effect = function(g, seat: number, info)
		g:push("redistribute", { seat = seat, gain = 2, redistribute = false })
	end,
}

-- Public Disgrace: as another player picks a strategy card, it must pick a different one.
H.public_disgrace = {
	at = "strategy_pick",
	can = function(g, seat: number, info): boolean
		return seat ~= info.seat and not g:global("card_disgrace")
			and g:count({ kind = "strategy_card", zone = "strategy_common" }) > 1
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_disgrace", true)
	end,
}

-- Political Stability: when strategy cards would go back, you keep yours and pick none in
-- the next strategy phase.
H.political_stability = {
	at = "status_return",
	can = function(g, seat: number, info): boolean
		return g:count({ kind = "strategy_card", zone = "strategy", seat = seat }) > 0 and not g:global("card_kept_strategy_" .. seat)
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_kept_strategy_" .. seat, true)
	end,
}

return H

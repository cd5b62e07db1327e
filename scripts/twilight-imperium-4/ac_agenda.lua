--!strict
-- Twilight Imperium 4: the action cards played in the agenda phase (TI4 §1, §27), as hooks
-- for moments.lua. The agenda step (agenda.lua) opens the moments and reads back the
-- globals these effects set:
--   `card_veto`           the revealed agenda is discarded for the next one;
--   `card_barred_<seat>`  that seat cannot vote on this agenda;
--   `card_votes.<outcome>` extra votes for an outcome (§27: counted with the others).
-- Moments (info fields): "agenda_phase_start" (-), "agenda_revealed" (card, revote),
-- "after_vote" (seat, outcome or nil), "after_speaker_votes" (cast: {[seat]=outcome}).
local U = require("util")
local H = {}

local function others(g, seat: number)
	local options = {}
	for _, s in ipairs(U.clockwise(g, seat)) do
		if s ~= seat then
			table.insert(options, { label = U.text("common.seat", s), value = s })
		end
	end
	return options
end

-- Ancient Burial Sites: before the first agenda, a player's cultural planets are exhausted.
H.ancient_burial_sites = {
	at = "agenda_phase_start",
	can = function(g, seat: number, info): boolean
		for _, p in ipairs(g:entities({ kind = "planet", lacks = "exhausted" })) do
			if g:owner(p) and U.PLANETS[g:face(p)].trait == "cultural" then
				return true
			end
		end
		return false
	end,
	choose = function(g, seat: number, info)
		local options = {}
		for _, s in ipairs(U.clockwise(g, seat)) do
			table.insert(options, { label = U.text("common.seat", s), value = s })
		end
		return { prompt = U.text("cards.choose_player", "Ancient Burial Sites"), rule = "TI4 §1, Ancient Burial Sites",
			help = U.text("cards.choose_help"), options = options }
	end,
	effect = function(g, seat: number, info, target: number)
		for _, p in ipairs(U.planets(g, target, true)) do
			if U.PLANETS[g:face(p)].trait == "cultural" then
				g:set_prop(p, "exhausted", true)
			end
		end
	end,
}

-- Veto: when an agenda is revealed, it is discarded for the next one (not on a re-vote of a
-- law already in play, Miscount Disclosed: that card was not revealed).
H.veto = {
	at = "agenda_revealed",
	can = function(g, seat: number, info): boolean
		return not info.revote and not g:global("card_veto")
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_veto", true)
	end,
}

-- Assassinate Representative: after an agenda is revealed, a chosen player cannot vote on it.
H.assassinate_representative = {
	at = "agenda_revealed",
	can = function(g, seat: number, info): boolean
		return g:seats() > 1
	end,
	choose = function(g, seat: number, info)
		return { prompt = U.text("cards.choose_player", "Assassinate Representative"), rule = "TI4 §1, Assassinate Representative",
			help = U.text("cards.choose_help"), options = others(g, seat) }
	end,
	effect = function(g, seat: number, info, target: number)
		g:set_global("card_barred_" .. target, true)
	end,
}

-- Distinguished Councilor: after you cast votes on an outcome, 5 more for it (F-28: only
-- after a player's own vote step, never after Bribery's extra votes).
H.distinguished_councilor = {
	at = "after_vote",
	can = function(g, seat: number, info): boolean
		return seat == info.seat and info.outcome ~= nil
	end,
	effect = function(g, seat: number, info)
		g:add_global("card_votes." .. info.outcome, 5)
		g:log(U.text("cards.extra_votes", seat, 5))
	end,
}

-- Bribery: after the speaker votes, spend trade goods for as many votes on your outcome.
H.bribery = {
	at = "after_speaker_votes",
	can = function(g, seat: number, info): boolean
		return info.cast[tostring(seat)] ~= nil and (g:get(seat, "tg") or 0) > 0
	end,
	choose = function(g, seat: number, info)
		return { kind = "number", min = 1, max = g:get(seat, "tg"), prompt = U.text("cards.bribery_prompt"),
			rule = "TI4 §1, Bribery", help = U.text("cards.bribery_help") }
	end,
	effect = function(g, seat: number, info, n: number)
		g:add(seat, "tg", -n)
		g:add_global("card_votes." .. info.cast[tostring(seat)], n)
		g:log(U.text("cards.extra_votes", seat, n))
	end,
}

return H

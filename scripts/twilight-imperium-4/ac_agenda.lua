--!strict
-- Twilight Imperium 4: the action cards played in the agenda phase (TI4 §1, §27), as hooks
-- for moments.lua. The agenda step (agenda.lua) opens the moments and reads back the
-- globals these effects set:
--   `card_veto`           the revealed agenda is discarded for the next one;
--   `card_barred_<seat>`  that seat cannot vote on this agenda;
--   `card_votes.<outcome>` extra votes for an outcome (§27: counted with the others).
--   `card_rider.<card>`   "<seat>|<outcome>": a rider's prediction (§27.22), paid by
--                         agenda.lua once the agenda resolves (moments.lua `card_payoff`);
--   `card_elect`          the player elected instead (Confusing Legal Text).
-- Moments (info fields): "agenda_phase_start" (-), "agenda_revealed_when" and
-- "agenda_revealed" (card, revote: "when" and "after" an agenda is revealed),
-- "after_vote" (seat, outcome or nil), "after_speaker_votes" (cast: {[seat]=outcome}),
-- "elected" (seat: the elected player, outcome).
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

-- The question of a card aimed at a player: `card` is its name.
local function choose_player(card: string, options)
	return { prompt = U.text("cards.choose_player", card), rule = "TI4 §1, " .. card, help = U.text("cards.choose_help"), options = options }
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
		return choose_player("Ancient Burial Sites", options)
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
-- law already in play, Miscount Disclosed: that card was not revealed). A "when" card: its
-- moment comes before the "after" ones of the reveal (§19.16, timing.lua).
H.veto = {
	at = "agenda_revealed_when",
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
		return choose_player("Assassinate Representative", others(g, seat))
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

-- Confusing Legal Text: when you are elected, another player is elected instead.
H.confusing_legal_text = {
	at = "elected",
	can = function(g, seat: number, info): boolean
		return seat == info.seat and not g:global("card_elect")
	end,
	choose = function(g, seat: number, info)
		return choose_player("Confusing Legal Text", others(g, seat))
	end,
	effect = function(g, seat: number, info, target: number)
		g:set_global("card_elect", "p:" .. target)
	end,
}

-- The riders (§27.22): after an agenda is revealed, before the votes, you give up your vote
-- and predict an outcome; if it is elected, the payoff. A re-voted law (Miscount
-- Disclosed) takes riders too: it is voted on like a revealed agenda.
local function rider(name: string, payoff, payoff_choose)
	return {
		at = "agenda_revealed",
		can = function(g, seat: number, info): boolean
			return true
		end,
		choose = function(g, seat: number, info)
			local options = {}
			for _, v in ipairs(require("agendas").outcomes(g, g:face(info.card))) do
				table.insert(options, { label = require("agenda").label(g, v, seat), value = v })
			end
			return { prompt = U.text("cards.rider_prompt", name), rule = "TI4 §27.22, " .. name,
				help = U.text("cards.rider_help"), options = options }
		end,
		effect = function(g, seat: number, info, outcome: string)
			g:set_global("card_rider." .. string.lower(string.gsub(name, " ", "_")), string.format("%d|%s", seat, outcome))
			g:set_global("card_barred_" .. seat, true)
			g:log(U.text("cards.rider_predicts", seat, require("agenda").label(g, outcome, 0)))
		end,
		payoff = payoff,
		payoff_choose = payoff_choose,
	}
end

-- A rider's payoff target among `list`, each labelled by `label` (a planet or a system).
local function target_choice(g, name: string, list: { number }, label: (any, number) -> string)
	local options = {}
	for _, x in ipairs(list) do
		table.insert(options, { label = label(g, x), value = x })
	end
	if #options == 0 then
		return nil
	end
	return { prompt = U.text("cards.choose_target", name), rule = "TI4 §27.22, " .. name, help = U.text("cards.rider_help"), options = options }
end

local function planet_choice(g, seat: number, name: string, list: { number })
	return target_choice(g, name, list, U.planet_name)
end

local function cell_choice(g, seat: number, name: string, cells: { number })
	return target_choice(g, name, cells, U.cell_label)
end

-- From reinforcements, or one taken back from the board (TI4 §57.4; production.lua).
local function from_reinforcements(g, seat: number, kind: string, where: any)
	require("production").place(g, seat, kind, where)
end

H.imperial_rider = rider("Imperial Rider", function(g, seat: number)
	U.vp(g, seat, 1, "other")
end)

H.trade_rider = rider("Trade Rider", function(g, seat: number)
	U.gain_tg(g, seat, 5)
end)

H.technology_rider = rider("Technology Rider", function(g, seat: number)
	g:push("research", { seat = seat })
end)

H.leadership_rider = rider("Leadership Rider", function(g, seat: number)
	g:push("redistribute", { seat = seat, gain = 3, redistribute = false }) -- placed, not redistributed (§54)
end)

H.politics_rider = rider("Politics Rider", function(g, seat: number)
	for _ = 1, 3 do
		U.draw_action(g, seat)
	end
	g:set_global("speaker", seat)
	g:log(U.text("setup.speaker", seat))
	require("abilities").at(g, "action_cards_drawn", { seat = seat }) -- Scheming (faction_yssaril.lua)
	if g:count({ kind = "action_card", zone = "hand", seat = seat }) > require("abilities").hand_limit(g, seat) then
		g:push("discard", { seat = seat })
	end
end)

H.construction_rider = rider("Construction Rider", function(g, seat: number, p: number?)
	if p then
		-- TI4 §41.1: a Floating Factory goes in the planet's space area.
		from_reinforcements(g, seat, "space_dock", U.placed_in_space(g, seat, "space_dock") and g:cell_of(p) or { inside = p })
	end
end, function(g, seat: number)
	if not require("production").placeable(g, seat, "space_dock") then
		return nil
	end
	return planet_choice(g, seat, "Construction Rider", U.planets(g, seat))
end)

H.warfare_rider = rider("Warfare Rider", function(g, seat: number, c: number?)
	if c then
		from_reinforcements(g, seat, "dreadnought", c)
	end
end, function(g, seat: number)
	if not require("production").placeable(g, seat, "dreadnought") then
		return nil
	end
	local cells = {}
	for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES, owner = seat })) do
		if U.fleet_room(g, seat, c) then -- §45
			table.insert(cells, c)
		end
	end
	return cell_choice(g, seat, "Warfare Rider", cells)
end)

H.diplomacy_rider = rider("Diplomacy Rider", function(g, seat: number, c: number?)
	if not c then
		return
	end
	for s = 1, g:seats() do
		if s ~= seat and not U.eliminated(g, s) and g:count({ kind = "command_token", owner = s, cell = c }) == 0 then
			U.move_token(g, s, "cmd_reinforcements", c)
		end
	end
end, function(g, seat: number)
	local cells, seen = {}, {}
	for _, p in ipairs(U.planets(g, seat)) do
		local c = g:cell_of(p) :: number
		if not seen[c] then
			seen[c] = true
			table.insert(cells, c)
		end
	end
	return cell_choice(g, seat, "Diplomacy Rider", cells)
end)

return H

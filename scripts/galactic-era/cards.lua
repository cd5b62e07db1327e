--!strict
-- Galactic Era: domination cards (GE 7.3, 6.5.1, A3). Each seat holds a hidden hand;
-- a card is played for section A (its condition met, at most one A per seat, with an
-- optional immediate effect) or section B (no condition; the better-scoring option is
-- offered separately). Exactly two cards are completed per game; after the first, the
-- seat draws again if its hand is empty; cards left at the end must be played. When
-- cards are offered, and to whom, is card_offers.lua.
local U = require("util")
local W = require("war")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Puppet = require("puppet")
local Stories = require("stories")
local Milestones = require("milestones")
local CardEffects = require("card_effects")
local C = {}

local A_DP = { adquisidor = 10, belico = 10, centrico = 12, cientifico = 9, constructor = 7, defensivo = 9, denso = 7,
	diplomatico = 14, espacial = 11, especializado = 11, eterico = 8, explorador = 13, moral = 9 }

local function central(g)
	return g:global("central_region")
end

local function planets_in(g, seat, region)
	local n = 0
	for _, c in ipairs(U.controlled_planets(g, seat)) do
		if g:region(c) == region then
			n += 1
		end
	end
	return n
end

local function sectors_with(g, seat, test)
	local n = 0
	for region = 1, g:region_count() do
		if test(region) then
			n += 1
		end
	end
	return n
end

local function has_ship_in(g, seat, region)
	for _, c in ipairs(U.ship_cells(g, seat)) do
		if g:region(c) == region then
			return true
		end
	end
	return false
end

local function base_cv_total(g, seat)
	local units = 0
	for _, c in ipairs(U.ship_cells(g, seat)) do
		units += U.ship_units(g, seat, c)
	end
	return units * U.tech_value(g, seat, "mil", "cv")
end

-- An upper bound of `base_cv_total` that every seat can work out: the number tokens
-- inside fleets are secret, so each counts as a 10, the largest (GE 4.6.2); decoys too,
-- since nobody else can tell them apart.
local function base_cv_bound(g, seat)
	local units = 0
	for _, c in ipairs(U.ship_cells(g, seat)) do
		units += g:count({ kind = "ship", owner = seat, cell = c })
		for _, m in ipairs(g:entities({ kind = "marker", owner = seat, cell = c })) do
			units += 10 * #g:entities({ inside = m })
		end
	end
	return units * U.tech_value(g, seat, "mil", "cv")
end

-- Section A conditions (GE A3); `ctx` carries the moment (turn tallies, battle…).
C.condition = {
	adquisidor = function(g, s) return (g:get(s, "turn_taken") or 0) >= 2 end,
	belico = function(g, s) return base_cv_total(g, s) >= 120 end,
	centrico = function(g, s) return planets_in(g, s, central(g)) >= 4 end,
	cientifico = function(g, s)
		local total = 0
		for _, t in ipairs(U.TECHS) do
			total += g:get(s, t)
		end
		return total >= 16
	end,
	constructor = function(g, s) return (g:get(s, "last_build") or 0) >= 10 end,
	defensivo = function(g, s)
		local cap = U.capital_cell(g, s)
		if not cap then
			return false
		end
		for _, c in ipairs(g:cells({ terrain = "planet", region = g:region(cap) })) do
			if U.controller(g, c) ~= s then
				return false
			end
		end
		return true
	end,
	denso = function(g, s)
		local n = 0
		for _, c in ipairs(U.controlled_planets(g, s)) do
			if U.planet_population(g, c) >= 5 then
				n += 1
			end
		end
		return n >= 3
	end,
	diplomatico = function(g, s)
		local main
		for _, c in ipairs(g:cells({ terrain = "planet", region = central(g) })) do
			if g:cell_prop(c, "main") == 1 then
				main = c
			end
		end
		return g:get(s, "spi") >= 4 and main ~= nil and U.controller(g, main) == s and #W.enemies(g, s) == 0
	end,
	espacial = function(g, s) return #U.controlled_planets(g, s) >= 10 end,
	especializado = function(g, s)
		local six, five = 0, 0
		for _, t in ipairs(U.TECHS) do
			local l = g:get(s, t)
			if l == 6 then
				six += 1
			elseif l == 5 then
				five += 1
			end
		end
		return six >= 2 or (six >= 1 and five >= 1)
	end,
	eterico = function(g, s)
		if g:get(s, "moved_any") then
			return false -- only at the start of the movement turn
		end
		local n = 0
		for _, c in ipairs(U.ship_cells(g, s)) do
			if g:terrain(c) == "nebula" then
				n += 1
			end
		end
		return n >= 4
	end,
	explorador = function(g, s)
		return g:get(s, "pro") >= 4 and sectors_with(g, s, function(r)
			return has_ship_in(g, s, r) and planets_in(g, s, r) >= 1
		end) >= 4
	end,
	moral = function(g, s)
		if g:global("phase") ~= "round_end" or g:get(s, "dp") < 5 then
			return false
		end
		for o = 1, g:seats() do
			if o ~= s and g:get(o, "ethics") == g:get(s, "ethics") and g:get(o, "dp") >= g:get(s, "dp") then
				return false
			end
		end
		return true
	end,
}

-- Whether the others can tell that `seat` may meet section A's condition of card `id`:
-- every condition above reads only what everyone sees (pieces on the board, technology
-- levels, DP, war and peace, the phase) except Bélico's, which counts the ships inside
-- fleets; for it an upper bound is used. A condition added above that reads a secret
-- needs a bound here too, or the seats asked at a card moment would give it away
-- (card_offers.lua).
function C.may_meet_a(g, seat, id)
	if id == "belico" then
		return base_cv_bound(g, seat) >= 120
	end
	return C.condition[id](g, seat)
end

-- Section B options: a list of {label, dp} (dp may be fractional before doubling).
C.options_b = {
	adquisidor = function(g, s)
		local n = 0
		for _, c in ipairs(U.ship_cells(g, s)) do
			if U.is_planet(g, c) and not U.controller(g, c) and #U.seats_with_ships(g, c) == 1 then
				n += 1
			end
		end
		return { { U.TEXT["cards.1_dp_per_neutral_planet"], n }, { U.TEXT["cards.military_power_level"], g:get(s, "mil") } }
	end,
	belico = function(g, s)
		-- Fleet markers on the board per sector: the seat's own, and everyone's.
		local own = g:tally({ kind = "marker", owner = s }, "region")
		local all = g:tally({ kind = "marker" }, "region")
		local n = sectors_with(g, s, function(r)
			local mine = own[r] or 0
			return mine > 0 and (all[r] or 0) == mine
		end)
		return { { U.TEXT["cards.2_dp_per_sector_where"], 2 * n }, { U.TEXT["cards.military_power_level"], g:get(s, "mil") } }
	end,
	centrico = function(g, s)
		local best = 0
		for _, c in ipairs(U.controlled_planets(g, s)) do
			if g:region(c) == central(g) then
				best = math.max(best, U.discs_at(g, c)) -- ⚠ AMB.10: one planet
			end
		end
		return { { U.TEXT["cards.1_dp_per_disc_on"], best } }
	end,
	cientifico = function(g, s)
		local low = 6
		for _, t in ipairs(U.TECHS) do
			low = math.min(low, g:get(s, t))
		end
		return { { U.TEXT["cards.lowest_technology_2"], low * 2 } }
	end,
	constructor = function(g, s)
		local n = 0
		for _, c in ipairs(U.ship_cells(g, s)) do
			if g:terrain(c) == "asteroids" then
				n += 1
			end
		end
		return { { U.TEXT["cards.1_dp_per_asteroid_hex"], n }, { U.TEXT["cards.robotics_level"], g:get(s, "rob") } }
	end,
	defensivo = function(g, s)
		local cap = U.capital_cell(g, s)
		local alone = 4
		for o = 1, g:seats() do
			if o ~= s and cap and planets_in(g, o, g:region(cap)) > 0 then
				alone = 0
			end
		end
		return { { U.TEXT["cards.4_if_alone_in_your"], alone + g:get(s, "mil") / 2 } }
	end,
	denso = function(g, s)
		local n = 0
		for _, c in ipairs(U.controlled_planets(g, s)) do
			if U.planet_population(g, c) >= 4 then
				n += 1
			end
		end
		return { { U.TEXT["cards.1_dp_per_planet_with"], n } }
	end,
	diplomatico = function(g, s)
		local n = 0
		for _, c in ipairs(U.ship_cells(g, s)) do
			local cap = U.capital_at(g, c)
			if cap and g:owner(cap) ~= s then
				n += 1
			end
		end
		return { { U.TEXT["cards.2_dp_per_hex_with"], 2 * n }, { U.TEXT["cards.spirituality_level"], g:get(s, "spi") } }
	end,
	espacial = function(g, s)
		return { { U.TEXT["cards.2_dp_per_3_planets"], 2 * (#U.controlled_planets(g, s) // 3) }, { U.TEXT["cards.propulsion_level"], g:get(s, "pro") } }
	end,
	especializado = function(g, s)
		local high = 1
		for _, t in ipairs(U.TECHS) do
			high = math.max(high, g:get(s, t))
		end
		return { { U.TEXT["cards.highest_technology_level"], high } }
	end,
	eterico = function(g, s)
		if g:get(s, "ethics") == "STO" then
			return { { U.TEXT["cards.spirituality_level_sto"], g:get(s, "spi") } }
		end
		return { { U.TEXT["cards.military_power_level_sts"], g:get(s, "mil") } }
	end,
	explorador = function(g, s)
		return { { U.TEXT["cards.1_dp_per_sector_with"], sectors_with(g, s, function(r) return has_ship_in(g, s, r) end) },
			{ U.TEXT["cards.propulsion_level"], g:get(s, "pro") } }
	end,
	moral = function(g, s)
		-- GE A3.13 B1 pays for not meeting the story's ethics premise this round. Played
		-- before the round is scored, the premise is judged on the seat's ethics now, so
		-- that the 4 DP and the ethics point are never both won in one round.
		local premise = g:get(s, "r_ethics_scored") == 1 or Stories.ethics_scores(g, s, g:global("era"))
		return { { U.TEXT["cards.4_dp_if_you_did"], premise and 0 or 4 },
			{ U.TEXT["cards.spirituality_level"], g:get(s, "spi") } }
	end,
}

-- DP actually gained: doubled under Crecimiento personal, halves rounded up (GE A5.3);
-- `doubled`, whether Crecimiento personal is the milestone.
local function awarded(doubled, dp)
	if doubled then
		return math.ceil(dp * 2)
	end
	return math.floor(dp)
end

function C.awarded(g, dp)
	return awarded(Milestones.active(g, "crecimiento"), dp)
end

function C.award(g, seat, dp, why)
	U.dp(g, seat, C.awarded(g, dp), why, "cards")
end

function C.hand(g, seat)
	return g:entities({ kind = "domination", zone = "domination_hand", seat = seat })
end

function C.can_play(g, seat)
	if Puppet.is_puppet(g, seat) then
		return false -- GE 8.3.1: the puppet never holds domination cards
	end
	return (g:get(seat, "cards_done") or 0) < 2 and #C.hand(g, seat) > 0
end

-- Draws the top card into a seat's hand (GE 7.3).
function C.draw(g, seat)
	local deck = g:entities({ zone = "domination_deck" })
	local card = deck[#deck]
	if card then
		g:move(card, { zone = "domination_hand", seat = seat })
		g:hide(card, seat)
		g:log_to({ seat }, U.text("cards.you_draw_domination_card", defs.domination_card[g:face(card)].name))
	end
end

-- Cards whose section A must be played at the moment its condition happens, not at
-- any time (GE 7.3 timing exception; A3.1 Adquisidor, A3.5 Constructor). The step that
-- sees the condition happen offers them with `moment.happened` naming the card; at any
-- other moment (later in the turn, another phase, the end of the game) only their
-- section B is offered.
local WHEN_IT_HAPPENS = { adquisidor = true, constructor = true }

-- Whether `moment` (a card offer's moment; nil for the own-turn menus) allows section A
-- of card `id`.
function C.a_timely(id, moment)
	return not WHEN_IT_HAPPENS[id] or (moment ~= nil and moment.happened == id)
end

-- The plays a seat may make at `moment`: A where the condition holds (and no A yet),
-- every B option.
function C.plays(g, seat, moment)
	local out = {}
	if (g:get(seat, "cards_done") or 0) >= 2 or Puppet.is_puppet(g, seat) then
		return out
	end
	local doubled = nil -- C.awarded's milestone, read once for every option
	for _, card in ipairs(C.hand(g, seat)) do
		local id = g:face(card)
		local name = defs.domination_card[id].name
		-- At the end too, a card may score by A if its condition holds (GE 6.6 step 4).
		if not g:get(seat, "a_used") and C.a_timely(id, moment) and C.condition[id](g, seat) then
			table.insert(out, { label = U.text("cards.play_for_section_dp", name, A_DP[id]), value = { card = card, section = "A" } })
		end
		for i, opt in ipairs(C.options_b[id](g, seat)) do
			if doubled == nil then
				doubled = Milestones.active(g, "crecimiento")
			end
			table.insert(out, { label = U.text("cards.play_for_section_b_dp", name, opt[1], awarded(doubled, opt[2])), value = { card = card, section = "B", option = i } })
		end
	end
	return out
end

-- Whether `C.plays` would offer anything, without making its labels: the menus only
-- ask whether to show a card entry (at every decision of a movement, progress or trade
-- turn). Every card's `C.options_b` lists at least one section B option, whatever the
-- position, so a seat that may still play has a play exactly when it holds a card:
-- one query, instead of working out the first card's options.
function C.any_play(g, seat)
	if (g:get(seat, "cards_done") or 0) >= 2 or Puppet.is_puppet(g, seat) then
		return false
	end
	return g:first({ kind = "domination", zone = "domination_hand", seat = seat }) ~= nil
end

-- Plays a card (GE 7.3): `declare` turns it face up among the seat's completed cards;
-- `score` gives its DP, applies section A's immediate effect where the moment allows
-- and draws after the first card. Plays made at the same moment are all declared
-- first, then scored one by one (card_offers.lua).
function C.declare(g, seat, play)
	local card = play.card
	g:move(card, { zone = "domination_played", seat = seat })
	g:reveal(card)
	g:add(seat, "cards_done", 1)
	g:add_global("usage.domination_card." .. g:face(card), 1)
	if play.section == "A" then
		g:set(seat, "a_used", true)
	end
end

function C.score(g, seat, play, moment)
	local id = g:face(play.card)
	if play.section == "A" then
		C.award(g, seat, A_DP[id], U.text("cards.section", defs.domination_card[id].name))
		CardEffects.immediate(g, seat, id, moment or {})
	else
		local opt = C.options_b[id](g, seat)[play.option]
		C.award(g, seat, opt[2], U.text("cards.section_b", defs.domination_card[id].name, opt[1]))
	end
	if (g:get(seat, "cards_done") or 0) < 2 and #C.hand(g, seat) == 0 then
		C.draw(g, seat) -- GE 7.3: draw after the first card
	end
end

function C.play(g, seat, play, moment)
	C.declare(g, seat, play)
	C.score(g, seat, play, moment)
end

-- GE 6.5.1: at the era changes (after rounds 2 and 6) each seat in turn order may
-- discard its uncompleted card to the bottom of the deck and draw; after round 6 a
-- seat with no completed card must draw a second card instead.
C.era_change = {
	enter = function(g, ctx)
		ctx.i = 1
	end,
	run = function(g, ctx)
		local order = U.turn_order(g)
		while ctx.i <= #order do
			local s = order[ctx.i]
			local done = g:get(s, "cards_done") or 0
			if Puppet.is_puppet(g, s) then
				ctx.i += 1
			elseif g:global("round") == 6 and done == 0 then
				C.draw(g, s)
				g:log(U.text("cards.seat_draws_second_domination_card", s))
				ctx.i += 1
			elseif done < 2 and #C.hand(g, s) > 0 and not (g:global("round") == 6 and done == 0) then
				return { seat = s, prompt = U.TEXT["cards.era_change_discard_your_domination"], rule = "GE 6.5.1",
					options = { { label = U.TEXT["cards.discard_and_draw"], value = true } }, pass = U.TEXT["cards.keep_it"],
					help = U.TEXT["cards.at_each_change_era_you"] }
			else
				ctx.i += 1
			end
		end
		return nil
	end,
	resolve = function(g, ctx, choice)
		local s = U.turn_order(g)[ctx.i]
		if choice then
			local card = C.hand(g, s)[1]
			g:move_to_bottom(card, "domination_deck")
			g:hide(card)
			C.draw(g, s)
			g:log(U.text("cards.seat_discards_domination_card_and", s))
		end
		ctx.i += 1
	end,
}

return C

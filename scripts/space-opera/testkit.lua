--!strict
-- Space Opera: helpers for scenario files (tests/scenarios/space-opera), so a rulebook
-- example can be set up in a few lines. They only move the cards setup created (so
-- every card stays accounted for) and set counters.
local U = require("util")
local C = require("cards")
local T = {}

-- Clears the flow and leaves a `hold` frame at the bottom, so the game waits once the
-- pushed steps finish instead of ending.
function T.start(g)
	g:reset_flow()
	g:push("hold", {})
	g:set_global("round", 2)
end

-- Competitive mode: seat s brings deck list `ids[s]` with the species it was built
-- around, as if chosen (setup.choose_decks), for scenarios that start after the choice.
function T.decks(g, ids)
	local D = require("decks")
	for s, id in ipairs(ids) do
		D.build(g, s, D.list_for(defs.deck_list[id].species, id))
	end
end

-- Every hand card back into its deck, face down (a clean table for a scenario).
function T.clear_hands(g)
	for s = 1, g:seats() do
		for _, card in ipairs(C.hand(g, s)) do
			g:move(card, C.deck_of(g, s))
			g:set_owner(card, nil)
			g:hide(card)
		end
	end
end

-- Removes from the decks every card that could be played in a reaction window, so a
-- scenario's random draws never open one.
function T.quiet_deck(g)
	local E = require("effects")
	for _, card in ipairs(U.all_resources(g)) do
		local at = g:where(card)
		if type(at) == "table" and at.zone == "deck" then
			local d = U.def(g, card)
			local e = d.effect and E[d.effect]
			if e and (e.when.duel or e.when.assault or e.when.stack) then
				g:move(card, C.discard_of(g, card))
				g:reveal(card)
			end
		end
	end
end

-- A copy of resource `id` still in a deck or discard pile.
function T.card(g, id)
	for _, card in ipairs(U.all_resources(g, id)) do
		local at = g:where(card)
		if type(at) == "table" and (at.zone == "deck" or at.zone == "discard") then
			return card
		end
	end
	error("no free copy of " .. id)
end

function T.hand(g, s, id)
	local card = T.card(g, id)
	C.to_hand(g, card, s)
	return card
end

-- A technology or ship of seat `s`, raised (face up) or under construction.
function T.tech(g, s, id, raised)
	local card = T.card(g, id)
	g:set_owner(card, s)
	if raised then
		g:move(card, { zone = "built", seat = s })
		g:reveal(card)
	else
		g:move(card, { zone = "building", seat = s })
		g:hide(card, s)
		g:set_prop(card, "credits", U.def(g, card).price)
	end
	return card
end

function T.mount(g, s, id, ship)
	local card = T.card(g, id)
	g:set_owner(card, s)
	g:move(card, { inside = ship })
	g:reveal(card)
	return card
end

-- Seat `s` plays species `id` (the card is taken from wherever it lies).
function T.species(g, s, id)
	local old = U.species_card(g, s)
	if old then
		g:move(old, "species_box")
		g:set_owner(old, nil)
		g:hide(old)
	end
	U.give_species(g, s, g:first({ kind = "species", face = id }))
end

-- Seat `s` is at star system `id` (its stack is discarded first).
function T.system(g, s, id)
	C.discard_systems(g, s)
	local card = g:first({ kind = "system", face = id })
	g:move(card, { zone = "jumps", seat = s })
	g:reveal(card)
end

-- Puts star systems on top of the deck: `ids[1]` is drawn first.
function T.next_systems(g, ids)
	for i = #ids, 1, -1 do
		local card = g:first({ kind = "system", face = ids[i] })
		g:move(card, "systems")
		g:hide(card)
	end
end

function T.units(g, s, civ, mil)
	g:set(s, "civ", civ)
	g:set(s, "mil", mil)
end

-- Runs the turn of seat `s` from its main part (no start-of-turn upkeep): the seat is
-- made the active one and the window context "main", as a turn's start does.
function T.turn(g, s)
	g:set_global("active", s)
	g:set_global("sync", { kind = "main" })
	g:push("turn", { seat = s, stage = "main" })
end

-- How many options of seat `s`'s turn menu contain `text`, built by the function the
-- `turn` step asks with (actions.lua), so an Expect can show an action is not offered.
function T.offers(g, s, text)
	local n = 0
	for _, opt in ipairs(require("actions").options(g, s)) do
		if string.find(opt.label, text, 1, true) then
			n += 1
		end
	end
	return n
end

-- The decision the defender of the fleet battle being fought gets for its next block
-- (nil when no pair is left to make), built by the function the `war` step asks it
-- with, so an Expect can check what is offered, and what is not.
function T.block_decision(g)
	local b = g:global("fleet_battle")
	return b and require("fleet").block_decision(g, b)
end

-- Holds the game after a scenario's steps, asking seat 1 to acknowledge.
T.hold = {
	run = function(g, ctx)
		return { seat = 1, prompt = U.text("scenario.hold"), options = { "ok" } }
	end,
	resolve = function(g, ctx, _) end,
}

return T

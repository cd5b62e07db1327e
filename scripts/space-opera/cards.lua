--!strict
-- Space Opera: where cards are and how they move — resource decks (one shared deck in
-- casual mode, one per seat in competitive mode), hands, discards, the decline
-- reshuffle, the tableau (technologies under construction face down with their credits
-- on them, built ones face up, equipment and crew inside a ship) and the star system
-- stacks that jumps build. Every card is an entity created at setup; nothing is ever
-- created or destroyed later, so cards are conserved (checks.invariants).
--
-- Zones: `deck`/`discard` (or `{zone=, seat=}` in competitive mode), `{zone="hand"}`,
-- `{zone="building"}`, `{zone="built"}`, `stack` (played, resolving), `systems`,
-- `systems_discard`, `{zone="jumps"}`. A card's top is the entity moved last.
local U = require("util")
local C = {}

-- ---- decks and the decline (SO §5.9, §6.7.2) -------------------------------------------

-- The deck a seat draws from.
function C.deck_of(g, s)
	if U.competitive(g) then
		return { zone = "deck", seat = s }
	end
	return "deck"
end

-- The discard pile a card goes to: its deck owner's in competitive mode.
function C.discard_of(g, card)
	if g:variant("competitive") then -- U.competitive
		return { zone = "discard", seat = g:prop(card, "deck") }
	end
	return "discard"
end

-- Whether a seat is in decline: one flag for the shared deck, one per seat in
-- competitive mode ("tiene su propio declive", SO §6.7.2).
function C.in_decline(g, s)
	if U.competitive(g) then
		return g:get(s, "decline") == true
	end
	return g:global("decline") == true
end

local function entities_at(g, at)
	if type(at) == "string" then
		return g:entities({ zone = at })
	end
	return g:entities(at)
end

-- SO §5.9: when the resource deck runs out, the discards are shuffled into a new deck
-- and the civilisation is in decline from then on.
local function decline(g, s)
	local deck = C.deck_of(g, s)
	local pile = U.competitive(g) and { zone = "discard", seat = s } or "discard"
	for _, card in ipairs(entities_at(g, pile)) do
		g:move(card, deck)
		g:hide(card)
	end
	g:shuffle_zone(deck)
	if not C.in_decline(g, s) then
		if U.competitive(g) then
			g:set(s, "decline", true)
			g:log(U.text("decline.own_deck", s, s))
		else
			g:set_global("decline", true)
			g:log(U.text("decline.shared_deck"))
		end
	end
end

-- The shared deck and the star system deck as filters, made once (as U.HAND's).
local SHARED_DECK, SYSTEMS = { zone = "deck" }, { zone = "systems" }

-- Draws `n` resources into a seat's hand; returns how many it drew. `competitive`:
-- whether competitive mode is played, when the caller has asked (nil: asked here).
function C.draw(g, s, n, competitive)
	local drawn = 0
	local names = table.create(n)
	-- The deck is counted and its top card asked for, not listed: a list of the whole
	-- deck costs twice as much as both.
	if competitive == nil then
		competitive = U.competitive(g)
	end
	local deck = competitive and U.DECK[s] or SHARED_DECK -- C.deck_of
	for _ = 1, n do
		local left = g:count(deck)
		if left == 0 then
			-- The deck ran out while the discards were empty: try again now.
			decline(g, s)
			left = g:count(deck)
		end
		if left == 0 then
			break
		end
		local card = g:last(deck)
		C.to_hand(g, card, s)
		table.insert(names, U.name(g, card))
		drawn += 1
		if left == 1 then
			decline(g, s)
		end
	end
	if drawn > 0 then
		-- What was drawn is the drawer's alone (SO §4.3).
		g:log_to({ s }, U.text("cards.draw", table.concat(names, U.text("list.separator"))))
	end
	return drawn
end

function C.to_hand(g, card, s)
	g:move(card, U.HAND[s])
	g:set_owner(card, s)
	g:hide(card, s)
end

function C.hand(g, s)
	return g:entities(U.HAND[s])
end

-- Puts a card on its discard pile, face up; a ship takes its equipment and crew along
-- (SO §4.3).
function C.discard(g, card)
	for _, inner in ipairs(g:entities({ inside = card })) do
		C.discard(g, inner)
	end
	for _, key in ipairs({ "credits", "duel_atk", "duel_def" }) do
		g:set_prop(card, key, nil)
	end
	g:move(card, C.discard_of(g, card))
	g:set_owner(card, nil)
	g:reveal(card)
end

-- C.discard of a played consumable: it never carries cards, credits or duel values.
function C.discard_played(g, card)
	g:move(card, C.discard_of(g, card))
	g:set_owner(card, nil)
	g:reveal(card)
end

-- SO §6.7.2 mulligan: cards go under the deck (the bottom is the oldest entity there).
function C.put_under(g, s, cards)
	local deck = C.deck_of(g, s)
	local rest = entities_at(g, deck)
	for _, card in ipairs(cards) do
		g:move(card, deck)
		g:set_owner(card, nil)
		g:hide(card)
	end
	for _, card in ipairs(rest) do
		g:move(card, deck)
	end
end

-- ---- the tableau (SO §4.3, §6.3) ------------------------------------------------------------

function C.built(g, s)
	return g:entities(U.BUILT[s])
end

function C.building(g, s)
	return g:entities(U.BUILDING[s])
end

-- A seat's raised cards and, in the same order, their definitions: looked up once
-- while the game does not change (g:memo), since the turn menu, the totals and the
-- ship list all walk them and every definition costs a g:face. Shared: do not change.
local function tableau_now(g, s)
	local cards = g:entities(U.BUILT[s])
	local of = table.create(#cards)
	for i, e in ipairs(cards) do
		of[i] = defs.resource[g:face(e)]
	end
	return { cards = cards, defs = of }
end

-- `memo`: the table g:memo() gave, when the caller has it (nil: asked here). Kept as
-- U.recall keeps answers per seat, written out: the menus ask it for several seats.
function C.tableau(g, s, memo)
	memo = memo or g:memo()
	local known = memo.tableau
	if known == nil then
		known = table.create(U.MAX_SEATS)
		memo.tableau = known
	end
	local tab = known[s]
	if tab == nil then
		tab = tableau_now(g, s)
		known[s] = tab
	end
	return tab
end

function C.ships(g, s)
	local out = {}
	local t = C.tableau(g, s)
	for i, e in ipairs(t.cards) do
		if t.defs[i].type == "ship" then
			table.insert(out, e)
		end
	end
	return out
end

-- Raised (face up) technologies; a ship with its equipment is one (SO §6.1).
function C.raised_count(g, s)
	return #C.built(g, s)
end

-- "Tecnologías construidas" (revised SO §6.1 level, §6.3 cap of 8): one count for both
-- rules, which use the same word. The text sets "construidas" apart from "en
-- construcción" (reorganisation: "se levantan las tecnologías en construcción") and
-- says built ones stay on the table applying their effects, which only raised cards
-- do: built means raised (SO §10 B12). `alt_construction_counts`: technologies under
-- construction count as built too, for the level and the cap alike.
-- `with_building`: whether `alt_construction_counts` is played, when the caller has
-- asked already (nil: asked here). The cards are counted, not listed.
function C.built_count(g, s, with_building)
	if with_building == nil then
		with_building = g:variant("alt_construction_counts") -- U.alt
	end
	local n = g:count(U.BUILT[s])
	if with_building then
		n += g:count(U.BUILDING[s])
	end
	return n
end

C.TECH_CAP = 8

function C.attachments(g, ship)
	return g:entities({ inside = ship })
end

function C.free_slots(g, ship)
	local used = 0
	for _, e in ipairs(C.attachments(g, ship)) do
		if U.def(g, e).type == "equipment" then
			used += 1
		end
	end
	return (U.def(g, ship).slots or 0) - used
end

function C.has_crew(g, ship)
	for _, e in ipairs(C.attachments(g, ship)) do
		if U.def(g, e).type == "crew" then
			return true
		end
	end
	return false
end

-- SO §4.3: a technology is built face down with its value in credits on it; the owner
-- alone knows it. The credits on the card are a public counter.
function C.build(g, s, card)
	local d = U.def(g, card)
	g:add(s, "credits", -d.price)
	g:move(card, U.BUILDING[s])
	g:set_owner(card, s)
	g:hide(card, s)
	g:set_prop(card, "credits", d.price)
	-- Under construction counts for the level only with alt_construction_counts
	-- (C.built_count): else no level moved (V.observe).
	if g:variant("alt_construction_counts") then -- U.alt
		require("victory").observe(g)
	end
end

-- SO §4.3: equipment (one free slot) and crew (classic, at most one per fleet) are
-- mounted face up under a built ship and never removed.
function C.mount(g, s, card, ship)
	g:add(s, "credits", -U.def(g, card).price)
	g:move(card, { inside = ship })
	g:set_owner(card, s)
	g:reveal(card)
end

-- Raises every technology a seat has under construction (SO §5.4.1, §6.2.1.1); returns
-- the cards raised. The credits on them go back to the bank. `observed`: every seat's
-- level was observed just before and nothing else changed since (V.observe's `only`):
-- what V.turn_start read for the turn (V.observe's `at`).
function C.flip(g, s, observed)
	local raised = C.building(g, s)
	if #raised == 0 then
		return raised
	end
	local revised = observed ~= nil or U.revised(g)
	local built = 0
	if revised then
		-- More may be under construction than there is room for (only built ones count
		-- toward the cap): those beyond 8 built stay face down until a place frees up
		-- (SO §6.3). Nothing to raise needs no room (and no count).
		built = g:count(U.BUILT[s])
		local room = C.TECH_CAP - built
		while #raised > math.max(0, room) do
			table.remove(raised)
			g:log(U.text("building.cap", s))
		end
	end
	for _, card in ipairs(raised) do
		g:move(card, U.BUILT[s])
		g:set_prop(card, "credits", nil)
		g:reveal(card)
		g:log(U.text("building.raise", s, U.name(g, card)))
	end
	-- The level history is kept in the revised rules only (V.observe). When every level
	-- was just observed, the raise moves seat s's level only if its built count passes
	-- a multiple of 4, and never when alt_construction_counts already counted the
	-- raised cards (C.built_count): else observing would write nothing.
	if revised and #raised > 0 and not (observed
		and ((built + #raised) // 4 == built // 4 or observed.with_building)) then
		require("victory").observe(g, observed and s or nil, observed)
	end
	return raised
end

-- Destroys a technology (built or under construction): it and whatever it carries go
-- to the discard (SO §4.3).
function C.destroy(g, card)
	C.discard(g, card)
	require("victory").observe(g)
end

-- ---- star systems and jumps (SO §4.2) ---------------------------------------------------------

-- A jump: the next star system goes face up on top of the seat's stack; then, except for
-- the classic round-start jump, the seat draws 1 resource. `revised`: true when the
-- caller knows the revised rules are played (U.sector_names_at); `competitive`: as
-- C.draw's.
function C.jump(g, s, draw, revised, competitive)
	-- Only the top card is asked for (listing the whole deck costs more).
	local card = g:last(SYSTEMS)
	if card == nil then
		-- Not in source: the star system discards are reshuffled into a new deck.
		for _, card in ipairs(g:entities({ zone = "systems_discard" })) do
			g:move(card, "systems")
			g:hide(card)
		end
		g:shuffle_zone("systems")
		card = g:last(SYSTEMS)
	end
	if card then
		g:move(card, U.JUMPS[s])
		g:reveal(card)
		-- The card is now the top of the seat's jumps: its sectors are the seat's.
		local system = g:face(card)
		g:log(U.text("jump.to", s, defs.star_system[system].name, U.sector_names_at(g, system, revised)))
	end
	if draw then
		C.draw(g, s, 1, competitive)
	end
end

function C.discard_systems(g, s)
	for _, card in ipairs(g:entities(U.JUMPS[s])) do
		g:move(card, "systems_discard")
	end
end

-- A seat leaves the game: its cards go to the discards (cards are conserved).
function C.clear_seat(g, s)
	for _, zone in ipairs({ "hand", "building", "built" }) do
		for _, card in ipairs(g:entities({ zone = zone, seat = s })) do
			C.discard(g, card)
		end
	end
	C.discard_systems(g, s)
end

return C

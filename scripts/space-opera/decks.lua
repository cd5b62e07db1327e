--!strict
-- Space Opera: competitive decks (SO §6.7.2) — each seat's collection, the choice of
-- species and deck, validation and building.
--
-- A list is data: a `deck_list` definition (content/space-opera/deck_lists.ron) or a Lua
-- table of the same shape, `{ name = "...", species = "id", cards = {{card = "id",
-- copies = n}, ...} }`. `validate` returns every violated constraint as a readable
-- message (an empty list when the deck is legal); `build` refuses an illegal list with
-- an error naming the seat and every problem, so a bad deck fails the setup.
--
-- Every card of a game is created at setup (cards.lua), before anyone has chosen, so
-- each seat gets a collection: one card of each species and enough resources for any
-- of the pack's deck lists, face down and shuffled (an entity id never tells its face).
-- `build` takes the chosen species and the list's 40 cards out of it; the rest stays in
-- the collection, out of play, known to its owner only.
local U = require("util")
local D = {}

D.SIZE = 40
D.MAX_COPIES = 3
D.MAX_UNIQUE = 1

-- Returns the list of problems of a deck list (empty when it is legal).
function D.validate(list)
	local errors = {}
	local name = list.name or "deck"
	-- 1 species card.
	local species = list.species
	local count = 0
	if type(species) == "string" then
		count = 1
		species = { species }
	elseif type(species) == "table" then
		count = #species
	else
		species = {}
	end
	if count ~= 1 then
		table.insert(errors, string.format("%s: a deck holds exactly 1 species card, not %d", name, count))
	end
	for _, id in ipairs(species) do
		if not defs.species[id] then
			table.insert(errors, string.format("%s: unknown species card \"%s\"", name, tostring(id)))
		end
	end
	-- Exactly 40 resources, <= 3 copies of a card, <= 1 of a unique card.
	local total, copies, seen = 0, {}, {}
	for _, entry in ipairs(list.cards or {}) do
		local n = entry.copies or 0
		if n < 1 then
			table.insert(errors, string.format("%s: %s is listed with %s (at least 1)", name, tostring(entry.card), U.count(n, "copy")))
		end
		total += n
		if copies[entry.card] == nil then
			table.insert(seen, entry.card)
		end
		copies[entry.card] = (copies[entry.card] or 0) + n
	end
	if total ~= D.SIZE then
		table.insert(errors, string.format("%s: a deck holds exactly %d resource cards, not %d", name, D.SIZE, total))
	end
	for _, id in ipairs(seen) do
		local d = defs.resource[id]
		local n = copies[id]
		if not d then
			table.insert(errors, string.format("%s: unknown resource card \"%s\"", name, tostring(id)))
		else
			if not U.contains(d.versions, "revised") then
				table.insert(errors, string.format("%s: %s is not a card of the revised game (competitive mode is revised only)", name, d.name))
			end
			if U.has_keyword(d, "unique") and n > D.MAX_UNIQUE then
				table.insert(errors, string.format("%s: %s of %s, a unique card (at most %d)", name, U.count(n, "copy"), d.name, D.MAX_UNIQUE))
			elseif n > D.MAX_COPIES then
				table.insert(errors, string.format("%s: %s of %s (at most %s of a card)", name, U.count(n, "copy"), d.name, U.count(D.MAX_COPIES, "copy")))
			end
		end
	end
	return errors
end

-- Where seat `s`'s unused cards lie.
function D.collection(s)
	return { zone = "collection", seat = s }
end

-- Creates seat `s`'s collection: a species card of each species, and of each resource
-- the most copies any deck list holds.
function D.stock(g, s)
	for _, id in ipairs(def_ids.species) do
		g:create({ kind = "species", face = id, at = { zone = "species_box", seat = s }, hidden = true })
	end
	local most = {}
	for _, list_id in ipairs(def_ids.deck_list) do
		for _, entry in ipairs(defs.deck_list[list_id].cards) do
			most[entry.card] = math.max(most[entry.card] or 0, entry.copies)
		end
	end
	for _, id in ipairs(def_ids.resource) do
		for _ = 1, most[id] or 0 do
			g:create({ kind = U.resource_kind(g, s), face = id, at = D.collection(s), hidden = true, props = { deck = s } })
		end
	end
	g:shuffle_zone(D.collection(s))
end

-- Seat `s`'s deck list when it brings species `species` and the 40 resources of deck
-- list `list_id`: the species is free, whatever the list was built around (SO §6.7.2:
-- "escoge la especie que quiera"; two seats may bring the same).
function D.list_for(species, list_id)
	local list = defs.deck_list[list_id]
	if not list then
		error(string.format("no deck list \"%s\" (SO §6.7.2)", tostring(list_id)))
	end
	return { name = list.name, species = species, cards = list.cards }
end

-- Validates `list` and gives seat `s` its species card, face up, and its own shuffled
-- deck of 40 from its collection (each card remembers its deck in the public prop
-- `deck`, for its own discard pile).
function D.build(g, s, list)
	local errors = D.validate(list)
	if #errors > 0 then
		error(string.format("seat %d's deck list is illegal (SO §6.7.2): %s", s, table.concat(errors, "; ")))
	end
	U.give_species(g, s, g:first({ kind = "species", zone = "species_box", seat = s, face = list.species }))
	local deck = { zone = "deck", seat = s }
	for _, entry in ipairs(list.cards) do
		local copies = g:entities({ zone = "collection", seat = s, face = entry.card })
		if #copies < entry.copies then
			error(string.format("seat %d's collection holds %d of %s, not %d (SO §6.7.2)", s, #copies, entry.card, entry.copies))
		end
		for i = 1, entry.copies do
			g:move(copies[i], deck)
		end
	end
	g:shuffle_zone(deck)
	-- The list stays secret (SO §11.14): only its owner is told which one it is, and knows
	-- the cards it left out.
	for _, card in ipairs(g:entities(D.collection(s))) do
		g:hide(card, s)
	end
	g:log(U.text("setup.brings_deck", s, defs.species[list.species].name))
	g:log_to(s, U.text("setup.your_deck_list", list.name or U.text("setup.your_own_list")))
end

return D

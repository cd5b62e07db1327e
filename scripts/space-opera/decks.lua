--!strict
-- Space Opera: competitive deck lists (SO §6.7.2) — validation and building.
--
-- A list is data: a `deck_list` definition (content/space-opera/deck_lists.ron) or a Lua
-- table of the same shape, `{ name = "...", species = "id", cards = {{card = "id",
-- copies = n}, ...} }`. `validate` returns every violated constraint as a readable
-- message (an empty list when the deck is legal); `build` refuses an illegal list with
-- an error naming the seat and every problem, so a bad deck fails the setup.
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
			table.insert(errors, string.format("%s: %s is listed with %d copies (at least 1)", name, tostring(entry.card), n))
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
				table.insert(errors, string.format("%s: %d copies of %s, a unique card (at most %d)", name, n, d.name, D.MAX_UNIQUE))
			elseif n > D.MAX_COPIES then
				table.insert(errors, string.format("%s: %d copies of %s (at most %d copies of a card)", name, n, d.name, D.MAX_COPIES))
			end
		end
	end
	return errors
end

-- The list a seat brings: the global `deck_choice` ({[seat] = deck list id}) when a
-- front end or scenario set it, else a preset dealt at random (two seats may bring
-- the same list, SO §6.7.2).
function D.choice(g, s)
	local chosen = g:global("deck_choice")
	local id = chosen and chosen[s]
	if id == nil then
		local ids = def_ids.deck_list
		id = ids[g:roll(#ids)]
	end
	local list = defs.deck_list[id]
	if not list then
		error(string.format("seat %d: no deck list \"%s\" (SO §6.7.2)", s, tostring(id)))
	end
	return list
end

-- Validates `list` and gives seat `s` its species card and its own shuffled deck of 40
-- (each card remembers its deck in the public prop `deck`, for its own discard pile).
function D.build(g, s, list)
	local errors = D.validate(list)
	if #errors > 0 then
		error(string.format("seat %d's deck list is illegal (SO §6.7.2): %s", s, table.concat(errors, "; ")))
	end
	U.give_species(g, s, g:create({ kind = "species", face = list.species, owner = s, at = "species_box" }))
	for _, entry in ipairs(list.cards) do
		for _ = 1, entry.copies do
			g:create({ kind = U.resource_kind(g, s), face = entry.card, at = { zone = "deck", seat = s }, hidden = true, props = { deck = s } })
		end
	end
	g:shuffle_zone({ zone = "deck", seat = s })
	-- The list stays secret (SO §11.14): only its owner is told which one it is.
	g:log(string.format("Seat %d brings %s and a deck of 40 resources. -- SO §6.7.2", s, defs.species[list.species].name))
	g:log_to(s, string.format("Your deck list: %s.", list.name or "your own"))
end

return D

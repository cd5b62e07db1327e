--!strict
-- Space Opera: invariants checked by the tests after every action, and the position
-- evaluation bots use (pack.ron `evaluate`).
local U = require("util")
local C = require("cards")
local P = require("population")
local CK = {}

local CARD_ZONES = { deck = true, discard = true, hand = true, building = true, built = true, stack = true, collection = true }

-- Where a resource card may be, and how it must look there; nil when it is fine.
local function card_problem(g, card)
	local at = g:where(card)
	if type(at) ~= "table" then
		return "is on no zone"
	end
	if at.inside then
		local ship = at.inside
		if not U.is_resource(g, ship) or U.def(g, ship).type ~= "ship" or g:where(ship).zone ~= "built" then
			return "is mounted on something that is not a built ship"
		end
		if g:hidden(card) then
			return "is mounted face down"
		end
		return nil
	end
	if not CARD_ZONES[at.zone] then
		return "is in zone " .. tostring(at.zone)
	end
	if (at.zone == "deck" or at.zone == "discard") and (U.competitive(g) ~= (at.seat ~= nil)) then
		return "is in the wrong kind of " .. at.zone
	end
	if at.zone == "deck" and not g:hidden(card) then
		return "lies face up in a deck"
	end
	-- A competitive seat's unused cards (decks.lua): its own, face down, out of play.
	if at.zone == "collection" and (not U.competitive(g) or at.seat ~= g:prop(card, "deck") or not g:hidden(card)) then
		return "is in a collection it does not belong to, or face up"
	end
	if at.zone == "hand" or at.zone == "building" then
		if not g:hidden(card) or not g:knows(at.seat, card) then
			return "in a " .. at.zone .. " is not secret to all but its owner"
		end
		if g:owner(card) ~= at.seat then
			return "is held by a seat that does not own it"
		end
	end
	if (at.zone == "built" or at.zone == "discard" or at.zone == "stack") and g:hidden(card) then
		return "is face down in " .. at.zone
	end
	if at.zone == "building" and g:prop(card, "credits") ~= U.def(g, card).price then
		return "under construction does not carry its value in credits"
	end
	return nil
end

-- Returns nil when the position is sound, else what is wrong.
function CK.invariants(g)
	-- setup.lua records how many cards it created; nothing creates cards later.
	local cards = U.all_resources(g)
	local total = #cards
	if g:global("resource_total") ~= nil and g:global("resource_total") ~= total then
		return string.format("resource cards not conserved: %d, was %d", total, g:global("resource_total"))
	end
	for _, card in ipairs(cards) do
		local problem = card_problem(g, card)
		if problem then
			return string.format("card %d (%s) %s", card, g:face(card), problem)
		end
	end
	local with_card = 0
	for _, item in ipairs(require("stack").items(g)) do
		if item.card then
			with_card += 1
			if g:where(item.card).zone ~= "stack" then
				return string.format("stack item %d's card is not on the stack", item.id)
			end
		end
	end
	if g:count({ zone = "stack" }) ~= with_card then
		return "the stack zone holds cards that are not on the stack list"
	end
	if g:count({ kind = "system" }) ~= #def_ids.star_system then
		return "star system cards not conserved"
	end
	for s = 1, g:seats() do
		for _, var in ipairs({ "credits", "civ", "mil" }) do
			if (g:get(s, var) or 0) < 0 then
				return string.format("seat %d has %d %s", s, g:get(s, var), var)
			end
		end
		for _, ship in ipairs(C.ships(g, s)) do
			if C.free_slots(g, ship) < 0 then
				return string.format("seat %d's %s carries more equipment than its slots", s, U.name(g, ship))
			end
			local crew = 0
			for _, e in ipairs(C.attachments(g, ship)) do
				crew += U.def(g, e).type == "crew" and 1 or 0
			end
			if crew > 1 then
				return string.format("seat %d's %s has %d crews (at most 1, SO §4.3)", s, U.name(g, ship), crew)
			end
		end
		for _, zone in ipairs({ "built", "building" }) do
			for _, card in ipairs(g:entities({ zone = zone, seat = s })) do
				if not U.is_technology(U.def(g, card)) then
					return string.format("seat %d has %s (%s) in %s", s, U.name(g, card), U.def(g, card).type, zone)
				end
			end
		end
		if U.revised(g) and C.built_count(g, s) > C.TECH_CAP then
			return string.format("seat %d has %s built (at most 8, SO §6.3)", s, U.count(C.built_count(g, s), "technology"))
		end
		if g:global("round") ~= nil then
			local cards = g:entities({ kind = "species", zone = "species", seat = s })
			if #cards ~= 1 or g:face(cards[1]) ~= g:get(s, "species") or g:hidden(cards[1]) then
				return string.format("seat %d does not have exactly one species card, face up", s)
			end
		end
		if not U.live(g, s) and g:count({ zone = "hand", seat = s }) + g:count({ zone = "built", seat = s }) + g:count({ zone = "building", seat = s }) > 0 then
			return string.format("eliminated seat %d still holds cards", s)
		end
		if U.live(g, s) and g:global("round") ~= nil and P.units(g, s) == 0 then
			return string.format("seat %d has no units but is still in the game", s)
		end
	end
	return nil
end

-- A rough score for bots: revised level first, classic troops; then technologies,
-- militaries, cards and credits.
function CK.evaluate(g, seat)
	if not U.live(g, seat) then
		return -1000
	end
	local base = U.classic(g) and 10 * P.units(g, seat) or 100 * P.level(g, seat) + 5 * P.units(g, seat)
	return base + 6 * C.raised_count(g, seat) + 3 * #C.building(g, seat) + 2 * P.mil(g, seat)
		+ #C.hand(g, seat) + (g:get(seat, "credits") or 0) // 2
end

return CK

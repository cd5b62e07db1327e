--!strict
-- Twilight Imperium 4: helpers for scenario files (tests/scenarios/twilight-imperium-4).
-- They move pieces between reinforcements and the board, so every piece stays
-- accounted for.
local U = require("util")
local UT = require("unit_tokens")
local T = {}

-- Clears the flow and leaves a `hold` frame at the bottom, so the game waits once the
-- pushed steps finish instead of ending.
function T.start(g)
	g:reset_flow()
	g:push("hold", {})
end

-- n units of `kind` of a seat from its reinforcements to a cell's space area. Fighters and
-- infantry beyond the figures come as tokens (unit_tokens.take); §21.3/§50.3 is not applied
-- here, so a scenario may set up any mix of figures and tokens (unit_tokens.settle applies it).
function T.units(g, seat: number, kind: string, cell: number, n: number)
	for _ = 1, n do
		local e = UT.take(g, seat, kind)
		assert(e, "no " .. kind .. " left in reinforcements")
		g:move(e, cell)
	end
end

-- n units of `kind` of a seat from its reinforcements onto a planet (an entity); tokens as
-- in T.units.
function T.on_planet(g, seat: number, kind: string, planet: number, n: number)
	for _ = 1, n do
		local e = UT.take(g, seat, kind)
		assert(e, "no " .. kind .. " left in reinforcements")
		g:move(e, { inside = planet })
	end
end

-- The planet entity named `id` (systems.ron planet id).
function T.planet(g, id: string): number
	return g:first({ kind = "planet", face = id })
end

-- The cell at axial coordinates.
function T.cell(g, q: number, r: number): number
	return g:cell_at(q, r)
end

-- The cell with the code players read on the map ("D4").
function T.code(g, code: string): number
	for _, c in ipairs(g:cells()) do
		if g:cell_info(c).code == code then
			return c
		end
	end
	error("no cell " .. code)
end

-- Puts the agenda `id` into play as a law (council.enact), owned by `seat` and attached
-- to `planet` (an id of systems.ron) when given.
function T.law(g, id: string, seat: number?, planet: string?)
	local card = g:first({ kind = "agenda", face = id })
	g:reveal(card)
	require("council").enact(g, card, seat, planet and T.planet(g, planet) or nil)
end

-- Gives a seat a strategy card.
function T.card(g, seat: number, id: string)
	g:move(g:first({ kind = "strategy_card", face = id }), { zone = "strategy", seat = seat })
end

-- Seats with the pieces they hold on the board put back in reinforcements.
function T.clear_units(g, seat: number)
	for _, k in ipairs(U.UNIT_TYPES) do
		for _, e in ipairs(g:entities({ kind = k, owner = seat })) do
			g:move(e, { zone = "reinforcements", seat = seat })
		end
	end
end

-- Puts an action card `id` from the deck into a seat's hand (known to it alone).
function T.hand(g, seat: number, id: string): number
	local card = g:first({ kind = "action_card", face = id, zone = "action_deck" })
	assert(card, "no " .. id .. " left in the action deck")
	g:move(card, { zone = "hand", seat = seat })
	g:hide(card, seat)
	return card
end

-- Makes `seat` play faction `fid` for a test position as if dealt it at setup (for factions
-- without faction units beside the flagship, so that the technology decks are alike): as
-- T.faction, and its researched technologies go back to its deck and it gains the new
-- faction's starting technologies. The seat keeps its home system and the units on the
-- board (a test sets up the units it needs).
function T.become(g, seat: number, fid: string)
	local old = U.faction(g, seat)
	local new = defs.faction[fid]
	assert(#old.units == 0 and #new.units == 0, "T.become: factions with faction units")
	for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = seat })) do
		g:move(e, { zone = "tech_deck", seat = seat })
	end
	T.faction(g, seat, fid)
	for _, tid in ipairs(new.starting_technologies) do
		require("tech").gain(g, seat, tid)
	end
end

-- Makes a seat play faction `fid` from now on (for factions the `factions_in_order` deal
-- does not reach): its abilities, its unit faces (level I, its faction units and flagship),
-- its two faction technologies and its faction note take the new faction's, piece for piece
-- (the home system and the pieces on the board stay where they are).
function T.faction(g, seat: number, fid: string)
	local old = defs.faction[g:get(seat, "faction")]
	local new = defs.faction[fid]
	g:set(seat, "faction", fid)
	for _, utype in ipairs(U.UNIT_TYPES) do
		local face = U.BASE_UNIT[utype]
		if utype == "flagship" then
			face = new.flagship
		end
		for _, u in ipairs(new.units) do
			if defs.unit[u].type == utype then
				face = u
			end
		end
		for _, e in ipairs(g:entities({ kind = utype, owner = seat })) do
			g:set_face(e, face)
		end
	end
	for i, tid in ipairs(old.faction_technologies) do
		for _, e in ipairs(g:entities({ kind = "technology", face = tid, owner = seat })) do
			g:set_face(e, new.faction_technologies[i])
		end
	end
	for _, e in ipairs(g:entities({ kind = "promissory_note", face = old.promissory_note, owner = seat })) do
		g:set_face(e, new.promissory_note)
	end
end

-- As T.faction, after sending every piece of the seat on the board back to reinforcements
-- (the scenario then places what it needs).
function T.replace_faction(g, seat: number, fid: string)
	T.clear_units(g, seat)
	T.faction(g, seat, fid)
end

T.hold = {
	run = function(g, ctx)
		return { seat = 1, prompt = "Scenario position (nothing more to play)", options = { "ok" } }
	end,
	resolve = function(g, ctx, _) end,
}

return T

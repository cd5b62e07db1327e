--!strict
-- Twilight Imperium 4: elimination (TI4 §36). A seat with no ground forces on the
-- board, no unit with Production on the board and no planet is out of the game: its
-- pieces go back in the box (moved, never deleted: the kernel keeps every entity), its
-- cards go where §36.2-36.8 send them, and the seat variable `eliminated` makes
-- U.clockwise and U.initiative_order (util.lua) pass it by from then on, so it is never
-- asked anything again. §36.9 needs nothing: the number of strategy cards each player
-- takes follows the number of players the game started with (round.lua R.picks).
local U = require("util")
local E = {}

-- §36.1: whether a seat meets the three conditions.
function E.out_of_play(g, seat: number): boolean
	if g:count({ kind = "planet", owner = seat }) > 0 then
		return false
	end
	if #g:cells_of({ kind = U.GROUND_TYPES, owner = seat }) > 0 then
		return false
	end
	for _, kind in ipairs(U.UNIT_TYPES) do
		local e = g:first({ kind = kind, owner = seat })
		if e and defs.unit[g:face(e)].production and #g:cells_of({ kind = kind, owner = seat }) > 0 then
			return false
		end
	end
	return true
end

local function to_box(g, list: { number })
	for _, e in ipairs(list) do
		g:move(e, "box")
	end
end

-- §36.2-36.8: what happens to an eliminated seat's components.
function E.eliminate(g, seat: number)
	g:set(seat, "eliminated", true)
	g:log(U.text("elimination.out", seat))
	-- §36.2: units (reinforcements included), command and control tokens, technologies.
	to_box(g, g:entities({ kind = U.UNIT_TYPES, owner = seat }))
	to_box(g, g:entities({ kind = { "command_token", "control_token", "technology" }, owner = seat }))
	-- §36.4, §44.7: its own promissory notes go in the box, whoever holds them (a
	-- Support for the Throne face up loses its holder the point); the other players'
	-- notes it holds, in hand or in play, go back to them.
	require("notes").on_eliminated(g, seat)
	-- §36.3: its agenda cards are discarded.
	for _, card in ipairs(g:entities({ kind = "agenda", owner = seat })) do
		g:move(card, "agenda_discard")
		g:reveal(card)
	end
	-- §36.5: its action cards are discarded (face up, as every discard).
	for _, card in ipairs(g:entities({ kind = "action_card", zone = "hand", seat = seat })) do
		g:move(card, "action_discard")
		g:reveal(card)
	end
	-- §36.6: its strategy cards go back to the common area, exhausted or not.
	for _, card in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = seat })) do
		g:move(card, "strategy_common")
	end
	for _, t in ipairs(g:entities({ kind = "naalu_token", zone = "strategy", seat = seat })) do
		g:move(t, "box")
	end
	-- §36.7: its objective cards (secret objectives, scored or not) are shuffled back.
	local secrets = g:entities({ kind = "secret_objective", zone = "secrets", seat = seat })
	for _, card in ipairs(g:entities({ kind = "secret_objective", zone = "scored", seat = seat })) do
		table.insert(secrets, card)
	end
	for _, card in ipairs(secrets) do
		g:hide(card)
		g:move(card, "secret_deck")
	end
	if #secrets > 0 then
		g:shuffle_zone("secret_deck")
	end
	-- §36.8, §76.7: an eliminated speaker hands the token to the player on their left
	-- (the next seat clockwise still in the game).
	if g:global("speaker") == seat then
		local next = U.clockwise(g, seat)[1]
		if next then
			g:set_global("speaker", next)
			g:log(U.text("elimination.speaker", next))
		end
	end
end

-- Eliminates every seat still in the game that meets §36.1 (called after each tactical
-- action, where planets and units are lost).
function E.check(g)
	for s = 1, g:seats() do
		if not U.eliminated(g, s) and E.out_of_play(g, s) then
			E.eliminate(g, s)
		end
	end
end

return E

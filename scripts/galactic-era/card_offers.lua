--!strict
-- Galactic Era: when domination cards are offered (GE 7.3: most may be played "at any
-- time", also in other players' turns; the digest leaves the moments to us, NIT.16):
-- the menus of a seat's own turns and of the trade phase, each battle (section A) and
-- after its reveal (Defensivo, A3.6), the end of each round, the moment an Adquisidor
-- or Constructor condition happens (A3.1, A3.5), and the forced plays at the end of the
-- game (GE 6.6 step 4). What the cards are and do is cards.lua.
local U = require("util")
local C = require("cards")
local O = {}

-- A step offering one seat to play a card at a given moment (optional), or forcing it
-- at the end of the game (GE 6.6 step 4).
O.offer = {
	run = function(g, ctx)
		if ctx.done or not C.can_play(g, ctx.seat) then
			return nil
		end
		local options = C.plays(g, ctx.seat, ctx.moment)
		if ctx.only_a then
			local a = {}
			for _, o in ipairs(options) do
				-- `ctx.card` narrows the offer to one card (GE A3.6 after the reveal).
				if o.value.section == "A" and (ctx.card == nil or g:face(o.value.card) == ctx.card) then
					table.insert(a, o)
				end
			end
			options = a
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = ctx.forced and "End of game: play your domination card" or "Play a domination card?",
			rule = "GE 7.3, A3", options = options, pass = (not ctx.forced) and "Not now" or nil }
	end,
	resolve = function(g, ctx, play)
		if play == nil then
			ctx.done = true
			return
		end
		C.play(g, ctx.seat, play, ctx.moment)
		if not ctx.forced then
			ctx.done = true
		end
	end,
}

-- Cards whose text lets them be played in a battle even after the fleets are revealed
-- (GE 6.1.3.4 step 1), with the region their effect needs: Defensivo's +20 CS in a
-- battle in the sector of its player's capital (GE A3.6). Other battle cards (Bélico)
-- are offered only when the battle arises.
local AFTER_REVEAL = {
	defensivo = function(g, seat, cell)
		local cap = U.capital_cell(g, seat)
		return cap ~= nil and g:region(cap) == g:region(cell)
	end,
}

-- Offers, after the reveal of a battle at `cell` and before the combat strengths are
-- computed, the cards allowed then to the seats of the battle (in the given order).
-- Returns whether any offer was pushed.
function O.after_reveal(g, seats, cell)
	local pushed = false
	for i = #seats, 1, -1 do
		local s = seats[i]
		for _, card in ipairs(C.hand(g, s)) do
			local id = g:face(card)
			if AFTER_REVEAL[id] and AFTER_REVEAL[id](g, s, cell) then
				g:push("card_offer", { seat = s, only_a = true, card = id, moment = { phase = "battle", cell = cell, revealed = true } })
				pushed = true
			end
		end
	end
	return pushed
end

return O

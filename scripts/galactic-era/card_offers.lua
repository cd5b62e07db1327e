--!strict
-- Galactic Era: when domination cards are offered (GE 7.3: most may be played "at any
-- time", also in other players' turns; the digest leaves the moments to us, NIT.16).
--
-- A seat's own moments are single offers (`offer`): the menus of its turns, the moment
-- its Adquisidor or Constructor condition happens (A3.1, A3.5) and the forced plays at
-- the end of the game (GE 6.6 step 4).
--
-- The moments where other seats may play are when a battle arises (section A: Bélico's
-- effect, A3.2, or any card whose condition holds), after a battle's reveal (Defensivo
-- in its capital's sector, A3.6) and the end of a round (any card; Moral, A3.13). The
-- hand is secret, and every seat sees whom the game waits on: asking only the seats
-- that hold a playable card would tell the others that they hold one. So each of these
-- moments is one simultaneous decision (`moment`) for every seat that could hold a
-- playable card as far as everyone can tell — from public facts only: cards in hand
-- and completed, section A used, the cards already face up, and conditions everyone
-- can check (`cards.may_meet_a`). A seat with nothing playable is asked too, and may
-- only answer "Not now". Who is asked therefore tells nobody anything, and the question
-- is quiet, so nobody is shown who is still deciding either: that seat's "Not now" is
-- made at once (bots and the server answer a forced question at once). (At the end of
-- a round any card in hand is playable by section B, so those asked are the seats with
-- a hand not used up, as before; asking them at once spares the wait of one after the
-- other and lets no seat react to another's play at the same moment.)
--
-- Once every seat has answered, the plays are turned face up together, then scored one
-- after the other in the order of the seats asked (`play`), each with its immediate
-- effect: turn order at the end of a round; in a battle the attacker, then the
-- defenders in turn order (GE 6.1.3.3), as the single offers were asked before. The
-- rules give no order for plays made at once; the digest suggests turn order for seats
-- reacting together (NIT.16). A play is judged when it is asked: one scored before it
-- does not take it back (Moral's "more DP than" is met at the moment of the question).
-- Each seat plays at most one card per moment.
local U = require("util")
local C = require("cards")
local O = {}

---@class CardMoment
---@field phase string      "battle", "round_end", "trade", "progress", "movement", "build" or "end"
---@field cell number?      the battle's hex
---@field revealed boolean? after the battle's reveal (GE 6.1.3.4 step 1)
---@field happened string?  the card whose "when it happens" condition just happened

local PROMPT = U.TEXT["cards.play_domination_card"]
local HELP = U.TEXT["cards.domination_card_is_scored_once"]

-- Cards whose text lets them be played in a battle even after the fleets are revealed
-- (GE 6.1.3.4 step 1): whether their effect reaches `cell` for `seat`, from public
-- facts. Defensivo's +20 CS needs a battle in the sector of its player's capital
-- (GE A3.6). Other battle cards (Bélico) are offered only when the battle arises.
local AFTER_REVEAL = {
	defensivo = function(g, seat, cell)
		local cap = U.capital_cell(g, seat)
		return cap ~= nil and g:region(cap) == g:region(cell)
	end,
}

-- Whether card `id` may still be in a hand as far as everyone knows: it is not face up.
local function unseen(g, id)
	local card = g:first({ kind = "domination", face = id })
	return card ~= nil and g:hidden(card)
end

-- Whether card `id` may be played for section A by `seat` at `moment`, as far as the
-- others can tell (whatever the seat holds).
---@param moment CardMoment
local function may_play_a(g, seat, id, moment)
	if moment.revealed and not (AFTER_REVEAL[id] and AFTER_REVEAL[id](g, seat, moment.cell)) then
		return false
	end
	return C.a_timely(id, moment) and unseen(g, id) and C.may_meet_a(g, seat, id)
end

-- Whether the others must reckon that `seat` may have a play at `moment`.
---@param moment CardMoment
local function may_have_play(g, seat, moment, only_a)
	if not C.can_play(g, seat) then
		return false -- puppet, two cards completed or an empty hand: all public (GE 7.3)
	end
	if not only_a then
		return true -- section B needs no condition: any card in hand is playable
	end
	if g:get(seat, "a_used") then
		return false
	end
	for id in pairs(defs.domination_card) do
		if may_play_a(g, seat, id, moment) then
			return true
		end
	end
	return false
end

-- Pushes the simultaneous question for the seats of `seats` (in order) that may have a
-- play; returns whether anyone is asked.
---@param moment CardMoment
local function ask(g, seats, moment, only_a)
	local asked = {}
	for _, s in ipairs(seats) do
		if may_have_play(g, s, moment, only_a) then
			table.insert(asked, s)
		end
	end
	if #asked == 0 then
		return false
	end
	g:push("card_moment", { seats = asked, moment = moment, only_a = only_a })
	return true
end

-- When a battle at `cell` arises: section A, for the attacker and the defenders.
function O.battle_start(g, seats, cell)
	return ask(g, seats, { phase = "battle", cell = cell }, true)
end

-- After the reveal of a battle at `cell`, before the combat strengths are computed:
-- the cards allowed then (AFTER_REVEAL), for the seats still in the battle.
function O.after_reveal(g, seats, cell)
	return ask(g, seats, { phase = "battle", cell = cell, revealed = true }, true)
end

-- At the end of a round (after its scoring): any card, for every seat in turn order.
function O.round_end(g, order)
	return ask(g, order, { phase = "round_end" }, false)
end

-- What `seat` may play now: its plays at the moment, narrowed to section A where the
-- moment allows only A, and to the AFTER_REVEAL cards whose effect reaches the battle.
local function offered(g, seat, moment, only_a)
	local out = {}
	for _, o in ipairs(C.plays(g, seat, moment)) do
		local id = g:face(o.value.card)
		if not only_a or (o.value.section == "A" and (not moment.revealed or may_play_a(g, seat, id, moment))) then
			table.insert(out, o)
		end
	end
	return out
end

-- The simultaneous question of one moment (see the top of this file).
O.moment = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for _, s in ipairs(ctx.seats) do
			table.insert(decisions, { seat = s, prompt = PROMPT, rule = "GE 7.3, A3", help = HELP,
				options = offered(g, s, ctx.moment, ctx.only_a), pass = U.TEXT["cards.not_now"] })
		end
		return { simultaneous = true, quiet = true, decisions = decisions }
	end,
	resolve = function(g, ctx, answers)
		ctx.done = true
		local plays = {}
		for _, s in ipairs(ctx.seats) do
			if answers[s] ~= nil then
				C.declare(g, s, answers[s])
				table.insert(plays, { seat = s, play = answers[s] })
			end
		end
		for i = #plays, 1, -1 do
			g:push("card_play", { seat = plays[i].seat, play = plays[i].play, moment = ctx.moment })
		end
	end,
}

-- Scores one play declared at a moment; its immediate effect's steps run before the
-- next seat's play.
O.play = {
	run = function(g, ctx)
		if not ctx.done then
			ctx.done = true
			C.score(g, ctx.seat, ctx.play, ctx.moment)
		end
		return nil
	end,
}

-- A step offering one seat to play a card at a moment of its own (optional), or forcing
-- it at the end of the game (GE 6.6 step 4).
O.offer = {
	run = function(g, ctx)
		if ctx.done or not C.can_play(g, ctx.seat) then
			return nil
		end
		local options = C.plays(g, ctx.seat, ctx.moment)
		if ctx.only_a then
			local a = {}
			for _, o in ipairs(options) do
				if o.value.section == "A" then
					table.insert(a, o)
				end
			end
			options = a
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = ctx.forced and U.TEXT["cards.end_game_play_your_domination"] or PROMPT,
			rule = "GE 7.3, A3", options = options, pass = (not ctx.forced) and U.TEXT["cards.not_now"] or nil,
			help = U.TEXT["cards.your_domination_card_can_be"] }
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

return O

--!strict
-- Twilight Imperium 4: playing action cards (TI4 §1) at their timing moments (§19.13-20).
-- One job: the machinery. A step that reaches a moment ("start of a combat round",
-- "an agenda is revealed"...) calls `M.open`, which asks, in the rule's order, only the
-- seats holding a card playable there (a seat with nothing to play is not asked: random
-- games stay short; the window is quiet, so nobody sees who is asked). A chosen card goes
-- through the `play_card` step: its targets are chosen, it goes face up to the discard
-- pile, Sabotage may cancel it (§1.8), then its effect resolves. What each card does and
-- when it is playable is data + hooks in ac_combat.lua, ac_agenda.lua, ac_component.lua,
-- ac_status.lua, ac_invasion.lua (keyed by card id), so a new card only adds an entry there.
--
-- A hook: `at` (the moment's name, a list of them for a card with several, or "component"
-- for an ACTION card, §3), `can(g, seat,
-- info)` (may this seat play it now: §1.6, only if it can be resolved in full), optional
-- `choose(g, seat, info)` (a decision, without `seat`, for its targets) and
-- `effect(g, seat, info, choice)`. Effects speak to the step that opened the moment
-- through globals named `card_*`, which that step reads and clears.
--
-- A moment is passes over the seats (PLAN.md 2.5, §19.19): each able seat may play one card
-- per pass; passes repeat until one in which nobody played. A moment that abilities or
-- notes share (timing.lua `T.MOMENTS`) is opened by `Timing.open` instead: its first pass
-- offers each seat its abilities and notes, then its cards; the later passes are these. Riders (§27.22) pay off later,
-- when agenda.lua calls `M.riders` (step `card_payoff`).
local U = require("util")
local M = {}

local HOOKS: { [string]: any } = {}
for _, list in ipairs({ require("ac_combat"), require("ac_agenda"), require("ac_component"), require("ac_status"), require("ac_invasion") }) do
	for id, hook in pairs(list) do
		HOOKS[id] = hook
	end
end
M.HOOKS = HOOKS

function M.name(g, card: number): string
	return defs.action_card[g:face(card)].name
end

-- Seats in the order simultaneous plays resolve (TI4 §19.19-20; util.lua).
M.order = U.resolution_order

-- Whether a hook is timed at `point` (`at`: one moment or a list).
local function timed_at(hook, point: string): boolean
	if type(hook.at) == "table" then
		return table.find(hook.at, point) ~= nil
	end
	return hook.at == point
end

-- The cards of a seat's hand playable at `point`, one per card name (§1.6: two copies of
-- a name cannot affect the same thing in one window; the hooks check the rest).
function M.playable(g, seat: number, point: string, info: any): { number }
	local out, seen = {}, {}
	-- Political Secret (notes_generic.lua) silences its owner until the agenda resolves.
	-- Transparasteel Plating (abilities.lua cannot_play_cards): passed players are silent
	-- during its owner's turns.
	if U.eliminated(g, seat) or g:global("card_silenced_" .. seat) or require("abilities").cannot_play_cards(g, seat) then
		return out
	end
	for _, card in ipairs(g:entities({ kind = "action_card", zone = "hand", seat = seat })) do
		local id = g:face(card)
		local hook = HOOKS[id]
		if hook and timed_at(hook, point) and not seen[id] and hook.can(g, seat, info) then
			seen[id] = true
			table.insert(out, card)
		end
	end
	return out
end

-- The seats that may play at `point` now, in order.
local function able(g, point: string, info: any): { number }
	local seats = {}
	for _, s in ipairs(M.order(g, info.active)) do
		if #M.playable(g, s, point, info) > 0 then
			table.insert(seats, s)
		end
	end
	return seats
end

-- Opens the moment `point` (info: plain data the hooks read; `active` orders the seats).
-- Returns true when some seat may play (the caller returns and is called again after the
-- moment), false when nobody can (nothing is asked).
function M.open(g, point: string, info: any): boolean
	if U.over(g) or #able(g, point, info) == 0 then
		return false
	end
	g:push("moment", { point = point, info = info })
	return true
end

-- A moment (§19.19-20): passes over the able seats, one window each, until a pass in which
-- nobody played (a seat that played may play again in the next pass, one card at a time).
M.moment = {
	run = function(g, ctx)
		local played = g:global("usage.action_cards_played") or 0
		if U.over(g) or (ctx.played ~= nil and played == ctx.played) then
			return nil
		end
		ctx.played = played
		local seats = able(g, ctx.point, ctx.info)
		if #seats == 0 then
			return nil
		end
		g:window({ seats = seats, offer = "moments.offer", respond = "moments.respond", data = { point = ctx.point, info = ctx.info }, quiet = true })
		return nil
	end,
}

-- The window's question: the playable cards, or not now (checked again when asked: an
-- earlier play may have changed things).
function M.offer(g, data, seat: number)
	local options = {}
	for _, card in ipairs(M.playable(g, seat, data.point, data.info)) do
		local def = defs.action_card[g:face(card)]
		table.insert(options, { label = U.text("moment.play_option", def.name, def.effect), value = card })
	end
	if #options == 0 then
		return nil
	end
	return { prompt = U.text("moment.prompt", U.text("moment." .. data.point)), rule = "TI4 §1.6, §19.13-19.20",
		help = U.text("moment.help"), options = options, pass = U.text("moment.not_now") }
end

function M.respond(g, data, seat: number, card: number): boolean
	g:push("play_card", { seat = seat, card = card, info = data.info })
	return false
end

-- The ACTION cards (§3, §1.6) a seat may play from its turn menu.
function M.component_options(g, seat: number): { any }
	local options = {}
	for _, card in ipairs(M.playable(g, seat, "component", { active = seat })) do
		table.insert(options, { label = U.text("moment.component_option", M.name(g, card)), value = string.format("ac:%d", card) })
	end
	return options
end

-- Sabotage's window (its card): any other seat holding one may cancel the card just played,
-- unless that card is a Sabotage itself. Abilities that cancel an action card (the
-- registry's `cancel_card` entries, abilities.lua: Xxcha's Instinct Training) are offered in
-- the same window (value "ability:<id>").
function M.offer_sabotage(g, data, seat: number)
	if g:global("card_sabotaged") then
		return nil
	end
	local card = g:first({ kind = "action_card", face = "sabotage", zone = "hand", seat = seat })
	local options = {}
	if card and require("abilities").cannot_play_cards(g, seat) then
		card = nil -- Transparasteel Plating
	end
	if card then
		table.insert(options, { label = U.text("moment.sabotage_option", data.name), value = card })
	end
	local Ab = require("abilities")
	for _, id in ipairs(Ab.card_cancels(g, seat, data.player)) do
		table.insert(options, { label = U.text("moment.cancel_option", Ab.name(id), data.name), value = "ability:" .. id })
	end
	if #options == 0 then
		return nil
	end
	local question = #options == 1 and card and U.text("moment.sabotage_prompt", data.player, data.name)
		or U.text("moment.cancel_prompt", data.player, data.name)
	return { prompt = question, rule = "TI4 §1.8, Sabotage",
		help = U.text("moment.sabotage_help"), options = options, pass = U.text("moment.not_now") }
end

function M.respond_sabotage(g, data, seat: number, card: any): boolean
	if type(card) == "string" then
		local id = string.match(card, "^ability:(.+)$") :: string
		local Ab = require("abilities")
		Ab.HOOKS[id].cancel_card.pay(g, seat)
		g:set_global("card_sabotaged", true)
		g:log(U.text("moment.cancelled_by", seat, Ab.name(id), data.player, data.name))
		return true
	end
	g:move(card, "action_discard")
	g:reveal(card)
	g:set_global("card_sabotaged", true)
	g:log(U.text("moment.sabotaged", seat, data.player, data.name))
	-- The Sabotage is an action card too: a seat with an ability cancelling action cards
	-- (Xxcha's Instinct Training) may cancel it (step `cancel_sabotage`), and the first card
	-- then resolves.
	local Ab = require("abilities")
	local seats = {}
	for _, s in ipairs(M.order(g, data.active)) do
		if s ~= seat and #Ab.card_cancels(g, s, seat) > 0 then
			table.insert(seats, s)
		end
	end
	if #seats > 0 then
		g:push("cancel_sabotage", { seats = seats, player = seat, i = 0 })
	end
	return true
end

-- A Sabotage just played (ctx.player) may be cancelled by the abilities of ctx.seats, asked
-- in turn (Xxcha's Instinct Training): cancelled, the card it answered is no longer cancelled,
-- and play_card opens Sabotage's window on it again.
M.cancel_sabotage = {
	run = function(g, ctx)
		local Ab = require("abilities")
		while not U.over(g) and g:global("card_sabotaged") and ctx.i < #ctx.seats do
			ctx.i += 1
			local s = ctx.seats[ctx.i]
			local options = {}
			for _, id in ipairs(Ab.card_cancels(g, s, ctx.player)) do
				table.insert(options, { label = U.text("moment.cancel_option", Ab.name(id), defs.action_card.sabotage.name), value = id })
			end
			if #options > 0 then
				return { seat = s, prompt = U.text("moment.cancel_prompt", ctx.player, defs.action_card.sabotage.name), rule = "TI4 §1.8, Sabotage",
					help = U.text("moment.sabotage_help"), options = options, pass = U.text("moment.not_now") }
			end
		end
		return nil
	end,
	resolve = function(g, ctx, id)
		if id then
			local Ab = require("abilities")
			local s = ctx.seats[ctx.i]
			Ab.HOOKS[id].cancel_card.pay(g, s)
			g:set_global("card_sabotaged", nil)
			g:set_global("card_sabotage_cancelled", true) -- play_card offers Sabotage again
			g:log(U.text("moment.cancelled_by", s, Ab.name(id), ctx.player, defs.action_card.sabotage.name))
		end
	end,
}

-- The discard pile, face up (§1.7).
local function discard(g, card: number)
	g:move(card, "action_discard")
	g:reveal(card)
end

-- Opens Sabotage's window on the card of play_card's ctx for the seats that may answer it
-- (a Sabotage in hand and not barred by Transparasteel Plating, or an ability cancelling
-- action cards); false when nobody may.
local function sabotage_window(g, ctx): boolean
	local Ab = require("abilities")
	local seats = {}
	for _, s in ipairs(M.order(g, ctx.info.active)) do
		if s ~= ctx.seat and not U.eliminated(g, s) and ((g:count({ kind = "action_card", face = "sabotage", zone = "hand", seat = s }) > 0
			and not Ab.cannot_play_cards(g, s)) or #Ab.card_cancels(g, s, ctx.seat) > 0) then
			table.insert(seats, s)
		end
	end
	if #seats == 0 then
		return false
	end
	g:window({ seats = seats, offer = "moments.offer_sabotage", respond = "moments.respond_sabotage",
		data = { player = ctx.seat, name = M.name(g, ctx.card), active = ctx.info.active }, quiet = true })
	return true
end

-- ctx: seat, card, info. Targets (choose) -> played face up -> Sabotage window -> effect.
-- Sets global `card_cancelled` for the turn (a cancelled ACTION card does not use the
-- action: cancelled cards do not count as played, §1.6).
M.play_card = {
	enter = function(g, ctx)
		ctx.stage = "choose"
		g:set_global("card_cancelled", nil)
	end,
	run = function(g, ctx)
		local id = g:face(ctx.card)
		local hook = HOOKS[id]
		if ctx.stage == "choose" then
			ctx.stage = "play"
			if hook.choose then
				local d = hook.choose(g, ctx.seat, ctx.info)
				if d then
					d.seat = ctx.seat
					ctx.stage = "chosen"
					return d
				end
			end
		end
		if ctx.stage == "play" then
			ctx.stage = "sabotage"
			discard(g, ctx.card)
			g:add_global("usage.action_cards_played", 1)
			g:log(U.text("moment.played", ctx.seat, M.name(g, ctx.card), defs.action_card[id].effect))
			g:set_global("card_sabotaged", nil)
			g:set_global("card_sabotage_cancelled", nil)
			if id ~= "sabotage" and sabotage_window(g, ctx) then
				return nil
			end
		end
		if ctx.stage == "sabotage" then
			-- A Sabotage cancelled in turn (Instinct Training) leaves the card standing, and
			-- the moment it was played is still open: any seat may play another Sabotage on
			-- it (the card's timing, "when another player plays an action card", holds as
			-- before; nothing limits a card to one Sabotage). Each costs a card, so it ends.
			if g:global("card_sabotage_cancelled") and not g:global("card_sabotaged") then
				g:set_global("card_sabotage_cancelled", nil)
				if sabotage_window(g, ctx) then
					return nil
				end
			end
			ctx.stage = "done"
			if g:global("card_sabotaged") then
				g:set_global("card_sabotaged", nil)
				g:set_global("card_cancelled", true)
				return nil
			end
			hook.effect(g, ctx.seat, ctx.info, ctx.choice)
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		ctx.choice = v
		ctx.stage = "play"
	end,
}

-- A card's later payoff (riders, §27.22, once their outcome is elected): ctx seat, id.
M.card_payoff = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local hook = HOOKS[ctx.id]
		if hook.payoff_choose then
			local d = hook.payoff_choose(g, ctx.seat)
			if d then
				d.seat = ctx.seat
				return d
			end
		end
		ctx.done = true
		hook.payoff(g, ctx.seat, nil)
		return nil
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		HOOKS[ctx.id].payoff(g, ctx.seat, v)
	end,
}

-- Agenda resolution (agenda.lua): each rider whose prediction is the result pays off; every
-- rider's prediction is then forgotten.
function M.riders(g, result: string?)
	local ids = {}
	for id in pairs(HOOKS) do
		table.insert(ids, id)
	end
	table.sort(ids) -- a fixed order: the payoffs are pushed in it
	for _, id in ipairs(ids) do
		local hook = HOOKS[id]
		if hook.payoff then
			local v = g:global("card_rider." .. id)
			if v then
				g:set_global("card_rider." .. id, nil)
				local seat, outcome = string.match(v, "^(%d+)|(.+)$")
				if result and outcome == result then
					g:log(U.text("cards.rider_won", tonumber(seat), defs.action_card[id].name))
					g:push("card_payoff", { seat = tonumber(seat), id = id })
				end
			end
		end
	end
end

return M

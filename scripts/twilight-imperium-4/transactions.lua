--!strict
-- Twilight Imperium 4: neighbours (TI4 §99), transactions (TI4 §96) and binding deals
-- (TI4 §6.3, resolved at once as a transaction). Non-binding deals (§6.4) are words between
-- players and need nothing here.
--
-- A transaction is one `transaction` frame: the active player builds an offer in a few
-- decisions (trade goods and commodities to give, at most 1 note from its hand to give; trade
-- goods and commodities to ask for, and whether it asks for a note), then the other player
-- accepts or refuses (§96.4: terms first, then everything changes hands at once). Offer and
-- answer are decisions of those two seats only, and the offer's note names go to their two
-- logs only, so no third seat learns what is in a hand (§44.6). Asking for a note leaves the
-- choice of which to the giver, who alone sees its hand.
--
-- §96.1 allows one transaction with each neighbour per turn; a refused offer uses that turn's
-- chance too (a player may not be asked again and again, and a bot cannot loop on offers).
-- A transaction costs nothing and is not the turn's action (§96.1: it may happen at any point
-- of the turn); the pack offers it in the action-phase turn menu, before the action, and at
-- the points of the turn listed below.
--
-- Either side may propose (§96, digest F-37): the active player from its turn menu (and its
-- movement, landing and production menus); each other seat it may trade with when the turn
-- menu is first offered and as the invasion begins (a quiet window, in initiative order
-- from the active player, as other simultaneous choices, §19.19). Where the active player
-- has no menu (each space or ground combat round, Space Cannon offense, the end of a
-- strategic or component action) one quiet window asks both sides (X.open_midturn). Either way the pair's chance for the turn is used, so
-- there is still at most one transaction per pair per turn.
--
-- During each agenda (§96.6) every pair of players may make one transaction, neighbours or
-- not: a seat may offer them at its vote step, before it votes, or there alone if it cannot
-- vote, and again once every vote is cast, before the outcome (agenda.lua).
--
-- The start of a turn (digest F-08) lasts until the active player chooses its action: a
-- note received in a transaction before then whose timing is that turn's start may be
-- played at once (notes.lua).
local U = require("util")
local O = require("objectives")
local N = require("notes")
local A = require("abilities")
local M = require("moments")
local X = {}

-- The systems where a seat has a unit or a planet it controls (TI4 §99).
local function presence(g, seat: number): { number }
	local cells = g:cells_of({ kind = U.UNIT_TYPES, owner = seat })
	for _, c in ipairs(g:cells_of({ kind = "planet", owner = seat })) do
		table.insert(cells, c)
	end
	return cells
end

-- The link kind of Lazax Gate Folding's wormholes when they stand now for `a` or `b`: only
-- during the Winnu's own tactical action (its card), i.e. in the action phase on their turn
-- once they activated a system (the links last to the next turn's start, which may come
-- only after the status and agenda phases: those do not count).
local function folded_gates(g, a: number, b: number): string?
	local winnu = g:global("lazax_links")
	if (winnu == a or winnu == b) and g:global("phase") == "action" and g:global("turn_seat") == winnu then
		return "moves_" .. winnu
	end
	return nil
end

-- TI4 §99, §99.2: neighbours share a system or have adjacent ones (wormholes count).
function X.neighbours(g, a: number, b: number): boolean
	if a == b then
		return false
	end
	local mine = {}
	-- TI4 §99.3: systems adjacent through Creuss's Quantum Entanglement (links "entangle",
	-- galaxy.lua) make a player a neighbour of Creuss.
	local entangled = A.any(g, a, "entangled_wormholes") or A.any(g, b, "entangled_wormholes")
	-- Winnu's Lazax Gate Folding: during their tactical action Mecatol Rex's system counts as
	-- having an alpha and a beta wormhole (links "moves_<seat>", faction_winnu.lua), which
	-- makes the Winnu neighbours through it (§99.2; digest F-45: Pillage counts it).
	local gate = folded_gates(g, a, b)
	for _, c in ipairs(presence(g, a)) do
		mine[c] = true
		for _, n in ipairs(O.adjacent(g, c)) do
			mine[n] = true
		end
		if entangled then
			for _, n in ipairs(g:links(c, "entangle")) do
				mine[n] = true
			end
		end
		if gate then
			for _, n in ipairs(g:links(c, gate)) do
				mine[n] = true
			end
		end
	end
	for _, c in ipairs(presence(g, b)) do
		if mine[c] then
			return true
		end
	end
	return false
end

-- The seats that are `seat`'s neighbours (TI4 §99), e.g. for law Minister of Commerce.
function X.neighbours_of(g, seat: number): { number }
	local out = {}
	for s = 1, g:seats() do
		if X.neighbours(g, seat, s) then
			table.insert(out, s)
		end
	end
	return out
end

-- Whether `a` may make a transaction with `b` at all: neighbours (TI4 §99.1), or either
-- is Hacan (Guild Ships: with anyone), or `a` holds face up a note giving it that (Hacan's
-- Trade Convoys: flag `trade_anyone`, notes.lua).
function X.may_trade(g, a: number, b: number): boolean
	if a == b then
		return false
	end
	return X.neighbours(g, a, b) or A.any(g, a, "trade_anyone") or A.any(g, b, "trade_anyone")
		or N.any(g, a, "trade_anyone")
end

-- The seats the active seat may still offer a transaction to this turn (TI4 §96.1).
function X.partners(g, seat: number): { number }
	local out = {}
	local turn = g:global("turn_no") or 0
	for s = 1, g:seats() do
		if s ~= seat and g:pair(seat, s, "offered") ~= turn and X.may_trade(g, seat, s) and not U.eliminated(g, s) then
			table.insert(out, s)
		end
	end
	return out
end

-- The turn menu's options: one offer per partner, free (they do not end the turn).
function X.turn_options(g, seat: number): { any }
	local options = {}
	for _, s in ipairs(X.partners(g, seat)) do
		table.insert(options, { label = U.text("tx.offer_option", s), value = string.format("tx:%d", s), free = true })
	end
	return options
end

-- A new turn: counts turns, so each pair's "offered" mark lasts one turn; notes timed at
-- the start of a turn are offered (notes.lua); the start of the turn is open (F-08).
function X.new_turn(g, seat: number)
	g:add_global("turn_no", 1)
	g:set_global("turn_start_seat", seat)
	N.new_turn(g)
	N.turn_start(g, seat)
end

-- The active player chose its action (round.lua): the start of the turn is over (F-08),
-- so a note received later is no longer played "at the start of the turn".
function X.close_turn_start(g)
	g:set_global("turn_start_seat", nil)
end

-- The action cards in a seat's hand.
local function cards(g, seat: number): { number }
	return g:entities({ kind = "action_card", zone = "hand", seat = seat })
end

-- Whether action cards may change hands between two seats (Hacan's Arbiters, TI4 §96.3:
-- a flag of abilities.lua held by either).
local function cards_tradeable(g, a: number, b: number): boolean
	return A.any(g, a, "trade_action_cards") or A.any(g, b, "trade_action_cards")
end

-- Whether `seat` holds anything it could hand over to `other` (TI4 §96.2-96.3: trade goods,
-- commodities, a promissory note; an action card with the Hacan).
local function has_goods(g, seat: number, other: number): boolean
	return (g:get(seat, "tg") or 0) > 0 or (g:get(seat, "commodities") or 0) > 0 or #N.hand(g, seat) > 0
		or (cards_tradeable(g, seat, other) and #cards(g, seat) > 0)
end

-- Whether a transaction between the two could move anything at all: the offers added
-- mid-action and after the votes (below) are not asked when it could not, so that bots are
-- not asked questions with no possible effect.
local function can_exchange(g, a: number, b: number): boolean
	return has_goods(g, a, b) or has_goods(g, b, a)
end

-- Whether the pair may still make its one transaction of this turn (TI4 §96.1).
local function pair_open(g, a: number, b: number): boolean
	return g:pair(a, b, "offered") ~= (g:global("turn_no") or 0)
end

-- The other seats that may propose a transaction to the active seat now (digest F-37):
-- those it may trade with whose pair has not traded this turn, in the order simultaneous
-- choices take in the action phase (initiative order from the active player, §19.19).
function X.proposers(g, active: number): { number }
	local out = {}
	for _, s in ipairs(M.order(g, active)) do
		if s ~= active and pair_open(g, s, active) and X.may_trade(g, s, active) then
			table.insert(out, s)
		end
	end
	return out
end

-- Gives each eligible other seat its one chance of the turn to propose a transaction to
-- the active seat (digest F-37, §96): a quiet window, so nobody learns who was asked.
-- Returns whether it opened one (round.lua then waits for it).
function X.open_proposals(g, active: number): boolean
	if U.over(g) or g:global("phase") ~= "action" then
		return false
	end
	local seats = X.proposers(g, active)
	if #seats == 0 then
		return false
	end
	g:window({ seats = seats, offer = "transactions.propose_offer", respond = "transactions.propose_respond",
		data = { active = active }, quiet = true })
	return true
end

-- The window's question to one seat (checked again when asked: an earlier proposal does not
-- change who may trade, but the game may be over).
function X.propose_offer(g, data, seat: number)
	if U.over(g) or not pair_open(g, seat, data.active) or not X.may_trade(g, seat, data.active) then
		return nil
	end
	return { prompt = U.text("tx.propose_prompt", data.active), rule = "TI4 §96, §96.1", help = U.text("tx.propose_help"),
		options = { { label = U.text("tx.propose_option", data.active), value = "propose" } }, pass = U.text("tx.propose_pass") }
end

-- A seat proposes: it builds the offer, the active seat answers (the `transaction` step).
function X.propose_respond(g, data, seat: number, _): boolean
	g:add_global("usage.transactions_proposed", 1)
	g:push("transaction", { seat = seat, partner = data.active })
	return false
end

-- TI4 §96.1: "at any point of the turn, even mid-combat". Where the active player has no
-- menu of its own (at the start of each space or ground combat round, before Space Cannon
-- offense fires, once a strategic or component action is over: combat.lua, invasion.lua,
-- cannon.lua, round.lua), one quiet window asks, in
-- initiative order from the active player (§19.19), the active player whether to offer a
-- transaction to one seat, and each other seat that may trade with it whether to propose
-- one (F-37). Only pairs whose chance of the turn is unused and that have something to
-- exchange are asked; when there is none, nothing is asked at all (bots pay nothing).
-- Each offer uses its pair's chance of the turn, accepted or refused, so the windows
-- cannot loop. Returns whether it opened a window (the caller waits for it).
function X.open_midturn(g, active: number): boolean
	if U.over(g) or g:global("phase") ~= "action" then
		return false
	end
	local seats = {}
	local live = 0
	for _, s in ipairs(M.order(g, active)) do
		if s == active then
			table.insert(seats, s)
		elseif pair_open(g, s, active) and X.may_trade(g, s, active) and can_exchange(g, s, active) then
			table.insert(seats, s)
			live += 1
		end
	end
	-- The active player's own partners (X.partners) are the same seats but for a note such
	-- as Trade Convoys held by one side only; ask nothing when neither side has any.
	local own = #X.midturn_partners(g, active)
	if live == 0 and own == 0 then
		return false
	end
	g:window({ seats = seats, offer = "transactions.midturn_offer", respond = "transactions.midturn_respond",
		data = { active = active }, quiet = true })
	return true
end

-- The seats the active player may still offer a transaction to mid-action, with
-- something to exchange.
function X.midturn_partners(g, active: number): { number }
	local out = {}
	for _, s in ipairs(X.partners(g, active)) do
		if can_exchange(g, active, s) then
			table.insert(out, s)
		end
	end
	return out
end

-- The mid-action window's question: the active player picks one seat to offer to (or
-- none); another seat proposes to the active player (or not). Checked again when asked:
-- an earlier answer in the same window may have used the pair's chance.
function X.midturn_offer(g, data, seat: number)
	if U.over(g) then
		return nil
	end
	if seat == data.active then
		local options = {}
		for _, s in ipairs(X.midturn_partners(g, seat)) do
			table.insert(options, { label = U.text("tx.offer_option", s), value = s })
		end
		if #options == 0 then
			return nil
		end
		return { prompt = U.text("tx.midturn_prompt"), rule = "TI4 §96.1", help = U.text("tx.midturn_help"),
			options = options, pass = U.text("tx.midturn_pass") }
	end
	if not can_exchange(g, seat, data.active) then
		return nil
	end
	return X.propose_offer(g, data, seat)
end

-- An offer made in the mid-action window: the `transaction` step (it marks the pair).
function X.midturn_respond(g, data, seat: number, v): boolean
	g:add_global("usage.transactions_midturn", 1)
	if seat == data.active then
		g:push("transaction", { seat = seat, partner = v })
	else
		g:push("transaction", { seat = seat, partner = data.active })
	end
	return false
end

local function card_name(g, card: number): string
	return defs.action_card[g:face(card)].name
end

-- What the offer says, for the two players' logs.
-- Only what changes hands is named ("1 commodity, Ceasefire"), so the offer fits the
-- prompt's two lines.
local function terms(tg: number, comm: number, note: string?): string
	local parts = {}
	if tg > 0 then
		table.insert(parts, tg == 1 and U.text("tx.tg1") or U.text("tx.tg", tg))
	end
	if comm > 0 then
		table.insert(parts, comm == 1 and U.text("tx.comm1") or U.text("tx.comm", comm))
	end
	if note then
		table.insert(parts, note)
	end
	return #parts == 0 and U.text("tx.nothing") or table.concat(parts, ", ")
end

local function describe(g, ctx): string
	local give = terms(ctx.give_tg, ctx.give_comm, ctx.give_note and N.name(g, ctx.give_note) or nil)
	local take = terms(ctx.ask_tg, ctx.ask_comm, ctx.ask_note and U.text("tx.a_note") or nil)
	if ctx.give_card then
		give = give .. U.text("tx.with_card", card_name(g, ctx.give_card))
	end
	if ctx.ask_card then
		take = take .. U.text("tx.with_a_card")
	end
	return U.text("tx.offer", ctx.seat, ctx.partner, give, take)
end

-- Hands an action card over (Arbiters); only the two seats know which.
local function give_card(g, card: number, from: number, to: number)
	g:move(card, { zone = "hand", seat = to })
	g:hide(card, { from, to })
end

-- Digest F-08: notes that changed hands while the start of the active player's turn is open
-- may be played now if they are timed at that turn's start (notes.lua says which).
local function at_turn_start(g, a: number?, b: number?)
	local seat = g:global("turn_start_seat")
	if not seat or g:global("phase") ~= "action" then
		return
	end
	for _, note in ipairs({ a or 0, b or 0 }) do
		if note ~= 0 then
			N.received_at_turn_start(g, note, seat)
		end
	end
end

-- Moves everything at once (TI4 §96.4); commodities become trade goods (§43.5).
local function exchange(g, ctx, their_note: number?, their_card: number?)
	local a, b = ctx.seat, ctx.partner
	g:add(a, "tg", ctx.ask_tg - ctx.give_tg + ctx.ask_comm)
	g:add(b, "tg", ctx.give_tg - ctx.ask_tg + ctx.give_comm)
	g:add(a, "commodities", -ctx.give_comm)
	g:add(b, "commodities", -ctx.ask_comm)
	if ctx.give_note then
		N.give(g, ctx.give_note, a, b)
	end
	if their_note then
		N.give(g, their_note, b, a)
	end
	if ctx.give_card then
		give_card(g, ctx.give_card, a, b)
	end
	if their_card then
		give_card(g, their_card, b, a)
	end
	g:log(U.text("tx.done", a, b))
	if ctx.give_card or their_card then
		-- TI4 §1.4: a hand over the limit at any time is cut back to it by its holder
		-- (the step asks nothing when the hand is within the limit).
		g:push("discard", { seat = b })
		g:push("discard", { seat = a })
	end
	g:add_global("usage.transactions_made", 1)
	at_turn_start(g, ctx.give_note, their_note)
	-- "After a player resolves a transaction" (Mentak's Pillage).
	A.at(g, "transaction_done", { seats = { a, b } })
end

local STAGES = { "give_tg", "give_comm", "give_note", "give_card", "ask_tg", "ask_comm", "ask_note", "ask_card", "answer" }

-- ctx: seat (who proposes: the active player, or another seat proposing to it, F-37),
-- partner (who answers); `agenda` (the agenda's number) for a transaction during an agenda
-- (§96.6), whose pair mark lasts that agenda instead of the turn. The stages above, in order.
X.transaction = {
	enter = function(g, ctx)
		ctx.i = 1
		ctx.give_tg, ctx.give_comm, ctx.ask_tg, ctx.ask_comm = 0, 0, 0, 0
		if ctx.agenda then
			g:set_pair(ctx.seat, ctx.partner, "agenda_offered", ctx.agenda)
		else
			g:set_pair(ctx.seat, ctx.partner, "offered", g:global("turn_no") or 0)
		end
	end,
	run = function(g, ctx)
		while not U.over(g) do
			local stage = STAGES[ctx.i]
			local a, b = ctx.seat, ctx.partner
			local rule = "TI4 §96.2, §43.5, §44.5"
			local help = U.text(ctx.agenda and "tx.agenda_help" or "tx.help")
			if stage == "give_tg" and (g:get(a, "tg") or 0) > 0 then
				return { seat = a, kind = "number", min = 0, max = g:get(a, "tg"), prompt = U.text("tx.give_tg", b), rule = rule, help = help }
			elseif stage == "give_comm" and (g:get(a, "commodities") or 0) > 0 then
				return { seat = a, kind = "number", min = 0, max = g:get(a, "commodities"), prompt = U.text("tx.give_comm", b), rule = rule, help = help }
			elseif stage == "give_note" and #N.hand(g, a) > 0 then
				local options = {}
				for _, note in ipairs(N.hand(g, a)) do
					table.insert(options, { label = U.text("tx.note_option", N.name(g, note), g:owner(note)), value = note })
				end
				return { seat = a, prompt = U.text("tx.give_note", b), rule = rule, help = help, options = options, pass = U.text("tx.no_note") }
			elseif stage == "give_card" and cards_tradeable(g, a, b) and #cards(g, a) > 0 then
				local options = {}
				for _, card in ipairs(cards(g, a)) do
					table.insert(options, { label = card_name(g, card), value = card })
				end
				return { seat = a, prompt = U.text("tx.give_card", b), rule = "TI4 §96.3", help = U.text("tx.card_help"), options = options, pass = U.text("tx.no_card") }
			elseif stage == "ask_tg" and (g:get(b, "tg") or 0) > 0 then
				return { seat = a, kind = "number", min = 0, max = g:get(b, "tg"), prompt = U.text("tx.ask_tg", b), rule = rule, help = help }
			elseif stage == "ask_comm" and (g:get(b, "commodities") or 0) > 0 then
				return { seat = a, kind = "number", min = 0, max = g:get(b, "commodities"), prompt = U.text("tx.ask_comm", b), rule = rule, help = help }
			elseif stage == "ask_note" and #N.hand(g, b) > 0 then
				return { seat = a, prompt = U.text("tx.ask_note", b), rule = rule, help = help,
					options = { { label = U.text("tx.ask_a_note"), value = "note" } }, pass = U.text("tx.no_note") }
			elseif stage == "ask_card" and cards_tradeable(g, a, b) and #cards(g, b) > 0 then
				return { seat = a, prompt = U.text("tx.ask_card", b), rule = "TI4 §96.3", help = U.text("tx.card_help"),
					options = { { label = U.text("tx.ask_a_card"), value = "card" } }, pass = U.text("tx.no_card") }
			elseif stage == "answer" then
				-- The partner's private answer; with a note asked, accepting names which.
				if not ctx.told then
					ctx.told = true
					g:log_to({ a, b }, describe(g, ctx))
				end
				-- Accepting names what is asked for: a note, an action card, or one of each.
				local options = {}
				local notes = ctx.ask_note and N.hand(g, b) or { 0 }
				local hand = ctx.ask_card and cards(g, b) or { 0 }
				for _, note in ipairs(notes) do
					for _, card in ipairs(hand) do
						local label
						if note ~= 0 and card ~= 0 then
							label = U.text("tx.accept_with_both", N.name(g, note), g:owner(note), card_name(g, card))
						elseif note ~= 0 then
							label = U.text("tx.accept_with", N.name(g, note), g:owner(note))
						elseif card ~= 0 then
							label = U.text("tx.accept_with_card", card_name(g, card))
						else
							label = U.text("tx.accept")
						end
						table.insert(options, { label = label, value = string.format("%d:%d", note, card) })
					end
				end
				table.insert(options, { label = U.text("tx.refuse"), value = "refuse" })
				return { seat = b, prompt = describe(g, ctx), rule = "TI4 §96.4, §6.3", help = U.text("tx.answer_help"), options = options }
			elseif stage == nil then
				return nil
			end
			ctx.i += 1
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		local stage = STAGES[ctx.i]
		ctx.i += 1
		if stage == "give_tg" then
			ctx.give_tg = v
		elseif stage == "give_comm" then
			ctx.give_comm = v
		elseif stage == "give_note" then
			ctx.give_note = v
			-- The note is on the table until the partner answers: a private mark of the
			-- proposer's, read by the bots' evaluation (checks.lua), which would otherwise
			-- see no cost in offering it until the partner accepts.
			g:set(ctx.seat, "note_on_offer", v)
		elseif stage == "ask_tg" then
			ctx.ask_tg = v
		elseif stage == "ask_comm" then
			ctx.ask_comm = v
		elseif stage == "ask_note" then
			ctx.ask_note = v == "note"
		elseif stage == "give_card" then
			ctx.give_card = v
		elseif stage == "ask_card" then
			ctx.ask_card = v == "card"
		elseif stage == "answer" then
			g:set(ctx.seat, "note_on_offer", nil)
			if v == "refuse" then
				g:log(U.text("tx.refused", ctx.partner, ctx.seat))
			else
				local note, card = string.match(v, "^(%d+):(%d+)$")
				local n, c = tonumber(note) :: number, tonumber(card) :: number
				exchange(g, ctx, n ~= 0 and n or nil, c ~= 0 and c or nil)
			end
		end
	end,
}

-- TI4 §96.6 (digest R-21): during an agenda, the seats a seat may still offer a transaction to:
-- every other seat still in the game, neighbour or not, whose pair has not traded in this
-- agenda (`mark`, the agenda's number: agenda.lua).
local function agenda_partners(g, seat: number, mark: number): { number }
	local out = {}
	for _, s in ipairs(U.clockwise(g, seat)) do
		if s ~= seat and g:pair(seat, s, "agenda_offered") ~= mark then
			table.insert(out, s)
		end
	end
	return out
end

-- TI4 §96.6: the free options a voter's decision adds during an agenda (agenda.lua): one
-- offer to each remaining partner. Each offer, accepted or refused, uses its pair's one
-- chance of the agenda, so a voter cannot be asked forever (bots cannot loop).
function X.agenda_options(g, seat: number, mark: number): { any }
	local options = {}
	for _, s in ipairs(agenda_partners(g, seat, mark)) do
		table.insert(options, { label = U.text("tx.offer_option", s), value = string.format("tx:%d", s), free = true })
	end
	return options
end

-- TI4 §96.6: the offers a seat may still make once the votes are cast (agenda.lua): those
-- of agenda_options whose pair has something to exchange (so that bots are not asked
-- where nothing could change hands).
function X.agenda_after_vote_options(g, seat: number, mark: number): { any }
	local options = {}
	for _, s in ipairs(agenda_partners(g, seat, mark)) do
		if can_exchange(g, seat, s) then
			table.insert(options, { label = U.text("tx.offer_option", s), value = string.format("tx:%d", s), free = true })
		end
	end
	return options
end

-- An agenda offer chosen from a voter's decision: the `transaction` step, marked with the
-- agenda (its pair's chance is this agenda's, not a turn's).
function X.agenda_offer(g, seat: number, value: any, mark: number): boolean
	local n = type(value) == "string" and string.match(value, "^tx:(%d+)$")
	if not n then
		return false
	end
	g:add_global("usage.agenda_transactions_offered", 1)
	g:push("transaction", { seat = seat, partner = tonumber(n), agenda = mark })
	return true
end

return X

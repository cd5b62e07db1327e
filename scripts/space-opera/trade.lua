--!strict
-- Space Opera: negotiation (SO §4.6) as a proposal between two seats in a shared
-- sector, during the proposer's turn: the proposer offers cards from its hand and
-- credits and asks for credits and a number of cards of the partner's choice; the
-- partner sees the offered cards privately and accepts or refuses; on acceptance it
-- picks the cards it gives. Built technologies and population cannot be traded.
-- Classic favours are non-binding promises: nothing to enforce, so a proposal may
-- give or ask nothing on one side (a favour asked or promised in words).
local U = require("util")
local C = require("cards")
local TR = {}

-- What every question of a negotiation says for `?` (SO §4.6), looked up once.
local HELP = U.text("negotiation.help")

local STAGES = { "give_cards", "give_credits", "ask_credits", "ask_cards", "answer", "pick_cards" }

-- The stage after each (the last is followed by "done"), looked up by next_stage.
local NEXT = {}
for i, st in ipairs(STAGES) do
	NEXT[st] = STAGES[i + 1] or "done"
end

-- The questions that name the partner alone, made for every seat when the module loads
-- (one of them is asked at nearly every decision of a negotiation): QUESTION[text id][b].
local QUESTION = {}
for _, id in ipairs({ "negotiation.offer_cards", "negotiation.offer_credits", "negotiation.ask_credits", "negotiation.ask_cards" }) do
	local by_seat = {}
	for b = 1, U.MAX_SEATS do
		by_seat[b] = U.text(id, b)
	end
	QUESTION[id] = by_seat
end

-- QUESTION[id][b], or the text made now for a seat beyond the pack's most.
local function question(id, b)
	return QUESTION[id][b] or U.text(id, b)
end

-- The card definitions: a card's name (U.name) is read in place, since the option
-- lists name every card of a hand.
local RESOURCE = defs.resource

-- The terms of a proposal are kept in the step's context only once set: until then
-- `give_cards` is no card (NONE) and `give_credits`, `ask_credits` and `ask_cards` are
-- 0 (the context is converted at every call: what it does not hold costs nothing).
-- The cards offered are kept as one text of their ids ("50 61"), which converts far
-- cheaper than a list at each of the negotiation's later calls (`offered` reads it).
local NONE = {}

-- The cards offered (ctx.give_cards), as a list of ids (NONE: none).
local function offered(ctx)
	local text = ctx.give_cards
	if text == nil then
		return NONE
	end
	local cards = {}
	for _, id in ipairs(string.split(text, " ")) do
		table.insert(cards, tonumber(id))
	end
	return cards
end

local function next_stage(ctx)
	local following = NEXT[ctx.stage]
	if following ~= nil then
		ctx.stage = following
	end
end

-- The `negotiate` step: ctx.from proposes to ctx.to; ctx.stage is nil until the first
-- call, then one of STAGES, then "done".
TR.negotiate = {
	run = function(g, ctx)
		local a, b = ctx.from, ctx.to
		-- Whether the negotiation goes on is asked once, on the first call: a stage that
		-- is skipped changes only ctx, every stage that changes the game returns, and the
		-- later calls follow this step's own decisions, whose answers change only ctx (a
		-- refusal logs and ends it), so the game is still as the first call saw it:
		-- nobody finished, was eliminated or jumped meanwhile.
		if ctx.stage == nil then
			ctx.stage = "give_cards"
			-- (No call starts with the game over, V.over.)
			if not (U.live(g, a) and U.live(g, b)) or not U.shares(g, a, b) then
				return nil
			end
		end
		while true do
			local st = ctx.stage
			-- What a stage asks about is read once (for its test and its decision).
			local hand, credits = nil, nil
			if st == "give_cards" then
				hand = C.hand(g, a)
			elseif st == "give_credits" then
				credits = g:get(a, "credits")
			elseif st == "ask_credits" then
				credits = g:get(b, "credits")
			elseif st == "ask_cards" then
				hand = C.hand(g, b)
			end
			if st == "give_cards" and #hand > 0 then
				local options = table.create(#hand)
				for _, card in ipairs(hand) do
					local face = g:face(card)
					local d = RESOURCE[face]
					table.insert(options, { label = d and d.name or face, value = card }) -- U.name
				end
				return { seat = a, kind = "many", min = 0, max = #options, options = options, rule = "SO §4.6",
					prompt = question("negotiation.offer_cards", b), help = HELP }
			elseif st == "give_credits" and credits > 0 then
				return { seat = a, kind = "number", min = 0, max = credits, rule = "SO §4.6",
					prompt = question("negotiation.offer_credits", b), help = HELP }
			elseif st == "ask_credits" and credits > 0 then
				return { seat = a, kind = "number", min = 0, max = credits, rule = "SO §4.6",
					prompt = question("negotiation.ask_credits", b), help = HELP }
			elseif st == "ask_cards" and #hand > 0 then
				return { seat = a, kind = "number", min = 0, max = #hand, rule = "SO §4.6",
					prompt = question("negotiation.ask_cards", b), help = HELP }
			elseif st == "answer" then
				local give_cards, give_credits = offered(ctx), ctx.give_credits or 0
				local ask_credits, ask_cards = ctx.ask_credits or 0, ctx.ask_cards or 0
				if #give_cards == 0 and give_credits == 0 and ask_credits == 0 and ask_cards == 0 then
					g:log(U.text("negotiation.nothing", a, b))
					return nil
				end
				local names = {}
				for _, card in ipairs(give_cards) do
					local face = g:face(card)
					local d = RESOURCE[face]
					local name = d and d.name or face -- U.name
					table.insert(names, name)
					g:peek(b, card, U.text("negotiation.offered_card", a, name))
				end
				return { seat = b, rule = "SO §4.6", pass = U.text("negotiation.refuse"),
					prompt = U.text("negotiation.proposal",
						a, U.count_of(#names, "word.card"), #names > 0 and U.text("negotiation.card_names", table.concat(names, U.text("list.separator"))) or "",
						U.count_of(give_credits, "word.credit"), U.count_of(ask_credits, "word.credit"), U.count_of(ask_cards, "word.card")),
					options = { { label = U.text("negotiation.accept"), value = true } }, help = HELP }
			elseif st == "pick_cards" then
				local ask_cards = ctx.ask_cards or 0
				if ask_cards > 0 and #ctx.picked == 0 then
					local hand_b = C.hand(g, b)
					local options = table.create(#hand_b)
					for _, card in ipairs(hand_b) do
						local face = g:face(card)
						local d = RESOURCE[face]
						table.insert(options, { label = d and d.name or face, value = card }) -- U.name
					end
					local n = math.min(ask_cards, #options)
					if n > 0 then
						return { seat = b, kind = "many", min = n, max = n, options = options, rule = "SO §4.6",
							prompt = U.text("negotiation.pick_cards", U.count_of(n, "word.card"), a),
							help = U.text("negotiation.pick_cards_help") }
					end
				end
				TR.transfer(g, ctx)
				return nil
			elseif st == "done" then
				return nil
			else
				next_stage(ctx)
			end
		end
	end,
	resolve = function(g, ctx, v)
		local st = ctx.stage
		if st == "give_cards" then
			ctx.give_cards = #v > 0 and table.concat(v, " ") or nil
		elseif st == "give_credits" then
			ctx.give_credits = v
		elseif st == "ask_credits" then
			ctx.ask_credits = v
		elseif st == "ask_cards" then
			ctx.ask_cards = v
		elseif st == "answer" then
			if v == nil then
				g:log(U.text("negotiation.refused", ctx.to, ctx.from))
				ctx.stage = "done"
				return
			end
			ctx.picked = {}
		elseif st == "pick_cards" then
			ctx.picked = v
			TR.transfer(g, ctx)
			ctx.stage = "done"
			return
		end
		next_stage(ctx)
	end,
}

-- Applies an accepted proposal; credits are capped by what each side still has.
function TR.transfer(g, ctx)
	local a, b = ctx.from, ctx.to
	local give_cards = offered(ctx)
	for _, card in ipairs(give_cards) do
		if g:where(card).zone == "hand" and g:owner(card) == a then
			C.to_hand(g, card, b)
		end
	end
	for _, card in ipairs(ctx.picked or {}) do
		C.to_hand(g, card, a)
	end
	local to_b = math.min(ctx.give_credits or 0, g:get(a, "credits"))
	local to_a = math.min(ctx.ask_credits or 0, g:get(b, "credits"))
	g:add(a, "credits", to_a - to_b)
	g:add(b, "credits", to_b - to_a)
	g:log(U.text("negotiation.trade", a, b, U.count_of(#give_cards, "word.card"), U.count_of(to_b, "word.credit"),
		U.count_of(#(ctx.picked or {}), "word.card"), U.count_of(to_a, "word.credit")))
	ctx.stage = "done"
end

return TR

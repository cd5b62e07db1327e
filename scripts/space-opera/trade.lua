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

-- What every question of a negotiation says for `?` (SO §4.6).
local NEGOTIATION_HELP = "A negotiation trades cards from hand and credits with a seat in a shared sector, during your turn: "
	.. "you offer cards and credits and ask for credits and cards of its choice; it sees your cards and accepts or refuses the whole offer. "
	.. "Built technologies and population cannot be traded."

local STAGES = { "give_cards", "give_credits", "ask_credits", "ask_cards", "answer", "pick_cards" }

local function next_stage(ctx)
	for i, st in ipairs(STAGES) do
		if st == ctx.stage then
			ctx.stage = STAGES[i + 1] or "done"
			return
		end
	end
end

TR.negotiate = {
	enter = function(g, ctx)
		ctx.stage = "give_cards"
		ctx.give_cards, ctx.give_credits, ctx.ask_credits, ctx.ask_cards = {}, 0, 0, 0
	end,
	run = function(g, ctx)
		local a, b = ctx.from, ctx.to
		while true do
			if require("victory").over(g) or not (U.live(g, a) and U.live(g, b)) or not U.shares(g, a, b) then
				return nil
			end
			local st = ctx.stage
			if st == "give_cards" and #C.hand(g, a) > 0 then
				local options = {}
				for _, card in ipairs(C.hand(g, a)) do
					table.insert(options, { label = U.name(g, card), value = card })
				end
				return { seat = a, kind = "many", min = 0, max = #options, options = options, rule = "SO §4.6",
					prompt = string.format("Negotiating with seat %d: which cards from your hand do you offer?", b), help = NEGOTIATION_HELP }
			elseif st == "give_credits" and g:get(a, "credits") > 0 then
				return { seat = a, kind = "number", min = 0, max = g:get(a, "credits"), rule = "SO §4.6",
					prompt = string.format("How many credits do you offer seat %d?", b), help = NEGOTIATION_HELP }
			elseif st == "ask_credits" and g:get(b, "credits") > 0 then
				return { seat = a, kind = "number", min = 0, max = g:get(b, "credits"), rule = "SO §4.6",
					prompt = string.format("How many credits do you ask of seat %d?", b), help = NEGOTIATION_HELP }
			elseif st == "ask_cards" and #C.hand(g, b) > 0 then
				return { seat = a, kind = "number", min = 0, max = #C.hand(g, b), rule = "SO §4.6",
					prompt = string.format("How many cards (of their choice) do you ask of seat %d?", b), help = NEGOTIATION_HELP }
			elseif st == "answer" then
				if #ctx.give_cards == 0 and ctx.give_credits == 0 and ctx.ask_credits == 0 and ctx.ask_cards == 0 then
					g:log(string.format("Seat %d and seat %d talk; nothing changes hands. -- SO §4.6", a, b))
					return nil
				end
				local names = {}
				for _, card in ipairs(ctx.give_cards) do
					table.insert(names, U.name(g, card))
					g:peek(b, card, string.format("Seat %d offers you %s.", a, U.name(g, card)))
				end
				return { seat = b, rule = "SO §4.6", pass = "Refuse",
					prompt = string.format("Seat %d offers %d card%s%s and %s for %s and %d card%s of your choice. Accept?",
						a, #names, #names == 1 and "" or "s", #names > 0 and (" (" .. table.concat(names, ", ") .. ")") or "",
						U.count(ctx.give_credits, "credit"), U.count(ctx.ask_credits, "credit"), ctx.ask_cards, ctx.ask_cards == 1 and "" or "s"),
					options = { { label = "Accept", value = true } }, help = NEGOTIATION_HELP }
			elseif st == "pick_cards" then
				if ctx.ask_cards > 0 and #ctx.picked == 0 then
					local options = {}
					for _, card in ipairs(C.hand(g, b)) do
						table.insert(options, { label = U.name(g, card), value = card })
					end
					local n = math.min(ctx.ask_cards, #options)
					if n > 0 then
						return { seat = b, kind = "many", min = n, max = n, options = options, rule = "SO §4.6",
							prompt = string.format("Choose the %d card%s you give seat %d", n, n == 1 and "" or "s", a),
							help = "You accepted to give this many cards of your choice from your hand." }
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
			ctx.give_cards = v
		elseif st == "give_credits" then
			ctx.give_credits = v
		elseif st == "ask_credits" then
			ctx.ask_credits = v
		elseif st == "ask_cards" then
			ctx.ask_cards = v
		elseif st == "answer" then
			if v == nil then
				g:log(string.format("Seat %d refuses seat %d's proposal. -- SO §4.6", ctx.to, ctx.from))
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
	for _, card in ipairs(ctx.give_cards) do
		if g:where(card).zone == "hand" and g:owner(card) == a then
			C.to_hand(g, card, b)
		end
	end
	for _, card in ipairs(ctx.picked or {}) do
		C.to_hand(g, card, a)
	end
	local to_b = math.min(ctx.give_credits, g:get(a, "credits"))
	local to_a = math.min(ctx.ask_credits, g:get(b, "credits"))
	g:add(a, "credits", to_a - to_b)
	g:add(b, "credits", to_b - to_a)
	g:log(string.format("Seat %d and seat %d trade: %d card%s and %s for %d card%s and %s. -- SO §4.6",
		a, b, #ctx.give_cards, #ctx.give_cards == 1 and "" or "s", U.count(to_b, "credit"), #(ctx.picked or {}), #(ctx.picked or {}) == 1 and "" or "s", U.count(to_a, "credit")))
	ctx.stage = "done"
end

return TR

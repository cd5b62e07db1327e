--!strict
-- Galactic Era: the trade phase (GE 6.3): seats at peace and in contact (or with
-- Spirituality IV+) may exchange one technology level each, once per round. Seats at
-- war may also propose peace here (GE 4.7, peace.lua).
local U = require("util")
local W = require("war")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Peoples = require("peoples")
local Actions = require("actions")
local Milestones = require("milestones")
local Cards = require("cards")
local Peace = require("peace")
local T = {}

-- Whether `a` may offer `b` a trade now. `mine` is a table the caller makes for `a`,
-- where what depends on `a` alone is kept once read: its partners are asked in turn
-- while nothing changes.
local function may_trade(g, a, b, mine)
	if a == b or W.at_war(g, a, b) then
		return false
	end
	-- Once per round each (GE 6.3); Científico's section A allows one more trade to its
	-- player, and to whoever that player trades with (GE A3.4).
	-- I.C.C. trades once with each seat (GE A1.11); a pair never trades twice in a round.
	local extra = mine.extra
	if extra == nil then
		extra = g:get(a, "extra_trade") == 1
		mine.extra = extra
	end
	local P = Peoples
	if not extra and U.this_round(g, g:pair(a, b, "traded_round")) then
		return false -- Científico's extra trade may repeat a partner (GE A3.4)
	end
	local full = mine.full
	if full == nil then
		full = (g:get(a, "r_traded") or 0) >= P.trades_per_round(g, a) + (extra and 1 or 0)
		mine.full = full
	end
	if full or ((g:get(b, "r_traded") or 0) >= P.trades_per_round(g, b) and not extra) then
		return false
	end
	-- GE A2.2: from Spirituality IV a seat trades without contact.
	local spi = mine.spi
	if spi == nil then
		spi = g:get(a, "spi")
		mine.spi = spi
	end
	return spi >= 4 or g:get(b, "spi") >= 4 or U.in_contact(g, a, b)
end

-- A seat's technology levels by technology, read once for all the deals it is part
-- of (a menu lists every deal with every partner).
local function levels(g, seat)
	local out = {}
	for _, t in ipairs(U.TECHS) do
		out[t] = g:get(seat, t)
	end
	return out
end

-- Every deal `a` could offer `b`: a learns a technology where it is below b, b one where
-- it is below a. `la` and `lb`: their levels (levels()).
local function deals(a, b, la, lb)
	local out = {}
	for _, learn in ipairs(U.TECHS) do
		if la[learn] < lb[learn] then
			for _, teach in ipairs(U.TECHS) do
				if lb[teach] < la[teach] then
					table.insert(out, { with = b, learn = learn, teach = teach })
				end
			end
		end
	end
	return out
end

-- The labels of the deals, filled without string.format (U.filler): a seat number and
-- two technology names.
local FORCE_SEAT_TO_TRADE_LEARN = U.filler("trade.force_seat_to_trade_learn")
local OFFER_SEAT_LEARN_TEACH = U.filler("trade.offer_seat_learn_teach")

-- A deal: `a` learns `learn`, `b` learns `teach` (GE 6.3).
function T.apply(g, a, b, learn, teach)
	local actions = Actions
	local a_rose = actions.raise(g, a, learn, "trade")
	local b_rose = actions.raise(g, b, teach, "trade")
	g:add(a, "r_traded", 1)
	g:add(b, "r_traded", 1)
	g:set_pair(a, b, "traded_round", g:global("round"))
	g:set(a, "last_trade", { with = b, got = a_rose and learn or nil, round = g:global("round") })
	g:set(b, "last_trade", { with = a, got = b_rose and teach or nil, round = g:global("round") })
	Peoples.on_trade(g, a, b)
	Milestones.on_trade(g, a, b)
end

-- Caninoides STS undoes a seat's trade of this round, for both of its partners (A1.4).
function T.undo_trade(g, seat)
	local last = g:get(seat, "last_trade")
	if not last or not U.this_round(g, last.round) then
		return
	end
	local other = last.with
	local theirs = g:get(other, "last_trade")
	if last.got then
		g:add(seat, last.got, -1)
	end
	g:add(seat, "r_traded", -1)
	if theirs then
		if theirs.got then
			g:add(other, theirs.got, -1)
		end
		g:add(other, "r_traded", -1)
	end
	g:set_pair(seat, other, "traded_round", nil)
	g:set(seat, "last_trade", nil)
	g:set(other, "last_trade", nil)
	g:log(U.text("trade.trade_between_seats_and_is", seat, other))
end

T.phase = {
	enter = function(g, ctx)
		ctx.i = 1
	end,
	run = function(g, ctx)
		local order = U.turn_order(g)
		if ctx.offer then
			local o = ctx.offer
			return { seat = o.with, rule = "GE 6.3",
				prompt = U.text("trade.seat_offers_trade_you_learn", o.from, U.TECH_NAMES[o.teach], U.TECH_NAMES[o.learn]),
				options = { { label = U.TEXT["trade.accept_trade"], value = true } }, pass = U.TEXT["trade.refuse"],
				help = U.TEXT["trade.trade_gives_each_seat_one"] }
		end
		while ctx.i <= #order do
			local s = order[ctx.i]
			local options = {}
			if Cards.any_play(g, s) then
				table.insert(options, { label = U.TEXT["movement.play_domination_card"], value = { a = "card" } })
			end
			-- Caninoides STS: force a seat it could trade with, undoing that seat's trade (A1.4).
			if Peoples.is(g, s, "caninoides", "STS") and (g:get(s, "r_traded") or 0) == 0 then
				for _, b in ipairs(order) do
					if b ~= s and not W.at_war(g, s, b) and (g:get(s, "spi") >= 4 or g:get(b, "spi") >= 4 or U.in_contact(g, s, b)) then
						for _, d in ipairs(deals(s, b, levels(g, s), levels(g, b))) do
							table.insert(options, { label = FORCE_SEAT_TO_TRADE_LEARN(b, U.TECH_NAMES[d.learn], U.TECH_NAMES[d.teach]),
								value = { a = "force", with = b, learn = d.learn, teach = d.teach } })
						end
					end
				end
			end
			do
				local mine = {}
				local own -- the seat's levels, read at its first partner
				for _, b in ipairs(order) do
					if may_trade(g, s, b, mine) then
						own = own or levels(g, s)
						for _, d in ipairs(deals(s, b, own, levels(g, b))) do
							table.insert(options, { label = OFFER_SEAT_LEARN_TEACH(b, U.TECH_NAMES[d.learn], U.TECH_NAMES[d.teach]),
								value = { a = "trade", with = b, learn = d.learn, teach = d.teach } })
						end
					end
				end
			end
			if #Peace.targets(g, s, { phase = "trade" }) > 0 then
				table.insert(options, { label = U.TEXT["movement.propose_peace"], value = { a = "peace" } })
			end
			if #options > 0 then
				-- Only peace to propose: say why no trade is offered.
				local prompt = (#options == 1 and options[1].value.a == "peace") and U.TEXT["trade.trade_phase_no_one_can"] or U.TEXT["trade.trade_phase_make_offer"]
				return { seat = s, prompt = prompt, rule = "GE 6.3", options = options, pass = U.TEXT["trade.no_more_offers"],
					help = U.TEXT["trade.offer_seat_at_peace_and"] }
			end
			ctx.i += 1
		end
		if not ctx.griseos then
			-- Gríseos STS: learn from a seat in contact after a phase without trading (A1.9).
			ctx.griseos = true
			for i = #order, 1, -1 do
				local s = order[i]
				if Peoples.is(g, s, "griseos", "STS") and (g:get(s, "r_traded") or 0) == 0 then
					g:push("griseos_learn", { seat = s })
				end
			end
		end
		return nil
	end,
	resolve = function(g, ctx, choice)
		local order = U.turn_order(g)
		if ctx.offer then
			local o = ctx.offer
			ctx.offer = nil
			if choice == nil then
				g:log(U.text("trade.seat_refuses_seat_offer", o.with, o.from))
				return
			end
			T.apply(g, o.from, o.with, o.learn, o.teach)
			return
		end
		local s = order[ctx.i]
		if choice == nil then
			ctx.i += 1
			return
		end
		if choice.a == "card" then
			g:push("card_offer", { seat = s, moment = { phase = "trade" } })
			return
		elseif choice.a == "peace" then
			g:push("peace_offer", { seat = s, phase = "trade" })
			return
		end
		if choice.a == "force" then
			T.undo_trade(g, choice.with)
			T.apply(g, s, choice.with, choice.learn, choice.teach)
			g:log(U.text("trade.seat_forces_seat_to_trade", s, choice.with))
			return
		end
		ctx.offer = { a = choice.a, from = s, with = choice.with, learn = choice.learn, teach = choice.teach }
	end,
}

return T

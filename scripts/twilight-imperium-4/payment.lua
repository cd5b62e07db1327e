--!strict
-- Twilight Imperium 4: paying (TI4 §83 resources, §51 influence, §63 trade goods,
-- §9 exhausting planets), paying command tokens, and discarding action cards.
-- A payment is only pushed when the seat can afford it (U.spendable), so every
-- question here has an answer; paying more than the cost loses the excess (§79.1).
local U = require("util")
local Ask = require("ask_once")
local P = {}

-- ctx: seat, what ("resources" | "influence"), amount; ctx.paid grows.
P.pay = {
	run = function(g, ctx)
		ctx.paid = ctx.paid or 0
		if ctx.paid >= ctx.amount or U.over(g) then
			return nil
		end
		local options = {}
		for _, p in ipairs(U.planets(g, ctx.seat, true)) do
			local v = U.value(g, p, ctx.what)
			if v > 0 then
				table.insert(options, { label = U.text("pay.planet", U.planet_name(g, p), v), value = p })
			end
		end
		if (g:get(ctx.seat, "tg") or 0) > 0 then
			-- "tg", not 0: 0 is an entity id too (Mecatol Rex's planet), so a planet must never
			-- share the trade good's value.
			table.insert(options, { label = U.text("pay.trade_good", g:get(ctx.seat, "tg")), value = "tg" })
		end
		if #options == 0 then
			return nil -- cannot happen when the payment was checked; never stall
		end
		return { seat = ctx.seat, prompt = U.text("pay.prompt", ctx.amount - ctx.paid, ctx.amount - ctx.paid == 1 and U.text("pay." .. ctx.what .. "_one") or U.text("pay." .. ctx.what)),
			rule = "TI4 §9, §83, §51, §63", help = U.text("pay.help"), options = options }
	end,
	resolve = function(g, ctx, v)
		if v == "tg" then
			g:add(ctx.seat, "tg", -1)
			-- Mirror Computing (Mentak, its card): a trade good is worth 2.
			ctx.paid += require("abilities").any(g, ctx.seat, "trade_goods_doubled") and 2 or 1
		else
			g:set_prop(v, "exhausted", true)
			ctx.paid += U.value(g, v, ctx.what)
			g:log(U.text("pay.exhausts", ctx.seat, U.planet_name(g, v)))
		end
	end,
}

-- ctx: seat, n: command tokens spent from the tactic and strategy pools (lead_from_the_front).
P.pay_tokens = Ask.repeated({
	count = "paid",
	options = function(g, ctx)
		local options = {}
		for _, pool in ipairs({ "tactic", "strategy" }) do
			if U.pool(g, ctx.seat, pool) > 0 then
				table.insert(options, { label = U.text("pool." .. pool), value = pool })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("pay.tokens_prompt", ctx.n - ctx.paid), rule = "TI4 §71.10", help = U.text("pay.tokens_help") }
	end,
	answer = function(g, ctx, pool)
		U.move_token(g, ctx.seat, pool, "cmd_reinforcements")
	end,
})

-- ctx: seat, n: action cards to discard from the seat's hand (the hand limit, TI4 §1.4;
-- an objective that asks it). The seat knows its own cards; the others see only how many.
P.discard = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local hand = g:entities({ kind = "action_card", zone = "hand", seat = ctx.seat })
		local n = ctx.n or (#hand - require("abilities").hand_limit(g, ctx.seat))
		if n <= 0 then
			return nil
		end
		local options = {}
		for _, c in ipairs(hand) do
			table.insert(options, { label = defs.action_card[g:face(c)].name, value = c })
		end
		return { seat = ctx.seat, kind = "many", min = n, max = n, prompt = U.text("cards.discard_prompt", n),
			rule = "TI4 §1.4", help = U.text("cards.discard_help"), options = options }
	end,
	resolve = function(g, ctx, cards)
		ctx.done = true
		for _, c in ipairs(cards) do
			g:move(c, "action_discard")
			g:reveal(c)
		end
		g:log(U.text("cards.discarded", ctx.seat, #cards))
	end,
}

return P

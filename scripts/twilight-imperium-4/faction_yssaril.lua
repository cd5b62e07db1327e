--!strict
-- Twilight Imperium 4: the Yssaril Tribes — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_yssaril.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part is asked), and
-- pack.ron names the steps ("faction_yssaril.<step>"). Its note, Spy Net, is the entry's
-- part `note` below (notes.lua plays it) and uses the step `take_card`.
local U = require("util")
local Ask = require("ask_once")
local K = require("ability_kit")
local F = {}
local E = {}

-- The action cards in a seat's hand.
local function hand(g, seat: number): { number }
	return g:entities({ kind = "action_card", zone = "hand", seat = seat })
end

-- Yssaril, Stall Tactics (TI4 §19, §3): a component action discarding 1 action card
-- (payment.lua `discard`, exactly 1).
E.yssaril_stall_tactics = {
	component = {
		can = function(g, seat: number): boolean
			return #hand(g, seat) > 0
		end,
		play = function(g, seat: number)
			g:push("discard", { seat = seat, n = 1 })
		end,
	},
}

-- Yssaril, Scheming (TI4 §19; FAQ F-10: on every draw, Minister of Policy's too): after
-- each draw of action cards (the "action_cards_drawn" moment, called where cards are
-- drawn), 1 card more, then 1 card of the hand discarded (payment.lua `discard`).
E.yssaril_scheming = {
	at = {
		action_cards_drawn = function(g, seat: number, info)
			if info.seat ~= seat then
				return false
			end
			U.draw_action(g, seat)
			g:log(U.text("ability.scheming", seat))
			g:push("discard", { seat = seat, n = 1 })
			return true
		end,
	},
}

-- Yssaril, Crafty (TI4 §19, §1.4): no hand limit (abilities.hand_limit).
E.yssaril_crafty = { flags = { no_hand_limit = true } }

-- Transparasteel Plating (its card): during the Yssaril's action-phase turns, players who
-- have passed play no action cards (abilities.cannot_play_cards, moments.lua).
E.yssaril_transparasteel_plating = { flags = { passed_cannot_play_cards = true } }

-- Mageon Implants (its card, TI4 §3): a component action exhausting the card: look at another
-- player's action cards and take 1 (step `mageon`, then `take_card`).
E.yssaril_mageon_implants = {
	component = K.component({
		exhaust = "yssaril_mageon_implants",
		can = function(g, seat: number): boolean
			for s = 1, g:seats() do
				if s ~= seat and not U.eliminated(g, s) and #hand(g, s) > 0 then
					return true
				end
			end
			return false
		end,
		play = function(g, seat: number)
			g:push("mageon", { seat = seat })
		end,
	}),
}

-- Yssaril's flagship, Y'sia Y'ssrila (its card, TI4 §66.2): it moves through systems holding
-- other players' ships (tactical.lua asks abilities.unit_flag).
E.yssaril_flagship = { flags = { moves_through_ships = true } }

-- ==== Steps ====

-- Mageon Implants: ctx.seat chooses whose hand to look at.
F.mageon = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, s in ipairs(U.clockwise(g, ctx.seat)) do
			if s ~= ctx.seat and not U.eliminated(g, s) and #hand(g, s) > 0 then
				table.insert(options, { label = U.text("ability.mageon_option", s, #hand(g, s)), value = s })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.mageon_prompt"), rule = "TI4 §94, §3",
			help = defs.technology.yssaril_mageon_implants.effect }
	end,
	answer = function(g, ctx, s)
		g:push("take_card", { seat = ctx.seat, from = s })
	end,
})

-- Mageon Implants, Spy Net: ctx.seat looks at ctx.from's action cards (a one-time look,
-- each card named in its private log) and takes 1 of them into its hand, known to it alone.
F.take_card = Ask.step({
	-- The seat sees the hand once, as it is first asked.
	options = function(g, ctx)
		local options = {}
		local cards = hand(g, ctx.from)
		if #cards == 0 then
			return options
		end
		for _, c in ipairs(cards) do
			local name = defs.action_card[g:face(c)].name
			if not ctx.looked then
				g:peek(ctx.seat, c, U.text("ability.take_card_seen", ctx.from, name))
			end
			table.insert(options, { label = U.text("ability.take_card_option", name), value = c })
		end
		ctx.looked = true
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.take_card_prompt", ctx.from), rule = "TI4 §94, §44",
			help = U.text("ability.take_card_help") }
	end,
	answer = function(g, ctx, c)
		g:move(c, { zone = "hand", seat = ctx.seat })
		g:hide(c, ctx.seat)
		g:log(U.text("ability.take_card_done", ctx.seat, ctx.from))
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Spy Net (Yssaril's note, its card): at the start of its holder's turn, when the Yssaril
-- have action cards: the holder looks at their hand and takes 1 card (step `take_card`
-- above), once the note is back with its owner.
E.yssaril_spy_net = {
	note = {
		at = "turn_start",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return holder == info.seat and not U.eliminated(g, owner)
				and g:count({ kind = "action_card", zone = "hand", seat = owner }) > 0
		end,
		label = "notes.play_spy_net",
		play = function(g, holder: number, owner: number, note: number, info, v)
			g:push("take_card", { seat = holder, from = owner })
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

--!strict
-- Twilight Imperium 4: the Emirates of Hacan — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_hacan.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed` — is asked), and pack.ron names the steps
-- ("faction_hacan.<step>"). A homebrew faction in a layer pack is built the same way.
local U = require("util")
local Ask = require("ask_once")
local K = require("ability_kit")
local F = {}
local E = {}

-- Hacan, Arbiters (TI4 §19, §96.3): action cards may be part of Hacan's transactions.
E.hacan_arbiters = { flags = { trade_action_cards = true } }

-- Hacan's flagship, Wrath of Kenara (TI4 §98, its card): in space combat in its system,
-- a trade good buys +1 on a die Hacan rolled (combat.lua "boost" stage).
E.hacan_flagship = { flags = { buy_roll_bonus = true } }

-- Hacan, Guild Ships (TI4 §19, §96, §99): transactions with any player.
E.hacan_guild_ships = { flags = { trade_anyone = true } }

-- Hacan, Masters of Trade (TI4 §19, §25): Trade's secondary costs no command token.
E.hacan_masters_of_trade = { flags = { free_secondary = { trade = true } } }

-- Hacan, Production Biomes (its card, TI4 §3): a component action exhausting the card and
-- a strategy-pool token: 4 trade goods, and 2 for another player Hacan chooses.
E.hacan_production_biomes = {
	component = K.component({
		exhaust = "hacan_production_biomes",
		token = true,
		play = function(g, seat: number)
			U.gain_tg(g, seat, 4)
			g:push("gift_tg", { seat = seat, n = 2, source = "hacan_production_biomes", rule = "TI4 §3, §94" })
		end,
	}),
}

-- Hacan, Quantum Datahub Node (its card): once every strategy card is chosen, Hacan may pay
-- a strategy-pool token and 3 trade goods to another player to swap one of its strategy
-- cards for one of that player's (step `datahub` below).
E.hacan_quantum_datahub_node = {
	at = {
		strategy_end = function(g, seat: number)
			if U.pool(g, seat, "strategy") > 0 and (g:get(seat, "tg") or 0) >= 3 then
				g:push("datahub", { seat = seat })
			end
		end,
	},
}

-- ==== Steps ====

-- Quantum Datahub Node: ctx.seat may swap one of its strategy cards for another player's,
-- paying a strategy-pool token and 3 trade goods to that player. One decision: every
-- (own card, their card) pair, or not at all.
F.datahub = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, mine in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = ctx.seat })) do
			for _, s in ipairs(U.clockwise(g, ctx.seat)) do
				if s ~= ctx.seat then
					for _, theirs in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = s })) do
						table.insert(options, { label = U.text("ability.datahub_option", defs.strategy_card[g:face(mine)].name, s,
							defs.strategy_card[g:face(theirs)].name), value = string.format("%d:%d", mine, theirs) })
					end
				end
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.datahub_prompt"), rule = "TI4 §94, §40",
			help = defs.technology.hacan_quantum_datahub_node.effect, pass = U.text("ability.datahub_no") }
	end,
	answer = function(g, ctx, v)
		local a, b = string.match(v, "^(%d+):(%d+)$")
		local mine, theirs = tonumber(a) :: number, tonumber(b) :: number
		local other = g:where(theirs).seat
		U.move_token(g, ctx.seat, "strategy", "cmd_reinforcements")
		g:add(ctx.seat, "tg", -3)
		U.gain_tg(g, other, 3)
		g:move(mine, { zone = "strategy", seat = other })
		g:move(theirs, { zone = "strategy", seat = ctx.seat })
		g:log(U.text("ability.datahub_done", ctx.seat, defs.strategy_card[g:face(mine)].name, other, defs.strategy_card[g:face(theirs)].name))
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Trade Convoys (Hacan's note, its card): a component action putting it face up in the
-- holder's play area; while there, the holder may trade with anyone (transactions.lua asks
-- flag `trade_anyone`); back to Hacan once the holder activates a system with Hacan units.
E.hacan_trade_convoys = { note = K.face_up_note({ flags = { trade_anyone = true } }) }

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

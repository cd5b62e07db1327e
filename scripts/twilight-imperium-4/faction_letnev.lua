--!strict
-- Twilight Imperium 4: the Barony of Letnev — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_letnev.register"): `register` adds the entries,
-- keyed by ability, technology, unit or promissory note id (abilities.lua says when each
-- part — `flags`, `at`, `component`, `skips`, `destroyed` — is asked; notes.lua, the parts
-- of a note's `note`), and pack.ron names the steps
-- ("faction_letnev.<step>"). A homebrew faction in a layer pack is built the same way.
local U = require("util")
local Ask = require("ask_once")
local K = require("ability_kit")
local Rerolls = require("rerolls")
local F = {}
local E = {}

-- Letnev, Munitions Reserves (TI4 §19, §86): as each space combat round begins, Letnev may
-- pay 2 trade goods to reroll any number of its dice this round (step `munitions` below; the
-- dice are chosen once rolled, dice.lua).
-- Optional, with a "can use" check of its own (`can_at`): its place among the Letnev's own
-- notes and cards of that timing is the Letnev's choice (timing.lua, §19.19).
local function munitions_can(g, seat: number, info): boolean
	return table.find(info.seats, seat) ~= nil and (g:get(seat, "tg") or 0) >= 2
end

E.letnev_munitions_reserves = {
	can_at = { combat_round = munitions_can },
	at = {
		combat_round = function(g, seat: number, info)
			if munitions_can(g, seat, info) then
				g:push("munitions", { seat = seat })
				return true
			end
			return false
		end,
	},
}

-- Arc Secundus, the Letnev flagship (TI4 §98, its card): as each space combat round begins,
-- it is repaired (repairs.lua). A round's start is a timing window (timing.lua: the combat's
-- start for round 1, §23.2), so the repair comes in the Letnev's turn of it (§19.19): after
-- an attacker's start-of-combat hits when the Letnev defend, before the defender's when they
-- attack. First in the Letnev's turn (`at_order`); mandatory, no question (step
-- `arc_secundus_repair`, which reads the flagship when it runs).
E.letnev_flagship = {
	at_order = { combat_round = -1 },
	at = {
		combat_round = function(g, seat: number, info)
			if not table.find(info.seats, seat) or g:count({ kind = "flagship", face = "letnev_flagship", owner = seat, cell = info.cell }) == 0 then
				return false
			end
			g:push("arc_secundus_repair", { cell = info.cell })
			return true
		end,
	},
}

-- ==== Steps ====

-- Munitions Reserves: ctx.seat may pay 2 trade goods for the right to reroll any of its
-- combat dice this round (rerolls.lua; combat.lua asks which once they are rolled).
F.munitions = Ask.step({
	options = function(g, ctx)
		if (g:get(ctx.seat, "tg") or 0) < 2 then
			return {}
		end
		return { { label = U.text("ability.munitions_pay"), value = "pay" } }
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.munitions_prompt"), rule = "TI4 §19, §86",
			help = defs.faction_ability.letnev_munitions_reserves.effect, pass = U.text("ability.munitions_no") }
	end,
	answer = function(g, ctx, v)
		g:add(ctx.seat, "tg", -2)
		Rerolls.grant(g, ctx.seat, "munitions_reserves")
		g:log(U.text("ability.munitions_used", ctx.seat))
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- War Funding (Letnev's note, its base-game card): as a space combat round begins, a holder
-- fighting it may play it: Letnev loses 2 trade goods (as many as it has); the holder may
-- reroll any number of its dice this round (rerolls.lua; chosen once rolled, dice.lua).
E.letnev_war_funding = {
	note = {
		at = "combat_round",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return table.find(info.seats, holder) ~= nil
		end,
		label = "notes.play_war_funding",
		play = function(g, holder: number, owner: number, note: number, info, v)
			local lost = math.min(2, g:get(owner, "tg") or 0)
			g:add(owner, "tg", -lost)
			Rerolls.grant(g, holder, "war_funding")
			g:log(U.text("notes.war_funding", owner, lost, holder))
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

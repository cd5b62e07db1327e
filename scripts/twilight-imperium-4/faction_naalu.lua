--!strict
-- Twilight Imperium 4: the Naalu Collective — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_naalu.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed` — is asked), and pack.ron names the steps
-- ("faction_naalu.<step>"). A homebrew faction in a layer pack is built the same way.
local U = require("util")
local Ask = require("ask_once")
-- objectives.lua requires (through tech.lua, abilities.lua and ability_entries.lua) this
-- module, so its steps ask for them when they run, not at load.
local K = require("ability_kit")
local F = {}
local E = {}

-- Naalu, Foresight (TI4 §19): after another player moves ships into a system holding Naalu
-- ships, Naalu may place a strategy-pool token in a neighbouring system without other
-- players' ships and withdraw its ships there (step `foresight` below).
E.naalu_foresight = {
	at = {
		after_move = function(g, seat: number, info)
			if info.seat ~= seat and U.pool(g, seat, "strategy") > 0
				and g:count({ kind = U.SHIP_TYPES, owner = seat, cell = info.cell }) > 0 then
				g:push("foresight", { seat = seat, cell = info.cell })
			end
		end,
	},
}

-- Naalu's flagship, Matriarch (TI4 §98, its card): in an invasion in its system, fighters
-- may be committed to planets as if ground forces, and go back to space after the combat
-- (tactical.lua land stage, invasion.lua).
E.naalu_flagship = { flags = { fighters_land = true } }

-- Naalu, Neuroglaive (its card): another player activating a system with Naalu's ships
-- loses a fleet-pool token; ships beyond its fleet limit then go back to reinforcements
-- (TI4 §45.3; the last to arrive first, as retreat.lua does).
E.naalu_neuroglaive = {
	at = {
		activation = function(g, seat: number, info)
			local active = info.seat
			if active == seat or g:count({ kind = U.SHIP_TYPES, owner = seat, cell = info.cell }) == 0 then
				return
			end
			if U.move_token(g, active, "fleet", "cmd_reinforcements") then
				g:log(U.text("ability.neuroglaive", active, seat))
			end
			U.remove_fleet_excess(g, active)
		end,
	},
}

-- Naalu, Telepathic (TI4 §19, §72.1): once every strategy card is chosen, the "0" token
-- goes on the Naalu player's card.
E.naalu_telepathic = {
	at = {
		strategy_end = function(g, seat: number)
			g:move(g:first({ kind = "naalu_token" }), { zone = "strategy", seat = seat })
			g:log(U.text("strategy.naalu_token", seat))
		end,
	},
}

-- ==== Steps ====

-- Foresight: ctx.seat may withdraw its ships (and what they carry in the space area) from
-- the active system ctx.cell into a neighbouring system without other players' ships,
-- placing a strategy-pool token there. Systems its ships could not enter are not offered
-- (supernovae; asteroid fields without Antimass Deflectors, §11); ships over the fleet
-- limit there go back to reinforcements (§45.3).
F.foresight = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, c in ipairs(require("objectives").adjacent(g, ctx.cell)) do
			local t = g:terrain(c)
			local enterable = t ~= "supernova" and (t ~= "asteroid_field" or U.has_tech(g, ctx.seat, "antimass_deflectors"))
			if enterable and not U.enemy_ships(g, ctx.seat, c) and c ~= ctx.cell then
				table.insert(options, { label = U.text("ability.foresight_option", U.cell_label(g, c)), value = c })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.foresight_prompt", U.cell_label(g, ctx.cell)), rule = "TI4 §19",
			help = defs.faction_ability.naalu_foresight.effect, pass = U.text("ability.foresight_stay") }
	end,
	answer = function(g, ctx, c)
		U.move_token(g, ctx.seat, "strategy", c)
		for _, e in ipairs(g:entities({ kind = U.UNIT_TYPES, owner = ctx.seat, cell = ctx.cell })) do
			g:move(e, c)
		end
		g:log(U.text("ability.foresight_used", ctx.seat, U.cell_label(g, ctx.cell), U.cell_label(g, c)))
		U.remove_fleet_excess(g, ctx.seat, c)
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Gift of Prescience (Naalu's note, its card): once every strategy card is chosen its holder
-- may play it: face up in its play area until the end of the status phase, the "0" token on
-- the holder's strategy card, so the holder is first in initiative order and Telepathic
-- does not apply this round (TI4 §72.1).
E.naalu_gift_of_prescience = {
	note = {
		at = "strategy_end",
		options = function(g, holder: number, owner: number, note: number, info)
			return { { label = U.text("notes.play_gift_of_prescience"), value = "play" } }
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			g:move(note, { zone = "note_play", seat = holder })
			local token = g:first({ kind = "naalu_token" })
			if token then
				g:move(token, { zone = "strategy", seat = holder })
			end
			g:log(U.text("notes.gift_of_prescience", holder))
			return "face_up"
		end,
		expires = "status_end",
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

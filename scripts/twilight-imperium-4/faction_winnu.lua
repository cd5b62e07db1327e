--!strict
-- Twilight Imperium 4: the Winnu — its entries in the faction registry (abilities.lua) and
-- the steps they push. Each faction is its data (factions.ron) plus one module like this,
-- which its `hooks` names ("faction_winnu.register"): `register` adds the entries, keyed by
-- ability, technology or unit id (abilities.lua says when each part is asked), and pack.ron
-- names the steps ("faction_winnu.<step>"). Blood Ties is data (a `custodians_cost`
-- modifier, council.lua); the note, Acquiescence, is the entry's part `note` below (notes.lua
-- plays it); the starting
-- technology of the player's choice is setup.lua's `start_tech`.
local U = require("util")
local Ask = require("ask_once")
local UT = require("unit_tokens")
local K = require("ability_kit")
local F = {}
local E = {}

-- Mecatol Rex, the planet.
local function mecatol(g): number?
	return g:first({ kind = "planet", cell = g:global("mecatol") })
end

-- Winnu, Reclamation (TI4 §19): after a tactical action in which the Winnu gained control
-- of Mecatol Rex (tactical.lua "tactical_end" moment), a PDS and a space dock from their
-- reinforcements may go on it (step `reclamation`).
E.winnu_reclamation = {
	at = {
		tactical_end = function(g, seat: number, info)
			local m = mecatol(g)
			if info.seat == seat and m and table.find(info.gained, m) then
				g:push("reclamation", { seat = seat, planet = m })
				return true
			end
			return false
		end,
	},
}

-- Lazax Gate Folding (its card, TI4 §10): after the Winnu activate a system while they do
-- not control Mecatol Rex, its system is linked for their movement to every system with
-- an alpha or a beta wormhole (links "moves_<seat>", which tactical.lua follows for that
-- seat), removed as the next turn starts; not under Enforced Travel Ban, which closes
-- those wormholes. Its component action: exhaust it to put an infantry on Mecatol Rex
-- while the Winnu control it.
E.winnu_lazax_gate_folding = {
	at = {
		activation = function(g, seat: number, info)
			local m = mecatol(g)
			if info.seat ~= seat or not m or g:owner(m) == seat or require("council").law(g, "enforced_travel_ban") then
				return false
			end
			local hub = g:global("mecatol") :: number
			for _, c in ipairs(g:cells()) do
				local sys = U.system_of_cell(g, c)
				if c ~= hub and sys and (table.find(sys.wormholes, "alpha") or table.find(sys.wormholes, "beta")) then
					g:add_link(hub, c, "moves_" .. seat)
				end
			end
			g:set_global("lazax_links", seat)
			g:log(U.text("ability.lazax_gates", seat))
			return false
		end,
		turn_start = function(g, seat: number, info)
			if g:global("lazax_links") == seat then
				g:remove_links("moves_" .. seat)
				g:set_global("lazax_links", nil)
			end
			return false
		end,
	},
	component = K.component({
		exhaust = "winnu_lazax_gate_folding",
		can = function(g, seat: number): boolean
			local m = mecatol(g)
			return m ~= nil and g:owner(m) == seat and UT.available(g, seat, "infantry")
		end,
		play = function(g, seat: number)
			local m = mecatol(g) :: number
			UT.place(g, seat, "infantry", { inside = m }) -- a token when no figure is left (TI4 §50.1)
			g:log(U.text("ability.lazax_infantry", seat))
		end,
	}),
}

-- Hegemonic Trade Policy (its card, digest 3.2 erratum): as the Winnu's units use
-- Production (production.lua "production_start"), they may exhaust it to swap the resource
-- and influence values of 1 planet they control for that Production (planet prop
-- `values_swapped`, read by util.value; cleared after its payment, "production_end").
E.winnu_hegemonic_trade_policy = {
	at = {
		production_start = function(g, seat: number, info)
			if info.seat == seat and U.ready_tech(g, seat, "winnu_hegemonic_trade_policy") then
				g:push("hegemonic", { seat = seat })
				return true
			end
			return false
		end,
		production_end = function(g, seat: number, info)
			if info.seat == seat and g:count({ kind = "planet", has = "values_swapped" }) > 0 then
				g:push("hegemonic_end", {})
				return true
			end
			return false
		end,
	},
}

-- Winnu's flagship, Salai Sai Corian (its card; FAQ F-36): one combat die per non-fighter
-- ship of its opponents in its system (dice.lua).
E.winnu_flagship = { flags = { dice_per_opponent_non_fighter = true } }

-- ==== Steps ====

-- Reclamation: ctx.seat may place a PDS and a space dock from reinforcements on Mecatol
-- Rex (ctx.planet), those it has and the planet may take (TI4 §90, §80 limits).
F.reclamation = Ask.step({
	options = function(g, ctx)
		return { { label = U.text("ability.reclamation_place"), value = "place" } }
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.reclamation_prompt"), rule = "TI4 §19",
			help = defs.faction_ability.winnu_reclamation.effect, pass = U.text("ability.reclamation_no") }
	end,
	answer = function(g, ctx, v)
		local Co = require("council")
		local pds = g:last({ kind = "pds", zone = "reinforcements", seat = ctx.seat })
		if pds and g:count({ kind = "pds", owner = ctx.seat, inside = ctx.planet }) < Co.pds_limit(g) then
			g:move(pds, { inside = ctx.planet })
		end
		local dock = g:last({ kind = "space_dock", zone = "reinforcements", seat = ctx.seat })
		if dock and g:count({ kind = "space_dock", inside = ctx.planet }) == 0 then
			g:move(dock, { inside = ctx.planet })
		end
		g:log(U.text("ability.reclamation_done", ctx.seat))
	end,
})

-- Hegemonic Trade Policy: ctx.seat may choose a planet it controls whose values differ.
F.hegemonic = Ask.step({
	options = function(g, ctx)
		local options = {}
		if not U.ready_tech(g, ctx.seat, "winnu_hegemonic_trade_policy") then
			return options
		end
		for _, p in ipairs(U.planets(g, ctx.seat)) do
			local r, i = U.value(g, p, "resources"), U.value(g, p, "influence")
			if r ~= i then
				table.insert(options, { label = U.text("ability.hegemonic_option", U.planet_name(g, p), i, r), value = p })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.hegemonic_prompt"), rule = "TI4 §94, §78",
			help = defs.technology.winnu_hegemonic_trade_policy.effect, pass = U.text("ability.hegemonic_no") }
	end,
	answer = function(g, ctx, p)
		U.exhaust_tech(g, ctx.seat, "winnu_hegemonic_trade_policy")
		g:set_prop(p, "values_swapped", true)
		g:log(U.text("ability.hegemonic_used", ctx.seat, U.planet_name(g, p)))
	end,
})

-- After that Production's payment: every swapped planet reads its own values again.
F.hegemonic_end = {
	run = function(g, ctx)
		for _, p in ipairs(g:entities({ kind = "planet", has = "values_swapped" })) do
			g:set_prop(p, "values_swapped", nil)
		end
		return nil
	end,
}

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Acquiescence (Winnu's note, its base-game card): at the end of the strategy phase its
-- holder may swap one of its strategy cards for one the Winnu chose (one option per pair).
E.winnu_acquiescence = {
	note = {
		at = "strategy_end",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return not U.eliminated(g, owner)
				and g:count({ kind = "strategy_card", zone = "strategy", seat = owner }) > 0
				and g:count({ kind = "strategy_card", zone = "strategy", seat = holder }) > 0
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			local options = {}
			for _, mine in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = holder })) do
				for _, theirs in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = owner })) do
					table.insert(options, { label = U.text("notes.play_acquiescence", defs.strategy_card[g:face(mine)].name,
						defs.strategy_card[g:face(theirs)].name), value = string.format("%d:%d", mine, theirs) })
				end
			end
			return options
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			local a, b = string.match(v, "^(%d+):(%d+)$")
			local mine, theirs = tonumber(a) :: number, tonumber(b) :: number
			g:move(mine, { zone = "strategy", seat = owner })
			g:move(theirs, { zone = "strategy", seat = holder })
			g:log(U.text("notes.acquiescence", holder, defs.strategy_card[g:face(mine)].name, owner, defs.strategy_card[g:face(theirs)].name))
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

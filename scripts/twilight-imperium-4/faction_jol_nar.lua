--!strict
-- Twilight Imperium 4: the Universities of Jol-Nar — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_jol_nar.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed` — is asked), and pack.ron names the steps
-- ("faction_jol_nar.<step>"). A homebrew faction in a layer pack is built the same way.
local U = require("util")
local Ask = require("ask_once")
local K = require("ability_kit")
local F = {}
local E = {}

-- Jol-Nar, Analytical (TI4 §19, §94.7): researching a technology that is no unit
-- upgrade, 1 prerequisite may be ignored.
E.jol_nar_analytical = {
	skips = function(g, seat: number, tid: string): number
		return defs.technology[tid].kind ~= "unit_upgrade" and 1 or 0
	end,
}

-- Jol-Nar, Brilliant (TI4 §19, §95): following Technology for a strategy token, Jol-Nar
-- resolves the primary instead (cards.lua).
E.jol_nar_brilliant = { flags = { follow_as_primary = { technology = true } } }

-- Jol-Nar, E-Res Siphons (its card): another player activating a system with Jol-Nar's
-- ships pays Jol-Nar 4 trade goods (tactical.lua runs the "activation" moment).
E.jol_nar_e_res_siphons = {
	at = {
		activation = function(g, seat: number, info)
			if info.seat ~= seat and g:count({ kind = U.SHIP_TYPES, owner = seat, cell = info.cell }) > 0 then
				U.gain_tg(g, seat, 4)
				g:log(U.text("ability.e_res_siphons", seat))
			end
		end,
	},
}

-- Jol-Nar, Spatial Conduit Cylinder (its card): after Jol-Nar activates a system holding its
-- units, it may exhaust the card: for that activation the system is adjacent to every other
-- system holding its units (links of kind "conduit", which tactical.lua's movement search
-- follows for the seat in global "conduit"); they go as the next turn starts.
-- Optional, with its own "can use" check (`can_at`): its owner chooses its place among its
-- notes and cards of that timing (timing.lua, §19.19).
local function conduit_can(g, seat: number, info): boolean
	return info.seat == seat and U.ready_tech(g, seat, "jol_nar_spatial_conduit_cylinder") ~= nil
		and table.find(g:cells_of({ kind = U.UNIT_TYPES, owner = seat }), info.cell) ~= nil
end

E.jol_nar_spatial_conduit_cylinder = {
	can_at = { activation = conduit_can },
	at = {
		activation = function(g, seat: number, info)
			if conduit_can(g, seat, info) then
				g:push("conduit", { seat = seat, cell = info.cell })
			end
		end,
		turn_start = function(g, seat: number, info)
			if g:global("conduit") then
				g:remove_links("conduit")
				g:set_global("conduit", nil)
			end
		end,
	},
}

-- ==== Steps ====

-- Spatial Conduit Cylinder: ctx.seat may exhaust the card so that the active system ctx.cell
-- is adjacent, for this activation, to every other system holding its units.
F.conduit = Ask.step({
	options = function(g, ctx)
		return { { label = U.text("ability.conduit_use"), value = "use" } }
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.conduit_prompt", U.cell_label(g, ctx.cell)), rule = "TI4 §94, §8",
			help = defs.technology.jol_nar_spatial_conduit_cylinder.effect, pass = U.text("ability.conduit_keep") }
	end,
	answer = function(g, ctx, v)
		U.exhaust_tech(g, ctx.seat, "jol_nar_spatial_conduit_cylinder")
		for _, c in ipairs(g:cells_of({ kind = U.UNIT_TYPES, owner = ctx.seat })) do
			if c ~= ctx.cell then
				g:add_link(ctx.cell, c, "conduit")
			end
		end
		g:set_global("conduit", ctx.seat)
		g:log(U.text("ability.conduit_used", ctx.seat, U.cell_label(g, ctx.cell)))
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Research Agreement (Jol-Nar's note, its card): after Jol-Nar researches a technology that
-- is no faction technology, its holder may play it to gain that technology too (if it does
-- not have it yet).
E.jol_nar_research_agreement = {
	note = {
		at = "after_research",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return owner == info.seat and defs.technology[info.tech].faction == nil
				and g:count({ kind = "technology", face = info.tech, zone = "tech_deck", seat = holder }) > 0
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			return { { label = U.text("notes.play_research_agreement", defs.technology[info.tech].name), value = "play" } }
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			require("tech").gain(g, holder, info.tech)
			g:log(U.text("tech.researched", holder, defs.technology[info.tech].name))
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

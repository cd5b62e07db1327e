--!strict
-- Twilight Imperium 4: the Clan of Saar — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_saar.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed` — is asked), and pack.ron names the steps
-- ("faction_saar.<step>").
--
-- The Floating Factory itself needs no entry: a structure with a move value in units.ron is
-- placed in a space area, moves as a ship and is destroyed when blockaded wherever the
-- rules ask (TI4 §41.1, §80.4; util.lua `in_space_structure`, tactical.lua, production.lua,
-- cards.lua construct).
local U = require("util")
local Ask = require("ask_once")
local K = require("ability_kit")
local F = {}
local E = {}

-- Saar, Nomadic (TI4 §19, §71.16): public objectives without holding the home planets
-- (objectives.lua holds_home).
E.saar_nomadic = { flags = { score_without_home = true } }

-- Saar, Scavenge (TI4 §19, §29): once Saar gains control of a planet, 1 trade good
-- (the moment "gained_control" of council.lua gain_control).
E.saar_scavenge = {
	at = {
		gained_control = function(g, seat: number, info)
			if info.seat == seat then
				U.gain_tg(g, seat, 1)
				g:log(U.text("ability.scavenge", seat, U.planet_name(g, info.planet)))
			end
			return false
		end,
	},
}

-- The systems where a seat has a unit with Production (planets or space area), for
-- Chaos Mapping.
local function production_cells(g, seat: number): { number }
	local out = {}
	for _, c in ipairs(g:cells_of({ kind = U.UNIT_TYPES, owner = seat })) do
		local limit = require("production").limit(g, seat, c)
		if limit > 0 then
			table.insert(out, c)
		end
	end
	return out
end

-- Saar, Chaos Mapping (its card): other players may not activate an asteroid field with
-- Saar ships (flag read by tactical.lua's activation), and as each of Saar's action-phase
-- turns begins (every one, the turn it passes included: FAQ, digest F-44) it may produce 1
-- unit in a system with one of its Production units (step `chaos_mapping` below).
E.saar_chaos_mapping = {
	flags = { bars_asteroid_activation = true },
	at = {
		turn_start = function(g, seat: number, info)
			if info.seat == seat and #production_cells(g, seat) > 0 then
				g:push("chaos_mapping", { seat = seat })
				return true
			end
			return false
		end,
	},
}

-- ==== Steps ====

-- Chaos Mapping: ctx.seat may pick a system with its Production units to produce 1 unit
-- there (production.lua, `most` = 1), or decline.
F.chaos_mapping = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, c in ipairs(production_cells(g, ctx.seat)) do
			table.insert(options, { label = U.text("ability.chaos_mapping_option", U.cell_label(g, c)), value = c })
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.chaos_mapping_prompt"), rule = "TI4 §94, §78",
			help = defs.technology.saar_chaos_mapping.effect, pass = U.text("ability.chaos_mapping_no") }
	end,
	answer = function(g, ctx, c)
		g:log(U.text("ability.chaos_mapping_used", ctx.seat, U.cell_label(g, c)))
		g:push("produce", { seat = ctx.seat, cell = c, most = 1 })
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- The first of the planets a seat commits units to land on (info.planets) where Saar has
-- ground forces: where Ragh's Call acts.
local function raghs_planet(g, owner: number, info): number?
	for _, p in ipairs(info.planets) do
		if g:count({ kind = U.GROUND_TYPES, owner = owner, inside = p }) > 0 then
			return p
		end
	end
	return nil
end

-- Ragh's Call (Saar's note, its card): once its holder has committed units to land on a
-- planet holding Saar ground forces (TI4 §52.2), it may play it: they all go to a planet Saar
-- controls that the holder names, before any ground combat there.
E.saar_raghs_call = {
	note = {
		at = "units_committed",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return holder == info.seat and raghs_planet(g, owner, info) ~= nil
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			local from = raghs_planet(g, owner, info) :: number
			local options = {}
			for _, p in ipairs(U.planets(g, owner)) do
				if p ~= from then
					table.insert(options, { label = U.text("notes.play_raghs_call", owner, U.planet_name(g, from), U.planet_name(g, p)), value = p })
				end
			end
			return options
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			local from = raghs_planet(g, owner, info) :: number
			for _, e in ipairs(g:entities({ kind = U.GROUND_TYPES, owner = owner, inside = from })) do
				g:move(e, { inside = v })
			end
			g:log(U.text("notes.raghs_call", owner, U.planet_name(g, from), U.planet_name(g, v), holder))
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

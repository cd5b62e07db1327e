--!strict
-- Twilight Imperium 4: the Arborec — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_arborec.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed` — is asked), and pack.ron names the steps
-- ("faction_arborec.<step>"). A homebrew faction in a layer pack is built the same way.
local U = require("util")
local Ask = require("ask_once")
-- objectives.lua and abilities.lua require (through tech.lua and ability_entries.lua) this
-- module, so its steps ask for them when they run, not at load.
local K = require("ability_kit")
local F = {}
local E = {}

-- Arborec, Bioplasmosis (its card): as the status phase ends, Arborec may move infantry
-- between planets it controls in the same or neighbouring systems (step `bioplasmosis` below).
E.arborec_bioplasmosis = {
	at = {
		status_end = function(g, seat: number)
			g:push("bioplasmosis", { seat = seat })
		end,
	},
}

-- Arborec's flagship, Duha Menaimon (TI4 §98, its card): after Arborec activates the system
-- holding it, a production of up to its data `production` modifier (5) units there, with
-- or without a space dock (production.lua `extra`).
-- Optional ("may produce"), with its own "can use" check (`can_at`): Arborec chooses its
-- place among its notes and cards of that timing (timing.lua, §19.19).
local function duha_can(g, seat: number, info): boolean
	return info.seat == seat and g:count({ kind = "flagship", face = "arborec_flagship", owner = seat, cell = info.cell }) > 0
end

E.arborec_flagship = {
	can_at = { activation = duha_can },
	at = {
		activation = function(g, seat: number, info)
			if not duha_can(g, seat, info) then
				return
			end
			local n = 0
			for _, m in ipairs(defs.unit.arborec_flagship.modifiers) do
				if m.what == "production" then
					n += m.amount
				end
			end
			g:log(U.text("ability.flagship_production", seat, defs.unit.arborec_flagship.name, n))
			g:push("produce", { seat = seat, cell = info.cell, extra = n })
		end,
	},
}

-- Arborec, Letani Warrior II (its card): comes back home on 6+.
E.arborec_letani_warrior_2 = K.revive(6)

-- Arborec, Mitosis (TI4 §19, §38): as the status phase begins, 1 infantry from
-- reinforcements on a planet Arborec controls; its space docks build no infantry (§78).
E.arborec_mitosis = {
	flags = { dock_no_infantry = true },
	at = {
		status_start = function(g, seat: number)
			g:push("place_infantry", { seat = seat, n = 1, source = "arborec_mitosis", rule = "TI4 §19, §38" })
		end,
	},
}

-- ==== Steps ====

-- Bioplasmosis: ctx.seat moves infantry, one at a time, from a planet it controls to another
-- it controls in the same or a neighbouring system, until it stops; each infantry moves once
-- (so the step always ends).
F.bioplasmosis = Ask.repeated({
	enter = function(g, ctx)
		ctx.moved = {}
	end,
	options = function(g, ctx)
		local options = {}
		for _, p in ipairs(U.planets(g, ctx.seat)) do
			local e
			for _, i in ipairs(g:entities({ kind = "infantry", owner = ctx.seat, inside = p })) do
				if not ctx.moved[tostring(i)] then
					e = e or i
				end
			end
			if e then
				local c = g:cell_of(p)
				local near = require("objectives").adjacent(g, c)
				table.insert(near, c)
				for _, n in ipairs(near) do
					for _, q in ipairs(g:entities({ kind = "planet", owner = ctx.seat, cell = n })) do
						if q ~= p then
							table.insert(options, { label = U.text("ability.bioplasmosis_option", U.planet_name(g, p), U.planet_name(g, q)),
								value = string.format("%d:%d", e, q) })
						end
					end
				end
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.bioplasmosis_prompt"), rule = "TI4 §94, §38",
			help = defs.technology.arborec_bioplasmosis.effect, pass = U.text("ability.bioplasmosis_done") }
	end,
	answer = function(g, ctx, v)
		local a, b = string.match(v, "^(%d+):(%d+)$")
		local e, q = tonumber(a) :: number, tonumber(b) :: number
		ctx.moved[tostring(e)] = true
		g:move(e, { inside = q })
		g:log(U.text("ability.bioplasmosis_moved", ctx.seat, U.planet_name(g, q)))
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Stymie (Arborec's note, its card): a component action putting it face up in the holder's
-- play area; while there, Arborec may not produce in a system where the holder has units
-- or next to one, home systems excepted (production.lua asks `bars.production`); back to
-- Arborec once the holder activates a system with Arborec units.
E.arborec_stymie = {
	note = K.face_up_note({
		bars = {
			production = function(g, holder: number, owner: number, note: number, info): boolean
				local theirs = {}
				for _, c in ipairs(g:cells_of({ kind = U.UNIT_TYPES, owner = holder })) do
					theirs[c] = true
				end
				local near = require("objectives").adjacent(g, info.cell)
				table.insert(near, info.cell)
				for _, c in ipairs(near) do
					if theirs[c] and not U.system_of_cell(g, c).home_of then
						return true
					end
				end
				return false
			end,
		},
	}),
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

--!strict
-- Twilight Imperium 4: the Federation of Sol — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_sol.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed` — is asked), and pack.ron names the steps
-- ("faction_sol.<step>"). A homebrew faction in a layer pack is built the same way.
local U = require("util")
local UT = require("unit_tokens")
local K = require("ability_kit")
local F = {}
local E = {}

-- Sol's flagship, Genesis (TI4 §98, its card): as the status phase ends, 1 infantry from
-- reinforcements into its space area.
E.sol_flagship = {
	at = {
		status_end = function(g, seat: number)
			local ship = g:first({ kind = "flagship", owner = seat, face = "sol_flagship" })
			local c = ship and g:cell_of(ship)
			if c then
				UT.place(g, seat, "infantry", c) -- a token when no figure is left (TI4 §50.1)
				g:log(U.text("ability.genesis", seat, U.cell_label(g, c)))
			end
		end,
	},
}

-- Sol, Orbital Drop (TI4 §19, §3): a component action; one strategy-pool token for 2
-- infantry from reinforcements on a planet Sol controls.
E.sol_orbital_drop = {
	component = K.component({
		token = true,
		can = function(g, seat: number): boolean
			return #U.planets(g, seat) > 0 and UT.available(g, seat, "infantry")
		end,
		play = function(g, seat: number)
			g:push("place_infantry", { seat = seat, n = 2, source = "sol_orbital_drop", rule = "TI4 §19, §3" })
		end,
	}),
}

-- Sol, Spec Ops II (its card): comes back home on 5+.
E.sol_spec_ops_2 = K.revive(5)

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Military Support (Sol's note, its card): at the start of Sol's turn its holder may play it
-- (with a planet to place on): Sol returns a strategy-pool token to its reinforcements if
-- it has one; the holder places 2 infantry from its reinforcements on a planet it controls.
E.sol_military_support = {
	note = {
		at = "owner_turn_start",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return owner == info.seat and #U.planets(g, holder) > 0
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			local options = {}
			for _, p in ipairs(U.planets(g, holder)) do
				table.insert(options, { label = U.text("notes.play_military_support", U.planet_name(g, p)), value = p })
			end
			return options
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			U.move_token(g, owner, "strategy", "cmd_reinforcements")
			for _ = 1, 2 do
				UT.place(g, holder, "infantry", { inside = v }) -- tokens when no figure is left (TI4 §50.1)
			end
			g:log(U.text("notes.military_support", holder, U.planet_name(g, v)))
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

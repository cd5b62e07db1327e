--!strict
-- {{name}}: a homebrew Twilight Imperium 4 faction. Its entries in the faction registry
-- (scripts/twilight-imperium-4/abilities.lua), keyed by ability, technology or unit id, as
-- the base factions' modules (faction_sol.lua, faction_hacan.lua...) do; `register` adds
-- them, and factions.ron's `hooks` names it. Each entry below shows every part an entry
-- may have, doing nothing yet: delete the parts you do not need and fill in the others.
-- Cite the rule each piece follows (your faction sheet, or "TI4 §n" for the base rules).
local U = require("util")
local K = require("ability_kit")
local F = {}
local E = {}

E.{{module}}_ability = {
	-- Rule switches the base rules ask with `A.any(g, seat, flag)`; the flags the rules
	-- read are listed in the authoring guide (e.g. `trade_anyone = true`, as Hacan's Guild
	-- Ships; `free_secondary = { trade = true }`).
	flags = {},
	-- Moments: function(g, seat, info) run for each seat holding the entry, in the rule's
	-- order (TI4 §19.19-20). Return true when it pushed a step (a question).
	-- strategy_end, status_start, status_end, activation (info.seat activated info.cell),
	-- after_move (info.seat moved into info.cell), turn_start (info.seat's turn),
	-- combat_round (info.seats fight in info.cell).
	at = {
		status_end = function(g, seat: number, info): boolean
			-- e.g. U.gain_tg(g, seat, 1); g:log(...)
			return false
		end,
	},
}

-- A technology with a component action (TI4 §3): offered in the turn menu when `can` says so.
E.{{module}}_tech_b = {
	component = {
		can = function(g, seat: number): boolean
			-- e.g. return U.ready_tech(g, seat, "{{module}}_tech_b") ~= nil
			return false
		end,
		play = function(g, seat: number)
			-- Exhaust the card, then do the effect or push a step (a question).
			g:set_prop(U.ready_tech(g, seat, "{{module}}_tech_b") :: number, "exhausted", true)
		end,
	},
	-- Prerequisites this entry lets its holder ignore when researching `tid` (TI4 §94.7).
	skips = function(g, seat: number, tid: string): number
		return 0
	end,
}

-- The flagship (TI4 §98): its entry acts only while it is on the board. `destroyed` runs
-- when one of the owner's units with this face is destroyed.
E.{{module}}_flagship = {
	destroyed = function(g, seat: number, e: number) end,
}

-- Adds this faction's entries to the registry (ability_entries.lua).
function F.register(registry: { [string]: any })
	K.add(registry, E)
end

return F

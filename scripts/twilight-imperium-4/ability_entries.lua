--!strict
-- Twilight Imperium 4: the entries of the faction registry (abilities.lua), one per
-- ability, technology or unit id. Each faction's entries live in its own module, named by
-- its `hooks` in factions.ron ("faction_sol.register"), which adds them here: a faction
-- added by a layer pack brings its module and names it in its data, and nothing here
-- changes. The generic cards' entries follow. Each entry says in code what its card says
-- in our own words (factions.ron, technologies.ron, units.ron) and cites its rule.
local U = require("util")
local K = require("ability_kit")
local E = {}

-- The factions' modules, in the order of their ids (an id given twice is an error,
-- ability_kit.lua), so the registry does not depend on table order.
do
	local ids = {}
	for id in pairs(defs.faction) do
		table.insert(ids, id)
	end
	table.sort(ids)
	for _, id in ipairs(ids) do
		local hooks = defs.faction[id].hooks
		if hooks then
			local module, fn = string.match(hooks, "^([%w_]+)%.([%w_]+)$")
			require(module :: string)[fn :: string](E)
		end
	end
end

local generic = {}

-- Infantry II (its card): comes back home on 6+.
generic.infantry_2 = K.revive(6)

-- ==== Generic technologies with a component action or a moment ====

-- The planets X-89 Bacterial Weapon may strike for a seat: those holding infantry in a
-- system where the seat has a ship with Bombardment (digest Part 4.4; §37.1: Planetary
-- Shield does not stop it).
local function x89_targets(g, seat: number): { number }
	local out = {}
	for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES, owner = seat })) do
		local bombards = false
		for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })) do
			bombards = bombards or defs.unit[g:face(e)].bombardment ~= nil
		end
		if bombards then
			for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
				if g:count({ kind = "infantry", inside = p }) > 0 then
					table.insert(out, p)
				end
			end
		end
	end
	return out
end

-- X-89 Bacterial Weapon (its card): a component action, exhausting the card, that
-- destroys every infantry on one planet within reach of the seat's bombarding ships
-- (faction_steps.lua `x89`).
generic.x89_bacterial_weapon = {
	targets = x89_targets,
	component = K.component({
		exhaust = "x89_bacterial_weapon",
		can = function(g, seat: number): boolean
			return #x89_targets(g, seat) > 0
		end,
		play = function(g, seat: number)
			g:push("x89", { seat = seat })
		end,
	}),
}

-- Transit Diodes (its card): as an action-phase turn starts, the seat may exhaust it to
-- move up to 4 of its ground forces from anywhere on the board to planets it controls
-- (faction_steps.lua `transit_diodes`, which exhausts the card on the first move).
generic.transit_diodes = {
	at = {
		turn_start = function(g, seat: number)
			if U.ready_tech(g, seat, "transit_diodes") and #g:cells_of({ kind = "infantry", owner = seat }) > 0
				and #U.planets(g, seat) > 0 and g:global("phase") == "action" then
				g:push("transit_diodes", { seat = seat })
				return true
			end
			return false
		end,
	},
}

-- Assault Cannon (its card; assault_cannon.lua resolves it): at the start of a space combat,
-- in its owner's turn of the window (timing.lua `space_combat_start`, §23.2, §19.19). The
-- hook only pushes the step: within a seat's turn every hook is called before any step they
-- push has run, so the ships are counted by the step, once what came before has resolved
-- (The Alastor's forces, F-43; the opponent's earlier Assault Cannon).
generic.assault_cannon = {
	at = {
		space_combat_start = function(g, seat: number, info)
			local i = table.find(info.seats, seat)
			if not i then
				return false
			end
			g:push("assault_cannon", { by = seat, seat = info.seats[3 - i], cell = info.cell })
			return true
		end,
	},
}

-- ==== Owned laws (abilities.lua counts a law its owner holds) ====

-- Minister of Peace (law, TI4 §26.4): after another player activates a system holding
-- units not its own, the law's owner may discard it to end that player's turn. An
-- "after a system is activated" effect like any other, so it is asked in its owner's turn
-- of the activation window (timing.lua, §19.19), not after the window; a turn already
-- ended there (Nullification Field) leaves nothing to end. Step `peace`, outcome_steps.lua.
-- Optional, with its own "can use" check (`can_at`): its owner chooses its place among its
-- notes and cards of that timing (timing.lua).
local function peace_can(g, seat: number, info): boolean
	return info.seat ~= seat and not g:global("turn_ended") and require("council").others_units_in(g, info.seat, info.cell)
end

generic.minister_of_peace = {
	can_at = { activation = peace_can },
	at = {
		activation = function(g, seat: number, info)
			if not peace_can(g, seat, info) then
				return false
			end
			g:push("peace", { seat = seat, active = info.seat })
			return true
		end,
	},
}

K.add(E, generic)

-- The promissory notes every colour has (notes_generic.lua).
require("notes_generic").register(E)

return E

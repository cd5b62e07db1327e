--!strict
-- Twilight Imperium 4: the registry of faction abilities and technologies that change a
-- rule (TI4 §19, §94, §3). The rule points (movement, production, combat, phases, the
-- turn menu) ask this module, never `if faction == …`: a faction added to factions.ron
-- adds entries to `HOOKS` (or only `modifiers` data), and nothing at the rule points.
--
-- What a seat "holds" is its faction's abilities (factions.ron) and its researched
-- technologies. Three kinds of answer:
-- * `A.sum(g, seat, what)`: plain numbers, read from the data's `modifiers` of the
--   abilities held (`what` is the schema's modifier name), so most numbers need no Lua;
-- * `A.any(g, seat, flag, arg)`: yes/no rule switches from `HOOKS[id].flags`;
-- * `A.at(g, point, info)`: moments; each holder's `HOOKS[id].at[point](g, seat, info)`
--   runs (it may push steps), and `A.components` / `A.play` the component actions.
-- This module sits just above util.lua and ability_entries.lua (the entries); the steps the
-- hooks push live in faction_steps.lua.
local U = require("util")
local A = {}

-- The ids a seat holds: its faction's abilities, its researched technologies, and its
-- flagship while on the board (a flagship's ability acts only from the board, TI4 §98).
local function held(g, seat: number): { string }
	local out = table.clone(U.faction(g, seat).abilities)
	for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = seat })) do
		table.insert(out, g:face(e))
	end
	for _, e in ipairs(g:entities({ kind = "flagship", owner = seat })) do
		if g:cell_of(e) then
			table.insert(out, g:face(e))
		end
	end
	return out
end
A.held = held

-- Sum of the `amount`s of the data modifiers named `what` over the abilities a seat holds
-- (factions.ron `modifiers`; util.lua): e.g. Fragile's -1 on combat rolls, Versatile's +1
-- command token, Armada's +2 to the fleet limit.
A.sum = U.modifier_sum

-- The behaviour the data cannot say, keyed by ability, technology or unit id (the entries
-- are in ability_entries.lua). Each entry may have `flags` (rule switches), `at` (moments:
-- function(g, seat, info), true when it pushed a step), `component` (a component action,
-- TI4 §3: `can(g, seat)` and `play(g, seat)`, which pushes its step), `skips(g, seat,
-- tid)` (prerequisites a research may ignore) and `destroyed(g, seat, e)` (by unit face).
local HOOKS = require("ability_entries")
A.HOOKS = HOOKS

-- Whether a seat holds an entry with flag `flag` (for flags keyed by a value, `arg`).
function A.any(g, seat: number, flag: string, arg: string?): boolean
	for _, id in ipairs(held(g, seat)) do
		local h = HOOKS[id]
		local f = h and h.flags and h.flags[flag]
		if f == true or (type(f) == "table" and arg and f[arg]) then
			return true
		end
	end
	return false
end

-- A moment: every seat still in the game that holds an entry with `at[point]` runs it,
-- in `order` (default seat order). Hooks that push steps push in reverse, so that
-- callers get them in order: the hooks run from the last seat to the first. A hook
-- returns true when it pushed a step; so does `A.at` when any did (a step whose `run`
-- must return nil to let pushed steps run, and would otherwise end, asks this).
function A.at(g, point: string, info: any?, order: { number }?): boolean
	local seats = order or U.clockwise(g, 1)
	local pushed = false
	for i = #seats, 1, -1 do
		local s = seats[i]
		if not U.eliminated(g, s) then
			local ids = held(g, s)
			for k = #ids, 1, -1 do
				local h = HOOKS[ids[k]]
				if h and h.at and h.at[point] and h.at[point](g, s, info) then
					pushed = true
				end
			end
		end
	end
	return pushed
end

-- The name of a registry entry: a faction ability, a technology or a unit (a flagship's
-- component action, e.g. Muaat's The Inferno).
local function entry_name(id: string): string
	local def = defs.faction_ability[id] or defs.technology[id] or defs.unit[id]
	return def.name
end

-- The component actions (TI4 §3) a seat's abilities and technologies offer now, as turn
-- menu options (value "ability:<id>").
function A.components(g, seat: number): { any }
	local options = {}
	for _, id in ipairs(held(g, seat)) do
		local h = HOOKS[id]
		if h and h.component and h.component.can(g, seat) then
			local name = entry_name(id)
			table.insert(options, { label = U.text("ability.component_option", name), value = "ability:" .. id })
		end
	end
	return options
end

-- Resolves the component action of entry `id` for a seat (the turn's action).
function A.play(g, seat: number, id: string)
	g:log(U.text("ability.used", seat, entry_name(id)))
	HOOKS[id].component.play(g, seat)
end

-- How many missing prerequisites a seat's entries let it ignore for technology `tid`
-- (TI4 §94.7), besides the Research Team laws.
function A.skips(g, seat: number, tid: string): number
	local n = 0
	for _, id in ipairs(held(g, seat)) do
		local h = HOOKS[id]
		if h and h.skips then
			n += h.skips(g, seat, tid)
		end
	end
	return n
end

-- The fleet limit in each system (TI4 §45): fleet-pool tokens, plus Armada's 2.
function A.fleet_limit(g, seat: number): number
	return U.pool(g, seat, "fleet") + A.sum(g, seat, "fleet_limit")
end

-- A unit of the seat was just destroyed (moved to reinforcements): the entry keyed by the
-- unit's face, if any, may act on it (Spec Ops II, Letani Warrior II).
function A.destroyed(g, e: number)
	local h = HOOKS[g:face(e)]
	if h and h.destroyed then
		h.destroyed(g, g:owner(e) :: number, e)
	end
end

return A

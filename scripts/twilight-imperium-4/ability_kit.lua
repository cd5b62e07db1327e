--!strict
-- Twilight Imperium 4: pieces shared by the faction registry's entries (abilities.lua,
-- ability_entries.lua and the faction_<id>.lua modules): adding a module's entries (and
-- its `register` hook), a component action with its cost, a note that lies face up until
-- its owner's units are activated, and the "comes back home on a die" of Infantry II-like
-- units. Each is written once here so that the entries using it cannot drift apart.
local U = require("util")
local K = {}

-- Adds `entries` to the registry; an id given twice (two factions, or a faction and a
-- generic card) is an error, so one entry can never silently replace another.
function K.add(registry: { [string]: any }, entries: { [string]: any })
	for id, entry in pairs(entries) do
		if registry[id] ~= nil then
			error(string.format("the faction registry has two entries for `%s`", id))
		end
		registry[id] = entry
	end
end

-- A faction module's `register`, the hook its factions.ron `hooks` names: adds the
-- module's `entries` to the registry (K.add). One definition, so the seventeen faction
-- modules cannot drift apart in how they join the registry.
function K.registrar(entries: { [string]: any }): (registry: { [string]: any }) -> ()
	return function(registry: { [string]: any })
		K.add(registry, entries)
	end
end

-- The `component` part of an entry: a component action (TI4 §3) and its cost, stated once.
-- spec.exhaust: a technology card that must be ready and is exhausted (U.exhaust_tech);
-- spec.token: a strategy-pool token is spent. `can(g, seat)` (optional) is asked only when
-- the cost can be paid; the cost is paid, card first, before `play(g, seat)`.
function K.component(spec: { [string]: any }): { [string]: any }
	return {
		can = function(g, seat: number): boolean
			if spec.exhaust and not U.ready_tech(g, seat, spec.exhaust) then
				return false
			end
			if spec.token and U.pool(g, seat, "strategy") <= 0 then
				return false
			end
			return spec.can == nil or spec.can(g, seat)
		end,
		play = function(g, seat: number)
			if spec.exhaust then
				U.exhaust_tech(g, seat, spec.exhaust)
			end
			if spec.token then
				U.move_token(g, seat, "strategy", "cmd_reinforcements")
			end
			spec.play(g, seat)
		end,
	}
end

-- The `note` part of a promissory note played as a component action to lie face up in its
-- holder's play area until the holder activates a system with the owner's units (notes.lua:
-- `component`, "face_up", `returns_on_activation`) — Stymie, Trade Convoys, Promise of
-- Protection. `extra` adds what the note does while it lies there (`flags`, `bars`).
function K.face_up_note(extra: { [string]: any }?): { [string]: any }
	local note: { [string]: any } = {
		component = true,
		play = function(g, holder: number, owner: number, note: number, info, v)
			return "face_up"
		end,
		returns_on_activation = true,
	}
	for k, v in pairs(extra or {}) do
		note[k] = v
	end
	return note
end

-- Infantry II, Spec Ops II and Letani Warrior II (their cards): a destroyed one is set
-- aside on its card (zone "revive") on a die of `at_least` or more; at the start of its owner's next turn
-- the units set aside go to a planet the owner controls in its home system (back to
-- reinforcements if it controls none).
function K.revive(at_least: number)
	return {
		destroyed = function(g, seat: number, e: number)
			local die = g:roll(10)
			if die >= at_least then
				g:move(e, { zone = "revive", seat = seat })
				g:log(U.text("ability.revive_saved", seat, U.unit_name(g:face(e)), die))
			end
		end,
		at = {
			turn_start = function(g, seat: number, info)
				if info.seat ~= seat then
					return
				end
				local home = g:first({ kind = "planet", owner = seat, cell = U.home_cell(g, seat) })
				for _, e in ipairs(g:entities({ zone = "revive", seat = seat })) do
					if home then
						g:move(e, { inside = home })
						g:log(U.text("ability.revive_back", seat, U.unit_name(g:face(e)), U.planet_name(g, home)))
					else
						g:move(e, { zone = "reinforcements", seat = seat })
					end
				end
			end,
		},
	}
end

return K

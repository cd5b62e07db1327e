--!strict
-- Twilight Imperium 4: Assault Cannon (generic technology, its card; digest Part 4.4 names it
-- "needs a ship count"): the step in which it resolves. One job: this card's effect. Its
-- registry entry (ability_entries.lua, timed at the start of a space combat) only pushes
-- this step, so the entry layer does not need hits.lua.
--
-- Our wording of the card: at the start of a space combat in a system holding 3 or more of
-- your non-fighter ships, your opponent destroys one of its non-fighter ships, of its choice.
-- It is mandatory (no "may", TI4 §19.8). Being an entry of the start-of-combat window
-- (timing.lua `space_combat_start`, §23.2), it resolves in its owner's turn of that window
-- (§19.19: the active player first), and the count is read then, once what came before in
-- the window has resolved: the Nekro's ground forces joining through The Alastor count (digest
-- F-43; The Alastor is asked first within the Nekro's turn, `at_order`), and a ship the
-- opponent's Assault Cannon or ability destroyed earlier in the window no longer does.
local U = require("util")
local Hits = require("hits")
local A = require("abilities")
local F = {}

-- How many ships count for a seat's Assault Cannon in cell `c`: its non-fighter ships and
-- its ground forces fighting as ships (The Alastor, F-43).
function F.fighting(g, seat: number, c: number): number
	return #Hits.non_fighters(g, seat, c) + g:count({ kind = U.GROUND_TYPES, owner = seat, cell = c, has = "space_combat" })
end

-- ==== Steps ====

-- Assault Cannon resolving: when ctx.by fields 3 or more ships that count (read now) and
-- ctx.seat has a non-fighter ship in ctx.cell, ctx.seat destroys one, of its choice
-- (destroyed, not hit: no Sustain Damage, §87.5). A destroyed unit is a loss in the combat
-- (the registry's `combat_loss`: Technological Singularity).
F.assault_cannon = {
	run = function(g, ctx)
		if ctx.done or U.over(g) or #Hits.non_fighters(g, ctx.seat, ctx.cell) == 0 then
			return nil
		end
		if not ctx.fired then
			if F.fighting(g, ctx.by, ctx.cell) < 3 then
				return nil
			end
			ctx.fired = true
			g:log(U.text("combat.assault_cannon", ctx.by, ctx.seat))
		end
		return { seat = ctx.seat, prompt = U.text("combat.assault_prompt"), rule = "Assault Cannon; TI4 §23.2, §87.5",
			help = U.text("combat.assault_help"), options = Hits.options(g, ctx.seat, ctx.cell, true, true) }
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		Hits.apply(g, ctx.seat, ctx.cell, v, ctx.by)
		A.at(g, "combat_loss", { seat = ctx.seat, foe = ctx.by, cell = ctx.cell })
	end,
}

return F

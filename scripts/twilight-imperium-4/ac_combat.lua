--!strict
-- Twilight Imperium 4: the action cards played inside a combat (TI4 §1, §23, §87), as hooks
-- for moments.lua (what each is, when it is playable, what it does). The combat step
-- (combat.lua) opens the moments and reads back the globals these effects set:
--   `card_roll_bonus_<seat>`  added to that seat's combat rolls this round (cleared after the roll);
--   `card_cancel_hits_<seat>` hits taken off what that seat must assign (cleared when read).
--   `card_fighter_bonus_<seat>` the same for its fighters only;
--   `card_no_retreat`         the retreat just announced is stopped;
--   `card_move_bonus_<seat>`  added to its ships' move for this tactical action (tactical.lua);
--   `card_combat_draw`        the combat ends with no winner (Skilled Retreat);
--   `card_star_chart`         alpha and beta systems linked ("star_chart" links) this action;
--   `card_silence_<seat>`     the cell whose ships of that seat ignore blocking this action.
--   `card_destroy_<seat>`     ships that seat must destroy, of its choice (Courageous to the End).
-- Moments (info fields): "combat_round" and "combat_round_end" (attacker, defender, cell,
-- round; `ground` in a ground combat, invasion.lua), "ground_rolled" (attacker, defender, planet, misses:
-- {[seat]=n}), "assign_hits"
-- (seat: the one assigning, hits, cell), "after_sustain" (shooter, target, cell),
-- "cannon_hits" (seat: the target, hits), "retreat_announced" (seat: the other side,
-- retreater), "combat_won" (winner, loser), "after_activation" (cell), "ship_destroyed"
-- (seat: the loser of the ship, foe, face, cell), "after_movement" (cell).
local U = require("util")
local Ask = require("ask_once")
local Rerolls = require("rerolls")
local H = {}

local function fighting(seat: number, info): boolean
	return seat == info.attacker or seat == info.defender
end

-- A card that cancels up to `n` of the hits about to land on the player's ships, played
-- at moment `at` (the step reads and clears "card_cancel_hits_<seat>").
local function cancel_hits(at: string, n: number)
	return {
		at = at,
		can = function(g, seat: number, info): boolean
			return seat == info.seat and info.hits > 0 and not g:global("card_cancel_hits_" .. seat)
		end,
		effect = function(g, seat: number, info)
			g:set_global("card_cancel_hits_" .. seat, n)
		end,
	}
end

-- Morale Boost: at the start of a combat round (space or ground), +1 to your units' combat
-- rolls this round.
H.morale_boost = {
	at = "combat_round",
	can = function(g, seat: number, info): boolean
		return fighting(seat, info) and not g:global("card_roll_bonus_" .. seat)
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_roll_bonus_" .. seat, 1)
	end,
}

-- Shields Holding: before you assign hits to your ships in a space combat, cancel up to 2.
H.shields_holding = cancel_hits("assign_hits", 2)

-- Direct Hit: after another player's ship uses Sustain Damage against a hit of your units,
-- destroy that ship (digest Part 3.2, corrected text; F-26: two Direct Hits need two ships).
H.direct_hit = {
	at = "after_sustain",
	can = function(g, seat: number, info): boolean
		-- Cards like Dreadnought II and Exotrireme II: "Direct Hit" cannot destroy them
		-- (registry flag `direct_hit_immune`, keyed by unit face).
		local owner = g:owner(info.target) :: number
		return seat == info.shooter and g:cell_of(info.target) == info.cell
			and not require("abilities").any(g, owner, "direct_hit_immune", g:face(info.target))
	end,
	effect = function(g, seat: number, info)
		local e = info.target
		local owner = g:owner(e) :: number
		g:set_prop(e, "damaged", nil)
		g:move(e, { zone = "reinforcements", seat = owner })
		g:log(U.text("combat.destroyed", owner, defs.unit[g:face(e)].name))
		require("hits").destroyed_by(g, seat, e) -- Destroy Their Greatest Ship (§71.9)
	end,
}

-- Maneuvering Jets: before Space Cannon hits on your ships are assigned, cancel 1.
H.maneuvering_jets = cancel_hits("cannon_hits", 1)

-- Emergency Repairs: at the start or at the end of a combat round, your damaged units in
-- the active system are repaired. A ground combat round counts too (the card says any
-- round): in the base game only ships are ever damaged, and the ones in the active
-- system's space are in the active system.
H.emergency_repairs = {
	at = { "combat_round", "combat_round_end" },
	can = function(g, seat: number, info): boolean
		return fighting(seat, info) and g:count({ owner = seat, cell = info.cell, has = "damaged" }) > 0
	end,
	effect = function(g, seat: number, info)
		for _, e in ipairs(g:entities({ owner = seat, cell = info.cell, has = "damaged" })) do
			g:set_prop(e, "damaged", nil)
		end
	end,
}

-- Fighter Prototype: as the first round of a space combat begins, +2 to your fighters' rolls.
H.fighter_prototype = {
	at = "combat_round",
	can = function(g, seat: number, info): boolean
		return fighting(seat, info) and not info.ground and info.round == 1 and g:count({ kind = "fighter", owner = seat, cell = info.cell }) > 0
			and not g:global("card_fighter_bonus_" .. seat)
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_fighter_bonus_" .. seat, 2)
	end,
}

-- Intercept: once your opponent announces a retreat, it cannot retreat this round.
H.intercept = {
	at = "retreat_announced",
	can = function(g, seat: number, info): boolean
		return seat == info.seat and not g:global("card_no_retreat")
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_no_retreat", true)
	end,
}

-- Salvage: once you win a space combat, your opponent's commodities become your trade goods.
H.salvage = {
	at = "combat_won",
	can = function(g, seat: number, info): boolean
		return seat == info.winner and (g:get(info.loser, "commodities") or 0) > 0
	end,
	effect = function(g, seat: number, info)
		local n = g:get(info.loser, "commodities") or 0
		g:set(info.loser, "commodities", 0)
		U.gain_tg(g, seat, n)
		g:log(U.text("cards.salvage", seat, n, info.loser))
	end,
}

-- Flank Speed: right after you activate a system, your ships get +1 move this action.
H.flank_speed = {
	at = "after_activation",
	can = function(g, seat: number, info): boolean
		return seat == info.active and not g:global("card_move_bonus_" .. seat)
	end,
	effect = function(g, seat: number, info)
		g:set_global("card_move_bonus_" .. seat, 1)
	end,
}

-- Upgrade: right after you activate a system holding your cruiser, it becomes a dreadnought
-- from reinforcements (the cruiser goes back).
H.upgrade = {
	at = "after_activation",
	can = function(g, seat: number, info): boolean
		return seat == info.active and g:count({ kind = "cruiser", owner = seat, cell = info.cell }) > 0
			and require("production").placeable(g, seat, "dreadnought")
	end,
	effect = function(g, seat: number, info)
		local cruiser = g:first({ kind = "cruiser", owner = seat, cell = info.cell }) :: number
		g:set_prop(cruiser, "damaged", nil)
		g:move(cruiser, { zone = "reinforcements", seat = seat })
		-- From reinforcements, or one taken back from the board (TI4 §57.4).
		require("production").place(g, seat, "dreadnought", info.cell)
	end,
}

-- Lost Star Chart: right after you activate a system, systems with alpha and with beta
-- wormholes are adjacent for this tactical action (links of kind "star_chart", which only
-- movement follows: council.lua movement_links; removed at the action's end).
local function wormhole_cells(g, kind: string): { number }
	local out = {}
	for _, c in ipairs(g:cells()) do
		local sys = U.system_of_cell(g, c)
		for _, w in ipairs(sys and sys.wormholes or {}) do
			if w == kind then
				table.insert(out, c)
				break
			end
		end
	end
	return out
end
H.lost_star_chart = {
	at = "after_activation",
	can = function(g, seat: number, info): boolean
		return seat == info.active and not g:global("card_star_chart") and #wormhole_cells(g, "alpha") > 0 and #wormhole_cells(g, "beta") > 0
	end,
	effect = function(g, seat: number, info)
		for _, a in ipairs(wormhole_cells(g, "alpha")) do
			for _, b in ipairs(wormhole_cells(g, "beta")) do
				if a ~= b then
					g:add_link(a, b, "star_chart")
				end
			end
		end
		g:set_global("card_star_chart", true)
	end,
}

-- In the Silence of Space: right after you activate a system, your ships starting in one
-- chosen system move through systems holding other players' ships this action.
H.in_the_silence_of_space = {
	at = "after_activation",
	can = function(g, seat: number, info): boolean
		return seat == info.active and not g:global("card_silence_" .. seat) and #g:cells_of({ kind = U.SHIP_TYPES, owner = seat }) > 0
	end,
	choose = function(g, seat: number, info)
		return Ask.card_target("In the Silence of Space", "TI4 §1, §66, In the Silence of Space", Ask.cell_options(g, g:cells_of({ kind = U.SHIP_TYPES, owner = seat })))
	end,
	effect = function(g, seat: number, info, c: number)
		g:set_global("card_silence_" .. seat, c)
	end,
}

-- Skilled Retreat: as a combat round begins, all your ships in the active system move to an
-- adjacent system without other players' ships (carrying what they can, ground forces
-- from planets there too, with a command token from reinforcements: retreat.lua's
-- skilled_move); the combat ends in a draw. FAQ: it is not
-- a retreat (Intercept cannot answer it).
local function skilled_destinations(g, seat: number, c: number): { number }
	local Retreat = require("retreat")
	local out, seen = {}, {}
	for _, n in ipairs(require("objectives").adjacent(g, c)) do
		if not seen[n] and n ~= c then
			seen[n] = true
			if Retreat.enterable(g, seat, n) and not U.enemy_ships(g, seat, n) then
				table.insert(out, n)
			end
		end
	end
	table.sort(out)
	return out
end
H.skilled_retreat = {
	at = "combat_round",
	can = function(g, seat: number, info): boolean
		return fighting(seat, info) and not info.ground and not g:global("card_combat_draw") and #U.ships_with(g, seat, info.cell, "move") > 0
			and #skilled_destinations(g, seat, info.cell) > 0
	end,
	choose = function(g, seat: number, info)
		return Ask.card_target("Skilled Retreat", "TI4 §1, Skilled Retreat", Ask.cell_options(g, skilled_destinations(g, seat, info.cell)))
	end,
	effect = function(g, seat: number, info, dest: number)
		-- A move: ground forces on planets there may be picked up first (retreat.lua
		-- skilled_move; digest F-06).
		g:push("skilled_move", { seat = seat, cell = info.cell, dest = dest })
		g:set_global("card_combat_draw", true)
	end,
}

-- Courageous to the End: right after one of your ships is destroyed in a space combat, roll
-- 2 dice; each at or over that ship's combat value destroys a ship of the opponent's choice
-- (no hits: Sustain Damage cannot cancel them, FAQ).
H.courageous_to_the_end = {
	at = "ship_destroyed",
	can = function(g, seat: number, info): boolean
		return seat == info.seat and defs.unit[info.face].combat ~= nil
	end,
	effect = function(g, seat: number, info)
		local n = 0
		for _ = 1, 2 do
			if g:roll(10) >= defs.unit[info.face].combat then
				n += 1
			end
		end
		g:log(U.text("cards.courage_roll", seat, n))
		if n > 0 then
			g:add_global("card_destroy_" .. info.foe, n)
		end
	end,
}

-- Experimental Battlestation: once another player's ships moved into a system, one of your
-- space docks there or next to it fires Space Cannon 5 (x3) at the ships there (the hits
-- assigned by their owner: cannon.lua's space_cannon with the hits given).
local function docks_near(g, seat: number, c: number): boolean
	local cells = { c }
	for _, n in ipairs(require("objectives").adjacent(g, c)) do
		table.insert(cells, n)
	end
	for _, n in ipairs(cells) do
		for _, p in ipairs(g:entities({ kind = "planet", cell = n })) do
			if g:count({ kind = "space_dock", owner = seat, inside = p }) > 0 then
				return true
			end
		end
	end
	return false
end
H.experimental_battlestation = {
	at = "after_movement",
	can = function(g, seat: number, info): boolean
		return seat ~= info.active and g:count({ kind = U.SHIP_TYPES, owner = info.active, cell = info.cell }) > 0
			and docks_near(g, seat, info.cell)
	end,
	effect = function(g, seat: number, info)
		local hits = 0
		for _ = 1, 3 do
			if g:roll(10) >= 5 then
				hits += 1
			end
		end
		g:log(U.text("combat.cannon_fired", seat, 3, hits, info.active))
		if hits > 0 then
			g:push("space_cannon", { seat = info.active, cell = info.cell, target = info.active, hits = hits, only_hits = true, shooter = seat })
		end
	end,
}

-- Fire Team: once your ground forces have rolled in a ground combat round, roll any of
-- those dice again: the right to reroll (rerolls.lua); invasion.lua then asks which dice
-- (dice.lua). Offered only with a die that missed: rerolling a hit cannot help.
H.fire_team = {
	at = "ground_rolled",
	can = function(g, seat: number, info): boolean
		return fighting(seat, info) and (info.misses[tostring(seat)] or 0) > 0 and not Rerolls.granted(g, seat, "fire_team")
	end,
	effect = function(g, seat: number, info)
		Rerolls.grant(g, seat, "fire_team")
	end,
}

return H

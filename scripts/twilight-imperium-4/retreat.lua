--!strict
-- Twilight Imperium 4: retreats from a space combat (TI4 §23.4, §23.7). The combat step
-- (combat.lua) asks for announcements and calls these for where a seat may go and for
-- the move itself. A retreat is a move, so the movement rules on entering systems
-- apply: not into a supernova (§92), a nebula that is not the active system (§69.1),
-- or an asteroid field without Antimass Deflectors (§16.1).
local U = require("util")
local R = {}

-- Whether a seat may end a move in a cell by retreating (terrain only).
function R.enterable(g, seat: number, c: number): boolean
	local t = g:terrain(c)
	if t == "supernova" or t == "nebula" then
		return false
	end
	return t ~= "asteroid_field" or U.has_tech(g, seat, "antimass_deflectors")
end

-- §23.7: the seat has a unit there (in space or on a planet) or controls a planet there.
local function holds(g, seat: number, c: number): boolean
	if g:count({ kind = U.UNIT_TYPES, owner = seat, cell = c }) > 0 then
		return true
	end
	for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
		if g:owner(p) == seat or g:count({ kind = U.UNIT_TYPES, owner = seat, inside = p }) > 0 then
			return true
		end
	end
	return false
end

-- The systems a seat's ships in `c` may retreat to (§23.7): adjacent (§8), holding one
-- of its units or a planet it controls, and no other player's ships.
function R.destinations(g, seat: number, c: number): { number }
	local out, seen = {}, {}
	for _, n in ipairs(require("objectives").adjacent(g, c)) do
		if not seen[n] and n ~= c then
			seen[n] = true
			if R.enterable(g, seat, n) and holds(g, seat, n) and not U.enemy_ships(g, seat, n) then
				table.insert(out, n)
			end
		end
	end
	table.sort(out)
	return out
end

-- The seat's ships in the combat that have a move value (those that retreat).
local function movers(g, seat: number, c: number): { number }
	local out = U.ships_with(g, seat, c, "move")
	-- Structures in space with a move value retreat as ships (TI4 §41.1, Floating Factory).
	for _, e in ipairs(U.space_structures(g, seat, c)) do
		if defs.unit[g:face(e)].move then
			table.insert(out, e)
		end
	end
	return out
end

-- §23.4: a seat may announce a retreat only with somewhere to go (and, here, with at
-- least one ship able to move there: a fleet of fighters alone could not retreat).
function R.can_retreat(g, seat: number, c: number): boolean
	return #movers(g, seat, c) > 0 and #R.destinations(g, seat, c) > 0
end

function R.options(g, seat: number, c: number): { any }
	local options = {}
	for _, n in ipairs(R.destinations(g, seat, c)) do
		table.insert(options, { label = U.text("retreat.to", U.cell_label(g, n)), value = n })
	end
	return options
end

-- §23.7: when the retreating ships cannot carry all the fighters and ground forces of the
-- space area and both kinds are there, the owner chooses how many ground forces go (the
-- rest of the room takes fighters): the least and most it may take; nil when there is
-- nothing to choose.
function R.carry_range(g, seat: number, c: number): (number?, number?)
	local room = 0
	for _, e in ipairs(movers(g, seat, c)) do
		room += defs.unit[g:face(e)].capacity or 0
	end
	local fighters = g:count({ kind = "fighter", owner = seat, cell = c })
	local ground = g:count({ kind = "infantry", owner = seat, cell = c })
	if fighters == 0 or ground == 0 or fighters + ground <= room or room == 0 then
		return nil, nil
	end
	return math.max(0, room - fighters), math.min(room, ground)
end

-- §23.7: the command sheet's pools a token may come from when the seat's reinforcements
-- hold none and one must go into `dest` (the owner chooses which, R.execute's `pool`).
function R.token_pools(g, seat: number, dest: number): { string }
	local out = {}
	if g:count({ kind = "command_token", zone = "cmd_reinforcements", seat = seat }) == 0 and not U.has_token_in(g, seat, dest) then
		for _, pool in ipairs({ "tactic", "fleet", "strategy" }) do
			if U.pool(g, seat, pool) > 0 then
				table.insert(out, pool)
			end
		end
	end
	return out
end

-- §23.7: every ship with a move value goes to `dest`, carrying fighters and ground
-- forces from the space area up to their capacity: `ground` of the ground forces (the
-- owner's choice, R.carry_range; when not given, ground forces first), fighters in the rest
-- of the room; what is not carried is removed. Then a command token from reinforcements
-- goes into `dest` unless one of the seat's is there already (with none in reinforcements,
-- one from the command sheet's pool `pool`, the owner's choice; when not given, tactic,
-- then strategy, then fleet). The fleet pool (§45) and capacity (§18) are then checked in
-- `dest`.
function R.execute(g, seat: number, c: number, dest: number, ground: number?, pool: string?)
	local ships = movers(g, seat, c)
	local room = 0
	for _, e in ipairs(ships) do
		room += defs.unit[g:face(e)].capacity or 0
		g:move(e, dest)
	end
	local ground_room = ground and math.min(ground, room) or room
	for _, kind in ipairs({ "infantry", "fighter" }) do
		for _, e in ipairs(g:entities({ kind = kind, owner = seat, cell = c })) do
			if room > 0 and (kind == "fighter" or ground_room > 0) then
				room -= 1
				if kind == "infantry" then
					ground_room -= 1
				end
				g:move(e, dest)
			else
				g:move(e, { zone = "reinforcements", seat = seat })
				g:log(U.text("retreat.left_behind", seat, U.unit_name(g:face(e))))
			end
		end
	end
	g:log(U.text("retreat.done", seat, #ships, U.cell_label(g, c), U.cell_label(g, dest)))
	if #ships > 0 and not U.has_token_in(g, seat, dest) then
		for _, from in ipairs({ "cmd_reinforcements", pool or "tactic", "tactic", "strategy", "fleet" }) do
			if U.move_token(g, seat, from, dest) then
				break
			end
		end
	end
	-- §45.3: ships beyond the fleet pool are removed (not destroyed; here automatically,
	-- the last to arrive first).
	U.remove_fleet_excess(g, seat, dest)
	U.check_capacity(g, seat, dest)
end

-- The stalemate rule (F-02; stalemate.lua, combat.lua): the attacker must retreat. When it
-- cannot (no eligible system, or no ship that can move), its units in the space area go back
-- to reinforcements, removed and not destroyed, as §23.7 removes the units a retreat cannot
-- take along. Our reading: the digest says only that the attacker must retreat. Ground forces
-- fighting as ships that came from a planet (The Alastor, prop "fought_from") are left to go
-- back to it as the combat ends. Returns how many units were removed.
function R.remove_stranded(g, seat: number, c: number): number
	local n = 0
	for _, e in ipairs(g:entities({ kind = U.UNIT_TYPES, owner = seat, cell = c, lacks = "fought_from" })) do
		g:set_prop(e, "damaged", nil)
		g:set_prop(e, "space_combat", nil)
		g:move(e, { zone = "reinforcements", seat = seat })
		n += 1
	end
	g:log(U.text("retreat.stranded", seat, n, U.cell_label(g, c)))
	return n
end

-- Skilled Retreat (ac_combat.lua): not a retreat but a move (FAQ), so before leaving, its
-- ships may pick up ground forces from planets in the system, up to their free capacity
-- (TI4 §95.1; digest F-06); then they go as a retreat's ships do (R.execute: what is in the
-- space area, a command token). ctx: seat, cell, dest.
R.skilled_move = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local room = 0
		for _, e in ipairs(movers(g, ctx.seat, ctx.cell)) do
			room += defs.unit[g:face(e)].capacity or 0
		end
		room -= g:count({ kind = { "fighter", "infantry" }, owner = ctx.seat, cell = ctx.cell })
		local options = {}
		if room > 0 then
			for _, p in ipairs(g:entities({ kind = "planet", cell = ctx.cell })) do
				if g:count({ kind = "infantry", owner = ctx.seat, inside = p }) > 0 then
					table.insert(options, { label = U.text("tactical.carry_from_planet", U.planet_name(g, p)), value = p })
				end
			end
		end
		if #options == 0 then
			ctx.done = true
			R.execute(g, ctx.seat, ctx.cell, ctx.dest)
			return nil
		end
		-- "go", not 0: 0 is an entity id too (Mecatol Rex's planet).
		table.insert(options, { label = U.text("retreat.skilled_go", U.cell_label(g, ctx.dest)), value = "go" })
		return { seat = ctx.seat, prompt = U.text("retreat.skilled_prompt"), rule = "TI4 §1, Skilled Retreat (FAQ)",
			help = U.text("retreat.skilled_help"), options = options }
	end,
	resolve = function(g, ctx, v)
		if v == "go" then
			ctx.done = true
			R.execute(g, ctx.seat, ctx.cell, ctx.dest)
			return
		end
		local e = g:last({ kind = "infantry", owner = ctx.seat, inside = v })
		if e then
			g:move(e, ctx.cell)
		end
	end,
}

return R

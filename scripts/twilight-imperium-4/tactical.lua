--!strict
-- Twilight Imperium 4: the tactical action (TI4 §5; digest §1.7): activation,
-- movement with transport, space cannon and space combat (combat.lua), invasion
-- (bombardment, committing ground forces here, the rest in invasion.lua), production,
-- and the elimination check after it (elimination.lua). Action-card moments (moments.lua):
-- after activation, after movement, as the invasion begins, after ground forces are
-- committed; the cards that last one action are ended by `end_cards`.
local U = require("util")
local Co = require("council")
local Ab = require("abilities")
local Invasion = require("invasion")
local Elimination = require("elimination")
local M = require("moments")
local Timing = require("timing")
local Galaxy = require("galaxy")
local X = require("transactions")
local UT = require("unit_tokens")
local A = {}

-- TI4 §66.2: the systems a seat's ships cannot move through: those holding another
-- player's ships (the active system is where they stop, so it never blocks). The
-- technology Light/Wave Deflector lifts the rule for its owner: none block.
local function blocking_systems(g, seat: number, active: number): { number }
	local blocked = {}
	if U.has_tech(g, seat, "light_wave_deflector") then
		return blocked
	end
	for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES })) do
		if c ~= active and U.enemy_ships(g, seat, c) then
			table.insert(blocked, c)
		end
	end
	return blocked
end

-- The link kinds a seat's ships move along: wormholes (council.lua), and the seat's own
-- Spatial Conduit Cylinder links for this activation (abilities.lua).
local function links_for(g, seat: number): { string }
	local links = table.clone(Co.movement_links(g))
	if g:global("conduit") == seat then
		table.insert(links, "conduit")
	end
	-- Links an ability gives one seat's movement for the action (kind "moves_<seat>":
	-- Winnu's Lazax Gate Folding).
	table.insert(links, "moves_" .. seat)
	-- Creuss's Quantum Entanglement (faction_creuss.lua): every alpha or beta system is
	-- adjacent to every other, whatever stops wormholes (links "entangle", galaxy.lua).
	if Ab.any(g, seat, "entangled_wormholes") then
		table.insert(links, "entangle")
	end
	return links
end

-- TI4 §92: supernovas stop movement, except for a seat whose entries let its ships through
-- (Muaat's Gashlai Physiology, flag "pass_supernova"; its Magmus Reactor lets them end there,
-- flag "enter_supernova", checked where the active system is).
local function supernova_cost(g, seat: number): number | false
	return Ab.any(g, seat, "pass_supernova") and 1 or false
end

-- TI4 §66, §69, §16, §92, §101: which systems a seat's ships can reach the active
-- system from, and at what cost, by one search backwards from it (PLAN.md 2.2).
-- Supernovae, asteroid fields (without Antimass Deflectors) and nebulae are not passed
-- through; a system holding another player's ships cannot be passed through (§66.2).
-- Two searches: `safe` avoids gravity rifts; `risky` goes through them, where leaving a
-- rift gives +1 move (§101.1) — backwards, entering a rift costs 0.
local function search(g, seat: number, active: number, rift_cost: any, free: boolean?): { [number]: number }
	-- `free`: for a ship that moves through other players' ships (Yssaril's flagship).
	local blocked = free and {} or blocking_systems(g, seat, active)
	local antimass = U.has_tech(g, seat, "antimass_deflectors")
	local rules = { costs = { supernova = supernova_cost(g, seat), nebula = Co.nebula_cost(g), gravity_rift = rift_cost, asteroid_field = antimass and 1 or false },
		blocked = blocked, links = links_for(g, seat), link_cost = 1 }
	local field = g:field(active, 8, rules)
	local out = {}
	for c, cost in pairs(field) do
		out[c] = cost
	end
	-- In the Silence of Space (ac_combat.lua): ships starting in the chosen system pass
	-- other players' ships this action.
	local quiet = g:global("card_silence_" .. seat)
	if quiet then
		rules.blocked = {}
		local free = g:field(active, 8, rules)
		if free[quiet] and free[quiet] < (out[quiet] or 99) then
			out[quiet] = free[quiet]
		end
	end
	-- Ships may leave a system they could not pass through (a nebula, an asteroid field):
	-- one step more than the best passable neighbour (§69.2: from a nebula, move 1,
	-- checked by the caller).
	local movers = table.clone(U.SHIP_TYPES)
	table.insert(movers, "space_dock") -- a Floating Factory (TI4 §41.1) moves as a ship
	for _, c in ipairs(g:cells_of({ kind = movers, owner = seat })) do
		-- (A ship in a gravity rift always rolls as it leaves: only the risky search has it.)
		if out[c] == nil and c ~= active and (rift_cost ~= false or g:terrain(c) ~= "gravity_rift") then
			local best = nil
			-- Its neighbours by the links this seat's ships follow now (not the wormholes a
			-- law such as Enforced Travel Ban switches off).
			local near = table.clone(g:neighbors(c))
			for _, k in ipairs(rules.links) do
				for _, n in ipairs(g:links(c, k)) do
					table.insert(near, n)
				end
			end
			for _, n in ipairs(near) do
				if field[n] ~= nil and (best == nil or field[n] + 1 < best) then
					best = field[n] + 1
				end
			end
			if best then
				out[c] = best
			end
		end
	end
	out[active] = nil
	return out
end

-- TI4 §101.2-3: a ship that went out of or through gravity rifts rolls a die for each, 1-3
-- removing it (to reinforcements). Its way: the systems `cells` in order (where it started,
-- then those it passed, §97.1), then the active system, within `budget`; each leg goes
-- without a rift where the budget allows (§101: a ship with a rift-free way does not
-- roll), else by its cheapest way. True when it is lost.
local function rift_rolls(g, seat: number, active: number, e: number, cells: { number }, budget: number): boolean
	local rules = A.rules(g, seat, active)
	local safe_rules = A.rules(g, seat, active)
	safe_rules.costs.gravity_rift = false
	-- In the Silence of Space; a ship that moves through other players' ships (Yssaril's
	-- flagship, `moves_through_ships`).
	if g:global("card_silence_" .. seat) == cells[1] or Ab.unit_flag(g:face(e), "moves_through_ships") then
		rules.blocked = {}
		safe_rules.blocked = {}
	end
	-- A path's cost, read backwards as the field is: every system entered costs 1 but a
	-- gravity rift (leaving it is free, §101.1).
	local function cost(path: { number }): number
		local n = 0
		for j = 2, #path do
			if g:terrain(path[j]) ~= "gravity_rift" then
				n += 1
			end
		end
		return n
	end
	local legs, total = {}, 0
	for i, a in ipairs(cells) do
		local b = cells[i + 1] or active
		-- Backwards from the leg's end: path[1] is b (not left on this leg), the last is a.
		local path = g:path(b, a, budget, rules) or {}
		local safe = g:path(b, a, budget, safe_rules) or {}
		table.insert(legs, { risky = path, safe = safe })
		total += cost(path)
	end
	for _, leg in ipairs(legs) do
		local extra = cost(leg.safe) - cost(leg.risky)
		if #leg.safe > 0 and total + extra <= budget then
			leg.risky = leg.safe
			total += extra
		end
	end
	for _, leg in ipairs(legs) do
		local path = leg.risky
		for j = 2, #path do
			if g:terrain(path[j]) == "gravity_rift" and g:cell_of(e) == active then
				local roll = g:roll(10)
				if roll <= 3 then
					g:move(e, { zone = "reinforcements", seat = seat })
					g:log(U.text("tactical.rift_lost", seat, defs.unit[g:face(e)].name, roll, U.cell_label(g, path[j])))
					return true
				end
				g:log(U.text("tactical.rift_safe", seat, defs.unit[g:face(e)].name, roll, U.cell_label(g, path[j])))
			end
		end
	end
	return false
end

-- TI4 §101.2, §97.1: the ships queued for crossing gravity rifts roll, as soon as each has
-- finished its move (a carrier once it has loaded), so the next ship moves knowing the
-- result (FAQ, digest F-39); a lost ship's cargo is lost with it, and a wormhole it carried
-- (Creuss's Hil Colish) is gone.
local function roll_rifts(g, ctx)
	for _, r in ipairs(ctx.rift_queue or {}) do
		local face = g:face(r.ship)
		if rift_rolls(g, ctx.seat, ctx.cell, r.ship, r.cells, r.budget) then
			for _, u in ipairs(r.loaded) do
				g:move(u, { zone = "reinforcements", seat = ctx.seat })
				g:log(U.text("tactical.rift_cargo_lost", ctx.seat, defs.unit[g:face(u)].name))
			end
			local h = Ab.HOOKS[face]
			if h and h.wormhole then
				Galaxy.link_wormholes(g)
			end
		end
	end
	ctx.rift_queue = {}
end

-- The action cards that last one tactical action end (ac_combat.lua, ac_invasion.lua):
-- Flank Speed, In the Silence of Space, Lost Star Chart's links, Disable and Bunker.
function A.end_cards(g, seat: number)
	g:set_global("card_move_bonus_" .. seat, nil)
	g:set_global("card_silence_" .. seat, nil)
	if g:global("card_star_chart") then
		g:set_global("card_star_chart", nil)
		g:remove_links("star_chart")
	end
	g:set_global("card_disable", nil)
	for s = 1, g:seats() do
		g:set_global("card_bunker_" .. s, nil)
	end
end

function A.rules(g, seat: number, active: number)
	local blocked = blocking_systems(g, seat, active)
	return { costs = { supernova = supernova_cost(g, seat), nebula = Co.nebula_cost(g), gravity_rift = 0, asteroid_field = U.has_tech(g, seat, "antimass_deflectors") and 1 or false },
		blocked = blocked, links = links_for(g, seat), link_cost = 1 }
end

-- `free`: the field of a ship that other players' ships do not block (a unit with the
-- registry flag `moves_through_ships`, abilities.unit_flag: Yssaril's flagship, its card).
function A.field(g, seat: number, active: number, free: boolean?): ({ [number]: number }, { [number]: number })
	local memo = g:memo()
	local key = "field" .. seat .. ":" .. active .. (free and ":free" or "")
	if memo[key] then
		return memo[key].safe, memo[key].risky
	end
	local t = g:terrain(active)
	local safe, risky = {}, {}
	local supernova_closed = t == "supernova" and not Ab.any(g, seat, "enter_supernova")
	if not (supernova_closed or (t == "asteroid_field" and not U.has_tech(g, seat, "antimass_deflectors"))) then
		safe = search(g, seat, active, false, free)
		risky = search(g, seat, active, 0, free)
	end
	memo[key] = { safe = safe, risky = risky }
	return safe, risky
end

local function move_value(g, seat: number, face: string, from: number): number
	local m = defs.unit[face].move or 0
	if g:terrain(from) == "nebula" then
		m = math.min(m, 1) -- TI4 §69.2
	end
	-- Creuss's Slipstream (faction_creuss.lua): +1 from its home system or an alpha or
	-- beta wormhole system.
	if m > 0 and Ab.any(g, seat, "slipstream") then
		local w = Galaxy.wormholes_at(g, from)
		if from == U.home_cell(g, seat) or table.find(w, "alpha") or table.find(w, "beta") then
			m += 1
		end
	end
	return m + (g:global("card_move_bonus_" .. seat) or 0) -- Flank Speed (ac_combat.lua)
end

-- The technology Gravity Drive: one ship may move 1 further in each tactical action
-- (digest Part 4.4). The bonus is spent by the first ship that needs it (resolve).
local function gravity_bonus(g, ctx): number
	return (not ctx.gravity_used and U.has_tech(g, ctx.seat, "gravity_drive")) and 1 or 0
end

-- Whether a seat has fighters or ground forces to pick up in a system: in its space area
-- or on its own planets there.
local function has_cargo(g, seat: number, c: number): boolean
	if g:count({ kind = { "fighter", "infantry" }, owner = seat, cell = c }) > 0 then
		return true
	end
	for _, p in ipairs(g:entities({ kind = "planet", cell = c, owner = seat })) do
		if g:count({ kind = "infantry", owner = seat, inside = p }) > 0 then
			return true
		end
	end
	return false
end

-- The moves a ship needs from system `from` to system `to` under `rules` (searched
-- backwards from `to`, as the movement field is: leaving a gravity rift is then counted
-- right); from a system ships may leave but not pass through (a nebula, an asteroid field),
-- one more than its best neighbour. Nil when out of `budget`.
local function moves_between(g, rules, from: number, to: number, budget: number): number?
	if from == to then
		return 0
	end
	local f = g:field(to, budget, rules)
	if f[from] then
		return f[from]
	end
	local best = nil
	for _, nb in ipairs(require("objectives").adjacent(g, from)) do
		if f[nb] and f[nb] + 1 <= budget and (best == nil or f[nb] + 1 < best) then
			best = f[nb] + 1
		end
	end
	return best
end

-- The movement rules for a ship's way: gravity rifts allowed (`rifts`) or not; In the
-- Silence of Space lifts the blocking for ships from its system.
local function way_rules(g, seat: number, active: number, start: number, rifts: boolean)
	local rules = A.rules(g, seat, active)
	if not rifts then
		rules.costs.gravity_rift = false
	end
	if g:global("card_silence_" .. seat) == start then
		rules.blocked = {} -- In the Silence of Space (ac_combat.lua)
	end
	return rules
end

-- TI4 §97.1, §97.3: the systems a ship with capacity, now at `route.at` with `route.left`
-- moves still to spend, may go through on its way to the active system to pick up fighters
-- and ground forces there: within reach both ways (its move's rules, gravity rifts
-- included: a way through one makes the ship roll, roll_rifts), holding the seat's fighters
-- or ground forces and no command token of the seat, and not already passed.
local function route_stops(g, ctx): { number }
	local seat, active, r = ctx.seat, ctx.cell, ctx.route
	local rules = way_rules(g, seat, active, r.start, true)
	local to_active = g:field(active, r.left, rules)
	local places = g:cells_of({ kind = { "fighter", "infantry" }, owner = seat })
	local out = {}
	for _, c in ipairs(places) do
		if c ~= active and to_active[c] and not table.find(r.passed, c) and not U.has_token_in(g, seat, c) and has_cargo(g, seat, c) then
			local d = moves_between(g, rules, r.at, c, r.left)
			if d and d + to_active[c] <= r.left then
				table.insert(out, c)
			end
		end
	end
	table.sort(out)
	return out
end

-- Whether a ship's way (the systems `cells`, then the active system) can be made within
-- `budget` without a gravity rift.
local function safe_way(g, seat: number, active: number, cells: { number }, budget: number): boolean
	-- A ship leaving a gravity rift it started in or stopped in on its way rolls (§101.2).
	for _, c in ipairs(cells) do
		if g:terrain(c) == "gravity_rift" then
			return false
		end
	end
	local rules = way_rules(g, seat, active, cells[1], false)
	local total = 0
	for i, a in ipairs(cells) do
		local d = moves_between(g, rules, a, cells[i + 1] or active, budget)
		if d == nil then
			return false
		end
		total += d
	end
	return total <= budget
end

-- The ship's way is settled (TI4 §97.1): one that crosses a gravity rift loads now, from
-- the systems on its way, what it carries through it (run: ctx.rift), and rolls when
-- movement ends; otherwise its units are carried from the movement menu.
local function finish_route(g, ctx)
	local r = ctx.route
	ctx.route = nil
	if safe_way(g, ctx.seat, ctx.cell, r.passed, r.budget) then
		return
	end
	local cargo = false
	for _, c in ipairs(r.passed) do
		cargo = cargo or has_cargo(g, ctx.seat, c)
	end
	local entry = { ship = r.ship, cells = r.passed, budget = r.budget, carrier = r.carrier, loaded = {} }
	if cargo then
		ctx.rift = entry
	else
		ctx.carriers[r.carrier].cap = 0
		table.insert(ctx.rift_queue, entry)
		roll_rifts(g, ctx)
	end
end

-- TI4 §97: whether one more unit from system c can be carried in, each carried unit
-- needing a place on a ship that moved this action and started in or passed through its
-- system (ctx.carriers: capacity and those systems; ctx.loaded: units carried by system).
-- Every set of systems must hold no more carried units than the ships that touched one of
-- them can take (Hall's condition: then each unit has its own place).
local function can_carry_from(ctx, c: number): boolean
	local loads = table.clone(ctx.loaded)
	local key = tostring(c)
	loads[key] = (loads[key] or 0) + 1
	local cells = {}
	for k in pairs(loads) do
		table.insert(cells, k)
	end
	for mask = 1, bit32.lshift(1, #cells) - 1 do
		local need, room, inside = 0, 0, {}
		for i, k in ipairs(cells) do
			if bit32.btest(mask, bit32.lshift(1, i - 1)) then
				need += loads[k]
				inside[k] = true
			end
		end
		for _, ship in ipairs(ctx.carriers) do
			for _, src in ipairs(ship.sources) do
				if inside[tostring(src)] then
					room += ship.cap
					break
				end
			end
		end
		if need > room then
			return false
		end
	end
	return true
end

-- The carry options from the systems `cells`: fighters and ground forces in space, ground
-- forces on the seat's planets.
local function carry_options(g, ctx, cells: { number }, options: { any })
	local seat = ctx.seat
	for _, c in ipairs(cells) do
		if can_carry_from(ctx, c) then
			for _, k in ipairs({ "fighter", "infantry" }) do
				if g:count({ kind = k, owner = seat, cell = c }) > 0 then
					table.insert(options, { value = string.format("c:%d:%s", c, k) })
				end
			end
			for _, p in ipairs(g:entities({ kind = "planet", cell = c, owner = seat })) do
				if g:count({ kind = "infantry", owner = seat, inside = p }) > 0 then
					table.insert(options, { value = string.format("p:%d", p) })
				end
			end
		end
	end
end

-- The movement options of the seat into the active system: ships by system and face,
-- and units carried from the systems ships left or passed through this turn (TI4 §97.1:
-- from the system a ship starts in and those it moves through, route_stops), each on a
-- ship that went there (can_carry_from).
local function move_options(g, ctx): { any }
	local seat, active = ctx.seat, ctx.cell
	local options = {}
	local safe, risky = A.field(g, seat, active)
	-- §45, Armada; Hybrid Crystal Fighter II's fighters beyond capacity count as half a ship
	-- (util.lua fleet_used; a ship that brings capacity is not credited: a simplification).
	local fleet_ok = U.fleet_used(g, seat, active) + 1 <= Ab.fleet_limit(g, seat)
	local cap, load = U.capacity(g, seat, active)
	local bonus = gravity_bonus(g, ctx)
	-- Ships, and structures in space with a move value (TI4 §41.1: Saar's Floating
	-- Factory moves as a ship, outside the fleet pool as a structure).
	local movers = table.clone(U.SHIP_TYPES)
	for _, k in ipairs(U.STRUCTURE_TYPES) do
		table.insert(movers, k)
	end
	for _, c in ipairs(g:cells_of({ kind = movers, owner = seat })) do
		if not U.has_token_in(g, seat, c) then
			local seen = {}
			for _, e in ipairs(g:entities({ kind = movers, owner = seat, cell = c })) do
				local face = g:face(e)
				local def = defs.unit[face]
				local s, r = safe, risky
				if Ab.unit_flag(face, "moves_through_ships") then
					s, r = A.field(g, seat, active, true)
				end
				local cost = math.min(s[c] or 99, r[c] or 99)
				if not seen[face] and cost < 99 and move_value(g, seat, face, c) + bonus >= cost then
					seen[face] = true
					local ok
					if def.type == "fighter" then
						ok = def.moves_alone and U.room_for(g, seat, active, "fighter")
					elseif def.category == "structure" then
						ok = true
					else
						ok = fleet_ok
					end
					if ok then
						table.insert(options, { value = string.format("m:%d:%s", c, g:kind(e)) })
					end
				end
			end
		end
	end
	-- TI4 §66.3: a ship may leave the active system and come back within its move value;
	-- offered to a ship with capacity there that has not moved, when it can reach units to
	-- pick up on the way (route_stops).
	for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = active })) do
		local face = g:face(e)
		if (defs.unit[face].capacity or 0) > 0 and not table.find(ctx.moved, e) and not table.find(options, "o:" .. g:kind(e)) then
			local route = { start = active, at = active, left = move_value(g, seat, face, active), passed = { active } }
			if #route_stops(g, { seat = seat, cell = active, route = route }) > 0 then
				table.insert(options, "o:" .. g:kind(e))
			end
		end
	end
	if load < cap then
		carry_options(g, ctx, ctx.from, options)
	end
	for i, o in ipairs(options) do
		if type(o) == "string" then
			options[i] = { value = string.format("o:%d:%s", active, string.sub(o, 3)) }
		end
	end
	return options
end

-- Labels of the movement menu (made only when someone reads it).
function A.label(g, v: string, seat: number): string
	local tag, a, b = string.match(v, "^(%a):(%d+):?([%a_]*)$")
	if v == "done" then
		return U.text("tactical.end_movement")
	elseif v == "landed" then
		return U.text("tactical.end_landing")
	elseif tag == "m" then
		return U.text("tactical.move", defs.unit[g:face(g:first({ kind = b, owner = seat, cell = tonumber(a) }))].name, U.cell_label(g, tonumber(a)))
	elseif tag == "o" then
		return U.text("tactical.out_and_back", defs.unit[g:face(g:first({ kind = b, owner = seat, cell = tonumber(a) }))].name, U.cell_label(g, tonumber(a)))
	elseif tag == "c" then
		return U.text("tactical.carry", U.text("unit_type." .. b), U.cell_label(g, tonumber(a)))
	elseif tag == "p" then
		return U.text("tactical.carry_from_planet", U.planet_name(g, tonumber(a)))
	elseif tag == "l" then
		return U.text("tactical.land", U.planet_name(g, tonumber(a)))
	elseif tag == "f" then
		return U.text("tactical.land_fighter", U.planet_name(g, tonumber(a)))
	elseif tag == "x" then
		return U.text("tactical.remove_custodians", Co.custodians_cost(g, seat))
	end
	return v
end

-- Planets in the active system the seat's ground forces in space may be committed to
-- (TI4 §52.2): any, except Mecatol Rex while the custodians token is there (TI4 §31.1)
-- and a planet under law Demilitarized Zone (council.lua).
local function landing_planets(g, seat: number, c: number, kind: string?): { number }
	local out = {}
	if g:count({ kind = kind or "infantry", owner = seat, cell = c }) == 0 then
		return out
	end
	for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
		if Co.may_land(g, p) then
			table.insert(out, p)
		end
	end
	return out
end

-- Whether a seat may not activate system `c` (TI4 §91): Saar's Chaos Mapping (flag
-- "bars_asteroid_activation", faction_saar.lua) closes an asteroid field holding that
-- player's ships to the others.
function A.activation_barred(g, seat: number, c: number): boolean
	if g:terrain(c) ~= "asteroid_field" then
		return false
	end
	for _, o in ipairs(g:owners({ kind = U.SHIP_TYPES, cell = c })) do
		if o ~= seat and Ab.any(g, o, "bars_asteroid_activation") then
			return true
		end
	end
	return false
end

-- TI4 §80.4, §14: a structure in a space area (Saar's Floating Factory) is destroyed when
-- blockaded: another player's ships in its system and none of its owner's.
function A.destroy_blockaded(g, c: number)
	for s = 1, g:seats() do
		local inspace = U.space_structures(g, s, c)
		if #inspace > 0 and U.enemy_ships(g, s, c) and g:count({ kind = U.SHIP_TYPES, owner = s, cell = c }) == 0 then
			for _, e in ipairs(inspace) do
				g:move(e, { zone = "reinforcements", seat = s })
				g:log(U.text("tactical.blockaded_structure", s, U.unit_name(g:face(e)), U.cell_label(g, c)))
			end
		end
	end
end

-- §80.4 says "if ever blockaded": besides the active system once movement and space combat
-- are over (above), a blockade may be made by ships produced or placed beside a lone Floating
-- Factory in any system; every system holding a space dock of a seat whose docks stand in
-- space is checked at the end of each action (here at the end of a tactical action;
-- `round.lua` after the others).
function A.destroy_all_blockaded(g)
	-- Only a seat whose space docks stand in space (U.placed_in_space) can have one to lose:
	-- one query per seat in every other game.
	for s = 1, g:seats() do
		if U.placed_in_space(g, s, "space_dock") then
			for _, c in ipairs(g:cells_of({ kind = "space_dock", owner = s })) do
				A.destroy_blockaded(g, c)
			end
		end
	end
end

-- ctx: seat; stages activate -> move -> cannon -> combat -> bombard -> land -> invade
-- -> produce -> end.
A.tactical = {
	enter = function(g, ctx)
		ctx.stage = "activate"
		ctx.from = {}
		ctx.moved = {}
		ctx.rift_queue = {}
		ctx.carriers = {}
		ctx.loaded = {}
		A.end_cards(g, ctx.seat)
		-- Names this action's combats (objectives.lua combat_key: one objective each, §71.7).
		g:add_global("tactical_serial", 1)
		-- Wormholes carried by units (Hil Colish) may have left the board since: links anew.
		Galaxy.link_wormholes(g)
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		if g:global("turn_ended") then
			g:set_global("turn_ended", nil) -- law Minister of Peace ended the turn
			return nil
		end
		-- "After a player gains trade goods" abilities (Pillage) answer a gain made during the
		-- action (E-Res Siphons on activation, a combat's or a production's gains) between its
		-- stages, right after the step that made it (digest E-01: "after" is immediate).
		if Ab.drain_tg_gained(g) then
			return nil
		end
		local seat = ctx.seat
		if ctx.stage == "activate" then
			local options = {}
			for _, c in ipairs(g:cells()) do
				if not U.has_token_in(g, seat, c) and not A.activation_barred(g, seat, c) then
					table.insert(options, { label = U.cell_label(g, c), value = c })
				end
			end
			return { seat = seat, prompt = U.text("tactical.activate"), rule = "TI4 §5.1, §91", help = U.text("tactical.activate_help"), options = options }
		elseif ctx.stage == "move" then
			if ctx.route then
				-- TI4 §97.1: the ship just moved may have gone through systems on its way.
				local stops = route_stops(g, ctx)
				if #stops > 0 then
					local options = {}
					for _, c in ipairs(stops) do
						table.insert(options, { label = U.text("tactical.route_via", U.cell_label(g, c)), value = string.format("v:%d", c) })
					end
					table.insert(options, { label = U.text("tactical.route_direct"), value = "direct" })
					local key = ctx.route.start == ctx.cell and "tactical.route_prompt_back" or "tactical.route_prompt"
					return { seat = seat, prompt = U.text(key, defs.unit[ctx.route.face].name, U.cell_label(g, ctx.route.start)),
						rule = "TI4 §97.1, §97.3", help = U.text("tactical.route_help"), options = options }
				end
				finish_route(g, ctx)
			end
			if ctx.rift then
				-- TI4 §97.1, §101: a ship going through a gravity rift loads before its roll,
				-- from the systems on its way, within its own capacity; what it carries is
				-- lost with it.
				local options = {}
				if #ctx.rift.loaded < ctx.carriers[ctx.rift.carrier].cap then
					carry_options(g, ctx, ctx.rift.cells, options)
				end
				table.insert(options, { label = U.text("tactical.rift_go"), value = "rift" })
				return { seat = seat, prompt = U.text("tactical.rift_load_prompt", defs.unit[g:face(ctx.rift.ship)].name, U.cell_label(g, ctx.rift.cells[1])),
					rule = "TI4 §97.1, §101", help = U.text("tactical.rift_load_help"), options = options, labels = "tactical.label" }
			end
			local options = move_options(g, ctx)
			if #options == 0 or require("notes_generic").ceasefire(g, ctx.cell) then
				if #options == 0 and not ctx.moved_any then
					-- Say so: a newcomer may activate a system none of their ships can reach.
					g:log(U.text("tactical.none_can_move", seat, U.cell_label(g, ctx.cell)))
				end
				roll_rifts(g, ctx)
				UT.settle_all(g) -- TI4 §21.3, §50.3 once movement is over (unit_tokens.lua)
				ctx.stage = "cannon"
				return A.tactical.run(g, ctx)
			end
			table.insert(options, { value = "done" })
			-- TI4 §96.1: transactions at any point of the turn: the active player may offer one
			-- from this menu too (free; one per pair and turn, transactions.lua).
			for _, o in ipairs(X.turn_options(g, seat)) do
				table.insert(options, o)
			end
			return { seat = seat, prompt = U.text("tactical.move_prompt", U.cell_label(g, ctx.cell)), rule = "TI4 §66, §97, §45, §18",
				help = U.text("tactical.move_help"), options = options, labels = "tactical.label" }
		elseif ctx.stage == "cannon" then
			-- §5.2.ii, §17.2: Space Cannon offense, then space combat.
			ctx.stage = "combat"
			g:push("space_cannon", { seat = seat, cell = ctx.cell })
			-- Before it (pushed after it, so run first): "after ships move into a system", one
			-- timing window (timing.lua, §19.19): each seat in turn, the active one first, is
			-- offered its abilities (Naalu's Foresight) and its action cards (Experimental
			-- Battlestation). Only when ships actually moved in (FAQ, digest F-33: Experimental
			-- Battlestation answers "after another player moves ships into a system").
			if #ctx.from > 0 then
				Timing.open(g, "after_move", { seat = seat, active = seat, cell = ctx.cell })
			end
			return nil
		elseif ctx.stage == "combat" then
			-- §5.3, §23: space combat when another player's ships are in the active system.
			ctx.stage = "bombard"
			if #g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = ctx.cell }) > 0 then
				for _, o in ipairs(g:owners({ kind = U.SHIP_TYPES, cell = ctx.cell })) do
					if o ~= seat then
						g:push("space_combat", { attacker = seat, defender = o, cell = ctx.cell })
						return nil
					end
				end
			end
			return A.tactical.run(g, ctx)
		elseif ctx.stage == "bombard" then
			-- TI4 §96.1, digest F-37: transactions at any point of the turn: the seats that
			-- may trade with the active player may propose one again here, in the middle of
			-- its action (after movement and combat, as the invasion begins).
			if not ctx.proposals_asked then
				ctx.proposals_asked = true
				if X.open_proposals(g, seat) then
					return nil
				end
			end
			-- "As an invasion begins" action cards (Bunker, Disable; ac_invasion.lua).
			if not ctx.invasion_asked then
				ctx.invasion_asked = true
				-- Once movement and space combat are over: structures left blockaded in
				-- space are destroyed (TI4 §80.4), and a wormhole carried by a ship the
				-- combat destroyed (Hil Colish) is gone.
				A.destroy_blockaded(g, ctx.cell)
				Galaxy.link_wormholes(g)
				UT.settle_all(g) -- TI4 §21.3, §50.3 after space combat and retreats (unit_tokens.lua)
				if M.open(g, "invasion_start", { active = seat, cell = ctx.cell }) then
					return nil
				end
			end
			-- §52.1, §15: bombardment before ground forces are committed.
			ctx.stage = "land"
			if Invasion.can_bombard(g, seat, ctx.cell) then
				g:push("bombard", { seat = seat, cell = ctx.cell })
				return nil
			end
			return A.tactical.run(g, ctx)
		elseif ctx.stage == "land" then
			local options = {}
			for _, p in ipairs(landing_planets(g, seat, ctx.cell)) do
				table.insert(options, { value = string.format("l:%d", p) })
			end
			-- Naalu's flagship, Matriarch (ability_entries.lua flag "fighters_land"): fighters
			-- committed as if ground forces, in its system.
			if Ab.any(g, seat, "fighters_land") and g:count({ kind = "flagship", owner = seat, cell = ctx.cell }) > 0 then
				for _, p in ipairs(landing_planets(g, seat, ctx.cell, "fighter")) do
					table.insert(options, { value = string.format("f:%d", p) })
				end
			end
			-- TI4 §31.2: before committing, the custodians token may be removed for 6
			-- influence; then at least one ground force must be committed to Mecatol Rex.
			if Co.may_remove_custodians(g, seat, ctx.cell) then
				table.insert(options, { value = string.format("x:%d", ctx.cell) })
			end
			if #options == 0 then
				ctx.stage = "invade"
				return A.tactical.run(g, ctx)
			end
			if not ctx.must_land or (ctx.committed or {})[tostring(ctx.must_land)] then
				table.insert(options, { value = "landed" })
			end
			for _, o in ipairs(X.turn_options(g, seat)) do
				table.insert(options, o) -- TI4 §96.1, as in the movement menu
			end
			return { seat = seat, prompt = U.text("tactical.land_prompt", g:count({ kind = "infantry", owner = seat, cell = ctx.cell })), rule = "TI4 §52.2, §29", help = U.text("tactical.land_help"),
				options = options, labels = "tactical.label" }
		elseif ctx.stage == "invade" then
			if not ctx.landing_settled then
				-- TI4 §50.3: ground forces just committed to planets (unit_tokens.lua).
				ctx.landing_settled = true
				UT.settle_all(g)
			end
			-- "After units are committed to land on your planet" (Parley).
			if ctx.committed and not ctx.commit_asked then
				local planets = {}
				for key in pairs(ctx.committed) do
					table.insert(planets, tonumber(key))
				end
				table.sort(planets)
				-- Notes timed "after you commit units to land" (Saar's Ragh's Call, faction_saar.lua; notes.lua offers them).
				if not ctx.notes_asked then
					ctx.notes_asked = true
					if require("notes").units_committed(g, seat, planets) then
						return nil
					end
				end
				ctx.commit_asked = true
				if M.open(g, "units_committed", { active = seat, cell = ctx.cell, planets = planets }) then
					return nil
				end
			end
			ctx.stage = "produce"
			local planets = {}
			for key in pairs(ctx.committed or {}) do
				table.insert(planets, tonumber(key))
			end
			if #planets > 0 then
				g:push("invade", { seat = seat, planets = planets })
				return nil
			end
			return A.tactical.run(g, ctx)
		elseif ctx.stage == "produce" then
			ctx.stage = "end"
			g:push("produce", { seat = seat, cell = ctx.cell, tactical = true })
			return nil
		end
		if ctx.stage == "end" then
			UT.settle_all(g) -- TI4 §21.3, §50.3 after invasion and production (unit_tokens.lua)
			A.destroy_all_blockaded(g) -- TI4 §80.4: ships produced beside a lone Floating Factory
			A.end_cards(g, seat)
			-- After the tactical action: abilities timed on it (Winnu's Reclamation), told
			-- which planets of the active system the seat gained control of during it.
			local gained = {}
			for _, p in ipairs(g:entities({ kind = "planet", cell = ctx.cell, owner = seat })) do
				if (ctx.owners_before or {})[tostring(p)] ~= seat then
					table.insert(gained, p)
				end
			end
			Ab.at(g, "tactical_end", { seat = seat, cell = ctx.cell, gained = gained })
			-- After the action: capacity everywhere the seat has units in space (TI4 §18.3),
			-- the owner choosing what goes (hits.remove_excess).
			ctx.stage = "eliminate"
			local pushed = false
			for _, c in ipairs(g:cells_of({ kind = { "fighter", "infantry" }, owner = seat })) do
				local over, ground_over = U.over_capacity(g, seat, c)
				if over > 0 or ground_over > 0 then
					g:push("remove_excess", { seat = seat, cell = c })
					pushed = true
				end
			end
			if pushed then
				return nil
			end
		end
		-- §29.4: planets left without their controller's units carry its control token.
		Co.mark_all_control(g)
		-- §36: a player left with no ground forces, no Production and no planets is out.
		Elimination.check(g)
		return nil
	end,
	resolve = function(g, ctx, v)
		local seat = ctx.seat
		if ctx.stage == "activate" then
			-- TI4 §5.1: a token from the tactic pool into the system.
			U.move_token(g, seat, "tactic", v)
			ctx.cell = v
			ctx.stage = "move"
			ctx.owners_before = {}
			for _, p in ipairs(g:entities({ kind = "planet", cell = v })) do
				ctx.owners_before[tostring(p)] = g:owner(p) or 0
			end
			g:log(U.text("tactical.activated", seat, U.cell_label(g, v)))
			-- TI4 §5.1, §19.19: "after a system is activated", one timing window (timing.lua):
			-- each seat in turn, the active one first, is offered its notes (Ceasefire), its
			-- abilities and technologies (E-Res Siphons, Neuroglaive, Nullification Field) and
			-- its action cards (Flank Speed, Upgrade); notes face up that go back on this
			-- activation go back first (TI4 §44).
			require("notes").return_on_activation(g, seat, v)
			Timing.open(g, "activation", { seat = seat, active = seat, cell = v })
			return
		end
		local partner = type(v) == "string" and string.match(v, "^tx:(%d+)$")
		if partner then
			g:push("transaction", { seat = seat, partner = tonumber(partner) }) -- TI4 §96.1
			return
		end
		if v == "direct" then
			finish_route(g, ctx)
			return
		end
		if v == "rift" then
			-- The ship has loaded: it rolls for its rifts now (roll_rifts), carrying nothing
			-- more.
			local r = ctx.rift
			ctx.rift = nil
			ctx.carriers[r.carrier].cap = #r.loaded
			table.insert(ctx.rift_queue, r)
			roll_rifts(g, ctx)
			return
		end
		if v == "done" and ctx.stage == "move" then
			roll_rifts(g, ctx)
		end
		if v == "done" or v == "landed" then
			ctx.stage = ctx.stage == "move" and "cannon" or "invade"
			return
		end
		local tag, a, b = string.match(v, "^(%a):(%d+):?([%a_]*)$")
		local n = tonumber(a)
		if tag == "m" or tag == "c" or tag == "p" or tag == "o" then
			ctx.moved_any = true
		end
		if tag == "o" then
			-- TI4 §66.3: a ship of the active system goes out and comes back (its way is
			-- asked next, route_stops); it counts as moved.
			local e
			for _, s in ipairs(g:entities({ kind = b, owner = seat, cell = n })) do
				if not e and not table.find(ctx.moved, s) then
					e = s
				end
			end
			table.insert(ctx.moved, e)
			table.insert(ctx.carriers, { cap = defs.unit[g:face(e)].capacity or 0, sources = {} })
			local m = move_value(g, seat, g:face(e), n)
			ctx.route = { start = n, at = n, left = m, base = m, budget = m, passed = { n }, face = g:face(e), carrier = #ctx.carriers, ship = e }
			g:log(U.text("tactical.went_out", seat, defs.unit[g:face(e)].name, U.cell_label(g, n)))
			g:add_global("usage.out_and_back", 1)
			return
		end
		if tag == "m" then
			local e = g:last({ kind = b, owner = seat, cell = n })
			local m = move_value(g, seat, g:face(e), n)
			local free = Ab.unit_flag(g:face(e), "moves_through_ships")
			local safe, risky = A.field(g, seat, ctx.cell, free)
			if math.min(safe[n] or 99, risky[n] or 99) > m then
				-- Only Gravity Drive's extra move lets this ship arrive (move_options).
				ctx.gravity_used = true
				m += 1
				g:log(U.text("tactical.gravity_drive", seat, defs.unit[g:face(e)].name))
			end
			g:move(e, ctx.cell)
			-- A ship carrying a wormhole (Creuss's Hil Colish) takes it along: links anew.
			local h = Ab.HOOKS[g:face(e)]
			if h and h.wormhole then
				Galaxy.link_wormholes(g)
			end
			table.insert(ctx.moved, e)
			if not table.find(ctx.from, n) then
				table.insert(ctx.from, n)
			end
			g:log(U.text("tactical.moved", seat, defs.unit[g:face(e)].name, U.cell_label(g, n), U.cell_label(g, ctx.cell)))
			local cap = defs.unit[g:face(e)].capacity or 0
			if cap > 0 then
				-- TI4 §97.1: it may have passed systems to pick up units in (asked next,
				-- route_stops; finish_route sees whether its way crosses a gravity rift);
				-- Gravity Drive's move, when no ship has used it yet, may lengthen the way.
				table.insert(ctx.carriers, { cap = cap, sources = { n } })
				local extra = gravity_bonus(g, ctx)
				ctx.route = { start = n, at = n, left = m + extra, base = m, budget = m + extra, passed = { n }, face = g:face(e), carrier = #ctx.carriers, ship = e }
			elseif (safe[n] or 99) > m then
				-- §101.2: through gravity rifts: it rolls now, before another ship moves (F-39).
				table.insert(ctx.rift_queue, { ship = e, cells = { n }, budget = m, loaded = {} })
				roll_rifts(g, ctx)
			end
		elseif tag == "v" then
			-- TI4 §97.1: the ship goes through system n; its units there may be carried.
			local r = ctx.route
			local rules = way_rules(g, seat, ctx.cell, r.start, true)
			local d = moves_between(g, rules, r.at, n, r.left) :: number
			r.left -= d
			if not ctx.gravity_used and r.budget - r.left + (g:field(ctx.cell, r.left, rules)[n] or 0) > r.base then
				ctx.gravity_used = true -- only Gravity Drive's extra move makes this way
				g:log(U.text("tactical.gravity_drive", seat, defs.unit[r.face].name))
			end
			r.at = n
			table.insert(r.passed, n)
			table.insert(ctx.carriers[r.carrier].sources, n)
			if not table.find(ctx.from, n) then
				table.insert(ctx.from, n)
			end
			g:log(U.text("tactical.passed", seat, defs.unit[r.face].name, U.cell_label(g, n)))
			g:add_global("usage.systems_passed_to_pick_up", 1)
		elseif tag == "c" or tag == "p" then
			local e, from
			if tag == "c" then
				e, from = g:last({ kind = b, owner = seat, cell = n }), n
				g:log(U.text("tactical.carried", seat, defs.unit[g:face(e)].name, U.cell_label(g, n)))
			else
				e, from = g:last({ kind = "infantry", owner = seat, inside = n }), g:cell_of(n)
				g:log(U.text("tactical.carried", seat, defs.unit[g:face(e)].name, U.planet_name(g, n)))
			end
			g:move(e, ctx.cell)
			ctx.loaded[tostring(from)] = (ctx.loaded[tostring(from)] or 0) + 1
			if ctx.rift then
				table.insert(ctx.rift.loaded, e)
			end
		elseif tag == "x" then
			ctx.must_land = require("agenda").remove_custodians(g, seat)
		elseif tag == "l" or tag == "f" then
			-- §52.2: committed now; control is settled after the ground combats (§52.5).
			local e = g:last({ kind = tag == "f" and "fighter" or "infantry", owner = seat, cell = ctx.cell })
			g:move(e, { inside = n })
			ctx.committed = ctx.committed or {}
			ctx.committed[tostring(n)] = true
			g:log(U.text("tactical.committed", seat, defs.unit[g:face(e)].name, U.planet_name(g, n)))
		end
	end,
}

return A

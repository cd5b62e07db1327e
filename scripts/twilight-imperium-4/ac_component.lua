--!strict
-- Twilight Imperium 4: the ACTION cards (TI4 §1.6, §3), played from the turn menu as a
-- component action (round.lua), as hooks for moments.lua. §1.6: a card is playable only
-- if its ability can be resolved in full, so `can` checks that a target exists; FAQ: a
-- "destroy" card only targets other players' units and planets.
local U = require("util")
local Ask = require("ask_once")
local UT = require("unit_tokens")
local H = {}

local function trait(g, p: number): string?
	return U.PLANETS[g:face(p)].trait
end

-- A component action card's target question (TI4 §1, §3).
local function pick(card: string, options)
	return Ask.card_target(card, "TI4 §1, §3, " .. card, options)
end

-- Other players' planets passing `test`.
local function foreign_planets(g, seat: number, test: (number) -> boolean): { number }
	local out = {}
	for _, p in ipairs(g:entities({ kind = "planet" })) do
		local o = g:owner(p)
		if o and o ~= seat and test(p) then
			table.insert(out, p)
		end
	end
	return out
end

local function destroy(g, e: number)
	local owner = g:owner(e) :: number
	g:set_prop(e, "damaged", nil)
	g:move(e, { zone = "reinforcements", seat = owner })
	g:log(U.text("combat.destroyed", owner, defs.unit[g:face(e)].name))
end

-- Places from reinforcements, or takes one back from the board (TI4 §57.4; production.lua).
local function place(g, seat: number, kind: string, where: any): boolean
	return require("production").place(g, seat, kind, where)
end

local function placeable(g, seat: number, kind: string): boolean
	return require("production").placeable(g, seat, kind)
end

-- Economic Initiative: ready each cultural planet you control.
H.economic_initiative = {
	at = "component",
	can = function(g, seat: number, info): boolean
		for _, p in ipairs(g:entities({ kind = "planet", owner = seat, has = "exhausted" })) do
			if trait(g, p) == "cultural" then
				return true
			end
		end
		return false
	end,
	effect = function(g, seat: number, info)
		for _, p in ipairs(g:entities({ kind = "planet", owner = seat, has = "exhausted" })) do
			if trait(g, p) == "cultural" then
				g:set_prop(p, "exhausted", nil)
			end
		end
	end,
}

local function industrial_count(g, seat: number): number
	local n = 0
	for _, p in ipairs(U.planets(g, seat)) do
		if trait(g, p) == "industrial" then
			n += 1
		end
	end
	return n
end

-- Industrial Initiative: 1 trade good per industrial planet you control.
H.industrial_initiative = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return industrial_count(g, seat) > 0
	end,
	effect = function(g, seat: number, info)
		U.gain_tg(g, seat, industrial_count(g, seat))
	end,
}

-- Mining Initiative: trade goods equal to one of your planets' resources.
H.mining_initiative = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #U.planets(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Mining Initiative", Ask.planet_options(g, U.planets(g, seat)))
	end,
	effect = function(g, seat: number, info, p: number)
		U.gain_tg(g, seat, U.value(g, p, "resources"))
	end,
}

-- Rise of a Messiah: 1 infantry from reinforcements on each planet you control.
H.rise_of_a_messiah = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #U.planets(g, seat) > 0 and UT.left(g, seat, "infantry") >= #U.planets(g, seat)
	end,
	effect = function(g, seat: number, info)
		for _, p in ipairs(U.planets(g, seat)) do
			place(g, seat, "infantry", { inside = p })
		end
	end,
}

-- Frontline Deployment: 3 infantry from reinforcements on one planet you control.
H.frontline_deployment = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #U.planets(g, seat) > 0 and UT.left(g, seat, "infantry") >= 3
	end,
	choose = function(g, seat: number, info)
		return pick("Frontline Deployment", Ask.planet_options(g, U.planets(g, seat)))
	end,
	effect = function(g, seat: number, info, p: number)
		for _ = 1, 3 do
			place(g, seat, "infantry", { inside = p })
		end
	end,
}

-- Cells where a seat has ships.
-- (with room for one more under the fleet pool, §45).
local function ship_cells(g, seat: number): { number }
	local out = {}
	for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES, owner = seat })) do
		if U.fleet_room(g, seat, c) then
			table.insert(out, c)
		end
	end
	return out
end

-- War Effort: a cruiser from reinforcements into a system where you have ships.
H.war_effort = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #ship_cells(g, seat) > 0 and placeable(g, seat, "cruiser")
	end,
	choose = function(g, seat: number, info)
		return pick("War Effort", Ask.cell_options(g, ship_cells(g, seat)))
	end,
	effect = function(g, seat: number, info, c: number)
		place(g, seat, "cruiser", c)
	end,
}

-- Cripple Defenses: every PDS on another player's planet is destroyed.
H.cripple_defenses = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #foreign_planets(g, seat, function(p) return g:count({ kind = "pds", inside = p }) > 0 end) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Cripple Defenses", Ask.planet_options(g, foreign_planets(g, seat, function(p) return g:count({ kind = "pds", inside = p }) > 0 end)))
	end,
	effect = function(g, seat: number, info, p: number)
		for _, e in ipairs(g:entities({ kind = "pds", inside = p })) do
			destroy(g, e)
		end
	end,
}

-- Reactor Meltdown: a space dock on another player's non-home planet is destroyed.
local function dock_planets(g, seat: number): { number }
	return foreign_planets(g, seat, function(p)
		return not U.is_home_planet(g, p) and g:count({ kind = "space_dock", inside = p }) > 0
	end)
end
H.reactor_meltdown = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #dock_planets(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Reactor Meltdown", Ask.planet_options(g, dock_planets(g, seat)))
	end,
	effect = function(g, seat: number, info, p: number)
		destroy(g, g:first({ kind = "space_dock", inside = p }) :: number)
	end,
}

-- Lucky Shot: another player's dreadnought, cruiser or destroyer, in a system where you
-- control a planet, is destroyed.
local function lucky_targets(g, seat: number): { number }
	local out = {}
	for _, p in ipairs(U.planets(g, seat)) do
		local c = g:cell_of(p)
		for _, e in ipairs(g:entities({ kind = { "dreadnought", "cruiser", "destroyer" }, cell = c })) do
			if g:owner(e) ~= seat then
				table.insert(out, e)
			end
		end
	end
	return out
end
H.lucky_shot = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #lucky_targets(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		local options = {}
		for _, e in ipairs(lucky_targets(g, seat)) do
			table.insert(options, { label = U.text("cards.unit_in", g:owner(e), defs.unit[g:face(e)].name, U.cell_label(g, g:cell_of(e))), value = e })
		end
		return pick("Lucky Shot", options)
	end,
	effect = function(g, seat: number, info, e: number)
		destroy(g, e)
	end,
}

-- Uprising: exhaust another player's ready non-home planet; its resources as trade goods.
local function uprising_targets(g, seat: number): { number }
	return foreign_planets(g, seat, function(p)
		return not U.is_home_planet(g, p) and not g:prop(p, "exhausted")
	end)
end
H.uprising = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #uprising_targets(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Uprising", Ask.planet_options(g, uprising_targets(g, seat)))
	end,
	effect = function(g, seat: number, info, p: number)
		g:set_prop(p, "exhausted", true)
		U.gain_tg(g, seat, U.value(g, p, "resources"))
	end,
}

-- Unstable Planet: a hazardous planet (of another player) is exhausted; up to 3 infantry on
-- it are destroyed.
local function hazardous(g, seat: number): { number }
	return foreign_planets(g, seat, function(p) return trait(g, p) == "hazardous" end)
end
H.unstable_planet = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #hazardous(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Unstable Planet", Ask.planet_options(g, hazardous(g, seat)))
	end,
	effect = function(g, seat: number, info, p: number)
		g:set_prop(p, "exhausted", true)
		local list = g:entities({ kind = "infantry", inside = p })
		for i = 1, math.min(3, #list) do
			destroy(g, list[i])
		end
	end,
}

-- Plague: one die per infantry on another player's planet; each 6 or more destroys one.
local function plague_targets(g, seat: number): { number }
	return foreign_planets(g, seat, function(p) return g:count({ kind = "infantry", inside = p }) > 0 end)
end
H.plague = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #plague_targets(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Plague", Ask.planet_options(g, plague_targets(g, seat)))
	end,
	effect = function(g, seat: number, info, p: number)
		local list = g:entities({ kind = "infantry", inside = p })
		local hits = 0
		for _ = 1, #list do
			if g:roll(10) >= 6 then
				hits += 1
			end
		end
		g:log(U.text("cards.plague_roll", #list, hits))
		for i = 1, hits do
			destroy(g, list[i])
		end
	end,
}

local function seats_with(g, seat: number, test: (number) -> boolean)
	local options = {}
	for _, s in ipairs(U.clockwise(g, seat)) do
		if s ~= seat and test(s) then
			table.insert(options, { label = U.text("common.seat", s), value = s })
		end
	end
	return options
end

-- Insubordination: another player loses a token from its tactic pool to reinforcements.
H.insubordination = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #seats_with(g, seat, function(s) return U.pool(g, s, "tactic") > 0 end) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Insubordination", seats_with(g, seat, function(s) return U.pool(g, s, "tactic") > 0 end))
	end,
	effect = function(g, seat: number, info, s: number)
		U.move_token(g, s, "tactic", "cmd_reinforcements")
	end,
}

-- Spy: a random action card from another player's hand (g:roll: the hand's order is hidden).
H.spy = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #seats_with(g, seat, function(s) return g:count({ kind = "action_card", zone = "hand", seat = s }) > 0 end) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Spy", seats_with(g, seat, function(s) return g:count({ kind = "action_card", zone = "hand", seat = s }) > 0 end))
	end,
	effect = function(g, seat: number, info, s: number)
		local hand = g:entities({ kind = "action_card", zone = "hand", seat = s })
		if #hand == 0 then
			return
		end
		local card = hand[g:roll(#hand)]
		g:move(card, { zone = "hand", seat = seat })
		g:hide(card, seat)
		g:log(U.text("cards.spy_took", seat, s))
		g:log_to(seat, U.text("cards.you_draw", defs.action_card[g:face(card)].name))
		-- §1.4: over the hand limit, discard down to it.
		if g:count({ kind = "action_card", zone = "hand", seat = seat }) > require("abilities").hand_limit(g, seat) then
			g:push("discard", { seat = seat })
		end
	end,
}

-- Unexpected Action: one of your command tokens on the board back to reinforcements.
H.unexpected_action = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #g:cells_of({ kind = "command_token", owner = seat }) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Unexpected Action", Ask.cell_options(g, g:cells_of({ kind = "command_token", owner = seat })))
	end,
	effect = function(g, seat: number, info, c: number)
		g:move(g:first({ kind = "command_token", owner = seat, cell = c }) :: number, { zone = "cmd_reinforcements", seat = seat })
	end,
}

-- Repeal Law: a law in play is discarded (council.lua keeps what a law changed in step).
H.repeal_law = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return g:count({ kind = "agenda", zone = "laws" }) > 0
	end,
	choose = function(g, seat: number, info)
		local options = {}
		for _, law in ipairs(g:entities({ kind = "agenda", zone = "laws" })) do
			table.insert(options, { label = defs.agenda[g:face(law)].name, value = law })
		end
		return pick("Repeal Law", options)
	end,
	effect = function(g, seat: number, info, law: number)
		require("council").discard_law(g, law)
	end,
}

-- Ghost Ship: a destroyer from reinforcements into a wormhole system that is nobody's home
-- and holds no other player's ships.
local function ghost_cells(g, seat: number): { number }
	local out = {}
	for _, c in ipairs(g:cells()) do
		local sys = U.system_of_cell(g, c)
		if sys and #sys.wormholes > 0 and not sys.home_of and not U.enemy_ships(g, seat, c) and U.fleet_room(g, seat, c) then
			table.insert(out, c)
		end
	end
	return out
end
H.ghost_ship = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return placeable(g, seat, "destroyer") and #ghost_cells(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Ghost Ship", Ask.cell_options(g, ghost_cells(g, seat)))
	end,
	effect = function(g, seat: number, info, c: number)
		place(g, seat, "destroyer", c)
	end,
}

-- Tactical Bombardment: in a system holding your units with Bombardment, every planet other
-- players control is exhausted.
local function bombard_cells(g, seat: number): { number }
	local out = {}
	for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES, owner = seat })) do
		local armed = false
		for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })) do
			if defs.unit[g:face(e)].bombardment then
				armed = true
			end
		end
		local foreign = false
		for _, p in ipairs(g:entities({ kind = "planet", cell = c, lacks = "exhausted" })) do
			if g:owner(p) and g:owner(p) ~= seat then
				foreign = true
			end
		end
		if armed and foreign then
			table.insert(out, c)
		end
	end
	return out
end
H.tactical_bombardment = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #bombard_cells(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Tactical Bombardment", Ask.cell_options(g, bombard_cells(g, seat)))
	end,
	effect = function(g, seat: number, info, c: number)
		for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
			if g:owner(p) and g:owner(p) ~= seat then
				g:set_prop(p, "exhausted", true)
			end
		end
	end,
}

-- Focused Research: pay 4 trade goods, research a technology (tech.lua's research step).
H.focused_research = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return (g:get(seat, "tg") or 0) >= 4 and #require("tech").researchable(g, seat) > 0
	end,
	effect = function(g, seat: number, info)
		g:add(seat, "tg", -4)
		g:push("research", { seat = seat })
	end,
}

-- Signal Jamming: a non-home system holding one of your ships or next to one; another
-- player puts a command token from its reinforcements there (one decision: system and
-- player together).
local function jam_options(g, seat: number)
	local cells, seen = {}, {}
	for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES, owner = seat })) do
		local near = { c }
		for _, n in ipairs(require("objectives").adjacent(g, c)) do
			table.insert(near, n)
		end
		for _, n in ipairs(near) do
			local sys = U.system_of_cell(g, n)
			if not seen[n] and sys and not sys.home_of then
				seen[n] = true
				table.insert(cells, n)
			end
		end
	end
	table.sort(cells)
	local options = {}
	for _, c in ipairs(cells) do
		for _, s in ipairs(U.clockwise(g, seat)) do
			if s ~= seat and not U.has_token_in(g, s, c) and g:count({ kind = "command_token", zone = "cmd_reinforcements", seat = s }) > 0 then
				table.insert(options, { label = U.text("cards.jam_option", s, U.cell_label(g, c)), value = string.format("%d:%d", s, c) })
			end
		end
	end
	return options
end
H.signal_jamming = {
	at = "component",
	can = function(g, seat: number, info): boolean
		return #jam_options(g, seat) > 0
	end,
	choose = function(g, seat: number, info)
		return pick("Signal Jamming", jam_options(g, seat))
	end,
	effect = function(g, seat: number, info, v: string)
		local s, c = string.match(v, "^(%d+):(%d+)$")
		U.move_token(g, tonumber(s) :: number, "cmd_reinforcements", tonumber(c))
	end,
}

return H

--!strict
-- Galactic Era: fleets — hidden stacks of number tokens under a lettered marker
-- (GE 4.6.2–4.6.5, 6.1.1, 6.1.2.9). A fleet is a `marker` entity on a cell holding
-- `number` entities; the general supply and each seat's decoys are zones.
--
-- Whether a ship has moved this round (GE 6.1.2.1: a ship moves once per round, in one
-- go) is kept on the piece that carries it: a basic ship, or a number token, whose
-- units all share its state. Every conversion below carries that state from the pieces
-- it removes to the pieces it adds, so a ship that has moved stays moved whether it is
-- a basic ship or a unit in a fleet, and one that has not stays free. A fleet moves as
-- one group, so it may move only while none of its units has moved; the units that
-- have not moved can still leave it as basic ships and move (GE 6.1.2.9).
local U = require("util")
local F = {}

local DENOMINATIONS = { 10, 5, 4, 3, 2, 1 }

local function has_moved(g, piece)
	return g:prop(piece, "moved") ~= nil
end

local function set_moved(g, piece, moved)
	g:set_prop(piece, "moved", moved and 1 or nil)
end

local function value(g, token)
	return tonumber(g:face(token)) or 0
end

-- Basic ships of `seat` on `cell` that have (`moved` true) or have not moved this round.
function F.basic_ships(g, seat, cell, moved)
	if moved then
		return g:entities({ kind = "ship", owner = seat, cell = cell, has = "moved" })
	end
	return g:entities({ kind = "ship", owner = seat, cell = cell, lacks = "moved" })
end

-- How many of a fleet's ship units have moved this round (decoys carry no ship).
function F.moved_units(g, marker)
	local n = 0
	for _, t in ipairs(g:entities({ inside = marker, has = "moved" })) do
		n += value(g, t)
	end
	return n
end

-- A fleet moves as one group: only while none of its ships has moved (GE 6.1.2.1).
function F.may_move(g, marker)
	return F.moved_units(g, marker) == 0
end

-- Every ship of a fleet has now moved (it took a step, GE 6.1.2.1).
function F.mark_moved(g, marker)
	for _, t in ipairs(g:entities({ inside = marker })) do
		if value(g, t) > 0 then
			set_moved(g, t, true)
		end
	end
end

-- A new round: no ship, basic or in a fleet, has moved yet.
function F.clear_moved(g)
	for _, e in ipairs(g:entities({ kind = { "ship", "number" }, has = "moved" })) do
		set_moved(g, e, false)
	end
end

function F.free_markers(g, seat)
	return g:entities({ kind = "marker", zone = "markers", seat = seat })
end

function F.fleets_at(g, seat, cell)
	return g:entities({ kind = "marker", owner = seat, cell = cell })
end

function F.letter(g, marker)
	return g:face(marker)
end

function F.decoys_left(g, seat)
	return g:count({ kind = "number", zone = "decoys", seat = seat })
end

-- Puts tokens worth `units` from the general supply into a fleet, largest first
-- (GE 4.6.3), hidden from everyone but the owner. `moved`: whether those ships have
-- moved this round (the ships they replace had).
function F.add_units(g, marker, units, moved)
	local owner = g:owner(marker)
	local left = units
	for _, v in ipairs(DENOMINATIONS) do
		while left >= v do
			local t = g:first({ kind = "number", zone = "supply", face = tostring(v) })
			if not t then
				break
			end
			g:move(t, { inside = marker })
			g:hide(t, owner)
			set_moved(g, t, moved)
			left -= v
		end
	end
	assert(left == 0, "the general supply ran out of number tokens")
end

-- Adds decoys from the owner's stock (GE 4.6.5: only when a fleet is created or enlarged).
function F.add_decoys(g, marker, n)
	local owner = g:owner(marker)
	for _ = 1, n do
		local d = g:first({ kind = "number", zone = "decoys", seat = owner })
		if not d then
			return
		end
		g:move(d, { inside = marker })
		g:hide(d, owner)
	end
end

local function to_supply(g, token)
	if g:face(token) == "0" then
		g:move(token, { zone = "decoys", seat = g:owner(token) })
	else
		g:move(token, "supply")
	end
	set_moved(g, token, false)
	g:reveal(token)
end

-- Takes `units` ship units out of a fleet, exchanging a larger token with the supply
-- when needed (GE 4.6.4; exchanges are shown to everyone). `moved` true or false takes
-- only units that have or have not moved; nil takes any (battle losses).
function F.remove_units(g, marker, units, moved)
	local tokens = {}
	for _, t in ipairs(g:entities({ inside = marker })) do
		if value(g, t) > 0 and (moved == nil or has_moved(g, t) == moved) then
			table.insert(tokens, t)
		end
	end
	table.sort(tokens, function(a, b)
		return value(g, a) > value(g, b)
	end)
	local left = units
	for _, t in ipairs(tokens) do
		local v = value(g, t)
		if v <= left then
			to_supply(g, t)
			left -= v
		end
	end
	if left > 0 then
		for i = #tokens, 1, -1 do
			local t = tokens[i]
			local v = value(g, t)
			if v > left and g:cell_of(t) ~= nil then
				local was_moved = has_moved(g, t)
				to_supply(g, t)
				F.add_units(g, marker, v - left, was_moved)
				g:log(U.text("fleets.seat_exchanges_token_with_supply", g:owner(marker), v))
				left = 0
				break
			end
		end
	end
	if U.fleet_value(g, marker) == 0 then
		F.dissolve(g, marker)
	end
end

-- Returns a fleet's tokens and its marker, unrevealed, to the reserve (GE 6.1.2.9).
function F.dissolve(g, marker)
	for _, t in ipairs(g:entities({ inside = marker })) do
		to_supply(g, t)
	end
	local owner = g:owner(marker)
	g:move(marker, { zone = "markers", seat = owner })
	g:set_prop(marker, "d_used", nil)
	F.conceal(g, marker)
end

-- Creates a fleet on `cell` from `ships` basic ships there that have not moved, plus
-- decoys (GE 6.1.1: fleets are created before any ship moves).
function F.create(g, seat, cell, ships, decoys, marker)
	local basics = F.basic_ships(g, seat, cell, false)
	assert(#basics >= ships, "not enough basic ships")
	for i = 1, ships do
		g:move(basics[i], { zone = "reserve", seat = seat })
	end
	g:move(marker, cell)
	F.add_units(g, marker, ships, false)
	F.add_decoys(g, marker, decoys)
	-- Others see a fleet marker, not its letter (unless a D, GE 4.6.2); the owner is told.
	local letter = F.public_letter(g, marker)
	g:log(U.text("fleets.seat_forms_from_at", seat, letter == "?" and U.TEXT["fleets.a_fleet"] or (U.text("movement.fleet_letter", letter)), U.count(ships, U.TEXT["noun.basic_ship"]), U.cell_label(g, cell)))
	g:log_to({ seat }, U.text("fleets.your_new_fleet_at_is", U.cell_label(g, cell), g:face(marker)))
end

-- Basic ships of `seat` on `cell` that have (`moved`) or have not moved join a fleet
-- there, as units in the same state (GE 6.1.2.9 increase).
function F.absorb_ships(g, marker, ships, moved)
	local seat, cell = g:owner(marker), g:cell_of(marker)
	local basics = F.basic_ships(g, seat, cell, moved)
	local n = math.min(ships, #basics)
	for i = 1, n do
		g:move(basics[i], { zone = "reserve", seat = seat })
	end
	F.add_units(g, marker, n, moved)
end

-- Ship units that have (`moved`) or have not moved leave a fleet as basic ships in the
-- same state (GE 6.1.2.9 decrease); returns how many basic ships could be placed (the
-- rest are lost when the reserve runs out).
function F.release_ships(g, marker, ships, moved)
	local seat, cell = g:owner(marker), g:cell_of(marker)
	F.remove_units(g, marker, ships, moved)
	return F.place_basic(g, seat, cell, ships, moved)
end

-- Dissolves a fleet into basic ships, each as moved as the unit it was (GE 6.1.2.9).
function F.break_up(g, marker)
	local moved = F.moved_units(g, marker)
	local fresh = U.fleet_value(g, marker) - moved
	if fresh > 0 then
		F.release_ships(g, marker, fresh, false)
	end
	if moved > 0 then
		F.release_ships(g, marker, moved, true)
	end
end

-- Merges fleet `from` into fleet `into` on the same cell: the tokens change stacks
-- with their state, and `from`'s marker goes back unrevealed (GE 6.1.2.9).
function F.merge(g, from, into)
	for _, t in ipairs(g:entities({ inside = from })) do
		g:move(t, { inside = into })
	end
	F.dissolve(g, from)
end

-- Places basic ships from the reserve on a cell, as having moved this round or not
-- (new ships have not); returns how many were placed.
function F.place_basic(g, seat, cell, n, moved)
	local reserve = g:entities({ kind = "ship", zone = "reserve", seat = seat })
	local placed = math.min(n, #reserve)
	for i = 1, placed do
		g:move(reserve[i], cell)
		set_moved(g, reserve[i], moved)
	end
	return placed
end

-- What others see of a marker's letter: only D is printed on both sides (GE 4.6.2).
function F.public_letter(g, marker)
	if g:face(marker) == "D" then
		return "D"
	end
	return "?"
end

-- Shows the fleets of `seats` on a cell to everyone (battle reveal, GE 6.1.3.4 step 1:
-- only the fleets taking part; a seat at peace with the attacker keeps its own hidden).
function F.reveal_fleets(g, seats, cell)
	for _, s in ipairs(seats) do
		for _, m in ipairs(F.fleets_at(g, s, cell)) do
			g:reveal(m)
			for _, t in ipairs(g:entities({ inside = m })) do
				g:reveal(t)
			end
		end
	end
end

-- Hides a fleet again, known to its owner only (GE 6.1.3.4 step 8).
function F.conceal(g, marker)
	local owner = g:owner(marker)
	if g:face(marker) ~= "D" then
		g:hide(marker, owner)
	end
	for _, t in ipairs(g:entities({ inside = marker })) do
		g:hide(t, owner)
	end
end

-- The fleets of `seat` on `cell`, in letter order.
function F.fleets_by_letter(g, seat, cell)
	local fleets = F.fleets_at(g, seat, cell)
	table.sort(fleets, function(a, b)
		return g:face(a) < g:face(b)
	end)
	return fleets
end

-- Destroys `n` ship units of `seat` on `cell`: basic ships first, then fleets in
-- letter order (the Destroyer Ray, GE A7.4; after a combat the winner chooses instead,
-- losses.lua). Returns how many were destroyed.
function F.destroy_units(g, seat, cell, n)
	local done = 0
	for _, s in ipairs(g:entities({ kind = "ship", owner = seat, cell = cell })) do
		if done >= n then
			return done
		end
		g:move(s, { zone = "reserve", seat = seat })
		done += 1
	end
	for _, m in ipairs(F.fleets_by_letter(g, seat, cell)) do
		if done >= n then
			break
		end
		local take = math.min(U.fleet_value(g, m), n - done)
		F.remove_units(g, m, take)
		done += take
	end
	return done
end

return F

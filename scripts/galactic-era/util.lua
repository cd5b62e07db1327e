--!strict
-- Galactic Era: shared helpers over the kernel API (seats, technologies, planets,
-- population, presence). Pure functions of the game handle `g`; no state is kept here.
local U = {}

-- Every sentence a player reads, by id (content/galactic-era/text.ron, kind `text`).
local TEXTS = defs.text or {}

-- The player-facing text `id` of text.ron; with arguments, its format directives
-- (`%d`, `%s`...) filled by string.format. An unknown id is an error of the pack.
function U.text(id: string, ...: any): string
	local entry = TEXTS[id]
	if entry == nil then
		error(string.format('no text "%s" in text.ron', tostring(id)), 2)
	end
	if select("#", ...) == 0 then
		return entry.text
	end
	return string.format(entry.text, ...)
end

-- Every text of text.ron by id, for the texts without format directives: read as
-- `U.TEXT["id"]`, a field of a table, where `U.text("id")` is a call (and a
-- look at its arguments) each time, at every menu and log line. An unknown id is an
-- error, as with U.text.
U.TEXT = {}
for id, entry in pairs(TEXTS) do
	U.TEXT[id] = entry.text
end
setmetatable(U.TEXT, {
	__index = function(_, id)
		error(string.format('no text "%s" in text.ron', tostring(id)), 2)
	end,
})

-- A function that fills the text `id` of text.ron as U.text would, by joining its
-- pieces with the arguments (`..`) instead of string.format, which costs several times
-- more: for the texts made in quantity (at every step of a move, for every option of a
-- menu made at every decision). Only for a text whose directives are `%s` and `%d` (one
-- to four), filled with strings and whole numbers from 0 up made by adding and
-- subtracting, which `..` writes as string.format does.
function U.filler(id: string)
	local text = U.TEXT[id]
	assert(not string.find(text, "%%[^sd]"), "U.filler: a directive other than %s and %d")
	local p = {}
	local from = 1
	for at in string.gmatch(text, "()%%[sd]") do
		table.insert(p, string.sub(text, from, at - 1))
		from = at + 2
	end
	table.insert(p, string.sub(text, from))
	local p1, p2, p3, p4, p5 = p[1], p[2], p[3], p[4], p[5]
	if #p == 2 then
		return function(a)
			return p1 .. a .. p2
		end
	elseif #p == 3 then
		return function(a, b)
			return p1 .. a .. p2 .. b .. p3
		end
	elseif #p == 4 then
		return function(a, b, c)
			return p1 .. a .. p2 .. b .. p3 .. c .. p4
		end
	elseif #p == 5 then
		return function(a, b, c, d)
			return p1 .. a .. p2 .. b .. p3 .. c .. p4 .. d .. p5
		end
	end
	error("U.filler: " .. id .. " has no directive, or more than four")
end

U.TECHS = { "mil", "spi", "pro", "rob", "gen" }
U.TECH_NAMES = {
	mil = U.text("tech.mil"),
	spi = U.text("tech.spi"),
	pro = U.text("tech.pro"),
	rob = U.text("tech.rob"),
	gen = U.text("tech.gen"),
}
-- Technology levels as the rules write them (GE 4.8).
U.ROMAN = { "I", "II", "III", "IV", "V", "VI" }
-- The action tokens by id, as players read them (GE 6.2).
U.ACTION_NAMES = {
	gain = U.text("action.gain"),
	grow = U.text("action.grow"),
	build = U.text("action.build"),
	research = U.text("action.research"),
}

-- Sector start bonuses as a player reads them (GE A6.1).
U.START_BONUS_NAMES = {
	military_2 = U.text("start_bonus.military_2"),
	spirituality_2 = U.text("start_bonus.spirituality_2"),
	propulsion_2 = U.text("start_bonus.propulsion_2"),
	robotics_2 = U.text("start_bonus.robotics_2"),
	genetics_2 = U.text("start_bonus.genetics_2"),
	extra_token_round_1 = U.text("start_bonus.extra_token_round_1"),
	two_discs = U.text("start_bonus.two_discs"),
	two_ships = U.text("start_bonus.two_ships"),
}

-- What a neutral or relic token is, as a player reads it: a neutral token's face
-- ("primitive"), a relic's English name with the rulebook's beside it (GE A7).
function U.token_name(g, t)
	local face = g:face(t)
	local relic = g:kind(t) == "relic" and defs.relic[face]
	if relic then
		return U.text("common.the_relic", relic.name, relic.original)
	end
	return face
end


-- Value of a per-level table of a technology at a seat's current level (GE A2).
function U.tech_value(g, seat, tech, key)
	local level = g:get(seat, tech)
	return defs.technology[tech].per_level[key][level]
end

-- Seats ordered by turn-order marker, first to last (GE 5.3k, 6.2.3).
function U.turn_order(g)
	local seats = {}
	for s = 1, g:seats() do
		seats[g:get(s, "order")] = s
	end
	return seats
end

function U.other_seats(g, seat)
	local out = {}
	for s = 1, g:seats() do
		if s ~= seat then
			table.insert(out, s)
		end
	end
	return out
end

-- DP sources for balance reports (checks.report): every change of DP is also added to
-- the seat's `dp_from.<source>`, so the sources always add up to the DP.
U.DP_SOURCES = { "population", "stories", "cards", "milestones", "majorities", "relics", "other" }

-- Gives `seat` `delta` DP (negative: pays). `source` is one of U.DP_SOURCES (default
-- "other"); `why` is logged.
function U.dp(g, seat, delta, why, source)
	if seat == g:global("puppet") then
		return -- GE 8.3.4: the puppet never gains (nor pays) DP
	end
	g:add(seat, "dp", delta)
	g:add(seat, "dp_from." .. (source or "other"), delta)
	if why then
		g:log(U.text(delta >= 0 and "common.seat_gains_dp" or "common.seat_loses_dp", seat, math.abs(delta), why))
	end
end

-- ---- planets and population --------------------------------------------------------

function U.is_planet(g, cell)
	return g:terrain(cell) == "planet"
end

-- Population discs on a cell (any owner) and who owns them (GE 4.4).
function U.discs_at(g, cell)
	return g:count({ kind = "disc", cell = cell })
end

function U.capital_at(g, cell)
	return g:first({ kind = "capital", cell = cell })
end

-- The pieces that show a seat's presence on a planet, and its ships (GE 4.4, 4.6):
-- lists of kinds for one query each.
local PLANET_PIECES = { "capital", "disc" }
local SHIP_PIECES = { "ship", "marker" }

-- Controller of a planet: the owner of its discs or capital (GE 4.4), or nil.
-- Every capital and disc has an owner (setup.lua gives each one; none changes hands)
-- and a planet is never held by two seats (actions.lua, execute_gain), so the seats
-- owning pieces there, one call, are that one seat or none. Should two seats ever
-- share a planet, the capital's owner, else the first disc's, decides as always.
function U.controller(g, cell)
	local owners = g:owners({ kind = PLANET_PIECES, cell = cell })
	if #owners <= 1 then
		return owners[1]
	end
	local cap = U.capital_at(g, cell)
	if cap then
		return g:owner(cap)
	end
	local disc = g:first({ kind = "disc", cell = cell })
	if disc then
		return g:owner(disc)
	end
	return nil
end

-- Population of a planet: discs, with the capital counting 6 (GE 4.5).
function U.planet_population(g, cell)
	local n = U.discs_at(g, cell)
	if U.capital_at(g, cell) then
		n += 6
	end
	return n
end

-- Planets a seat controls (its discs or capital are there), by cell id.
function U.controlled_planets(g, seat)
	return g:cells_of({ kind = PLANET_PIECES, owner = seat })
end

function U.capital_cell(g, seat)
	local cap = g:first({ kind = "capital", owner = seat })
	return cap and g:cell_of(cap)
end

-- Current population: 6 for the capital plus every disc off the track, ascended
-- discs included (GE 4.10, A8, A2.2).
function U.population(g, seat)
	return 6 + 39 - g:count({ kind = "disc", zone = "track", seat = seat })
end

-- Ships produced by a population value (GE 6.2.4.3; reconstructed track, A8).
function U.ships_for_population(pop)
	local track = defs.population_track.standard
	pop = math.clamp(pop, track.first, track.last)
	return track.ships[pop - track.first + 1]
end

-- Takes a disc from a seat's track (GE 4.10); nil when the track is empty.
function U.take_disc(g, seat)
	local discs = g:entities({ kind = "disc", zone = "track", seat = seat })
	return discs[#discs]
end

-- A disc lost on the board goes back to its owner's track (GE 4.10) — or, with
-- Spirituality VI, "ascends": it is set aside and the track keeps its value (GE A2.2).
function U.lose_disc(g, disc)
	local owner = g:owner(disc)
	if g:get(owner, "spi") >= 6 then
		g:move(disc, { zone = "ascended", seat = owner })
	else
		g:move(disc, { zone = "track", seat = owner })
	end
end

-- Removes every disc of a cell as losses; returns how many.
function U.lose_discs(g, cell)
	local n = 0
	for _, d in ipairs(g:entities({ kind = "disc", cell = cell })) do
		U.lose_disc(g, d)
		n += 1
	end
	return n
end

-- Returns every disc on a cell to its owner's track (not a loss, GE 6.2.4.1.4).
function U.return_discs(g, cell)
	local n = 0
	for _, d in ipairs(g:entities({ kind = "disc", cell = cell })) do
		g:move(d, { zone = "track", seat = g:owner(d) })
		n += 1
	end
	return n
end

-- ---- ships and presence --------------------------------------------------------------

-- Ship units of a seat on a cell: basic ships plus fleet values (GE 4.6).
function U.ship_units(g, seat, cell)
	local n = g:count({ kind = "ship", owner = seat, cell = cell })
	for _, m in ipairs(g:entities({ kind = "marker", owner = seat, cell = cell })) do
		n += U.fleet_value(g, m)
	end
	return n
end

function U.fleet_value(g, marker)
	local n = 0
	for _, t in ipairs(g:entities({ inside = marker })) do
		n += tonumber(g:face(t)) or 0
	end
	return n
end

function U.has_ships(g, seat, cell)
	return g:first({ kind = SHIP_PIECES, owner = seat, cell = cell }) ~= nil
end

-- Cells where a seat has ships (basic or fleets), sorted.
function U.ship_cells(g, seat)
	return g:cells_of({ kind = SHIP_PIECES, owner = seat })
end

-- Cells where any seat has ships, sorted.
function U.cells_with_ships(g)
	return g:cells_of({ kind = SHIP_PIECES })
end

-- Seats with ships on a cell, in seat order.
function U.seats_with_ships(g, cell)
	return g:owners({ kind = SHIP_PIECES, cell = cell })
end

-- Terrain names as a player reads them, by terrain id ("terrain.<id>" in text.ron),
-- read once as the module loads: an unnamed cell is labelled by its terrain.
local TERRAIN_NAMES = {}
for id, entry in pairs(TEXTS) do
	local terrain = string.match(id, "^terrain%.(.+)$")
	if terrain then
		TERRAIN_NAMES[terrain] = entry.text
	end
end

function U.cell_label(g, cell)
	local info = g:cell_info(cell)
	local region = g:region_info(info.region)
	local where = region and region.label or "?"
	-- The code is the one the map shows and a player types (E15), so the log and the
	-- options name a cell as the map does.
	return (info.name or TERRAIN_NAMES[info.terrain] or U.text("terrain." .. info.terrain)) .. " (" .. info.code .. " " .. where .. ")"
end

-- Where a seat has ships (a list and a set) and pieces of its planets (a set),
-- remembered in `memo` while the game does not change: contact is asked of every pair
-- of seats at once (the trade phase, the Journeys story).
local function presence(g, memo, seat)
	local known = memo.presence
	if known == nil then
		known = {}
		memo.presence = known
	end
	local p = known[seat]
	if p == nil then
		local ships, ship_set, planets = U.ship_cells(g, seat), {}, {}
		for _, c in ipairs(ships) do
			ship_set[c] = true
		end
		for _, c in ipairs(U.controlled_planets(g, seat)) do
			planets[c] = true
		end
		p = { ships = ships, ship_set = ship_set, planets = planets }
		known[seat] = p
	end
	return p
end

-- Two seats are in contact when they share a cell with ships of both, or one's ships
-- sit on the other's planet (GE 6.3, digest ⚠ interpretation). A seat controls only
-- a planet where it has pieces, so the controller is asked only there.
function U.in_contact(g, a, b)
	local memo = g:memo()
	local pa, pb = presence(g, memo, a), presence(g, memo, b)
	for _, c in ipairs(pa.ships) do
		if pb.ship_set[c] or (pb.planets[c] and U.controller(g, c) == b) then
			return true
		end
	end
	for _, c in ipairs(pb.ships) do
		if pa.planets[c] and U.controller(g, c) == a then
			return true
		end
	end
	return false
end

-- Whether a round number recorded earlier is the current round (nil never is).
function U.this_round(g, round)
	return round ~= nil and round == g:global("round")
end

function U.contains(list, x)
	for _, v in ipairs(list) do
		if v == x then
			return true
		end
	end
	return false
end

-- `n` and a phrase whose "(s)" marks are plurals: "1 planet taken", "3 planets taken".
function U.counted(n, phrase)
	return n .. " " .. string.gsub(phrase, "%(s%)", n == 1 and "" or "s")
end

-- `n` and a noun, plural unless `n` is 1: "1 disc", "3 discs", "2 militaries".
function U.count(n, noun)
	if n == 1 then
		return "1 " .. noun
	end
	if string.sub(noun, -1) == "y" and not string.find("aeiou", string.sub(noun, -2, -2), 1, true) then
		return n .. " " .. string.sub(noun, 1, -2) .. "ies"
	end
	return n .. " " .. noun .. "s"
end

return U

--!strict
-- Space Gate Odyssey: a self-check of the eight exoplanets' rules (SGO §7) through the
-- interface of exoplanets.lua, on hand-built boards: legal placements on empty and partial
-- boards, the closing condition at the exact placement that closes (and not one before),
-- and scoring with its ties, for every side and every alt_ variant of SGO §12 A6–A8.
-- `run()` raises an error naming the first failed check and returns how many passed;
-- `group(name)` runs one exoplanet's checks. The scenario
-- tests/scenarios/space-gate-odyssey/planet_selfcheck.ron calls every group. Pure: it
-- never reads or writes the game.
local X = require("exoplanets")
local K = require("planet_checkkit")
local M = {}

local DEFAULT, ALT = K.DEFAULT, K.ALT
type Check = K.Check
local check = K.check
local ids = K.ids
local board = K.board
local copies = K.copies
local join = K.join
local same = K.same
local show = K.show
local trip = K.trip
local legal_is = K.legal_is
local has = K.has
local points = K.points
local score_is = K.score_is
local fill_until_closed = K.fill_until_closed
local alternate = K.alternate

-- ---- every side: structure -------------------------------------------------------

function M.structure(c: Check)
	local expected_sides = {
		bose = { [2] = "bose_2_3", [3] = "bose_2_3", [4] = "bose_4" },
		collins = { [2] = "collins_2_3", [3] = "collins_2_3", [4] = "collins_4" },
		dirac = { [2] = "dirac_2", [3] = "dirac_3_4", [4] = "dirac_3_4" },
		fermi = { [2] = "fermi_2_3", [3] = "fermi_2_3", [4] = "fermi_4" },
		russell = { [2] = "russell_2", [3] = "russell_3_4", [4] = "russell_3_4" },
		susskind = { [2] = "susskind_2_3", [3] = "susskind_2_3", [4] = "susskind_4" },
		planck = { [2] = "planck_2", [3] = "planck_3_4", [4] = "planck_3_4" },
		turing = { [2] = "turing_2", [3] = "turing_3_4", [4] = "turing_3_4" },
	}
	local sizes = {
		bose_2_3 = 15, bose_4 = 21, collins_2_3 = 13, collins_4 = 20, dirac_2 = 21, dirac_3_4 = 27,
		fermi_2_3 = 26, fermi_4 = 34, russell_2 = 30, russell_3_4 = 32, susskind_2_3 = 15, susskind_4 = 20,
		planck_2 = 16, planck_3_4 = 21, turing_2 = 27, turing_3_4 = 30,
	}
	local planets = { "bose", "collins", "dirac", "fermi", "russell", "susskind", "planck", "turing" }
	check(c, #def_ids.exoplanet == 8 and #def_ids.exoplanet_side == 16, "8 exoplanets, 16 sides")
	for _, planet in ipairs(planets) do
		for players = 2, 4 do
			local side = X.side_for(planet, players)
			check(c, side == expected_sides[planet][players], planet .. " at " .. players .. " players shows " .. side)
			local spaces = X.spaces(side)
			check(c, #spaces == sizes[side], side .. " has " .. #spaces .. " spaces, expected " .. sizes[side])
			local predominance = 0
			for _, id in ipairs(spaces) do
				check(c, X.space_label(side, id) ~= "", id .. " has a label")
				if X.predominance(side, id) then
					predominance += 1
				end
			end
			check(c, predominance >= 2 and predominance <= 3, side .. " has " .. predominance .. " predominance spaces")
			check(c, defs.exoplanet_side[side].reconstructed, side .. " is marked reconstructed")
		end
	end
	-- SGO §7.2: 6 spaces around every volcano. §7.4: 2 spaces per satellite.
	local B = require("planet_board")
	for _, side in ipairs({ "collins_2_3", "collins_4" }) do
		for _, volcano in ipairs(B.groups(B.board(side), "volcano")) do
			check(c, #volcano.spaces == 6, volcano.id .. " has 6 spaces around it")
		end
	end
	check(c, #B.groups(B.board("fermi_2_3"), "satellite") == 4 and #B.groups(B.board("fermi_4"), "satellite") == 5,
		"Fermi: 4 / 5 satellites")
	for _, side in ipairs({ "fermi_2_3", "fermi_4" }) do
		for _, satellite in ipairs(B.groups(B.board(side), "satellite")) do
			check(c, #satellite.spaces == 2, satellite.id .. " has 2 spaces")
		end
	end
	check(c, #B.groups(B.board("russell_2"), "island") == 3 and #B.groups(B.board("russell_3_4"), "island") == 4,
		"Russell: 3 / 4 islands")
	-- SGO §7.2: the 4-player Collins has no central space; the 2–3-player one has.
	check(c, X.space_label("collins_2_3", "collins_2_3_centre") == "the centre", "Collins 2–3 has a centre")
	for _, id in ipairs(X.spaces("collins_4")) do
		check(c, not string.find(id, "centre"), "Collins 4 has no central space")
	end
	-- X.choices: identical copies collapse, distinct spaces stay.
	local choices = X.choices(X.legal("russell_2", {}, trip(1, 2), DEFAULT))
	check(c, same(choices, ids("russell_2", { "north#1", "long#1", "long_cape", "reef#1", "reef_cape" })),
		"Russell 2: one choice per kind of space: " .. show(choices))
end

-- ---- SGO §7.1 Bose -------------------------------------------------------------------

function M.bose(c: Check)
	local s = "bose_2_3"
	legal_is(c, s, {}, trip(1, 2), DEFAULT, { "l1_1", "l1_2", "l1_3", "l1_4", "l1_5" }, "Bose: the first settler goes on the base")
	local occ = board(s, { [1] = { "l1_1" }, [2] = { "l1_2", "l1_4" } })
	legal_is(c, s, occ, trip(1, 2), DEFAULT, { "l1_3", "l1_5", "l2_1" }, "Bose: level 2 needs both supports")
	check(c, X.predominance(s, s .. "_l1_3") and not X.predominance(s, s .. "_l1_2"), "Bose: predominance on base space 3")
	-- Fill level by level; it closes exactly when the summit is taken.
	local order = { "l1_1", "l1_2", "l1_3", "l1_4", "l1_5", "l2_1", "l2_2", "l2_3", "l2_4", "l3_1", "l3_2", "l3_3",
		"l4_1", "l4_2", "l5_1" }
	local seats = { 1, 1, 2, 2, 1, 2, 2, 1, 1, 1, 2, 2, 1, 2, 1 }
	local full = fill_until_closed(c, s, 2, order, function(i)
		return seats[i]
	end, DEFAULT)
	-- Seat 1: 8 settlers, wins level 1 (3–2), level 5; levels 2 and 4 tied (nobody);
	-- seat 2: 7 settlers, wins level 3 (2–1).
	score_is(c, s, full, 2, DEFAULT, "1=14 2=10", "Bose 2–3 scoring with tied levels")
	local s4 = "bose_4"
	check(c, #X.legal(s4, {}, trip(1, 4), DEFAULT) == 6, "Bose 4: 6 base spaces")
	-- What a front end shows: the levels with their free spaces and settlers per seat.
	local view = X.view(s, occ, DEFAULT)
	check(c, #view == 5 and view[1].name == "the base (level 1)" and view[1].free == 2 and view[1].settlers[2] == 2,
		"Bose view: 5 levels, the base with 2 free and 2 of seat 2")
end

-- ---- SGO §7.2 Collins ------------------------------------------------------------------

function M.collins(c: Check)
	local s = "collins_2_3"
	check(c, #X.legal(s, {}, trip(1, 3), DEFAULT) == 13, "Collins: every space is open")
	-- Red volcano: centre, red_black, grey_red, red_slope#1-2, red_vent.
	local three_one_one = board(s, { [1] = { "red_slope#1", "red_slope#2", "red_vent" }, [2] = { "centre" }, [3] = { "red_black" } })
	local B = require("planet_board")
	local C = require("planet_collins")
	local red = B.board(s).group[s .. "_red"]
	check(c, not C.secured(B.board(s), three_one_one, red, DEFAULT), "A6 default: 3 of 6 does not secure")
	check(c, C.secured(B.board(s), three_one_one, red, ALT), "A6 alt: 3–1–1 with 1 free cannot be matched")
	local three_two = board(s, { [1] = { "red_slope#1", "red_slope#2", "red_vent" }, [2] = { "centre", "red_black" } })
	check(c, not C.secured(B.board(s), three_two, red, ALT), "A6 alt: 3–2 with 1 free can still be matched")
	local four = board(s, { [1] = { "red_slope#1", "red_slope#2", "red_vent", "grey_red" } })
	check(c, C.secured(B.board(s), four, red, DEFAULT), "A6 default: 4 of 6 secures")
	local view = X.view(s, four, DEFAULT)
	check(c, view[1].name == "the Red volcano" and view[1].secured and not view[2].secured and view[1].settlers[1] == 4,
		"Collins view: Red secured by seat 1's 4, Black not")
	-- Closing: secure Red (4 of seat 1), Black (4 of seat 2), then Grey fills up.
	local start = board(s, { [1] = { "red_slope#1", "red_slope#2", "red_vent", "grey_red" },
		[2] = { "black_slope#1", "black_slope#2", "black_slope#3", "red_black" } })
	local full = fill_until_closed(c, s, 2, { "centre", "black_grey", "grey_slope#1", "grey_slope#2", "grey_vent" }, alternate,
		DEFAULT, start)
	-- Grey: grey_red 1, black_grey 2, centre 1, slope#1 1, slope#2 2, vent 1 → seat 1 4–2.
	-- Red: seat 1 has 5 (4 + centre) vs 1 (red_black). Black: seat 2 4 + black_grey = 5, vs centre 1.
	score_is(c, s, full, 2, DEFAULT, "1=14 2=7", "Collins 2–3 scoring")
	-- A tie around a volcano: 3 IP each.
	local tie = board(s, { [1] = { "red_slope#1", "red_slope#2", "red_vent" }, [2] = { "centre", "red_black", "grey_red" } })
	score_is(c, s, tie, 2, DEFAULT, "1=3 2=17", "Collins: tie on Red 3 each; seat 2 alone on Black and Grey")
	-- 4 players: four volcanoes, no centre; closes when the last is secured.
	local s4 = "collins_4"
	local start4 = board(s4, { [1] = { "white_slope#1", "white_slope#2", "white_slope#3", "white_vent" },
		[2] = { "red_slope#1", "red_slope#2", "red_slope#3", "red_slope#4" },
		[3] = { "black_slope#1", "black_slope#2", "black_slope#3", "black_slope#4" } })
	fill_until_closed(c, s4, 4, { "grey_slope#1", "grey_slope#2", "grey_slope#3", "grey_vent" }, function()
		return 4
	end, DEFAULT, start4)
end

-- ---- SGO §7.3 Dirac --------------------------------------------------------------------

function M.dirac(c: Check)
	local s = "dirac_2"
	local basic_only = X.legal(s, {}, trip(1, 2), DEFAULT)
	check(c, #basic_only == 16 and not has(basic_only, s .. "_dark#1") and not has(basic_only, s .. "_centre"),
		"Dirac: on an empty board only the 16 basic spaces")
	-- D3: 4 own basic → no advanced; 5 → advanced; after 1 advanced, 9 → no; 10 → yes.
	local four = board(s, { [1] = copies("light", 1, 4) })
	check(c, not has(X.legal(s, four, trip(1, 2), DEFAULT), s .. "_dark#1"), "Dirac D3: 4 basic, no advanced")
	local five = board(s, { [1] = copies("light", 1, 5) })
	check(c, has(X.legal(s, five, trip(1, 2), DEFAULT), s .. "_dark#1"), "Dirac D3: 5 basic, advanced")
	check(c, not has(X.legal(s, five, trip(2, 2), DEFAULT), s .. "_dark#1"), "Dirac D3: another player's basics do not count")
	local nine = board(s, { [1] = join(copies("light", 1, 9), { "dark#1" }) })
	check(c, not has(X.legal(s, nine, trip(1, 2), DEFAULT), s .. "_dark#2"), "Dirac D3: 1 advanced + 9 basic, no 2nd")
	local ten = board(s, { [1] = join(copies("light", 1, 9), { "dawn", "dark#1" }) })
	check(c, has(X.legal(s, ten, trip(1, 2), DEFAULT), s .. "_dark#2"), "Dirac D3: 1 advanced + 10 basic, 2nd advanced")
	-- D3: the centre is closed while any basic space is free, then opens; taking it closes.
	local almost = board(s, { [1] = join(copies("light", 1, 9), { "dawn", "dark#1" }), [2] = join(copies("light", 10, 14), { "dark#2" }) })
	check(c, not has(X.legal(s, almost, trip(2, 2), DEFAULT), s .. "_centre"), "Dirac D3: centre closed with a basic free")
	local view = X.view(s, almost, DEFAULT)
	check(c, #view == 3 and view[1].free == 1 and view[2].free == 2 and view[3].name == nil and view[3].free == 1,
		"Dirac view: light side 1 free, dark side 2 free, then the central space alone")
	local full = fill_until_closed(c, s, 2, { "dusk", "centre" }, function(i)
		return 2
	end, DEFAULT, almost)
	-- Seat 1: 10 basic + 1 advanced = 13. Seat 2: 6 basic + 1 advanced + centre = 6 + 3 + 2.
	score_is(c, s, full, 2, DEFAULT, "1=13 2=11", "Dirac scoring")
end

-- ---- SGO §7.4 Fermi -------------------------------------------------------------------

function M.fermi(c: Check)
	local s = "fermi_2_3"
	-- D4: one module of 4 puts 1 on a satellite and 3 in the centre.
	local occ = {}
	local sats = X.legal(s, occ, trip(1, 3), DEFAULT)
	check(c, #sats == 8, "Fermi: the first settler of a module chooses among the 8 satellite spaces")
	occ[sats[1]] = 1
	local placed = { sats[1] }
	for k = 1, 3 do
		local centre = X.legal(s, occ, trip(1, 3, placed), DEFAULT)
		check(c, same(centre, { s .. "_core#" .. k }), "Fermi D4: settler " .. (k + 1) .. " goes to the centre")
		occ[centre[1]] = 1
		table.insert(placed, centre[1])
	end
	check(c, X.predominance(s, s .. "_cobalt_shaft") and not X.predominance(s, s .. "_ferrum#1"), "Fermi: predominance on Cobalt")
	-- D4: closes when the 7th satellite space fills (2–3 players).
	local start = board(s, { [1] = { "ferrum#1", "nickel#1", "core#1", "core#2" }, [2] = { "core#3", "core#4", "core#5" },
		[3] = { "core#6" } })
	local full = fill_until_closed(c, s, 3, { "ferrum#2", "cobalt", "cobalt_shaft", "iridium", "iridium_shaft" }, function(i)
		return ({ 2, 2, 3, 3, 2 })[i]
	end, DEFAULT, start)
	-- Seat 1: Ferrum + Nickel = 7 (D4), centre 2. Seat 2: centre 3 (majority 5) + Ferrum, Cobalt,
	-- Iridium = 12. Seat 3: Cobalt, Iridium = 7.
	local score = score_is(c, s, full, 3, DEFAULT, "1=7 2=17 3=7", "Fermi D4 scoring")
	check(c, same(score.adjacent_swaps :: any, { 2 } :: any), "Fermi: the centre winner swaps 2 adjacent tokens")
	-- A7: a centre tie scores nobody by default; the alt gives both 5 and a swap each.
	local tie = board(s, { [1] = { "ferrum#1", "core#1" }, [2] = { "nickel#1", "core#2" } })
	local none = score_is(c, s, tie, 2, DEFAULT, "1=3 2=3", "Fermi A7 default: a centre tie scores nobody")
	check(c, #none.adjacent_swaps == 0, "Fermi A7 default: nobody swaps")
	local both = score_is(c, s, tie, 2, ALT, "1=8 2=8", "Fermi A7 alt: tied players each score 5")
	check(c, same(both.adjacent_swaps :: any, { 1, 2 } :: any), "Fermi A7 alt: both swap, in seat order")
	-- 4 players: 5 satellites, closes at the 9th of 10; all 5 satellites give 25.
	local s4 = "fermi_4"
	local start4 = board(s4, { [1] = { "ferrum#1", "cobalt", "nickel#1", "iridium", "osmium#1" } })
	local full4 = fill_until_closed(c, s4, 4, { "ferrum#2", "cobalt_shaft", "nickel#2", "iridium_shaft" }, function()
		return 2
	end, DEFAULT, start4)
	score_is(c, s4, full4, 4, DEFAULT, "1=25 2=18", "Fermi 4: 5 satellites 25, 4 satellites 18")
end

-- ---- SGO §7.5 Russell -----------------------------------------------------------------

function M.russell(c: Check)
	local s = "russell_3_4"
	-- D5: a module of 4 aimed at an island with 3 free spaces places 3, loses 1.
	local occ = board(s, { [2] = copies("north", 1, 4) })
	local first = X.legal(s, occ, trip(1, 4), DEFAULT)
	check(c, #first == 28, "Russell: the first settler of a module may go on any island")
	local placed = {}
	for k = 5, 7 do
		local id = s .. "_north#" .. k
		check(c, has(X.legal(s, occ, trip(1, 4, placed), DEFAULT), id), "Russell D5: settler goes to North Isle")
		if #placed > 0 then
			check(c, not has(X.legal(s, occ, trip(1, 4, placed), DEFAULT), s .. "_long#1"), "Russell: no other island")
		end
		occ[id] = 1
		table.insert(placed, id)
	end
	check(c, #X.legal(s, occ, trip(1, 4, placed), DEFAULT) == 0, "Russell D5: the 4th settler has no space and goes home")
	-- Closing: each of the 4 islands holds at least 5.
	local start = board(s, { [1] = copies("long", 1, 3), [2] = join(copies("long", 4, 5), copies("reef", 1, 5)),
		[3] = copies("ember", 1, 4), [4] = copies("north", 1, 5) })
	local full = fill_until_closed(c, s, 4, { "ember_cape" }, function()
		return 1
	end, DEFAULT, start)
	-- North: 4 alone 7; Long: 1 has 3 vs 2 → 7; Reef: 2 alone 7; Ember: 3 has 4 vs 1 → 7.
	-- Presence: 1 on Long, Ember (6); 2 on Long, Reef (6); 3 on Ember (3); 4 on North (3).
	score_is(c, s, full, 4, DEFAULT, "1=13 2=13 3=10 4=10", "Russell 3–4 scoring")
	-- 2 players: 3 islands, each needs 7; a tie on an island gives 3 each.
	local s2 = "russell_2"
	local start2 = board(s2, { [1] = join(copies("north", 1, 4), copies("long", 1, 7)), [2] = join(copies("north", 5, 7), copies("reef", 1, 6)) })
	check(c, not X.closed(s2, start2, 2, DEFAULT), "Russell 2: 6 on Reef Isle is not enough")
	local full2 = fill_until_closed(c, s2, 2, { "reef_cape" }, function()
		return 1
	end, DEFAULT, start2)
	-- North 4–3 seat 1 (7); Long seat 1 (7); Reef 6–1 seat 2 (7). Presence 1: 3 islands (9); 2: 2 (6).
	score_is(c, s2, full2, 2, DEFAULT, "1=23 2=13", "Russell 2 scoring")
	local tied = board(s2, { [1] = copies("north", 1, 3), [2] = copies("north", 4, 6) })
	score_is(c, s2, tied, 2, DEFAULT, "1=6 2=6", "Russell: tied island 3 each + 3 presence")
end

-- ---- SGO §7.6 Susskind ----------------------------------------------------------------

function M.susskind(c: Check)
	local s = "susskind_2_3"
	check(c, #X.legal(s, {}, trip(1, 2), DEFAULT) == 15, "Susskind: any of 15 spaces")
	local order = {}
	for _, id in ipairs(X.spaces(s)) do
		table.insert(order, (string.sub(id, #s + 2)))
	end
	local full = fill_until_closed(c, s, 3, order, function(i)
		return (i - 1) % 3 + 1
	end, DEFAULT)
	score_is(c, s, full, 3, DEFAULT, "1=10 2=10 3=10", "Susskind: 2 IP per settler")
	check(c, #X.legal("susskind_4", {}, trip(1, 4), DEFAULT) == 20, "Susskind 4: 20 spaces")
end

-- ---- SGO §7.7 Planck ------------------------------------------------------------------

function M.planck(c: Check)
	local s = "planck_2"
	check(c, #X.legal(s, {}, trip(1, 2), DEFAULT) == 16, "Planck: any of 16 villages")
	local P = require("planet_planck")
	local B = require("planet_board")
	-- Roads: A2–A3 is broken, so A1 A2 | A3 A4 are two groups of seat 1 unless joined below.
	local occ = board(s, { [1] = { "a1", "a2", "a3", "a4" } })
	check(c, P.largest_group(B.board(s), occ, 1) == 2, "Planck: a broken road splits A1-A2 from A3-A4")
	occ[s .. "_b2"] = 1
	occ[s .. "_b3"] = 1
	check(c, P.largest_group(B.board(s), occ, 1) == 6, "Planck: B2-B3 joins them (A2-B2, B2-B3, B3-A3)")
	-- Full board: seat 1 rows A, B (8, one group of 8); seat 2 rows C, D (8; C1 cut from B1,
	-- C3-C4 and B4-C4 broken, but C and D rows join through D): 8 as well → tie 5 each.
	local full = fill_until_closed(c, s, 2,
		{ "a1", "c1", "a2", "c2", "a3", "c3", "a4", "c4", "b1", "d1", "b2", "d2", "b3", "d3", "b4", "d4" }, alternate, DEFAULT)
	score_is(c, s, full, 2, DEFAULT, "1=13 2=13", "Planck: 8 each, tied largest groups 5 each")
	local spread = table.clone(full)
	spread[s .. "_d4"] = 1 -- seat 1 takes D4 instead: its groups 8 and 1; seat 2's 7
	score_is(c, s, spread, 2, DEFAULT, "1=16 2=7", "Planck: largest group 7")
end

-- ---- SGO §7.8 Turing ------------------------------------------------------------------

function M.turing(c: Check)
	local s = "turing_2"
	legal_is(c, s, {}, trip(1, 2), DEFAULT, { "east_n1", "east_s1", "west_n1", "west_s1" }, "Turing 2: first settler at a canal end")
	local occ = board(s, { [1] = { "east_n1" } })
	legal_is(c, s, occ, trip(2, 2), DEFAULT, { "west_n1", "west_s1" }, "Turing A8 default: a canal no other player uses")
	legal_is(c, s, occ, trip(2, 2), ALT, { "east_s1", "west_n1", "west_s1" }, "Turing A8 alt: any free canal end")
	legal_is(c, s, occ, trip(1, 2), DEFAULT, { "east_n2" }, "Turing 2: next to own settler")
	-- Seat 1 walks the East Canal to the centre: it closes at the 12th settler, worth 18.
	local walk = { "east_n1", "east_n2" }
	for k = 3, 11 do
		table.insert(walk, "east_t" .. k)
	end
	table.insert(walk, "centre")
	local start = board(s, { [2] = { "west_s1", "west_s2", "west_t3" } })
	local full = fill_until_closed(c, s, 2, walk, function()
		return 1
	end, DEFAULT, start)
	score_is(c, s, full, 2, DEFAULT, "1=18 2=4", "Turing 2: first 2, next 6 × 1, last 5 × 2 = 18")
	-- Blocked: with the alt, a rival in one's canal can leave no space next to one's own.
	local blocked = board(s, { [1] = { "east_n1" }, [2] = { "east_n2", "east_s1" } })
	check(c, #X.legal(s, blocked, trip(1, 2), ALT) == 0, "Turing A8 alt: a blocked settler has no space")

	local r = "turing_3_4"
	check(c, #X.legal(r, {}, trip(1, 3), DEFAULT) == 18, "Turing 3–4: only the 18 periphery spaces at first")
	local two = board(r, { [1] = { "p1", "p2" } })
	check(c, not has(X.legal(r, two, trip(1, 3), DEFAULT), r .. "_i1"), "Turing 3–4: inner space needs its 3 basics")
	two[r .. "_p3"] = 2
	check(c, has(X.legal(r, two, trip(1, 3), DEFAULT), r .. "_i1"), "Turing 3–4: 3 basics taken (any colour) open it")
	check(c, not has(X.legal(r, two, trip(1, 3), DEFAULT), r .. "_i2"), "Turing 3–4: i2 needs p3, p4, p5")
	-- Fill everything but the centre; it closes when the 3rd central space is taken.
	local start3 = {}
	for _, id in ipairs(X.spaces(r)) do
		if not string.find(id, "_c%d$") then
			start3[id] = if string.find(id, "_i%d$") then 2 else 1
		end
	end
	check(c, has(X.legal(r, start3, trip(3, 3), DEFAULT), r .. "_c1"), "Turing 3–4: centre opens over its 3 inner spaces")
	local full3 = fill_until_closed(c, r, 3, { "c1", "c2", "c3" }, function(i)
		return ({ 3, 3, 1 })[i]
	end, DEFAULT, start3)
	-- Seat 1: 18 basic + 1 central = 21; seat 2: 9 advanced = 18; seat 3: 2 central = 6.
	score_is(c, r, full3, 3, DEFAULT, "1=21 2=18 3=6", "Turing 3–4: 1 / 2 / 3 IP by ring")
end

-- ---- every side: whole colonisations until it closes ------------------------------

-- One colonisation game on a side: seats send gate modules of 2, 3 and 4 settlers in an
-- order and with choices set by `spread` (a fixed pattern, no randomness); each settler
-- takes a space `X.legal` offers, or goes home when none is. Returns the occupant and
-- whether the side closed within 200 modules.
local function colonise(c: Check, side: string, players: number, opts: any, spread: number): ({ [string]: number }, boolean)
	local occupant: { [string]: number } = {}
	local closed, module, settlers = false, 0, 0
	while not closed and module < 200 do
		module += 1
		local seat = (module * (spread % 3 + 1) + spread) % players + 1
		local placed = {}
		for _ = 1, (module + spread) % 3 + 2 do
			settlers += 1
			local legal = X.legal(side, occupant, trip(seat, players, placed), opts)
			if #legal > 0 then
				local id = legal[(settlers * (2 * spread + 5) + module) % #legal + 1]
				check(c, occupant[id] == nil, side .. ": offered a taken space " .. id)
				occupant[id] = seat
				table.insert(placed, id)
				closed = X.closed(side, occupant, players, opts)
				if closed then
					break
				end
			end
		end
	end
	return occupant, closed
end

-- Every side at each of its player counts, under the defaults and under the alts, in 8
-- patterns of play: it must close before its spaces run out (no board can jam), every
-- placement must be one offered, and the score must give points to every seat, and
-- something only to seats present.
function M.playthrough(c: Check)
	for _, side in ipairs(def_ids.exoplanet_side) do
		for _, players in ipairs(defs.exoplanet_side[side].players) do
			for _, opts in ipairs({ DEFAULT, ALT }) do
				for spread = 1, 8 do
					local occupant, closed = colonise(c, side, players, opts, spread)
					check(c, closed, side .. " (" .. players .. " players, pattern " .. spread .. ") never closed")
					local score = X.score(side, occupant, players, opts)
					local present = {}
					for _, seat in pairs(occupant) do
						present[seat] = true
					end
					for seat = 1, players do
						check(c, score.points[seat] ~= nil, side .. ": points for seat " .. seat)
						check(c, score.points[seat] == 0 or present[seat], side .. ": seat " .. seat .. " scores without settlers")
					end
				end
			end
		end
	end
end

-- ---- all -------------------------------------------------------------------------------

local ALL = { "structure", "playthrough", "bose", "collins", "dirac", "fermi", "russell", "susskind", "planck", "turing" }

-- One group of checks ("structure", "bose", … "turing"): how many passed.
function M.group(name: string): number
	assert(table.find(ALL, name), "no self-check group " .. tostring(name))
	local c: Check = { n = 0 }
	M[name](c)
	return c.n
end

-- Every group: how many checks passed.
function M.run(): number
	local n = 0
	for _, name in ipairs(ALL) do
		n += M.group(name)
	end
	return n
end

return M

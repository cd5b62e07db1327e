--!strict
-- Space Gate Odyssey: the one door to the eight exoplanets (SGO §6.2–6.4, §7) for the
-- settlers' journey. Every function is pure: it reads the definitions of exoplanets.ron
-- and its arguments, never the game (only `options` reads the game's variants), so the
-- journey keeps the settlers wherever it likes and hands their positions in.
--
--   occupant: { [space_id] = seat } for the whole exoplanet (absent = empty), the
--             settlers already placed by the current gate module included.
--   trip:     { seat = s, players = N, placed = { space_id, ... } }: the spaces filled by
--             earlier settlers of the same gate module in this colonisation, in order
--             (Fermi, Russell and the Turing canals read it).
--   options:  X.options(g), the judgement calls of SGO §12 A6–A8.
--
-- Each exoplanet's rules are in planet_<rules>.lua (the side's `rules` field), built on
-- the boards of planet_board.lua.
local B = require("planet_board")
local X = {}

local COLLINS = require("planet_collins")
local RULES: { [string]: any } = {
	bose = require("planet_bose"),
	collins = COLLINS,
	dirac = require("planet_dirac"),
	fermi = require("planet_fermi"),
	russell = require("planet_russell"),
	susskind = require("planet_susskind"),
	planck = require("planet_planck"),
	turing_canals = require("planet_turing").turing_canals,
	turing_rings = require("planet_turing").turing_rings,
}

export type Options = {
	collins_unmatchable_lead: boolean,
	fermi_centre_tie_shares: boolean,
	turing_any_canal_end: boolean,
}

local function rules_of(board: B.Board): any
	local rules = RULES[board.rules]
	assert(rules, "no rules for " .. board.rules)
	return rules
end

-- The judgement calls of SGO §12 that touch the exoplanets, as the game's variants set
-- them (pack.ron): A6 Collins' absolute majority, A7 Fermi's centre tie, A8 Turing's
-- "different canal". Off: the digest's reading.
function X.options(g: any): Options
	return {
		collins_unmatchable_lead = g:variant("alt_collins_unmatchable_lead"),
		fermi_centre_tie_shares = g:variant("alt_fermi_centre_tie_shares"),
		turing_any_canal_end = g:variant("alt_turing_any_canal_end"),
	}
end

-- The digest's readings, for callers without a game (tests, tools).
function X.default_options(): Options
	return { collins_unmatchable_lead = false, fermi_centre_tie_shares = false, turing_any_canal_end = false }
end

-- The side of an exoplanet that is shown at this player count (SGO §3 S2, S4, §11.3).
function X.side_for(exoplanet_id: string, players: number): string
	for _, side_id in ipairs(B.side_ids()) do
		local side = defs.exoplanet_side[side_id]
		if side.exoplanet == exoplanet_id and table.find(side.players, players) then
			return side_id
		end
	end
	error("exoplanet " .. tostring(exoplanet_id) .. " has no side for " .. tostring(players) .. " players")
end

-- Every colonisation space of the side, in a fixed order (the order of exoplanets.ron).
function X.spaces(side_id: string): { string }
	return B.board(side_id).order
end

-- The spaces where the trip's next settler may go (SGO §6.2, §7), in X.spaces order.
-- Empty: it cannot be placed and goes back to its owner's reserve (SGO §6.2, §12 A9;
-- Russell's surplus, SGO §7.5).
function X.legal(side_id: string, occupant: B.Occupant, trip: any, options: Options): { string }
	local board = B.board(side_id)
	return rules_of(board).legal(board, occupant, trip, options)
end

-- Among `legal`, one space per set of identical spaces (the `count` copies of one
-- definition, `<id>#n`, which the rules cannot tell apart): the menu a player needs, in
-- X.spaces order. Which copy of "on Long Isle" a settler takes changes nothing, so a
-- decision offers only these (and the copies share one label).
function X.choices(legal: { string }): { string }
	local seen: { [string]: boolean } = {}
	local result = {}
	for _, id in ipairs(legal) do
		local key = string.match(id, "^(.-)#%d+$") or id
		if not seen[key] then
			seen[key] = true
			table.insert(result, id)
		end
	end
	return result
end

-- Whether placing a settler here makes its owner swap any 2 predominance tokens (SGO §6.3).
function X.predominance(side_id: string, space_id: string): boolean
	local space = B.board(side_id).space[space_id]
	assert(space, "no space " .. tostring(space_id) .. " on " .. side_id)
	return space.predominance
end

-- Whether the exoplanet's closing condition holds (SGO §6.4, §7); the journey asks after
-- each placement.
function X.closed(side_id: string, occupant: B.Occupant, players: number, options: Options): boolean
	local board = B.board(side_id)
	return rules_of(board).closed(board, occupant, players, options)
end

-- What closing the exoplanet scores (SGO §6.4 step 1, §7): points for every seat 1 to
-- `players` (0 for a seat that gains nothing), one part per gain in the order of the rule
-- text ({ seat, ip, text = a key of the text entries, args = its format arguments }), and
-- the seats that must then swap 2 adjacent predominance tokens (Fermi, SGO §7.4), in order.
function X.score(side_id: string, occupant: B.Occupant, players: number, options: Options): B.Score
	local board = B.board(side_id)
	local score = rules_of(board).score(board, occupant, players, options)
	for seat = 1, players do
		score.points[seat] = score.points[seat] or 0
	end
	return score
end

-- The short player-facing name of a space ("level 2, space 3", "on Long Isle").
function X.space_label(side_id: string, space_id: string): string
	local space = B.board(side_id).space[space_id]
	assert(space, "no space " .. tostring(space_id) .. " on " .. side_id)
	return space.label
end

-- The name of the group (island, satellite, level…) a space belongs to, or nil: for the
-- journey's messages ("the module must stay on Long Isle").
function X.group_name(side_id: string, space_id: string): string?
	local board = B.board(side_id)
	local space = board.space[space_id]
	assert(space, "no space " .. tostring(space_id) .. " on " .. side_id)
	local gid = space.groups[1]
	return if gid then board.group[gid].name else nil
end

-- What a front end shows of an exoplanet (SGO §7: everything on it is public): one entry
-- per group of the side in board order (its levels, volcanoes, islands…), then one for
-- the spaces in no group, each { name = the group's name (nil for the ungrouped), spaces
-- = how many, free = how many are empty, settlers = { [seat] = count } }, and for a
-- Collins volcano whether it is `secured` (SGO §7.2).
function X.view(side_id: string, occupant: B.Occupant, options: Options): { any }
	local board = B.board(side_id)
	local result = {}
	local grouped: { [string]: boolean } = {}
	for _, gid in ipairs(board.groups) do
		local group = board.group[gid]
		local entry: any = {
			name = group.name,
			spaces = #group.spaces,
			free = #B.free(board, occupant, group.spaces),
			settlers = B.tally(board, occupant, group.spaces),
		}
		if group.role == "volcano" then
			entry.secured = COLLINS.secured(board, occupant, group, options)
		end
		table.insert(result, entry)
		for _, id in ipairs(group.spaces) do
			grouped[id] = true
		end
	end
	local rest = {}
	for _, id in ipairs(board.order) do
		if not grouped[id] then
			table.insert(rest, id)
		end
	end
	if #rest > 0 then
		table.insert(result, { spaces = #rest, free = #B.free(board, occupant, rest), settlers = B.tally(board, occupant, rest) })
	end
	return result
end

return X

--!strict
-- Space Gate Odyssey: the small vocabulary of the exoplanets' self-check
-- (planet_selfcheck.lua): checks that count and fail with a message, boards written with
-- the ids of exoplanets.ron, and the comparisons of legal spaces, closings and scores
-- through the interface of exoplanets.lua. Pure: it never reads or writes the game.
local X = require("exoplanets")
local K = {}

-- The digest's readings, and every alt_ variant of SGO §12 A6–A8 switched on.
K.DEFAULT = X.default_options()
K.ALT = { collins_unmatchable_lead = true, fermi_centre_tie_shares = true, turing_any_canal_end = true }


export type Check = { n: number }

local function check(c: Check, ok: boolean, what: string)
	if not ok then
		error("planet self-check failed: " .. what, 2)
	end
	c.n += 1
end

-- "a,b,c" or a list; ids are given without the side's prefix.
local function ids(side: string, list: { string }): { string }
	local result = {}
	for i, id in ipairs(list) do
		result[i] = side .. "_" .. id
	end
	return result
end

-- An occupant from { seat = { local ids } }.
local function board(side: string, by_seat: { [number]: { string } }): { [string]: number }
	local occupant = {}
	for seat, list in pairs(by_seat) do
		for _, id in ipairs(ids(side, list)) do
			assert(occupant[id] == nil, id .. " given twice")
			assert(table.find(X.spaces(side), id), id .. " is no space of " .. side)
			occupant[id] = seat
		end
	end
	return occupant
end

-- "name#1".."name#n" as local ids.
local function copies(name: string, from: number, to: number): { string }
	local result = {}
	for i = from, to do
		table.insert(result, name .. "#" .. i)
	end
	return result
end

local function join(...: { string }): { string }
	local result = {}
	for _, list in ipairs({ ... }) do
		for _, id in ipairs(list) do
			table.insert(result, id)
		end
	end
	return result
end

local function same(a: { string }, b: { string }): boolean
	if #a ~= #b then
		return false
	end
	for i = 1, #a do
		if a[i] ~= b[i] then
			return false
		end
	end
	return true
end

local function show(list: { string }): string
	return "{" .. table.concat(list, ", ") .. "}"
end

local function trip(seat: number, players: number, placed: { string }?): any
	return { seat = seat, players = players, placed = placed or {} }
end

local function legal_is(c: Check, side: string, occupant: any, t: any, opts: any, expected: { string }, what: string)
	local got = X.legal(side, occupant, t, opts)
	check(c, same(got, ids(side, expected)), what .. ": legal " .. show(got) .. ", expected " .. show(ids(side, expected)))
end

local function has(list: { string }, id: string): boolean
	return table.find(list, id) ~= nil
end

-- Points of a score as "1=14 2=10" for messages and comparison.
local function points(score: any): string
	local seats = {}
	for seat, ip in pairs(score.points) do
		if ip ~= 0 then
			table.insert(seats, seat)
		end
	end
	table.sort(seats)
	local parts = {}
	for _, seat in ipairs(seats) do
		table.insert(parts, seat .. "=" .. score.points[seat])
	end
	return table.concat(parts, " ")
end

local function score_is(c: Check, side: string, occupant: any, players: number, opts: any, expected: string, what: string)
	local score = X.score(side, occupant, players, opts)
	check(c, points(score) == expected, what .. ": score " .. points(score) .. ", expected " .. expected)
	-- The parts are the log lines of the same points, each a text of exoplanets.ron.
	local sum = {}
	for _, part in ipairs(score.parts) do
		check(c, defs.text == nil or defs.text[part.text] ~= nil, "no text " .. part.text)
		sum[part.seat] = (sum[part.seat] or 0) + part.ip
	end
	for seat, ip in pairs(score.points) do
		check(c, (sum[seat] or 0) == ip, what .. ": parts of seat " .. seat .. " add up to " .. tostring(sum[seat]))
	end
	return score
end

-- Fills `order` (local ids) one by one for `seat_of(i)`; the exoplanet must be open
-- before each placement and close exactly at the last one. Returns the occupant.
local function fill_until_closed(c: Check, side: string, players: number, order: { string }, seat_of: (number) -> number,
	opts: any, start: any?): { [string]: number }
	local occupant = table.clone(start or {})
	for i, id in ipairs(ids(side, order)) do
		check(c, not X.closed(side, occupant, players, opts), side .. " closed before placement " .. i .. " (" .. id .. ")")
		check(c, occupant[id] == nil and table.find(X.spaces(side), id) ~= nil, id .. " is a free space")
		occupant[id] = seat_of(i)
	end
	check(c, X.closed(side, occupant, players, opts), side .. " did not close at " .. order[#order])
	return occupant
end

local function alternate(i: number): number
	return (i - 1) % 2 + 1
end

K.check = check
K.ids = ids
K.board = board
K.copies = copies
K.join = join
K.same = same
K.show = show
K.trip = trip
K.legal_is = legal_is
K.has = has
K.points = points
K.score_is = score_is
K.fill_until_closed = fill_until_closed
K.alternate = alternate

return K

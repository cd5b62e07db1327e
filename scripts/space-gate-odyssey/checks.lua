--!strict
-- Space Gate Odyssey: what bots and front ends read of a position — the evaluation bots
-- use (pack.ron `evaluate`) and each seat's public facts (pack.ron `summary`). Both only
-- read the game.
local U = require("util")
local ST = require("station")
local P = require("track")
local J = require("journey")
local X = require("exoplanets")
local C = {}

-- What each seat would score if every exoplanet on the table closed now (SGO §6.4, §7):
-- the settlers already placed, valued by the exoplanet's own scoring.
local function exoplanets_now(g): { [number]: number }
	local points = {}
	local options = X.options(g)
	for _, planet in ipairs(g:entities({ kind = "exoplanet", zone = "exoplanets" })) do
		if ST.held(g, planet) > 0 then
			local result = X.score(g:prop(planet, "side"), J.occupant(g, planet), g:seats(), options)
			for s, ip in pairs(result.points) do
				points[s] = (points[s] or 0) + ip
			end
		end
	end
	return points
end

-- What a settler on an open exoplanet is worth besides its share of what the exoplanet
-- would score now. The exoplanets hand out about 1.5-2 IP a settler at their closing
-- (20-52 IP for 13-30 settlers, planet_selfcheck's playthroughs), more than the 1 IP a
-- settler gets on Hawking (SGO §6.6), but only 0.6 of the score now was counted, often
-- nothing for a settler that wins no majority yet: a full gate module (1 a settler) whose
-- settlers travelled to an exoplanet looked like a loss, one whose settlers went to
-- Hawking did not, so the bots fed Hawking and left the last exoplanets open.
local SETTLER_ON_PLANET = 0.5

-- Seat s's standing: its Influence (SGO §6.7) plus cheap hints of what is coming — what
-- its settlers on the open exoplanets would score now (discounted: a majority can still
-- turn) and SETTLER_ON_PLANET for each of them, predominance as it stands (SGO §8.3),
-- settlers already on their way in gate modules (the fuller the module, the closer its
-- journey), 0.3 per activated module — gate modules too: counted as nothing, a gate
-- module was never worth the settler that activates it (SGO §5.2), so the bots filled
-- only the few they had opened, whatever their gate — and the corridors the end will
-- charge for (SGO §8.4).
local function standing(g, s: number, shared): number
	local value = U.influence(g, s) + 0.5 * (shared.predominance[s] or 0) + 0.6 * (shared.exoplanets[s] or 0)
		+ SETTLER_ON_PLANET * (shared.on_planets[s] or 0)
	for _, m in ipairs(ST.grid(g, s).list) do
		local info = ST.info(g, m)
		local d = info.d
		if info.active and d.type ~= "starting" then
			value += 0.3
			if d.type == "gate" then
				local n = info.n
				value += n * (0.5 + 0.5 * n / d.capacity)
			end
		end
	end
	value -= 0.5 * ST.penalty_corridors(g, s)
	return value
end

-- How good the position is for seat s (pack.ron `evaluate`): its standing. Every seat's
-- is computed in the first call for a position (`shared` is one table for all the seats'
-- calls), so what they read of the stations (ST.info, remembered for one call) is read
-- once.
function C.evaluate(g, s: number, shared): number
	if shared.standing == nil then
		shared.predominance = P.scores(g)
		shared.exoplanets = exoplanets_now(g)
		shared.on_planets = {}
		for _, planet in ipairs(g:entities({ kind = "exoplanet", zone = "exoplanets" })) do
			for seat, n in pairs(g:tally({ kind = "settler", inside = planet }, "owner")) do
				shared.on_planets[seat] = (shared.on_planets[seat] or 0) + n
			end
		end
		shared.standing = {}
		for seat = 1, g:seats() do
			shared.standing[seat] = standing(g, seat, shared)
		end
	end
	return shared.standing[s]
end

-- "1 engineer, 2 robots": the counts of { n, noun, n, noun, ... } that are not 0.
local function counted(counts: { any }): string
	local parts = {}
	for k = 1, #counts, 2 do
		if counts[k] > 0 then
			table.insert(parts, U.count(counts[k], counts[k + 1]))
		end
	end
	return table.concat(parts, U.text("list.comma"))
end

-- Seat s's figures on the Odyssey board, room by room (SGO §4).
local function board_of(g, s: number): string
	local parts = {}
	for _, room in ipairs(def_ids.room) do
		local zone = U.room_zone(room)
		local chiefs = 0
		for _, e in ipairs(g:entities({ kind = "engineer", zone = zone, owner = s })) do
			if U.is_chief(g, e) then
				chiefs += 1
			end
		end
		local plain = g:count({ kind = "engineer", zone = zone, owner = s }) - chiefs
		local robots = g:count({ kind = "robot", zone = zone, owner = s })
		local figures = counted({ plain, "engineer", chiefs, "chief", robots, "robot" })
		if figures ~= "" then
			table.insert(parts, U.text("panel.board_room", U.room_name(room), figures))
		end
	end
	return #parts == 0 and U.text("panel.board_none") or table.concat(parts, U.text("list.separator"))
end

-- The exoplanets on the table with their gates, and the gates on Hawking (SGO §6.5).
local function exoplanets(g): string
	local parts = {}
	for _, planet in ipairs(g:entities({ kind = "exoplanet", zone = "exoplanets" })) do
		local gate = g:first({ kind = "gate", inside = planet })
		table.insert(parts, U.text("panel.exoplanet", defs.exoplanet[g:face(planet)].name,
			gate and defs.gate[g:face(gate)].name or U.text("panel.gate_none"), U.count(ST.held(g, planet), "settler")))
	end
	local hawking = C.hawking_gates(g)
	if hawking then
		table.insert(parts, hawking)
	end
	return table.concat(parts, U.text("list.separator"))
end

-- The gates sent to Hawking (SGO §6.5) as one line, or nil while none is there; the
-- seat panels and the wheel's picture both show it.
function C.hawking_gates(g): string?
	local names = {}
	for _, gate in ipairs(g:entities({ kind = "gate", zone = "hawking" })) do
		table.insert(names, defs.gate[g:face(gate)].name)
	end
	if #names == 0 then
		return nil
	end
	return U.text("panel.hawking") .. " " .. table.concat(names, U.text("list.and"))
end

-- The Predominance track from the top slot (SGO §8.3), for the panels and the wheel.
function C.track_text(g): string
	local parts = {}
	for slot, token in ipairs(P.track(g)) do
		table.insert(parts, U.text("panel.slot", defs.predominance_token[token].name, defs.hawking.hawking.slot_values[slot]))
	end
	return table.concat(parts, U.text("list.separator"))
end

-- Seat s's reserve (SGO §3 S9): "30 settlers, 3 engineers, 3 suits, 5 robots".
local function reserve_of(g, s: number): string
	local text = counted({ U.reserve_count(g, s, "settler"), "settler", U.reserve_count(g, s, "engineer"), "engineer",
		U.reserve_count(g, s, "suit"), "suit", U.reserve_count(g, s, "robot"), "robot" })
	return text == "" and U.text("panel.reserve_empty") or text
end

-- What every player can see of seat s.
function C.summary(g, s: number)
	-- the station in figures: its picture (diagrams.lua) shows every module
	local list = ST.grid(g, s).list
	local aboard = 0
	for _, m in ipairs(list) do
		aboard += ST.held(g, m)
	end
	local counts = ST.activated_by_sector(g, s)
	return {
		{ label = U.text("panel.influence"), value = U.influence(g, s) },
		{ label = U.text("panel.board"), value = board_of(g, s) },
		{ label = U.text("panel.reserve"), value = reserve_of(g, s) },
		{ label = U.text("panel.activated"), value = U.text("panel.activated_value", counts.water, counts.wildlife, counts.energy) },
		{ label = U.text("panel.open"), value = ST.penalty_corridors(g, s) },
		{ label = U.text("panel.station"), value = U.text("panel.station_value", U.count(#list, "module"), ST.activated_count(g, s), U.count(aboard, "settler")) },
		-- what every player shares, repeated in each seat's panel so a player sees it at
		-- every question
		{ label = U.text("panel.exoplanets"), value = exoplanets(g) },
		{ label = U.text("panel.track"), value = C.track_text(g) },
		{ label = U.text("panel.closings"), value = U.text("panel.closings_value", g:global("closings") or 0, U.short(g) and 3 or 5) },
	}
end

return C

--!strict
-- Galactic Era: the eight galactic milestones (GE 5.1d, A5). At most one is in play
-- (global `milestone`); most score at the end of the game, Cooperación and Liderazgo
-- during play (hooks called from war.lua, trade.lua and round.lua).
local U = require("util")
local M = {}

function M.active(g, id)
	return g:global("milestone") == id
end

local function most(g, value_of)
	local best, who = nil, {}
	for s = 1, g:seats() do
		local v = value_of(s)
		if best == nil or v > best then
			best, who = v, { s }
		elseif v == best then
			table.insert(who, s)
		end
	end
	return best, who
end

local function sector_units(g, region)
	local units = {}
	for s = 1, g:seats() do
		units[s] = 0
		for _, c in ipairs(g:cells({ region = region })) do
			units[s] += U.ship_units(g, s, c)
		end
	end
	return units
end

-- GE A5.2: −3 DP the first time a seat declares war on each other seat.
function M.on_declare(g, by, on)
	if M.active(g, "cooperacion") and not g:pair(by, on, "declared_by_" .. by) then
		g:set_pair(by, on, "declared_by_" .. by, true)
		U.dp(g, by, -3, U.text("milestones.first_war_declared_on_seat", on), "milestones")
	end
end

-- GE A5.2: +2 DP to each side of a technology trade.
function M.on_trade(g, a, b)
	if M.active(g, "cooperacion") then
		U.dp(g, a, 2, U.TEXT["milestones.cooperation_trade"], "milestones")
		U.dp(g, b, 2, U.TEXT["milestones.cooperation_trade"], "milestones")
	end
end

-- GE A5.4: with Descubrimiento the neutral token gained is kept by the seat.
function M.keep_token(g, seat, token)
	if M.active(g, "descubrimiento") then
		g:move(token, { zone = "kept_tokens", seat = seat })
		return true
	end
	return false
end

-- GE A5.6: at the end of each era the DP leader of each ethics places a basic ship
-- (from the reserve, else from the board) on the tile; ties all place one.
function M.end_of_era(g)
	if not M.active(g, "liderazgo") then
		return
	end
	for _, ethic in ipairs({ "STO", "STS" }) do
		local best, who = nil, {}
		for s = 1, g:seats() do
			if g:get(s, "ethics") == ethic then
				local dp = g:get(s, "dp")
				if best == nil or dp > best then
					best, who = dp, { s }
				elseif dp == best then
					table.insert(who, s)
				end
			end
		end
		for _, s in ipairs(who) do
			local ship = g:first({ kind = "ship", zone = "reserve", seat = s }) or g:first({ kind = "ship", owner = s })
			if ship then
				g:move(ship, { zone = "leadership", seat = s })
				g:log(U.text("milestones.seat_places_ship_on_leadership", s))
			end
		end
	end
end

-- End-of-game scoring of the milestone in play (GE 6.6 step 2).
function M.score_end(g)
	local id = g:global("milestone")
	if not id then
		return
	end
	g:add_global("usage.milestone." .. id, 1)
	if id == "control" then
		for s = 1, g:seats() do
			local n = 0
			for _, c in ipairs(U.controlled_planets(g, s)) do
				if g:cell_prop(c, "main") == 1 then
					n += 1
				end
			end
			if n > 0 then
				U.dp(g, s, 10 * n, U.text("milestones.control_planets", U.counted(n, U.TEXT["noun.main_planet_s"])), "milestones")
			end
		end
	elseif id == "descubrimiento" then
		for _, face in ipairs({ "uninhabited", "primitive", "advanced" }) do
			local best, who = most(g, function(s)
				return g:count({ kind = "neutral", face = face, zone = "kept_tokens", seat = s })
			end)
			if best and best > 0 then
				for _, s in ipairs(who) do
					U.dp(g, s, 10, U.text("milestones.most_tokens", face), "milestones")
				end
			end
		end
	elseif id == "legado" then
		for s = 1, g:seats() do
			local n = 0
			for _, c in ipairs(U.controlled_planets(g, s)) do
				local relic = g:first({ kind = "relic", cell = c })
				if relic and not g:hidden(relic) then
					n += 1
				end
			end
			if n > 0 then
				U.dp(g, s, 10 * n, U.text("milestones.with_relic", U.counted(n, U.TEXT["noun.planet_s"])), "milestones")
			end
		end
	elseif id == "liderazgo" then
		local best, who = most(g, function(s)
			return g:count({ kind = "ship", zone = "leadership", seat = s })
		end)
		if best and best > 0 then
			for _, s in ipairs(who) do
				U.dp(g, s, 10, U.TEXT["milestones.most_ships_on_leadership_tile"], "milestones")
			end
		end
	elseif id == "poder" then
		for region = 1, g:region_count() do
			local units = sector_units(g, region)
			local total = 0
			for s = 1, g:seats() do
				total += units[s]
			end
			for s = 1, g:seats() do
				if units[s] > total - units[s] then
					U.dp(g, s, 8, U.text("milestones.more_ships_than_all_others", g:region_info(region).label), "milestones")
				end
			end
		end
	elseif id == "presencia" then
		for s = 1, g:seats() do
			for region = 1, g:region_count() do
				local n = 0
				for _, c in ipairs(U.controlled_planets(g, s)) do
					if g:region(c) == region then
						n += 1
					end
				end
				if n >= 2 then
					U.dp(g, s, 10, U.text("milestones.2_planets_in", g:region_info(region).label), "milestones")
				end
			end
		end
	end
	-- Cooperación scores in play; Crecimiento personal doubles domination-card DP (cards.lua).
end

return M

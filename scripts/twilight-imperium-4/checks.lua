--!strict
-- Twilight Imperium 4: invariants for the tests, the position evaluation bots use, and
-- the per-seat description of a finished game for balance reports.
local U = require("util")
local K = require("tokens")
local O = require("objectives")
local UT = require("unit_tokens")
local C = {}

-- Returns nil when the position is sound, else what is wrong.
function C.invariants(g)
	for s = 1, g:seats() do
		if g:count({ kind = "command_token", owner = s }) ~= 16 then
			return string.format("seat %d does not have 16 command tokens (TI4 §58)", s)
		end
		if g:count({ kind = "control_token", owner = s }) ~= 17 then
			return string.format("seat %d does not have 17 control tokens", s)
		end
		-- TI4 §98.2, §21.1, §50.1: the figures are fixed; only tokens are made in play.
		for _, k in ipairs({ "fighter", "infantry" }) do
			if g:count({ kind = k, owner = s, lacks = "token" }) ~= defs.unit[U.BASE_UNIT[k]].figures then
				return string.format("seat %d does not have its %d %s figures (TI4 §98.2)", s, defs.unit[U.BASE_UNIT[k]].figures, k)
			end
			-- TI4 §21.3, §50.3, settled as the strategy phase begins (round.lua) and not
			-- disturbed during it.
			if g:global("phase") == "strategy" and UT.lonely(g, s, k) then
				return string.format("seat %d has a %s token with no figure beside it (TI4 §21.3, §50.3)", s, k)
			end
		end
		if (g:get(s, "tg") or 0) < 0 then
			return string.format("seat %d has negative trade goods", s)
		end
		if g:get(s, "vp") ~= g:get(s, "vp_public") + g:get(s, "vp_secret") + g:get(s, "vp_other") then
			return string.format("seat %d's victory points do not add up", s)
		end
		-- TI4 §45: never more non-fighter ships in a system than fleet tokens (outside the
		-- status phase, where tokens are being redistributed).
		if g:global("phase") ~= "status" and K.fleet_needed(g, s) > U.pool(g, s, "fleet") then
			return string.format("seat %d has more ships in a system than its fleet pool allows (TI4 §45)", s)
		end
		for _, c in ipairs(g:cells_of({ kind = { "fighter", "infantry" }, owner = s })) do
			if g:count({ kind = { "fighter", "infantry" }, owner = s, cell = c }) > 0 and g:global("phase") ~= "action" then
				local over, ground_over = U.over_capacity(g, s, c)
				if over > 0 or ground_over > 0 then
					return string.format("seat %d is over capacity in %s (TI4 §18)", s, g:cell_info(c).code)
				end
			end
		end
		if g:count({ kind = "secret_objective", zone = "secrets", seat = s }) + g:count({ kind = "secret_objective", zone = "scored", seat = s }) > U.MAX_SECRETS and not g:get(s, "returning_secret") then
			return string.format("seat %d holds more than 3 secret objectives", s)
		end
	end
	-- Ground forces stand only on planets their seat controls (TI4 §29.5), once an
	-- invasion is over (during the action phase, committed forces wait for combat).
	for _, p in ipairs(g:global("phase") == "action" and {} or g:entities({ kind = "planet" })) do
		for _, o in ipairs(g:owners({ kind = "infantry", inside = p })) do
			if g:owner(p) ~= o then
				return "ground forces on a planet their seat does not control: " .. g:face(p)
			end
		end
	end
	return nil
end

-- What the bots' evaluation weighs, in tenths of a victory point (a point is 10).
local WORTH = {
	vp = 10,
	-- An objective the seat meets now and has not scored: most of its points, not all (it
	-- is scored only in its phase, and a payment may still be needed then).
	within_reach = 6,
	-- Each resource and influence of a controlled planet.
	planet_value = 0.3,
	technology = 0.5,
	-- Each resource a seat's units on the board cost (its fleet's and forces' strength).
	unit_cost = 0.25,
	trade_good = 0.1,
	-- Support for the Throne in another seat's play area (or offered to one): the point it
	-- gave away. The
	-- kernel's bots compare a seat with the best other seat only, so without this a point
	-- handed to a seat that is not leading would cost the giver nothing, and the Hacan, who
	-- may trade with anyone (Guild Ships), collected every seat's card for a trade good
	-- (a 6-seat balance report: Hacan won 61% of its games, 3.5 of its 7 points "other").
	throne_given = 10,
}

-- Units whose cost counts towards a seat's strength on the board (structures aside: they
-- are counted by the planets they stand on).
local STRENGTH_UNITS = { "war_sun", "flagship", "dreadnought", "cruiser", "carrier", "destroyer", "fighter", "infantry" }

-- The points of the objectives a seat meets now and has not scored: revealed public ones
-- (if it holds its home system, TI4 §71.4) and its secret ones in hand.
local function points_within_reach(g, seat: number): number
	local points = 0
	if O.holds_home(g, seat) then
		for _, obj in ipairs(g:entities({ zone = "objectives" })) do
			local id = g:face(obj)
			if not O.scored(g, obj, seat) and O.can_score(g, seat, id) then
				points += defs.objective[id].vp
			end
		end
	end
	for _, obj in ipairs(g:entities({ kind = "secret_objective", zone = "secrets", seat = seat })) do
		local id = g:face(obj)
		if O.can_score(g, seat, id) then
			points += defs.objective[id].vp
		end
	end
	return points
end

-- What a seat's units on the board cost to produce (TI4 §30: fighters and infantry come
-- two for one resource), its current upgrades' costs.
local function strength(g, seat: number): number
	local total = 0
	for _, utype in ipairs(STRENGTH_UNITS) do
		local on_board = g:count({ kind = utype, owner = seat }) - g:count({ kind = utype, zone = "reinforcements", seat = seat })
		if on_board > 0 then
			local def = U.unit_def(g, seat, utype)
			total += on_board * (def.cost or 0) / (def.units_per_cost or 1)
		end
	end
	return total
end

-- A seat's worth for the bots (issue 18): victory points first, then the objectives it
-- could score, its planets' resources and influence, technologies, units on the board and
-- trade goods.
function C.evaluate(g, seat, shared)
	local v = (g:get(seat, "vp") or 0) * WORTH.vp
	v += WORTH.within_reach * points_within_reach(g, seat)
	for _, p in ipairs(U.planets(g, seat)) do
		local d = U.PLANETS[g:face(p)]
		v += WORTH.planet_value * (d.resources + d.influence)
	end
	v += WORTH.technology * g:count({ kind = "technology", zone = "researched", seat = seat })
	v += WORTH.unit_cost * strength(g, seat)
	v += WORTH.trade_good * (g:get(seat, "tg") or 0)
	-- Support for the Throne given away, or offered in a transaction the partner has yet to
	-- answer (transactions.lua `note_on_offer`).
	local throne = g:first({ kind = "promissory_note", face = "support_for_the_throne", owner = seat })
	if throne and (g:where(throne).zone == "note_play" or g:get(seat, "note_on_offer") == throne) then
		v -= WORTH.throne_given
	end
	return v
end

-- What a finished game says about a seat: its faction, and where its VP came from.
function C.report(g, seat)
	return {
		groups = { faction = U.faction(g, seat).name },
		sources = { public = g:get(seat, "vp_public") or 0, secret = g:get(seat, "vp_secret") or 0, other = g:get(seat, "vp_other") or 0 },
		rounds = g:global("round"),
	}
end

return C

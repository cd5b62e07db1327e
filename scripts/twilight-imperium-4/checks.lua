--!strict
-- Twilight Imperium 4: invariants for the tests, the position evaluation bots use, and
-- the per-seat description of a finished game for balance reports.
local U = require("util")
local K = require("tokens")
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

-- A seat's worth for the bots: VP first, then what makes VP (planets, technologies).
function C.evaluate(g, seat, shared)
	local v = (g:get(seat, "vp") or 0) * 10
	for _, p in ipairs(U.planets(g, seat)) do
		local d = U.PLANETS[g:face(p)]
		v += 0.3 * (d.resources + d.influence)
	end
	v += 0.5 * g:count({ kind = "technology", zone = "researched", seat = seat })
	v += 0.1 * (g:get(seat, "tg") or 0)
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

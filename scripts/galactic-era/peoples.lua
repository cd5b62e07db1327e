--!strict
-- Galactic Era: the 17 star peoples (GE 4.2, A1). Each ability is a small function
-- the general rules call at the moment it applies ("hooks"); `P.is(g, seat, id, face)`
-- tells whether a seat plays a people, optionally on a given face (its current ethics,
-- GE 6.2.2: flipping loses the other face's abilities).
local U = require("util")
local P = {}

function P.is(g, seat, id, face)
	return g:get(seat, "people") == id and (face == nil or g:get(seat, "ethics") == face)
end

-- ---- start bonuses (GE 5.4e, A1.18) ------------------------------------------------

-- Technologies each people's chosen face raises at setup, and other start effects.
local START = {
	annunaki = { both = { gen = 2 } },
	avianos = { both = { spi = 2, pro = 2 } },
	caninoides = { both = { choice = true } },
	ankara = { STO = { dp = 2 }, STS = { ships = 2 } },
	dracones = { both = { mil = 2, ships = 3 } },
	felidos = { both = { ships = 1 } },
	griseos = { STO = { ships = -1 }, STS = { ships = 1 } },
	ia_rebelde = { both = { rob = 2 } },
	icc = { STO = { pro = 2 }, STS = { rob = 2, ships = 1 } },
	mantidos = { STO = { discs = 2 }, STS = { gen = 2 } },
	progenitores = { both = { colonies = 4 } },
	yowies = { both = { spi = 3 } },
}

function P.start_bonus(g, seat)
	local id = g:get(seat, "people")
	local entry = START[id]
	if not entry then
		return {}
	end
	return entry.both or entry[g:get(seat, "ethics")] or {}
end

-- ---- war (GE 7.1, A1.18) ---------------------------------------------------------------

-- Whether `by` may declare war at all (Gríseos STO never may, A1.9).
function P.may_ever_declare(g, by)
	return not P.is(g, by, "griseos", "STO")
end

-- Pleyares STO may declare war on any STS seat in its own movement (A1.14).
function P.declares_in_movement(g, by, on)
	return P.is(g, by, "pleyares", "STO") and g:get(on, "ethics") == "STS"
end

-- Alianza Oscura: an STS seat declaring war on it loses 3 DP (A1.1).
function P.on_declare(g, by, on)
	if P.is(g, on, "alianza", "STS") and g:get(by, "ethics") == "STS" then
		U.dp(g, by, -3, "declared war on the Alianza Oscura -- GE A1.1")
	end
end

-- Alianza loses 2 DP on every ethics change, the Spirituality V flip included (A1.1).
function P.on_ethics_change(g, seat)
	if P.is(g, seat, "alianza") then
		U.dp(g, seat, -2, "the Alianza changes ethics -- GE A1.1")
	end
end

-- ---- combat (GE 6.1.3, A1.1, A1.13) ----------------------------------------------------

-- Extra CV per ship of `seat` in a battle (Alianza, A1.1).
function P.cv_bonus(g, seat, defending, enemies)
	if defending and P.is(g, seat, "alianza", "STO") then
		return 4
	end
	if not defending and P.is(g, seat, "alianza", "STS") then
		for _, e in ipairs(enemies) do
			if g:get(e, "ethics") == "STO" then
				return 2
			end
		end
	end
	return 0
end

-- Mayas STS: 1 DP per own ship lost in a combat, at most 3 when on the losing side (A1.13).
function P.on_losses(g, seat, lost, won)
	if lost > 0 and P.is(g, seat, "mayas", "STS") then
		U.dp(g, seat, won and lost or math.min(lost, 3), lost .. " ship(s) lost in combat -- GE A1.13")
	end
end

-- ---- planets and population -------------------------------------------------------------

-- Alianza Luminosa and other STO seats ignore each other's planets for natural limits (A1.1 ⚠ mutual while STO).
function P.ignores_for_limit(g, seat, other)
	if g:get(seat, "ethics") ~= "STO" or g:get(other, "ethics") ~= "STO" or seat == other then
		return false
	end
	return P.is(g, seat, "alianza", "STO") or P.is(g, other, "alianza", "STO")
end

-- Mántidos: natural increase adds 2 discs, within the limit (A1.12 ⚠).
function P.natural_discs(g, seat)
	return P.is(g, seat, "mantidos") and 2 or 1
end

-- Mayas Cósmicos never produce ships from asteroids (A1.13).
function P.uses_asteroids(g, seat)
	return not P.is(g, seat, "mayas")
end

-- Yowies' Robotics never rises (A1.17 ⚠: by any means).
function P.frozen_tech(g, seat, tech)
	return tech == "rob" and P.is(g, seat, "yowies")
end

-- Gríseos STO: Research on a technology at level I may go straight to III (A1.9).
function P.research_levels(g, seat, tech)
	if P.is(g, seat, "griseos", "STO") and g:get(seat, tech) == 1 then
		return 2
	end
	return 1
end

-- ---- trade (GE 6.3, A1.4, A1.9, A1.11) --------------------------------------------------

-- Trades a seat may make this round: I.C.C. may trade once with each other seat.
function P.trades_per_round(g, seat)
	return P.is(g, seat, "icc") and g:seats() - 1 or 1
end

function P.on_trade(g, a, b)
	for _, s in ipairs({ a, b }) do
		if P.is(g, s, "caninoides", "STO") then
			U.dp(g, a, 1, "trade with the Caninoides -- GE A1.4")
			U.dp(g, b, 1, "trade with the Caninoides -- GE A1.4")
		end
	end
end

return P

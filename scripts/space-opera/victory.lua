--!strict
-- Space Opera: how a game ends — elimination (a seat with no troops/units is out at
-- once), the classic victory conditions (military dominance immediately, religious
-- conviction when the card is raised, technological supremacy then overpopulation at
-- round end) and the revised ones (extermination immediately, civilisation level at
-- the end of the seat's own turn), plus a digital time limit. The winner and the
-- reason are kept in the globals `winner` and `victory` for tests and front ends.
local U = require("util")
local C = require("cards")
local V = {}

local function P()
	return require("population")
end

-- Whether the game has ended. No call of a step starts with the game over: V.finish
-- sets `over` and finishes the game (g:finish) in the same call, and the kernel calls
-- no step after that. So a step asks only after something in the same call may have
-- ended the game.
function V.over(g)
	return g:global("over") == true
end

-- ---- ranking and finishing -------------------------------------------------------------

-- What ranks seats that did not win: classic troops then raised technologies; revised
-- level then units. Eliminated seats rank below, the last eliminated highest.
local function measure(g, s)
	if U.classic(g) then
		return P().units(g, s) * 100 + C.raised_count(g, s)
	end
	return P().level(g, s) * 1000 + P().units(g, s)
end

function V.finish(g, winner, reason)
	if V.over(g) then
		return
	end
	local seats = {}
	for s = 1, g:seats() do
		table.insert(seats, s)
	end
	table.sort(seats, function(a, b)
		if a == winner or b == winner then
			return a == winner
		end
		local la, lb = U.live(g, a), U.live(g, b)
		if la ~= lb then
			return la
		end
		if not la and g:get(a, "out_order") ~= g:get(b, "out_order") then
			return (g:get(a, "out_order") or 0) > (g:get(b, "out_order") or 0)
		end
		local ma, mb = measure(g, a), measure(g, b)
		if ma ~= mb then
			return ma > mb
		end
		return a < b
	end)
	local scores = {}
	for s = 1, g:seats() do
		scores[s] = U.live(g, s) and (U.classic(g) and P().units(g, s) or P().level(g, s)) or 0
	end
	g:set_global("over", true)
	g:set_global("winner", winner)
	g:set_global("victory", reason)
	if winner then
		g:log(U.text("victory.wins", winner, reason))
	else
		g:log(U.text("victory.no_winner", reason))
	end
	g:finish({ scores = scores, ranking = seats })
end

-- ---- elimination (SO §5.8.1, §6.6) ----------------------------------------------------------

-- Eliminates every seat of `seats` at the same moment (they share one `out_order`).
-- When none is left, nobody wins: classic military dominance needs "the only
-- surviving race" and a revised extinct species has lost (SO §5.8.1, §6.6).
function V.eliminate_all(g, seats, why)
	local out = {}
	for _, s in ipairs(seats) do
		if U.live(g, s) then
			table.insert(out, s)
		end
	end
	if #out == 0 then
		return
	end
	local order = g:add_global("eliminated", 1)
	for _, s in ipairs(out) do
		g:set(s, "out", true)
		g:set(s, "out_order", order)
		C.clear_seat(g, s)
		g:log(U.text("victory.eliminated", s, why))
	end
	local live = U.live_seats(g)
	if #live == 1 then
		V.finish(g, live[1], U.text(U.classic(g) and "victory.military_dominance" or "victory.extermination"))
	elseif #live == 0 then
		V.finish(g, nil, U.text(U.classic(g) and "victory.no_race_survives" or "victory.all_extinct"))
	end
end

function V.eliminate(g, s, why)
	V.eliminate_all(g, { s }, why)
end

-- ---- level history (SO §6.6) ----------------------------------------------------------------

-- Called right after every change to units or technologies that may move a level: the
-- active seat's lowest level during its turn, and (for `alt_literal_hold`) the turn in
-- which each seat last rose. Since every such change is observed at once, a change that
-- moves no level need not call it (it would find every level as last observed and
-- write nothing): a build, unless `alt_construction_counts` counts what is under
-- construction; a training, which only turns a civilian into a military.
-- Returns the level of every live seat ({[seat] = level}), or nil when not observed.
-- `only`: a seat, when the caller knows that every live seat was observed since the
-- last change and that only this seat (the active one) has changed since: the others'
-- levels are still their `last_level` and the active seat's `min_level` is no higher,
-- so observing them would write nothing; only this seat is looked at (and the levels
-- returned are its own). `at`: what V.turn_start read for the turn, when the caller has
-- it ({turn =, active =, with_building =}: the revised rules are played), so that it
-- is not read again.
function V.observe(g, only, at)
	local turn, active, with_building
	if at then
		turn, active, with_building = at.turn, at.active, at.with_building
	else
		if g:variant("classic") then -- U.classic
			return nil
		end
		turn = g:global("turn_no")
		if turn == nil then
			return nil
		end
		active = g:global("active")
		with_building = g:variant("alt_construction_counts") -- U.alt
	end
	local first, last_seat = 1, g:seats()
	local levels = table.create(last_seat)
	if only then
		first, last_seat = only, only
	end
	for s = first, last_seat do
		if g:get(s, "out") ~= true then -- U.live
			-- Runs after every change: a value that stays the same is not written again.
			-- P.level, read here without its calls: units // 4 + built // 4 (C.built_count).
			local built = g:count(U.BUILT[s])
			if with_building then
				built += g:count(U.BUILDING[s])
			end
			local level = ((g:get(s, "civ") or 0) + (g:get(s, "mil") or 0)) // 4 + built // 4
			levels[s] = level
			local last = g:get(s, "last_level")
			if level > (last or 0) then
				g:set(s, "rose_at", turn)
				if level >= 3 and last ~= nil then
					-- Everyone should see a win coming (SO §6.6).
					g:log(U.text("victory.level_reached", s, level))
				end
			end
			if level ~= last then
				g:set(s, "last_level", level)
			end
			if s == active then
				local low = g:get(s, "min_level")
				local new_low = math.min(low or level, level)
				if new_low ~= low then
					g:set(s, "min_level", new_low)
				end
			end
		end
	end
	return levels
end

-- SO §6.6: the level history of a turn starts before the reorganisation. The caller
-- (TU.start) has made `s` the active seat, in the revised rules. Returns what it read
-- for the turn, for the observations of the reorganisation (V.observe's `at`).
function V.turn_start(g, s)
	local turn = g:add_global("turn_no", 1)
	g:set(s, "turn_began", turn)
	local at = { turn = turn, active = s, with_building = g:variant("alt_construction_counts") } -- U.alt
	-- Every live seat's level. The first turn observes them all; after it, every change
	-- that may move a level has been observed at once (V.observe), so each live seat's
	-- level is its `last_level` and observing would write nothing but the active
	-- seat's lowest level, which is set below. The seat's lowest level this turn
	-- starts at its level now (a seat out has no level here).
	-- The others' levels (and how many seats there are) are read only when the seat's
	-- own is 3 or more: below, the seats are not compared.
	local levels, level
	if turn == 1 then
		levels = V.observe(g, nil, at)
		level = levels and levels[s]
	else
		-- TU.start's seat is live (its turn started only then), and no unit left since.
		level = g:get(s, "last_level")
		if level and level >= 3 then
			levels = table.create(g:seats())
			for o = 1, g:seats() do
				if g:get(o, "out") ~= true then -- U.live
					levels[o] = g:get(o, "last_level")
				end
			end
		end
	end
	g:set(s, "min_level", level or P().level(g, s))
	-- Below level 3 nobody is told who is ahead: the seats are not compared.
	if level and level >= 3 then
		-- The live seats are those given a level.
		local ahead = true
		for o = 1, g:seats() do
			ahead = ahead and (o == s or levels[o] == nil or levels[o] < level)
		end
		if ahead then
			g:log(U.text("victory.level_ahead", s, level))
		end
	end
	return at
end

-- SO §6.6 (revised): at the end of its own turn a species wins when the lowest level it
-- had during the turn is 3 or more and higher than every other species' level
-- (SO §10 B6). `alt_literal_hold`: its level is 3+, higher than all others, and it last
-- rose before this turn began. The turn's last call, which calls it, has found the
-- seat live (and no call starts with the game over, V.over). `classic`: whether the
-- classic rules are played, when the caller has asked (nil: asked here).
function V.end_of_turn(g, s, classic)
	if classic == nil then
		classic = U.classic(g)
	end
	if classic then
		return
	end
	local literal = g:variant("alt_literal_hold") -- U.alt
	-- What is held is the turn's lowest level (set at its start): below 3 it wins
	-- nothing, and the level now need not be read.
	local low = g:get(s, "min_level")
	if not literal and low ~= nil and low < 3 then
		return
	end
	local level = P().level(g, s)
	local held = low or level
	if literal then
		held = ((g:get(s, "rose_at") or 0) < (g:get(s, "turn_began") or 0)) and level or 0
	end
	if held < 3 then
		return
	end
	for _, o in ipairs(U.live_seats(g)) do
		if o ~= s and P().level(g, o) >= held then
			g:log(U.text("victory.level_matched", s, held, o, P().level(g, o)))
			return
		end
	end
	V.finish(g, s, U.text("victory.level", held))
end

-- ---- classic round-end checks (SO §5.8) -------------------------------------------------------

-- Picks a single best seat by `key` (higher is better); nil on a tie for the top.
local function best(g, seats, key)
	local top, value, tied = nil, nil, false
	for _, s in ipairs(seats) do
		local v = key(s)
		if value == nil or v > value then
			top, value, tied = s, v, false
		elseif v == value then
			tied = true
		end
	end
	return (not tied) and top or nil
end

-- SO §5.8.2: 8 technologies raised at the round start, still 8 at its end; several
-- such players: most troops (a tie on troops: nobody wins this round, SO §9.6).
-- SO §5.8.3: 20+ troops (21+ with `alt_overpopulation_over_20`); several: most
-- troops, then most raised technologies; still tied: play goes on.
function V.round_end(g, round)
	if V.over(g) then
		return
	end
	local techs = {}
	for _, s in ipairs(U.order(g)) do
		if g:get(s, "t8_round") == round and C.raised_count(g, s) >= 8 then
			table.insert(techs, s)
		end
	end
	if #techs > 0 then
		local w = best(g, techs, function(s)
			return P().units(g, s)
		end)
		if w then
			return V.finish(g, w, U.text("victory.technological"))
		end
		g:log(U.text("victory.technological_tie"))
	end
	local threshold = U.alt(g, "overpopulation_over_20") and 21 or 20
	local crowd = {}
	for _, s in ipairs(U.order(g)) do
		if P().units(g, s) >= threshold then
			table.insert(crowd, s)
		end
	end
	if #crowd > 0 then
		local w = best(g, crowd, function(s)
			return P().units(g, s) * 100 + C.raised_count(g, s)
		end)
		if w then
			return V.finish(g, w, U.text("victory.overpopulation", U.count_of(P().units(g, w), "word.troop")))
		end
		g:log(U.text("victory.overpopulation_tie"))
	end
end

-- SO §5.8.4: raising technologies whose text grants victory: after a seat raises
-- cards, every raised card of it with a `religious` list checks that list.
function V.on_raise(g, s, raised)
	if #raised == 0 or V.over(g) then
		return
	end
	for _, card in ipairs(C.built(g, s)) do
		local needs = U.def(g, card).religious
		if needs then
			local ok = true
			for _, id in ipairs(needs) do
				if g:count({ zone = "built", seat = s, face = id }) == 0 then
					ok = false
				end
			end
			if ok then
				return V.finish(g, s, U.text("victory.religious", U.name(g, card)))
			end
		end
	end
end

-- Not in either text: a game that reaches the round limit ends without a winner.
function V.time_limit(g)
	V.finish(g, nil, U.text("victory.round_limit", U.count_of(g:global("max_rounds") or U.MAX_ROUNDS, "word.round")))
end

return V

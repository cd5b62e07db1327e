--!strict
-- Space Opera: population — civilian and military troops (classic) / units (revised)
-- kept as seat counters `civ` and `mil` (tokens are unlimited, SO §9.3), growth,
-- income, training, the civilisation level, and the `losses` step where a chosen seat
-- picks which units a damaged seat loses. Every change goes through here so that
-- victory.observe sees it (level history, extinction).
local U = require("util")
local C = require("cards")
local T = require("totals")
local P = {}

function P.civ(g, s)
	return g:get(s, "civ") or 0
end

function P.mil(g, s)
	return g:get(s, "mil") or 0
end

-- Troops (classic) / population units (revised): civilians plus militaries.
function P.units(g, s)
	return P.civ(g, s) + P.mil(g, s)
end

-- `observed`: every seat's level was observed just before and nothing but seat `s`
-- changed since (V.observe's `only`): what V.turn_start read for the turn (its `at`).
-- Returns the seat's civilians now.
function P.add_civ(g, s, n, observed)
	local civ = g:add(s, "civ", n)
	if observed then
		-- Then the seat's level moves only if its units pass a multiple of 4 (P.level):
		-- else observing would write nothing.
		local units = civ + P.mil(g, s)
		if units // 4 == (units - n) // 4 then
			return civ
		end
	end
	require("victory").observe(g, observed and s or nil, observed)
	return civ
end

-- SO §3: training turns a civilian into a military (classic: pay 5 and discard a
-- civilian; revised: pay 4 to convert). `price` is what is paid (0 for a card effect).
function P.train(g, s, price)
	g:add(s, "credits", -price)
	g:add(s, "civ", -1)
	g:add(s, "mil", 1)
	-- The units are as many as before: no level moved (V.observe).
	g:log(U.text("population.train", s, U.count_of(price, "word.credit")))
end

-- SO §3 income: 2 credits per civilian (classic, round start) or 1 (revised,
-- reorganisation), plus card income.
function P.income(g, s)
	local per = g:variant("classic") and 2 or 1 -- U.classic
	local n = per * P.civ(g, s) + T.income_bonus(g, s)
	g:add(s, "credits", n)
	return n
end

-- SO §6.1: level = floor(units / 4) + floor(built technologies / 4); a ship with its
-- equipment is one technology; "built" is counted as for the cap (C.built_count, whose
-- `with_building` a caller asking for every seat may pass once).
function P.level(g, s, with_building)
	return P.units(g, s) // 4 + C.built_count(g, s, with_building) // 4
end

-- Removes units from a seat (no elimination: see P.bury).
local function take(g, s, civ, mil, why)
	g:add(s, "civ", -civ)
	g:add(s, "mil", -mil)
	g:add(s, "lost", civ + mil)
	g:log(U.text("losses.lose", s, P.split_label(civ, mil), why or U.text("losses.why_damage")))
	require("victory").observe(g)
end

-- Eliminates, together, those of `seats` left without units (SO §5.8.1, §6.6).
function P.bury(g, seats)
	local dead = {}
	for _, s in ipairs(seats) do
		if U.live(g, s) and P.units(g, s) == 0 and not U.contains(dead, s) then
			table.insert(dead, s)
		end
	end
	require("victory").eliminate_all(g, dead, U.text(U.classic(g) and "victory.no_troops" or "victory.extinct"))
end

-- Removes units; eliminates the seat when none are left (SO §5.8.1, §6.6).
function P.remove(g, s, civ, mil, why)
	take(g, s, civ, mil, why)
	P.bury(g, { s })
end

function P.split_label(civ, mil)
	local parts = {}
	if civ > 0 then
		table.insert(parts, U.count_of(civ, "word.civilian"))
	end
	if mil > 0 then
		table.insert(parts, U.text("losses.militaries", mil))
	end
	if #parts == 0 then
		return U.text("losses.no_units")
	end
	return table.concat(parts, U.text("losses.and"))
end

-- How many of `hit.n` units `hit.victim` may lose as militaries: {lo, hi}, and n.
local function split_range(g, hit)
	local civ, mil = P.civ(g, hit.victim), P.mil(g, hit.victim)
	local n = math.min(hit.n, civ + mil)
	return math.max(0, n - civ), math.min(n, mil), n
end

-- Applies every hit of the step at once, then eliminates the seats left without units
-- together: losses in one phase of a war are simultaneous (SO §4.4: the totals are
-- compared "simultaneously, before either opponent removes units of the other"), so
-- when both sides die nobody survives the other (SO §5.8.1, §6.6), and the winner's
-- own losses count even when the other side's death ends the game. `mils[i]`: the
-- militaries hit i removes (nil when forced).
local function apply(g, ctx, mils)
	ctx.done = true
	local victims = {}
	for i, hit in ipairs(ctx.hits) do
		if U.live(g, hit.victim) then
			local lo, _, n = split_range(g, hit)
			if n > 0 then
				local k = mils[i] or lo
				take(g, hit.victim, n - k, k, ctx.why)
				table.insert(victims, hit.victim)
			end
		end
	end
	P.bury(g, victims)
end

-- The `losses` step: ctx.hits = { {victim =, n =, chooser =}, ... } lose units at the
-- same moment; each chooser picks how many of its victim's losses are militaries
-- (SO §5.7.3 and §6.5.2.5: the attacker chooses for both sides, SO §10 B1; the variant
-- `alt_victim_chooses` lets each damaged seat choose in the revised rules). The
-- choices are one secret simultaneous decision (a key per hit), so no chooser sees the
-- other's choice; nothing is removed until all are made.
P.losses = {
	run = function(g, ctx)
		-- (No call starts with the game over, V.over.)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for i, hit in ipairs(ctx.hits) do
			local lo, hi, n = split_range(g, hit)
			if U.live(g, hit.victim) and lo ~= hi then
				local options = {}
				for k = lo, hi do
					table.insert(options, { label = P.split_label(n - k, k), value = k })
				end
				local whose = hit.chooser == hit.victim and U.text("losses.you_lose") or U.text("losses.seat_loses", U.seat_label(g, hit.victim))
				table.insert(decisions, { seat = hit.chooser, key = "hit" .. i, options = options, rule = ctx.rule or "SO §5.7.3, §6.5.2",
					prompt = U.text("losses.prompt", whose, U.count_of(n, "word.unit")),
					help = U.text("losses.help") })
			end
		end
		if #decisions == 0 then
			apply(g, ctx, {})
			return nil
		end
		return { simultaneous = true, decisions = decisions }
	end,
	resolve = function(g, ctx, answers)
		local mils = {}
		for i, hit in ipairs(ctx.hits) do
			local mine = answers[hit.chooser]
			mils[i] = mine and mine["hit" .. i]
		end
		apply(g, ctx, mils)
	end,
}

-- Pushes the simultaneous losses of a war phase: `hits` = { {victim, n}, ... }; the
-- units are chosen by `attacker` (or each victim, by variant). Returns whether a step
-- was pushed.
function P.push_hits(g, hits, attacker, why)
	local list = {}
	for _, hit in ipairs(hits) do
		if hit.n > 0 then
			local chooser = attacker
			if U.revised(g) and U.alt(g, "victim_chooses") then
				chooser = hit.victim
			end
			table.insert(list, { victim = hit.victim, n = hit.n, chooser = chooser })
		end
	end
	if #list == 0 then
		return false
	end
	g:push("losses", { hits = list, why = why })
	return true
end

-- Pushes the losses of one `victim`, chosen by `attacker` (or the victim, by variant).
function P.push_losses(g, victim, n, attacker, why)
	return P.push_hits(g, { { victim = victim, n = n } }, attacker, why)
end

return P

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

function P.add_civ(g, s, n)
	g:add(s, "civ", n)
	require("victory").observe(g)
end

-- SO §3: training turns a civilian into a military (classic: pay 5 and discard a
-- civilian; revised: pay 4 to convert). `price` is what is paid (0 for a card effect).
function P.train(g, s, price)
	g:add(s, "credits", -price)
	g:add(s, "civ", -1)
	g:add(s, "mil", 1)
	require("victory").observe(g)
	g:log(string.format("Seat %d trains a military (%d credits). -- SO §3", s, price))
end

-- SO §3 income: 2 credits per civilian (classic, round start) or 1 (revised,
-- reorganisation), plus card income.
function P.income(g, s)
	local per = U.classic(g) and 2 or 1
	local n = per * P.civ(g, s) + T.income_bonus(g, s)
	g:add(s, "credits", n)
	return n
end

-- SO §6.1: level = floor(units / 4) + floor(built technologies / 4); a ship with its
-- equipment is one technology, and only raised (face-up) technologies count.
function P.level(g, s)
	return P.units(g, s) // 4 + C.raised_count(g, s) // 4
end

-- Removes units; eliminates the seat when none are left (SO §5.8.1, §6.6).
function P.remove(g, s, civ, mil, why)
	g:add(s, "civ", -civ)
	g:add(s, "mil", -mil)
	g:add(s, "lost", civ + mil)
	g:log(string.format("Seat %d loses %s (%s).", s, P.split_label(civ, mil), why or "damage"))
	require("victory").observe(g)
	if P.units(g, s) == 0 then
		require("victory").eliminate(g, s, U.classic(g) and "no troops left" or "no population units left: extinct")
	end
end

function P.split_label(civ, mil)
	local parts = {}
	if civ > 0 then
		table.insert(parts, string.format("%d civilian%s", civ, civ == 1 and "" or "s"))
	end
	if mil > 0 then
		table.insert(parts, string.format("%d military", mil))
	end
	if #parts == 0 then
		return "no units"
	end
	return table.concat(parts, " and ")
end

-- The `losses` step: `victim` loses `n` units; `chooser` picks how many are military
-- (SO §5.7.3 and §6.5.2.5: the attacker chooses for both sides, SO §10 B1; the
-- variant `alt_victim_chooses` lets the damaged seat choose in the revised rules).
P.losses = {
	run = function(g, ctx)
		if ctx.done or not U.live(g, ctx.victim) or require("victory").over(g) then
			return nil
		end
		local civ, mil = P.civ(g, ctx.victim), P.mil(g, ctx.victim)
		local n = math.min(ctx.n, civ + mil)
		if n <= 0 then
			return nil
		end
		local lo, hi = math.max(0, n - civ), math.min(n, mil)
		if lo == hi then
			ctx.done = true
			P.remove(g, ctx.victim, n - lo, lo, ctx.why)
			return nil
		end
		local options = {}
		for k = lo, hi do
			table.insert(options, { label = P.split_label(n - k, k), value = k })
		end
		local whose = ctx.chooser == ctx.victim and "you lose" or string.format("%s loses", U.seat_label(g, ctx.victim))
		return { seat = ctx.chooser, prompt = string.format("%s %d unit%s: which?", whose, n, n == 1 and "" or "s"),
			rule = ctx.rule or "SO §5.7.3, §6.5.2", options = options }
	end,
	resolve = function(g, ctx, k)
		local n = math.min(ctx.n, P.units(g, ctx.victim))
		ctx.done = true
		P.remove(g, ctx.victim, n - k, k, ctx.why)
	end,
}

-- Pushes the losses of `victim`, chosen by `attacker` (or the victim, by variant).
function P.push_losses(g, victim, n, attacker, why)
	if n <= 0 then
		return false
	end
	local chooser = attacker
	if U.revised(g) and U.alt(g, "victim_chooses") then
		chooser = victim
	end
	g:push("losses", { victim = victim, n = n, chooser = chooser, why = why })
	return true
end

return P

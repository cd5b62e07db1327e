--!strict
-- Space Gate Odyssey: the end of the game (SGO §8). After the closing that ends it,
-- every full gate module of every player goes to Hawking (1 IP a settler); then
-- predominance (SGO §8.3), the open-corridor penalty (SGO §8.4, §12 A3), and the winner:
-- highest rank, then furthest wheel, then most activated modules (SGO §8.5).
local U = require("util")
local ST = require("station")
local I = require("influence")
local P = require("track")
local J = require("journey")
local F = {}

-- SGO §8.5: does seat a rank before seat b?
local function before(g, a: number, b: number): boolean
	local ra, rb = g:get(a, "rank") or 0, g:get(b, "rank") or 0
	if ra ~= rb then
		return ra > rb
	end
	local wa, wb = g:get(a, "wheel") or 0, g:get(b, "wheel") or 0
	if wa ~= wb then
		return wa > wb
	end
	local ma, mb = ST.activated_count(g, a), ST.activated_count(g, b)
	if ma ~= mb then
		return ma > mb
	end
	return a < b
end

-- SGO §8.5: the seats, best first.
function F.ranking(g): { number }
	local seats = {}
	for s = 1, g:seats() do
		table.insert(seats, s)
	end
	table.sort(seats, function(a, b)
		return before(g, a, b)
	end)
	return seats
end

-- SGO §8.3: predominance, with a log line per award.
function F.predominance(g)
	local _, awards = P.scores(g)
	for _, a in ipairs(awards) do
		I.gain(g, a.seat, a.ip, U.text("finale.predominance_why", defs.predominance_token[a.token].name))
	end
end

-- SGO §8.4: 1 IP per corridor open to the void.
function F.penalty(g)
	for s = 1, g:seats() do
		local n = ST.penalty_corridors(g, s)
		if n > 0 then
			I.lose(g, s, n, U.text("finale.penalty_why", U.count(n, "corridor")))
		end
	end
end

-- SGO §8.1 step 1: every full gate module goes to Hawking, from the active player on.
function F.last_journeys(g)
	for _, s in ipairs(U.from(g, g:global("active"))) do
		for _, m in ipairs(J.full_gate_modules(g, s)) do
			J.to_hawking(g, s, m)
		end
	end
end

function F.finish(g)
	local ranking = F.ranking(g)
	local scores = {}
	for s = 1, g:seats() do
		scores[s] = U.influence(g, s)
	end
	local best = ranking[1]
	local winners = {}
	for _, s in ipairs(ranking) do
		if (g:get(s, "rank") or 0) == (g:get(best, "rank") or 0) and (g:get(s, "wheel") or 0) == (g:get(best, "wheel") or 0)
			and ST.activated_count(g, s) == ST.activated_count(g, best) then
			table.insert(winners, U.seat_name(s))
		end
	end
	g:set_global("over", true)
	g:log(U.text(#winners > 1 and "finale.shared" or "finale.winner", table.concat(winners, U.text("list.and")), scores[best]))
	g:finish({ scores = scores, ranking = ranking })
end

-- The `finale` step: the game ends at once (SGO §8.1), then the final scoring (§8.2).
-- ctx.round_limit: the game ends because it reached turn.lua's round limit instead.
F.step = {
	run = function(g, ctx)
		g:log(ctx.round_limit and U.text("finale.round_limit", ctx.round_limit) or U.text("finale.start"))
		F.last_journeys(g)
		F.predominance(g)
		F.penalty(g)
		F.finish(g)
		return nil
	end,
}

return F

--!strict
-- Space Opera: the game as a sequence of rounds of turns in ascending initiative.
--
-- Classic (SO §5.2-5.6): a round-level upkeep for all races (round 1 is the pre-jump
-- era: income only; later rounds flip technologies, grow, pay income and jump without
-- drawing), then each race's turn, then the round end (star systems discarded, the
-- round-end victory checks). Revised (SO §6.2): a round is just one turn of each
-- species in initiative order; the upkeep is each species' own reorganisation at the
-- start of its turn (turn.lua). Both stop at a digital round limit (U.MAX_ROUNDS).
local U = require("util")
local C = require("cards")
local P = require("population")
local V = require("victory")
local R = {}

-- SO §5.3 round 1 (pre-jump era) and SO §5.4 every later round.
function R.classic_round_start(g, round)
	if round == 1 then
		g:set_global("prejump", true)
		for _, s in ipairs(U.order(g)) do
			local n = 2 * P.civ(g, s)
			g:add(s, "credits", n)
			g:log(U.text("round.prejump_income", s, U.count_of(n, "word.credit")))
		end
		return
	end
	g:set_global("prejump", false)
	-- 1. every technology under construction is raised
	for _, s in ipairs(U.order(g)) do
		local raised = C.flip(g, s)
		V.on_raise(g, s, raised)
		if V.over(g) then
			return
		end
	end
	-- 2. every race gains a civilian, except in decline (SO §5.9)
	for _, s in ipairs(U.order(g)) do
		if C.in_decline(g, s) then
			g:log(U.text("round.no_growth", s))
		else
			P.add_civ(g, s, 1)
		end
	end
	-- 3. 2 credits per civilian
	for _, s in ipairs(U.order(g)) do
		local n = P.income(g, s)
		g:log(U.text("round.income", s, U.count_of(P.civ(g, s), "word.civilian"), U.count_of(P.mil(g, s), "word.military"), U.count_of(n, "word.credit")))
	end
	-- 4. a star system each, in initiative order, without drawing a resource
	for _, s in ipairs(U.order(g)) do
		C.jump(g, s, false)
	end
	-- SO §5.8.2: who starts the round with 8 technologies raised
	for _, s in ipairs(U.order(g)) do
		if C.raised_count(g, s) >= 8 then
			g:set(s, "t8_round", round)
		end
	end
end

-- SO §5.6: the round ends when the last player ends its turn; every star system is
-- discarded, then the round-end victory checks run (SO §5.8, order as listed).
function R.classic_round_end(g, round)
	for s = 1, g:seats() do
		C.discard_systems(g, s)
	end
	V.round_end(g, round)
end

-- The `game` step. ctx: `round` (last round begun), `order`, `i` (next position), so a
-- scenario can start the loop anywhere.
R.game = {
	enter = function(g, ctx)
		ctx.round = ctx.round or 0
		ctx.i = ctx.i or 0
	end,
	run = function(g, ctx)
		-- No call starts with the game over (V.over): it is asked after each pass.
		repeat
			if ctx.i == 0 or ctx.i > #(ctx.order or {}) then
				if ctx.round > 0 and g:variant("classic") and ctx.i > 0 then -- U.classic
					R.classic_round_end(g, ctx.round)
					if V.over(g) then
						return nil
					end
				end
				if ctx.round >= (g:global("max_rounds") or U.MAX_ROUNDS) then
					V.time_limit(g)
					return nil
				end
				ctx.round += 1
				g:set_global("round", ctx.round)
				ctx.order = U.order(g)
				ctx.i = 1
				g:log(U.text("round.header", ctx.round))
				if g:variant("classic") then -- U.classic
					R.classic_round_start(g, ctx.round)
				end
			else
				-- The round's remaining turns are pushed at once, the last first, so that
				-- they run in order and this step is called again only when the round is
				-- over; a seat out by the time its turn comes has none (TU.turn).
				local order = ctx.order
				for k = #order, ctx.i, -1 do
					g:push("turn", { seat = order[k] })
				end
				ctx.i = #order + 1
				return nil
			end
		until V.over(g)
		return nil
	end,
}

return R

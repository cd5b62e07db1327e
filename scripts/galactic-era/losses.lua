--!strict
-- Galactic Era: the destruction after a combat (GE 6.1.3.4 steps 5-6), one step pushed by
-- the battle once the winner is known.
--
-- The winner decides WHICH of the losing side's ships are destroyed, separately for each
-- losing seat: all, none or some. A ship is a ship unit (GE 4.6): a basic ship, or one
-- point of a fleet's value. The fleets were revealed at step 1, so their letters and
-- values are public at this point and are named in the options. Basic ships of one seat
-- on one hex are all alike, so the choice is how many basic ships and how many units of
-- each fleet; it is asked one unit at a time ("Basic ship at ...", "Fleet B (value 4)"),
-- with "All N remaining ships" and "Destroy no more" to finish at once.
--
-- Unless the 3:1 rule spares it, the winning side then destroys half as many of its own
-- ships, rounded up (or all it has). The same seat chooses which, among every winner's
-- ships (the pact note of GE 6.1.3.4 lets it pick the other winners' ships too).
--
-- In a defensive pact the choosing seat is the winner with most ships in the hex, ties
-- by turn order. Bélico's "no losses" (GE A3.2) keeps its player's ships out of both
-- choices.
local U = require("util")
local F = require("fleets")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Peoples = require("peoples")
local L = {}

-- The seat that chooses for a winning side: the one with most ships, ties by turn order
-- (GE 6.1.3.4 note).
function L.chooser(g, winners, cell)
	local best, most = nil, -1
	for _, s in ipairs(U.turn_order(g)) do
		if U.contains(winners, s) and U.ship_units(g, s, cell) > most then
			best, most = s, U.ship_units(g, s, cell)
		end
	end
	return best
end

local function spared(g, seat)
	return g:get(seat, "battle_no_losses") == 1 -- Bélico (GE A3.2)
end

-- One option per kind of ship unit `seat` has on `cell`: its basic ships (all alike),
-- then each fleet in letter order. `whose` prefixes the labels ("" or "Seat 3's ").
local function unit_options(g, seat, cell, whose)
	local out = {}
	local basics = g:count({ kind = "ship", owner = seat, cell = cell })
	if basics > 0 then
		table.insert(out, { label = whose == "" and U.text("battle.unit_basic_ships", U.cell_label(g, cell), basics) or U.text("battle.unit_basic_ships_of", whose, U.cell_label(g, cell), basics), value = { seat = seat } })
	end
	for _, m in ipairs(F.fleets_by_letter(g, seat, cell)) do
		table.insert(out, { label = whose == "" and U.text("battle.unit_fleet", g:face(m), U.fleet_value(g, m)) or U.text("battle.unit_fleet_of", whose, g:face(m), U.fleet_value(g, m)), value = { seat = seat, marker = m } })
	end
	return out
end

-- Destroys one ship unit: a basic ship back to the reserve, or one point of a fleet
-- (exchanging a token with the supply when needed, GE 4.6.4; an emptied fleet dissolves).
local function destroy_one(g, unit, cell)
	if unit.marker then
		F.remove_units(g, unit.marker, 1)
	else
		local ship = assert(g:first({ kind = "ship", owner = unit.seat, cell = cell }), "no basic ship to destroy")
		g:move(ship, { zone = "reserve", seat = unit.seat })
	end
end

local function destroy_all(g, seat, cell)
	local n = U.ship_units(g, seat, cell)
	for _, s in ipairs(g:entities({ kind = "ship", owner = seat, cell = cell })) do
		g:move(s, { zone = "reserve", seat = seat })
	end
	for _, m in ipairs(F.fleets_at(g, seat, cell)) do
		F.remove_units(g, m, U.fleet_value(g, m))
	end
	return n
end

-- The winners whose ships can be lost (not spared by Bélico), chooser first.
local function losing_winners(g, ctx)
	local out = {}
	for _, s in ipairs(ctx.winners) do
		if not spared(g, s) and U.ship_units(g, s, ctx.cell) > 0 then
			table.insert(out, s)
		end
	end
	table.sort(out, function(a, b)
		return (a == ctx.chooser and 0 or a) < (b == ctx.chooser and 0 or b)
	end)
	return out
end

-- Step 5 is over for the current loser: its tallies and reactions, then the next one.
local function finish_loser(g, ctx)
	local l, done = ctx.losers[ctx.li], ctx.done
	if done > 0 then
		Peoples.on_losses(g, l, done, false)
		for _, w in ipairs(ctx.winners) do
			g:add(w, "r_destroyed", done) -- Wars, Dark Era
		end
	end
	g:log(U.text("battle.seat_loses_in_battle", l, U.count(done, U.TEXT["noun.ship"])))
	ctx.destroyed += done
	ctx.li += 1
	ctx.done = 0
end

-- Step 6 is over: each winner's reactions to its losses; the losers count them too.
local function finish_own(g, ctx)
	local total = 0
	for i, s in ipairs(ctx.winners) do
		local n = ctx.own_lost[i]
		if n > 0 then
			total += n
			Peoples.on_losses(g, s, n, true)
			g:log(U.text("battle.seat_winner_loses_its_own", s, U.count(n, U.TEXT["noun.ship"])))
		end
	end
	for _, l in ipairs(ctx.losers) do
		g:add(l, "r_destroyed", total) -- Wars, Dark Era: even when losing
	end
end

local function own_loss(g, ctx, seat)
	for i, s in ipairs(ctx.winners) do
		if s == seat then
			ctx.own_lost[i] += 1
		end
	end
	ctx.own_left -= 1
end

L.destruction = {
	enter = function(g, ctx)
		ctx.chooser = L.chooser(g, ctx.winners, ctx.cell)
		ctx.li, ctx.done, ctx.destroyed = 1, 0, 0
		ctx.own_lost = table.create(#ctx.winners, 0)
		ctx.stage = "losers"
	end,
	run = function(g, ctx)
		local cell = ctx.cell
		if ctx.stage == "losers" then
			while ctx.li <= #ctx.losers do
				local l = ctx.losers[ctx.li]
				local left = U.ship_units(g, l, cell)
				if spared(g, l) and left > 0 then
					g:log(U.text("battle.warlike_seat_suffers_no_ship", l))
				elseif left > 0 then
					local options = unit_options(g, l, cell, "")
					if left > 1 then
						table.insert(options, { label = U.text("battle.all_remaining_ships", left), value = { seat = l, all = true } })
					end
					local cost = ctx.free and U.TEXT["battle.3_1_you_lose_none"] or U.text("battle.you_will_lose_half_rounded", (ctx.destroyed + ctx.done + 1) // 2)
					return { seat = ctx.chooser, prompt = U.text("battle.you_won_at_destroy_which", U.cell_label(g, cell), l, ctx.done, cost), rule = "GE 6.1.3.4 step 5", options = options, pass = U.TEXT["battle.destroy_no_more"],
						help = U.TEXT["battle.winner_chooses_which_loser_ships"] }
				end
				finish_loser(g, ctx)
			end
			ctx.stage = "own"
			-- GE 6.1.3.4 step 6: half as many, rounded up, unless the 3:1 rule spares them.
			ctx.own_left = (ctx.free or ctx.destroyed == 0) and 0 or (ctx.destroyed + 1) // 2
		end
		while ctx.own_left > 0 do
			local seats = losing_winners(g, ctx)
			local options, units = {}, 0
			for _, s in ipairs(seats) do
				units += U.ship_units(g, s, cell)
				for _, o in ipairs(unit_options(g, s, cell, s == ctx.chooser and U.TEXT["battle.whose_your"] or U.text("battle.whose_seat", s))) do
					table.insert(options, o)
				end
			end
			if #options == 0 then
				break
			elseif units <= ctx.own_left then
				-- "Or all it has there if it has fewer": nothing to choose.
				for _, s in ipairs(seats) do
					for _ = 1, destroy_all(g, s, cell) do
						own_loss(g, ctx, s)
					end
				end
				break
			elseif #options == 1 then
				destroy_one(g, options[1].value, cell) -- one kind of ship left: nothing to choose
				own_loss(g, ctx, options[1].value.seat)
			else
				return { seat = ctx.chooser, prompt = U.text("battle.3_1_rule_was_not", ctx.own_left), rule = "GE 6.1.3.4 step 6", options = options,
					help = U.TEXT["battle.without_three_times_loser_combat"] }
			end
		end
		finish_own(g, ctx)
		return nil
	end,
	resolve = function(g, ctx, choice)
		if ctx.stage == "losers" then
			if choice == nil then
				finish_loser(g, ctx) -- the winner destroys no more of this seat's ships
			elseif choice.all then
				ctx.done += destroy_all(g, choice.seat, ctx.cell)
			else
				destroy_one(g, choice, ctx.cell)
				ctx.done += 1
			end
		else
			destroy_one(g, choice, ctx.cell)
			own_loss(g, ctx, choice.seat)
		end
	end,
}

return L

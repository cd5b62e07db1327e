--!strict
-- Galactic Era: battles of the active seat (GE 6.1.3): retreat before combat, the
-- defensive pact, reveal, combat strength with tactics A and C, the winner and its
-- ties, and the loser's retreat. The destruction the winner chooses and the 3:1 rule
-- (steps 5-6) are the `battle_losses` step, in losses.lua.
local U = require("util")
local W = require("war")
local F = require("fleets")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Peoples = require("peoples")
local Techs = require("techs")
local CardOffers = require("card_offers")
local Peace = require("peace")
local Movement = require("movement")
local B = {}

-- Per-battle effects of domination cards, cleared when a battle ends.
local BATTLE_FLAGS = { "battle_no_retreat", "battle_no_losses", "battle_bonus" }

-- Cells where the active seat's ships meet ships of its enemies (GE 6.1.3.1): the
-- enemies' ship cells are read once each, not asked cell by cell.
local function battle_cells(g, seat)
	local out = {}
	local cells = U.ship_cells(g, seat)
	if #cells == 0 then
		return out
	end
	local enemy_ships = {}
	for _, e in ipairs(W.enemies(g, seat)) do
		for _, c in ipairs(U.ship_cells(g, e)) do
			enemy_ships[c] = true
		end
	end
	for _, cell in ipairs(cells) do
		if enemy_ships[cell] then
			table.insert(out, cell)
		end
	end
	return out
end

B.battles = {
	run = function(g, ctx)
		local cells = battle_cells(g, ctx.seat)
		if #cells == 0 then
			return nil
		end
		if not ctx.peace_offered then
			-- GE 4.7: the seats about to fight may first agree to peace (peace.lua).
			ctx.peace_offered = true
			if Peace.before_battles(g, ctx.seat, cells) then
				return nil
			end
		end
		if #cells == 1 then
			g:push("battle", { attacker = ctx.seat, cell = cells[1] })
			return nil
		end
		local options = {}
		for _, c in ipairs(cells) do
			table.insert(options, { label = U.text("battle.battle_at", U.cell_label(g, c)), value = c })
		end
		return { seat = ctx.seat, prompt = U.TEXT["battle.which_battle_is_resolved_next"], rule = "GE 6.1.3.1", options = options,
			help = U.TEXT["battle.battle_order_help"] }
	end,
	resolve = function(g, ctx, cell)
		g:push("battle", { attacker = ctx.seat, cell = cell })
	end,
}

-- Defenders: enemies of the attacker with ships here, in turn order (GE 6.1.3.3).
local function defenders(g, attacker, cell)
	local out = {}
	for _, s in ipairs(U.turn_order(g)) do
		if W.at_war(g, attacker, s) and U.has_ships(g, s, cell) then
			table.insert(out, s)
		end
	end
	return out
end

-- GE 6.1.3.2: a defender may retreat with higher Spirituality or Propulsion.
local function may_retreat(g, defender, attacker)
	return g:get(defender, "spi") > g:get(attacker, "spi") or g:get(defender, "pro") > g:get(attacker, "pro")
end

-- Combat value of one ship of `seat` in a fleet with `letter` (GE 6.1.3.4 step 3,
-- 6.1.4.1), doubled tactic bonuses with an x2 token (GE 6.1.4.2).
function B.ship_cv(g, seat, letter, facing_a)
	local cv = U.tech_value(g, seat, "mil", "cv")
	local double = letter and Techs.tactic(g, seat, letter) == "x2"
	if letter == "A" then
		cv += double and 2 or 1
	elseif letter == "C" and facing_a then
		cv += double and 4 or 2
	end
	return cv
end

local function side_has_a(g, seats, cell)
	for _, s in ipairs(seats) do
		for _, m in ipairs(F.fleets_at(g, s, cell)) do
			if g:face(m) == "A" then
				return true
			end
		end
	end
	return false
end

function B.clear_flags(g)
	for s = 1, g:seats() do
		for _, flag in ipairs(BATTLE_FLAGS) do
			g:set(s, flag, nil)
		end
	end
end

-- Combat strength of a side (GE 6.1.3.4 step 3), with Defensivo's +20 (GE A3.6).
function B.strength(g, seats, cell, facing_a, defending, enemies)
	local cs = 0
	for _, s in ipairs(seats) do
		cs += g:get(s, "battle_bonus") or 0
		-- Alianza: +4 per ship defending (STO), +2 attacking STO seats (STS) (GE A1.1).
		local bonus = Peoples.cv_bonus(g, s, defending, enemies or {})
		cs += g:count({ kind = "ship", owner = s, cell = cell }) * (B.ship_cv(g, s, nil, facing_a) + bonus)
		for _, m in ipairs(F.fleets_at(g, s, cell)) do
			cs += U.fleet_value(g, m) * (B.ship_cv(g, s, g:face(m), facing_a) + bonus)
		end
	end
	return cs
end

-- How a side's combat strength is made, for the log: each seat's basic ships and each
-- revealed fleet with its ships and their combat value (tactics and bonuses included),
-- as B.strength counts them (GE 6.1.3.4 step 4).
local function strength_parts(g, seats, cell, facing_a, defending, enemies)
	local parts = {}
	for _, s in ipairs(seats) do
		local bonus = Peoples.cv_bonus(g, s, defending, enemies or {})
		local items = {}
		local basic = g:count({ kind = "ship", owner = s, cell = cell })
		if basic > 0 then
			table.insert(items, U.text("battle.strength_basic_ships", U.count(basic, U.TEXT["noun.basic_ship"]), B.ship_cv(g, s, nil, facing_a) + bonus))
		end
		for _, m in ipairs(F.fleets_at(g, s, cell)) do
			table.insert(items, U.text("battle.strength_fleet", g:face(m), U.count(U.fleet_value(g, m), U.TEXT["noun.ship"]), B.ship_cv(g, s, g:face(m), facing_a) + bonus))
		end
		local extra = g:get(s, "battle_bonus") or 0
		if extra ~= 0 then
			table.insert(items, U.text("battle.from_cards", extra))
		end
		table.insert(parts, U.text("battle.strength_of_seat", s, #items > 0 and table.concat(items, ", ") or U.TEXT["battle.no_ships"]))
	end
	return table.concat(parts, "; ")
end

local function best_military(g, seats)
	local best = 0
	for _, s in ipairs(seats) do
		best = math.max(best, g:get(s, "mil"))
	end
	return best
end

local function units_of(g, seats, cell)
	local n = 0
	for _, s in ipairs(seats) do
		n += U.ship_units(g, s, cell)
	end
	return n
end

-- Tallies a seat's retreat before this battle's combat for Rivalry (GE A4.4: -2 "every
-- time they retreat before a combat"): once per seat and battle, even when its fleet E
-- leaves first and its other ships follow.
local function count_retreat(g, ctx, seat)
	ctx.retreated = ctx.retreated or {}
	if not U.contains(ctx.retreated, seat) then
		table.insert(ctx.retreated, seat)
		g:add(seat, "r_retreats", 1)
	end
end

-- "seat 2", "seats 2 and 3" (capitalised for the start of a sentence with `capital`).
local function seats_named(seats, capital)
	local names = {}
	for _, s in ipairs(seats) do
		table.insert(names, tostring(s))
	end
	if #names == 1 then
		return U.text(capital and "battle.seat_named_capital" or "battle.seat_named", names[1])
	end
	local last = table.remove(names)
	return U.text(capital and "battle.seats_named_capital" or "battle.seats_named", table.concat(names, ", "), last)
end

-- Resolves the combat once retreats are done and the fleets are revealed; returns the
-- losing seats that must retreat.
function B.fight(g, attacker, defending, cell)
	local attackers = { attacker }
	local a_cs = B.strength(g, attackers, cell, side_has_a(g, defending, cell), false, defending)
	local d_cs = B.strength(g, defending, cell, side_has_a(g, attackers, cell), true, attackers)
	local attacker_wins
	local tie = ""
	if a_cs ~= d_cs then
		attacker_wins = a_cs > d_cs
	else
		-- Ties: the better Military Power (highest on each side), else the defender.
		local a_mil, d_mil = best_military(g, attackers), best_military(g, defending)
		attacker_wins = a_mil > d_mil
		tie = a_mil == d_mil and U.TEXT["battle.tie_with_equal_military_power"] or U.TEXT["battle.tie_better_military_power_wins"]
	end
	local winners = attacker_wins and attackers or defending
	local losers = attacker_wins and defending or attackers
	local win_cs = attacker_wins and a_cs or d_cs
	local lose_cs = attacker_wins and d_cs or a_cs
	g:log(U.text("battle.battle_at_attacking_has_combat", U.cell_label(g, cell), seats_named(attackers), a_cs, seats_named(defending), d_cs, seats_named(winners, true), tie))
	g:log(U.text("battle.strength_is_ships_times_their", strength_parts(g, attackers, cell, side_has_a(g, defending, cell), false, defending), strength_parts(g, defending, cell, side_has_a(g, attackers, cell), true, attackers)))
	g:set_global("last_battle", { cell = cell, a_cs = a_cs, d_cs = d_cs, attacker_wins = attacker_wins })
	-- GE 6.1.4.2: +3 DP once per battle won with a "+3 DP" fleet.
	local T = Techs
	for _, s in ipairs(winners) do
		for _, m in ipairs(F.fleets_at(g, s, cell)) do
			if T.tactic(g, s, g:face(m)) == "dp" then
				U.dp(g, s, 3, U.TEXT["battle.combat_won_with_3_dp"])
				break
			end
		end
	end
	for _, s in ipairs(winners) do
		g:add(s, "r_won", 1) -- Migrations, Dark Era
		local capital = U.capital_cell(g, s)
		if not capital or g:region(capital) ~= g:region(cell) then
			g:add(s, "r_won_far", 1) -- Journeys, Dark Era objective 4
		end
	end
	return winners, losers, win_cs, lose_cs
end

B.battle = {
	enter = function(g, ctx)
		ctx.stage = "retreat"
		ctx.defenders = defenders(g, ctx.attacker, ctx.cell)
		ctx.di = 1
		-- Cards playable in a battle (Bélico, Defensivo: GE A3.2, A3.6), asked of the
		-- attacker and the defenders at once (card_offers.lua), played attacker first.
		local involved = { ctx.attacker }
		for _, d in ipairs(ctx.defenders) do
			table.insert(involved, d)
		end
		CardOffers.battle_start(g, involved, ctx.cell)
	end,
	run = function(g, ctx)
		local attacker, cell = ctx.attacker, ctx.cell
		if ctx.stage == "retreat" then
			while ctx.di <= #ctx.defenders do
				local d = ctx.defenders[ctx.di]
				local options = {}
				-- Félidos STO: once per round, make the attacker retreat before any reveal (A1.8).
				-- Declining it leaves this defender its normal retreat options below.
				local P = Peoples
				if P.is(g, d, "felidos", "STO") and not U.this_round(g, g:get(d, "felidos_used")) and ctx.felidos_asked ~= ctx.di then
					ctx.felidos_asked = ctx.di
					ctx.felidos_pending = true
					return { seat = d, prompt = U.text("battle.felines_spend_your_white_disc", attacker, U.cell_label(g, cell)), rule = "GE A1.8",
						options = { { label = U.TEXT["battle.make_attacker_retreat"], value = "felidos" } }, pass = U.TEXT["battle.no_answer"],
						help = U.TEXT["battle.once_round_before_anything_about"] }
				end
				-- Bélico: enemy ships cannot retreat, not even an E fleet; only Star People
				-- effects (above) still apply (GE A3.2).
				if g:get(attacker, "battle_no_retreat") ~= 1 then
					if U.has_ships(g, d, cell) and may_retreat(g, d, attacker) then
						table.insert(options, { label = U.TEXT["battle.retreat_all_your_ships"], value = "all" })
					end
					-- GE 6.1.4.1 E: an Evasion fleet may always retreat when defending.
					for _, m in ipairs(F.fleets_at(g, d, cell)) do
						if g:face(m) == "E" then
							table.insert(options, { label = U.TEXT["battle.retreat_fleet_e_revealing_its"], value = m })
						end
					end
				end
				if #options > 0 then
					return { seat = d, prompt = U.text("battle.seat_attacks_you_at_retreat", attacker, U.cell_label(g, cell)),
						rule = "GE 6.1.3.2", options = options, pass = U.TEXT["battle.stay_and_fight"],
						help = U.TEXT["battle.you_may_retreat_before_combat"] }
				end
				ctx.di += 1
			end
			ctx.stage = "felidos"
		end
		if ctx.stage == "felidos" then
			-- Félidos STS: once per round, force a defender that stays to retreat (A1.8).
			local P = Peoples
			ctx.stage = "fight"
			if P.is(g, attacker, "felidos", "STS") and not U.this_round(g, g:get(attacker, "felidos_used")) then
				local options = {}
				for _, d in ipairs(ctx.defenders) do
					if U.has_ships(g, d, cell) then
						table.insert(options, { label = U.text("battle.force_seat_to_retreat", d), value = d })
					end
				end
				if #options > 0 then
					ctx.stage = "felidos_wait"
					return { seat = attacker, prompt = U.TEXT["battle.felines_force_retreat"], rule = "GE A1.8", options = options, pass = U.TEXT["battle.no_answer"],
						help = U.TEXT["battle.once_round_when_you_attack"] }
				end
			end
		end
		if ctx.stage == "fight" and not ctx.ex2_done and g:get(attacker, "battle_no_retreat") ~= 1 then
			-- GE 6.1.4.2 E x2: a defending E fleet may still retreat once the enemy
			-- fleets are revealed, without revealing its own tokens (not under Bélico, A3.2).
			local T = Techs
			for _, d in ipairs(ctx.defenders) do
				for _, m in ipairs(F.fleets_at(g, d, cell)) do
					if g:face(m) == "E" and T.tactic(g, d, "E") == "x2" and not ctx.ex2_asked then
						ctx.ex2_asked = true
						for _, am in ipairs(F.fleets_at(g, attacker, cell)) do
							g:reveal(am)
							for _, t in ipairs(g:entities({ inside = am })) do
								g:reveal(t)
							end
						end
						ctx.ex2 = { seat = d, marker = m }
						return { seat = d, prompt = U.TEXT["battle.attacker_fleets_are_revealed_retreat"], rule = "GE 6.1.4.2",
							options = { { label = U.TEXT["battle.retreat_fleet_e_unrevealed"], value = "ex2" } }, pass = U.TEXT["battle.stay_answer"],
							help = U.TEXT["battle.evasion_x2_help"] }
					end
				end
			end
			ctx.ex2_done = true
		end
		if ctx.stage == "fight" then
			local defending = {}
			for _, d in ipairs(ctx.defenders) do
				if U.has_ships(g, d, cell) then
					table.insert(defending, d)
				end
			end
			if #defending == 0 or not U.has_ships(g, attacker, cell) then
				g:log(U.text("battle.no_combat_at_defenders_retreated", U.cell_label(g, cell)))
				B.clear_flags(g)
				return nil
			end
			if not ctx.revealed then
				-- Step 1, then the cards playable after the reveal (Defensivo, GE A3.6);
				-- this step runs again once they are answered.
				ctx.revealed = true
				local seats = { attacker }
				for _, d in ipairs(defending) do
					table.insert(seats, d)
				end
				-- Only the fleets taking part, on both sides: a seat at peace with the
				-- attacker keeps its fleets in this hex hidden (GE 6.1.3.3 note).
				F.reveal_fleets(g, seats, cell)
				if CardOffers.after_reveal(g, seats, cell) then
					return nil
				end
			end
			local winners, losers, win_cs, lose_cs = B.fight(g, attacker, defending, cell)
			ctx.winners, ctx.losers = winners, losers
			ctx.stage = "losses"
			-- Steps 5-6: the winner chooses the destruction (losses.lua); 3:1 spares its own.
			g:push("battle_losses", { cell = cell, winners = winners, losers = losers, free = win_cs >= 3 * lose_cs })
			return nil
		end
		if ctx.stage == "losses" then
			for _, side in ipairs({ ctx.winners, ctx.losers }) do
				for _, s in ipairs(side) do
					for _, m in ipairs(F.fleets_at(g, s, cell)) do
						F.conceal(g, m) -- step 8: the fleets that took part hide again
					end
				end
			end
			B.clear_flags(g)
			ctx.stage = "retreat_losers"
			for i = #ctx.losers, 1, -1 do
				local l = ctx.losers[i]
				if U.has_ships(g, l, cell) then
					g:push("retreat", { seat = l, cell = cell })
				end
			end
			return nil
		end
		return nil
	end,
	resolve = function(g, ctx, choice)
		if ctx.ex2 and not ctx.ex2_done then
			ctx.ex2_done = true
			if choice == "ex2" then
				g:push("retreat", { seat = ctx.ex2.seat, cell = ctx.cell, marker = ctx.ex2.marker })
				count_retreat(g, ctx, ctx.ex2.seat) -- still before the combat (GE 6.1.4.2)
			end
			return
		end
		if ctx.stage == "felidos_wait" then
			ctx.stage = "fight"
			if choice ~= nil then
				g:set(ctx.attacker, "felidos_used", g:global("round"))
				-- The forced seat may not move ships into this hex for the rest of the round.
				g:set(choice, "banned_cell", ctx.cell)
				g:set(choice, "banned_round", g:global("round"))
				g:push("retreat", { seat = choice, cell = ctx.cell })
			end
			return
		end
		if ctx.stage == "retreat" then
			local d = ctx.defenders[ctx.di]
			if ctx.felidos_pending then
				ctx.felidos_pending = nil
				if choice == "felidos" then
					g:set(d, "felidos_used", g:global("round"))
					g:push("retreat", { seat = ctx.attacker, cell = ctx.cell })
					g:log(U.text("battle.seat_felines_make_seat_retreat", d, ctx.attacker))
					ctx.di = #ctx.defenders + 1
				end
				return
			end
			if choice == "all" then
				g:push("retreat", { seat = d, cell = ctx.cell })
				ctx.di += 1
			elseif choice ~= nil then
				g:reveal(choice)
				g:log(U.text("battle.seat_reveals_fleet_e_and", d))
				F.conceal(g, choice)
				g:push("retreat", { seat = d, cell = ctx.cell, marker = choice })
			else
				ctx.di += 1
			end
			if choice ~= nil then
				count_retreat(g, ctx, d)
			end
		end
	end,
}

-- Where a seat may retreat from `cell`: adjacent cells without its enemies, else the
-- next ring out; never through wormholes or portals (GE 6.1.3.2).
function B.retreat_cells(g, seat, cell)
	local pro = g:get(seat, "pro")
	local function ok(c)
		if g:terrain(c) == "neutron_star" and pro < 5 then
			return false
		end
		for _, e in ipairs(W.enemies(g, seat)) do
			if U.has_ships(g, e, c) then
				return false
			end
		end
		return true
	end
	for radius = 1, 6 do
		local out = {}
		for _, c in ipairs(g:within(cell, radius)) do
			if g:distance(cell, c) == radius and ok(c) then
				table.insert(out, c)
			end
		end
		if #out > 0 then
			return out
		end
	end
	return {}
end

B.retreat = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local options = {}
		for _, c in ipairs(B.retreat_cells(g, ctx.seat, ctx.cell)) do
			table.insert(options, { label = U.cell_label(g, c), value = c })
		end
		if #options == 0 then
			-- No legal hex at all (digest NIT.22): the ships stay where they are.
			g:log(U.text("battle.seat_has_nowhere_to_retreat", ctx.seat))
			return nil
		end
		return { seat = ctx.seat, prompt = U.TEXT["battle.retreat_to_which_hex"], rule = "GE 6.1.3.2", options = options,
			help = U.TEXT["battle.retreating_ships_all_go_to"] }
	end,
	resolve = function(g, ctx, to)
		local units = {}
		if ctx.marker then
			units = { ctx.marker }
		else
			units = g:entities({ kind = "ship", owner = ctx.seat, cell = ctx.cell })
			for _, m in ipairs(F.fleets_at(g, ctx.seat, ctx.cell)) do
				table.insert(units, m)
			end
		end
		for _, e in ipairs(units) do
			g:move(e, to)
		end
		g:log(U.text("battle.seat_retreats_to", ctx.seat, U.cell_label(g, to)))
		Movement.update_exploration(g)
		ctx.done = true
	end,
}

return B

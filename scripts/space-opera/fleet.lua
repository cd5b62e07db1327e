--!strict
-- Space Opera: the fleet battle, first phase of a war (SO §5.7.2 classic, §6.5.2
-- revised), as stages of the `war` step (war.lua runs them). Each stage's `run`
-- returns "continue" (go on to the stage it set), "wait" (it pushed frames), or a
-- decision; `resolve` takes the answer.
--
-- Classic: only if both sides have built fleets; all of them fight; unblocked fleets do
-- nothing. Revised: if the defender has ships; the attacker picks its participants;
-- all the defender's ships take part (SO §10 B4; `alt_defender_selects`: it picks
-- too); unblocked participants deal their damage to the enemy species, less its heal.
-- Blocks are one ship against one ship, assigned by the defender one pair at a time.
-- Classic: every attacking fleet must be blocked while the defender has a free fleet
-- ("la batalla de flotas no es opcional", "deben ser bloqueadas una a una", SO §5.7.2).
-- Revised: optional (SO §10 B3; `alt_mandatory_blocks`: as in classic);
-- the defender orders the duels (SO §10 B5; `alt_attacker_orders_duels`); each duel
-- opens a window for consumables (stack.lua) and then destroys, simultaneously, every
-- ship whose opponent's attack exceeds its defence.
--
-- The battle's public state (who takes part, which ship blocks which, the duel being
-- fought) is on the table for everyone to see, so it lives in the global
-- `fleet_battle` = {attacker, defender, a_ships, d_ships, pairs, current} while a
-- battle is fought; the war's ctx only holds the stage.
local U = require("util")

local C = require("cards")
local T = require("totals")
local P = require("population")
local F = { run = {}, resolve = {} }

local function alive(g, ship)
	local at = g:where(ship)
	return type(at) == "table" and at.zone == "built"
end

local function battle(g)
	return g:global("fleet_battle")
end

local function pair_of(b, ship)
	for _, p in ipairs(b.pairs) do
		if p.a == ship or p.d == ship then
			return p
		end
	end
	return nil
end

local function stats(g, ship)
	return U.text("fleet.ship_stats", U.name(g, ship), T.ship_attack(g, ship), T.ship_defence(g, ship))
end

-- Sets the first fleet stage (or skips the fleet battle).
function F.begin(g, ctx)
	local a, d = ctx.attacker, ctx.defender
	local b = { attacker = a, defender = d, pairs = {}, a_ships = {}, d_ships = {} }
	if U.classic(g) then
		if #C.ships(g, a) > 0 and #C.ships(g, d) > 0 then
			b.a_ships, b.d_ships = C.ships(g, a), C.ships(g, d)
			g:log(U.text("fleet.classic_all"))
			ctx.stage = "blocks"
		else
			g:log(U.text("fleet.classic_none"))
			ctx.stage = "assault"
		end
	elseif #C.ships(g, d) > 0 then
		ctx.stage = "choose_ships"
	else
		g:log(U.text("fleet.none"))
		-- The assault is then the only phase that made the declaration legal
		-- (SO §6.5.1): declaring was wanting it, so it is not asked again (war.lua).
		ctx.assault_only = true
		ctx.stage = "assault_choice"
	end
	g:set_global("fleet_battle", b)
end

-- The battle is over (the war ends or goes on to its second phase).
function F.close(g)
	g:set_global("fleet_battle", nil)
end

-- SO §6.5.2.1: the attacker chooses which of its ships take part.
F.run.choose_ships = function(g, ctx)
	local mine = C.ships(g, ctx.attacker)
	if #mine == 0 then
		F.resolve.choose_ships(g, ctx, {})
		return "continue"
	end
	local options = {}
	for _, ship in ipairs(mine) do
		table.insert(options, { label = stats(g, ship), value = ship })
	end
	return { seat = ctx.attacker, kind = "many", min = 0, max = #options, options = options, rule = "SO §6.5.2.1",
		prompt = U.text("fleet.choose_ships"), help = U.text("fleet.help") }
end

F.resolve.choose_ships = function(g, ctx, ships)
	local b = battle(g)
	b.a_ships = ships
	g:log(U.text("fleet.sends", ctx.attacker, U.count_of(#ships, "word.ship")))
	if U.alt(g, "defender_selects") then
		ctx.stage = "defender_ships"
	else
		b.d_ships = C.ships(g, ctx.defender)
		ctx.stage = "blocks"
	end
	g:set_global("fleet_battle", b)
end

-- `alt_defender_selects` (SO §10 B4): the defender also chooses its participants.
F.run.defender_ships = function(g, ctx)
	local options = {}
	for _, ship in ipairs(C.ships(g, ctx.defender)) do
		table.insert(options, { label = stats(g, ship), value = ship })
	end
	return { seat = ctx.defender, kind = "many", min = 0, max = #options, options = options, rule = "SO §10 B4",
		prompt = U.text("fleet.choose_ships"), help = U.text("fleet.help") }
end

F.resolve.defender_ships = function(g, ctx, ships)
	local b = battle(g)
	b.d_ships = ships
	g:set_global("fleet_battle", b)
	ctx.stage = "blocks"
end

-- Whether the defender must go on blocking while a pair is possible: always in classic
-- (SO §5.7.2); in revised only with `alt_mandatory_blocks` (SO §10 B3).
function F.blocks_mandatory(g)
	return U.classic(g) or U.alt(g, "mandatory_blocks")
end

-- SO §5.7.2, §6.5.2.2: the decision of the defender's next block in battle `b`, nil when
-- no pair is left to make: one option per free attacking ship and free ship of its own;
-- a pass ("No more blocks") only where blocking is optional.
function F.block_decision(g, b)
	local options = {}
	for _, a_ship in ipairs(b.a_ships) do
		if not pair_of(b, a_ship) then
			for _, d_ship in ipairs(b.d_ships) do
				if not pair_of(b, d_ship) then
					table.insert(options, { label = U.text("fleet.block_option", b.attacker, stats(g, a_ship), stats(g, d_ship)),
						value = { a = a_ship, d = d_ship } })
				end
			end
		end
	end
	if #options == 0 then
		return nil
	end
	return { seat = b.defender, prompt = U.text("fleet.block"), rule = U.classic(g) and "SO §5.7.2" or "SO §6.5.2.2",
		options = options, pass = (not F.blocks_mandatory(g)) and U.text("fleet.no_more_blocks") or nil,
		help = U.text("fleet.block_help") }
end

-- The defender blocks attacking ships one by one.
F.run.blocks = function(g, ctx)
	local decision = F.block_decision(g, battle(g))
	if decision == nil then
		ctx.stage = "duels"
		return "continue"
	end
	return decision
end

F.resolve.blocks = function(g, ctx, v)
	if v == nil then
		ctx.stage = "duels"
		return
	end
	local b = battle(g)
	table.insert(b.pairs, { a = v.a, d = v.d, done = false })
	g:set_global("fleet_battle", b)
	g:log(U.text(U.classic(g) and "fleet.blocks_classic" or "fleet.blocks", ctx.defender, U.name(g, v.a), U.name(g, v.d)))
end

-- SO §6.5.2.3: one duel at a time, in the order the defender chooses (SO §10 B5).
F.run.duels = function(g, ctx)
	local b = battle(g)
	local left = {}
	for i, p in ipairs(b.pairs) do
		if not p.done then
			table.insert(left, i)
		end
	end
	if #left == 0 then
		ctx.stage = "fleet_damage"
		return "continue"
	end
	if #left == 1 then
		F.resolve.duels(g, ctx, left[1])
		return "continue"
	end
	local chooser = U.alt(g, "attacker_orders_duels") and ctx.attacker or ctx.defender
	local options = {}
	for _, i in ipairs(left) do
		local p = b.pairs[i]
		local first, second = p.d, p.a
		if chooser == ctx.attacker then
			first, second = p.a, p.d
		end
		table.insert(options, { label = U.text("fleet.duel_option", U.name(g, first), g:owner(second) or 0, U.name(g, second)), value = i })
	end
	return { seat = chooser, prompt = U.text("fleet.duel_order"), rule = "SO §6.5.2.3", options = options, help = U.text("fleet.help") }
end

F.resolve.duels = function(g, ctx, i)
	local b = battle(g)
	b.current = i
	g:set_global("fleet_battle", b)
	ctx.stage = "duel_window"
end

F.run.duel_window = function(g, ctx)
	local b = battle(g)
	local p = b.pairs[b.current]
	g:set_global("sync", { kind = "duel", attacker = ctx.attacker, defender = ctx.defender, a_ship = p.a, d_ship = p.d })
	g:log(U.text(U.classic(g) and "fleet.duel_classic" or "fleet.duel", ctx.attacker, stats(g, p.a), ctx.defender, stats(g, p.d)))
	g:push("stack", { kind = "duel" })
	ctx.stage = "duel_resolve"
	return "wait"
end

-- A ship whose attack exceeds the defence of the ship facing it destroys it; both can
-- die at once (SO §5.7.2, §6.5.2.3). A survivor stays blocked.
F.run.duel_resolve = function(g, ctx)
	local b = battle(g)
	local p = b.pairs[b.current]
	g:set_global("sync", { kind = "main" })
	local both = alive(g, p.a) and alive(g, p.d)
	local aa, ad, da, dd = T.ship_attack(g, p.a), T.ship_defence(g, p.a), T.ship_attack(g, p.d), T.ship_defence(g, p.d)
	local a_dies, d_dies = both and da > ad, both and aa > dd
	g:set_global("last_duel", { a_atk = aa, a_def = ad, d_atk = da, d_def = dd, a_destroyed = a_dies, d_destroyed = d_dies })
	for _, ship in ipairs({ p.a, p.d }) do
		g:set_prop(ship, "duel_atk", nil)
		g:set_prop(ship, "duel_def", nil)
	end
	g:log(U.text("fleet.duel_result", aa, ad, da, dd, U.text((a_dies and d_dies) and "fleet.duel_both_destroyed" or a_dies and "fleet.duel_attacker_destroyed"
		or d_dies and "fleet.duel_defender_destroyed" or "fleet.duel_none_destroyed")))
	if a_dies then
		C.destroy(g, p.a)
	end
	if d_dies then
		C.destroy(g, p.d)
	end
	p.done = true
	b.current = nil
	g:set_global("fleet_battle", b)
	ctx.stage = "duels"
	return "continue"
end

-- Revised SO §6.5.2.4-5: participating ships outside every pair deal their damage to
-- the enemy species, less its heal; the attacker chooses the units removed.
-- Classic SO §5.7.2: unblocked fleets do nothing; the totals are compared next.
F.run.fleet_damage = function(g, ctx)
	local a, d = ctx.attacker, ctx.defender
	local b = battle(g)
	F.close(g)
	if U.classic(g) then
		ctx.stage = "assault"
		return "continue"
	end
	local to_d, to_a = 0, 0
	for _, ship in ipairs(b.a_ships) do
		if alive(g, ship) and not pair_of(b, ship) then
			to_d += T.ship_damage(g, ship)
		end
	end
	for _, ship in ipairs(b.d_ships) do
		if alive(g, ship) and not pair_of(b, ship) then
			to_a += T.ship_damage(g, ship)
		end
	end
	local raw_d, raw_a = to_d, to_a
	to_d = math.max(0, to_d - T.heal(g, d))
	to_a = math.max(0, to_a - T.heal(g, a))
	g:set_global("last_fleet", { damage_to_attacker = raw_a, damage_to_defender = raw_d, removed_attacker = to_a, removed_defender = to_d })
	g:log(U.text("fleet.damage", raw_d, d, to_d, raw_a, a, to_a))
	ctx.stage = "assault_choice"
	-- The ships' damage to both sides lands at once (SO §6.5.2.4; population.lua).
	return P.push_hits(g, { { victim = d, n = to_d }, { victim = a, n = to_a } }, a, U.text("losses.why_fleet")) and "wait" or "continue"
end

return F

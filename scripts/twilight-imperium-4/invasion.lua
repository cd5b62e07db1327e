--!strict
-- Twilight Imperium 4: invasion (TI4 §52) after the space combat: bombardment (§15,
-- step 1, a step of its own since the active player declares targets), then, once
-- ground forces are committed (tactical.lua), Space Cannon defense (§17.6-17.8), ground
-- combat (§24, a step per combat, with action-card moments) and establishing control
-- (§52.5, then the "planet taken" moment). A side's ground forces are all alike, so no hit
-- leaves anything to choose. Bunker and Disable (ac_invasion.lua) change the dice here.
local U = require("util")
local UT = require("unit_tokens")
local Co = require("council")
local A = require("abilities")
local Cannon = require("cannon")
local M = require("moments")
local D = require("dice")
local O = require("objectives")
local Timing = require("timing")
local I = {}

-- §37, §37.3: whether a planet is shielded from `seat`: it holds a unit with Planetary
-- Shield, and no ship in its system that cancels shields (a war sun, Letnev's flagship)
-- belongs to a player other than that unit's owner.
function I.shielded(g, p: number): boolean
	local c = g:cell_of(p)
	for _, e in ipairs(g:entities({ kind = U.STRUCTURE_TYPES, inside = p })) do
		-- Disable (ac_invasion.lua): PDS in this system lose Planetary Shield.
		local disabled = g:global("card_disable") == c and g:kind(e) == "pds"
		if defs.unit[g:face(e)].planetary_shield and not disabled then
			local cancelled = false
			for _, w in ipairs(g:entities({ kind = U.SHIP_TYPES, cell = c })) do
				if defs.unit[g:face(w)].cancels_planetary_shield and g:owner(w) ~= g:owner(e) then
					cancelled = true
				end
			end
			if not cancelled then
				return true
			end
		end
	end
	return false
end

-- Planets in the active system a seat may bombard (§15.1): another player's ground
-- forces are on it, and no Planetary Shield protects it.
local function targets(g, seat: number, c: number): { number }
	local out = {}
	for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
		local foes = false
		for _, o in ipairs(g:owners({ kind = U.GROUND_TYPES, inside = p })) do
			foes = foes or o ~= seat
		end
		-- Law Conventions of War: no bombardment of cultural planets.
		if foes and not I.shielded(g, p) and Co.may_bombard(g, p) then
			table.insert(out, p)
		end
	end
	return out
end

local function bombarders(g, seat: number, c: number): { number }
	return U.ships_with(g, seat, c, "bombardment")
end

-- Whether the seat has anything to bombard with and at (so the step is worth pushing).
function I.can_bombard(g, seat: number, c: number): boolean
	return #bombarders(g, seat, c) > 0 and #targets(g, seat, c) > 0
end

-- §15.1-15.2: the active player declares a target for each unit with Bombardment (one
-- question per unit, or holds its fire), then all dice are rolled (Plasma Scoring: one
-- more die, for the planet the player picks when there are several); each hit destroys
-- one ground force of the planet's defenders. ctx: seat, cell.
I.bombard = {
	enter = function(g, ctx)
		ctx.units = bombarders(g, ctx.seat, ctx.cell)
		ctx.i = 0
		ctx.declared = {}
	end,
	run = function(g, ctx)
		if U.over(g) or ctx.rolled then
			return nil -- (called again after the objective question the roll may push)
		end
		while ctx.i < #ctx.units do
			local e = ctx.units[ctx.i + 1]
			local options = {}
			for _, p in ipairs(targets(g, ctx.seat, ctx.cell)) do
				table.insert(options, { label = U.text("bombard.at", U.planet_name(g, p)), value = p })
			end
			if #options > 0 then
				return { seat = ctx.seat, prompt = U.text("bombard.prompt", U.unit_name(g:face(e))), rule = "TI4 §15.1, §37",
					help = U.text("bombard.help"), options = options, pass = U.text("bombard.hold") }
			end
			ctx.i += 1
		end
		if #ctx.declared == 0 then
			return nil
		end
		if ctx.plasma == nil and U.has_tech(g, ctx.seat, "plasma_scoring") then
			local seen, options = {}, {}
			for _, d in ipairs(ctx.declared) do
				if not seen[d.planet] then
					seen[d.planet] = true
					table.insert(options, { label = U.text("bombard.plasma_at", U.planet_name(g, d.planet)), value = d.planet })
				end
			end
			if #options > 1 then
				ctx.plasma_asking = true
				return { seat = ctx.seat, prompt = U.text("bombard.plasma_prompt"), rule = "Plasma Scoring; TI4 §15.1",
					help = U.text("bombard.plasma_help"), options = options }
			end
			ctx.plasma = options[1].value
		end
		ctx.rolled = true
		I.roll(g, ctx)
		return nil
	end,
	resolve = function(g, ctx, v)
		if ctx.plasma_asking then
			ctx.plasma_asking = nil
			ctx.plasma = v
			return
		end
		local e = ctx.units[ctx.i + 1]
		ctx.i += 1
		if v then
			table.insert(ctx.declared, { unit = e, planet = v })
			g:log(U.text("bombard.declared", ctx.seat, U.unit_name(g:face(e)), U.planet_name(g, v)))
		end
	end,
}

-- §15.1-15.2: the Bombardment roll (not a combat roll: no combat modifiers), then the
-- losses, planet by planet.
function I.roll(g, ctx)
	local hits, dice_at, order = {}, {}, {}
	for _, d in ipairs(ctx.declared) do
		local b = defs.unit[g:face(d.unit)].bombardment
		local key = tostring(d.planet)
		if hits[key] == nil then
			hits[key], dice_at[key] = 0, 0
			table.insert(order, d.planet)
		end
		local dice = b.dice
		if ctx.plasma == d.planet then
			dice += 1
			ctx.plasma = false
		end
		dice_at[key] += dice
		-- Bunker (ac_invasion.lua): -4 against the planets of the seat that played it.
		local owner = g:owner(d.planet)
		local bunker = owner and g:global("card_bunker_" .. owner) and 4 or 0
		for _ = 1, dice do
			if g:roll(10) - bunker >= b.hit then
				hits[key] += 1
			end
		end
	end
	for _, p in ipairs(order) do
		local n = hits[tostring(p)]
		local before = g:owners({ kind = U.GROUND_TYPES, inside = p })
		g:log(U.text("bombard.rolled", ctx.seat, U.planet_name(g, p), dice_at[tostring(p)], n))
		for _ = 1, n do
			local victim = nil
			for _, o in ipairs(g:owners({ kind = U.GROUND_TYPES, inside = p })) do
				if o ~= ctx.seat and victim == nil then
					victim = g:last({ kind = U.GROUND_TYPES, owner = o, inside = p })
				end
			end
			if victim == nil then
				break
			end
			g:move(victim, { zone = "reinforcements", seat = g:owner(victim) })
			g:log(U.text("combat.destroyed", g:owner(victim), U.unit_name(g:face(victim))))
			A.destroyed(g, victim)
		end
		-- Make an Example of Their World: the Bombardment destroyed a player's last ground
		-- forces on the planet.
		for _, o in ipairs(before) do
			if o ~= ctx.seat and g:count({ kind = U.GROUND_TYPES, owner = o, inside = p }) == 0 then
				O.met(g, ctx.seat, { "make_an_example_of_their_world" }, "ground:" .. p)
				break
			end
		end
	end
end

-- §17.6-17.8: Space Cannon defense: other players' units with Space Cannon on an
-- invaded planet fire at the ground forces committed to it (always: it can only help
-- them). Plasma Scoring adds a die to each planet's roll (digest F-04), Antimass
-- Deflectors takes 1 off each die at its owner's units; Letnev's L4 Disruptors stops
-- the defense altogether.
local function cannon_defense(g, seat: number, p: number)
	if U.has_tech(g, seat, "letnev_l4_disruptors") or g:global("card_disable") == g:cell_of(p) then
		return -- L4 Disruptors; Disable (PDS lose Space Cannon)
	end
	for _, o in ipairs(g:owners({ kind = "pds", inside = p })) do
		if o ~= seat then
			local dice = {}
			for _, e in ipairs(g:entities({ kind = "pds", owner = o, inside = p })) do
				local sc = defs.unit[g:face(e)].space_cannon
				for _ = 1, (sc and sc.dice or 0) do
					table.insert(dice, sc.hit)
				end
			end
			dice = Cannon.plasma(g, o, dice)
			local hits = Cannon.roll_cannon(g, dice, seat)
			g:log(U.text("combat.cannon_defense", o, U.planet_name(g, p), #dice, hits))
			for _ = 1, hits do
				local e = g:last({ kind = U.GROUND_TYPES, owner = seat, inside = p })
				if e then
					g:move(e, { zone = "reinforcements", seat = seat })
					A.destroyed(g, e)
				end
			end
		end
	end
end

-- What fights a ground combat on a planet: ground forces, and fighters committed there with
-- Naalu's flagship (Matriarch, tactical.lua), which go back to space once it is over
-- (`control`).
local FIGHTING = { "infantry", "fighter" }

-- §24.2: a seat's ground combat dice on a planet: for each die (dice.lua's record), the
-- unit, the value it needs and what it rolled (the modifiers of its abilities, data:
-- Jol-Nar's Fragile -1; Morale Boost: +1, ac_combat.lua).
local function ground_dice(g, seat: number, p: number): { any }
	-- "combat_mod_<seat>": a change for the whole ground combat (Tekklar Legion, faction_norr.lua).
	local mod = A.sum(g, seat, "combat_roll") + (g:global("card_roll_bonus_" .. seat) or 0) + (g:global("combat_mod_" .. seat) or 0)
	g:set_global("card_roll_bonus_" .. seat, nil)
	local dice = {}
	for _, e in ipairs(g:entities({ kind = FIGHTING, owner = seat, inside = p })) do
		local def = defs.unit[g:face(e)]
		for _ = 1, def.combat_dice do
			table.insert(dice, { unit = e, need = def.combat - mod, got = g:roll(10) })
		end
	end
	return dice
end

local function count_hits(dice: { any }): number
	return (D.hits(dice))
end

-- Dacxive Animators (technology): the winner of a ground combat may place an infantry
-- from its reinforcements on the planet (always done: it can only help).
local function dacxive(g, seat: number, p: number)
	if U.has_tech(g, seat, "dacxive_animators") then
		UT.place(g, seat, "infantry", { inside = p }) -- a token when no figure is left (TI4 §50.1)
		g:log(U.text("combat.dacxive", seat, U.planet_name(g, p)))
	end
end

-- L1Z1X's Harrow (flag "bombards_each_ground_round"; digest Part 3.2): as a ground combat
-- round ends, each combatant holding it bombards the planet with its ships in the system
-- having Bombardment (always: it can only help). The Bombardment roll of §15.1 (no combat
-- modifiers; Plasma Scoring's die; Bunker), hitting only the opponent's ground forces
-- (§15.1: never its own), and not through Planetary Shield (§37.2) or against a planet the
-- law Conventions of War protects.
local function harrow(g, a: number, d: number, p: number)
	local c = g:cell_of(p) :: number
	for _, pair in ipairs({ { a, d }, { d, a } }) do
		local seat, foe = pair[1], pair[2]
		if A.any(g, seat, "bombards_each_ground_round") and g:count({ kind = U.GROUND_TYPES, owner = foe, inside = p }) > 0
			and not I.shielded(g, p) and Co.may_bombard(g, p) then
			local declared = {}
			for _, e in ipairs(bombarders(g, seat, c)) do
				table.insert(declared, { unit = e, planet = p })
			end
			if #declared > 0 then
				g:log(U.text("combat.harrow", seat, U.planet_name(g, p)))
				I.roll(g, { seat = seat, declared = declared, plasma = U.has_tech(g, seat, "plasma_scoring") and p or false })
			end
		end
	end
end

I.harrow = harrow

-- TI4 §24: a ground combat on a planet, round by round: every ground force rolls a die
-- per combat die, and each hit destroys one of the other side's ground forces (a side's
-- ground forces are alike: nothing to choose). Action cards are asked as each round
-- begins (Morale Boost, Emergency Repairs) and once a side has rolled (Fire Team: the
-- right to reroll any of its dice); then each seat chooses the dice to reroll, once per
-- ability that lets it (Fire Team, The Crown of Thalnos; §86, dice.lua); and as the round ends (Emergency Repairs). The winner may score
-- Spark a Rebellion (objectives.lua). Magen Defense Grid (the base card): the defender, with a
-- Planetary Shield unit on the planet that a war sun does not switch off (§37.3), may exhaust
-- it as any round begins (asked each round while it is ready), and the invader rolls no dice
-- that round. ctx: attacker, defender, planet.
I.ground_combat = {
	enter = function(g, ctx)
		ctx.round = 0
		ctx.stage = "start"
		g:set_global("combat", (g:global("combat") or 0) + 1) -- its number (combat.lua)
		if g:count({ kind = FIGHTING, owner = ctx.attacker, inside = ctx.planet }) > 0 then
			g:log(U.text("combat.ground_starts", ctx.attacker, ctx.defender, U.planet_name(g, ctx.planet)))
		end
	end,
	run = function(g, ctx)
		local a, d, p = ctx.attacker, ctx.defender, ctx.planet
		local cell = g:cell_of(p)
		while not U.over(g) do
			if ctx.lost then
				-- A unit of seat ctx.lost was destroyed: "after an opponent's unit is
				-- destroyed" abilities (Nekro's Technological Singularity, TI4 §19).
				local seat = ctx.lost
				ctx.lost = nil
				if A.at(g, "combat_loss", { seat = seat, foe = seat == a and d or a, cell = cell }) then
					return nil
				end
			end
			if ctx.stage == "start" and ctx.round == 0 and not ctx.opened then
				-- §24.4: the start of the combat and the start of its first round are one
				-- timing window (timing.lua), each seat in turn from the attacker: its notes
				-- (Antivirus, Tekklar Legion), its abilities (Yin's Indoctrination), its
				-- round-start action cards (Morale Boost).
				ctx.opened = true
				if Timing.open(g, "ground_combat_start", { attacker = a, defender = d, planet = p, seats = { a, d }, active = a,
					cell = cell, round = 1, ground = true }) then
					return nil
				end
			end
			if ctx.stage == "start" then
				if g:count({ kind = FIGHTING, owner = a, inside = p }) == 0 or g:count({ kind = FIGHTING, owner = d, inside = p }) == 0 then
					ctx.stage = "end"
				elseif ctx.traded ~= ctx.round + 1 then
					-- TI4 §96.1: a transaction may happen mid-combat; the active player (the
					-- invader) and the seats it may trade with are asked as each round begins
					-- (transactions.lua; nothing is asked when no pair can trade).
					ctx.traded = ctx.round + 1
					if require("transactions").open_midturn(g, a) then
						return nil
					end
				else
					ctx.round += 1
					ctx.stage = "roll"
					-- "At the start of a combat round" action cards, from round 2 (round 1's
					-- were offered with the start of the combat above).
					if ctx.round > 1 and M.open(g, "combat_round", { active = a, attacker = a, defender = d, cell = cell, round = ctx.round, ground = true }) then
						return nil
					end
				end
			elseif ctx.stage == "roll" then
				-- Magen Defense Grid (the base card): as each round begins, the defender may
				-- exhaust it while the planet has its Planetary Shield (not switched off, §37.3);
				-- then the invader rolls no dice this round.
				if ctx.magen_asked ~= ctx.round then
					ctx.magen_asked = ctx.round
					if U.ready_tech(g, d, "magen_defense_grid") and I.shielded(g, p) then
						return { seat = d, prompt = U.text("combat.magen_prompt", ctx.round), rule = "TI4 §37; Magen Defense Grid",
							help = defs.technology.magen_defense_grid.effect,
							options = { { label = U.text("combat.magen_use", a), value = "exhaust" } }, pass = U.text("combat.magen_keep") }
					end
				end
				local ad = ground_dice(g, a, p)
				if ctx.silenced == ctx.round then
					ad = {}
				end
				ctx.dice = { [tostring(a)] = ad, [tostring(d)] = ground_dice(g, d, p) }
				ctx.stage = "rolled"
				if M.open(g, "ground_rolled", { active = a, attacker = a, defender = d, cell = cell, planet = p,
					misses = { [tostring(a)] = #ad - count_hits(ad), [tostring(d)] = #ctx.dice[tostring(d)] - count_hits(ctx.dice[tostring(d)]) } }) then
					return nil
				end
			elseif ctx.stage == "rolled" then
				ctx.chose = { [tostring(a)] = {}, [tostring(d)] = {} }
				ctx.stage = "reroll"
			elseif ctx.stage == "reroll" then
				-- §86: each seat chooses the dice to reroll, once per ability that lets it
				-- (dice.lua): Fire Team if played above, then The Crown of Thalnos (§86.3).
				for _, seat in ipairs({ a, d }) do
					local k = tostring(seat)
					local q, source = D.question(g, seat, ctx.dice[k], ctx.chose[k])
					if q then
						ctx.rerolling, ctx.reroll_source = seat, source
						return q
					end
				end
				local hits = { [a] = count_hits(ctx.dice[tostring(a)]), [d] = count_hits(ctx.dice[tostring(d)]) }
				ctx.dice, ctx.chose = nil, nil
				-- Valkyrie Particle Weave (N'orr technology, flag "hit_when_hit"): 1 hit more
				-- for a seat whose opponent scored any this round (both read before either gains).
				local scored = { [a] = hits[a], [d] = hits[d] }
				for _, pair in ipairs({ { a, d }, { d, a } }) do
					if scored[pair[2]] > 0 and A.any(g, pair[1], "hit_when_hit") then
						hits[pair[1]] += 1
						g:log(U.text("combat.hit_when_hit", pair[1]))
					end
				end
				g:log(U.text("combat.ground_round", ctx.round, a, hits[a], d, hits[d]))
				for _, pair in ipairs({ { a, d }, { d, a } }) do
					for _ = 1, hits[pair[1]] do
						local e = g:last({ kind = FIGHTING, owner = pair[2], inside = p })
						if e then
							g:move(e, { zone = "reinforcements", seat = pair[2] })
							A.destroyed(g, e) -- Spec Ops II, Letani Warrior II (abilities.lua)
							ctx.lost = ctx.lost or pair[2]
						end
					end
				end
				harrow(g, a, d, p)
				ctx.stage = "start"
				-- "At the end of a combat round" action cards (Emergency Repairs).
				if M.open(g, "combat_round_end", { active = a, attacker = a, defender = d, cell = cell, round = ctx.round, ground = true }) then
					return nil
				end
			elseif ctx.stage == "end" then
				-- §24.4: the side with ground forces left wins (neither: a draw); law Shard of
				-- the Throne changes hands with a won combat. Fighters committed by the
				-- Matriarch go back to space at the end, so a side left with only those has no
				-- ground forces there: a draw, no Dacxive Animators (FAQ, digest F-40).
				ctx.stage = "done"
				local leaders = U.vp_leaders(g) -- read before winning changes any VP
				g:set_global("combat_mod_" .. a, nil)
				g:set_global("combat_mod_" .. d, nil)
				for _, pair in ipairs({ { a, d }, { d, a } }) do
					if g:count({ kind = "infantry", owner = pair[1], inside = p }) > 0 and g:count({ kind = FIGHTING, owner = pair[2], inside = p }) == 0 then
						dacxive(g, pair[1], p)
						Co.combat_won(g, pair[1], pair[2])
						-- Spark a Rebellion: a combat won against a player no one had more VP than.
						if table.find(leaders, pair[2]) then
							O.met(g, pair[1], { "spark_a_rebellion" }, "ground:" .. p)
						end
					end
				end
				return nil
			else
				return nil
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		if ctx.stage == "roll" then
			-- Magen Defense Grid's question: exhausted, the invader silenced this round.
			local magen = v and U.ready_tech(g, ctx.defender, "magen_defense_grid")
			if magen then
				g:set_prop(magen, "exhausted", true)
				g:log(U.text("combat.magen", ctx.defender, ctx.attacker))
				ctx.silenced = ctx.round
			end
			return
		end
		D.reroll(g, ctx.rerolling, ctx.dice[tostring(ctx.rerolling)], v, ctx.reroll_source)
		ctx.rerolling, ctx.reroll_source = nil, nil
	end,
}

-- Whether an invaded planet has something to fight: another player's Space Cannon or
-- ground forces on it.
local function contested(g, seat: number, p: number): boolean
	for _, o in ipairs(g:owners({ kind = { "pds", "infantry" }, inside = p })) do
		if o ~= seat then
			return true
		end
	end
	return false
end

-- TI4 §52.3-4 on one planet: Space Cannon defense, then a ground combat step against
-- each other player with ground forces there (pushed; control is decided once they end).
-- Returns whether it pushed a fight.
local function fight(g, seat: number, p: number): boolean
	cannon_defense(g, seat, p)
	local owners = g:owners({ kind = U.GROUND_TYPES, inside = p })
	local pushed = false
	for i = #owners, 1, -1 do
		local o = owners[i]
		-- (No invaders left, e.g. sent back by Parley or destroyed by Space Cannon: no fight.)
		if o ~= seat and g:count({ kind = FIGHTING, owner = seat, inside = p }) > 0 then
			g:push("ground_combat", { attacker = seat, defender = o, planet = p })
			pushed = true
		end
	end
	return pushed
end

-- TI4 §52.5: the active player gains the planet if its committed ground forces survive
-- (exhausted); other players' structures there are destroyed. Returns, when control
-- changed, what the "planet gained / taken" action cards need: { planet, from (the former
-- controller), pds, docks (structures destroyed) }.
local function control(g, seat: number, p: number): any
	-- Matriarch: committed fighters go back to the space area; they take no planet.
	for _, e in ipairs(g:entities({ kind = "fighter", owner = seat, inside = p })) do
		g:move(e, g:cell_of(p))
	end
	if g:count({ kind = U.GROUND_TYPES, owner = seat, inside = p }) > 0 and g:owner(p) ~= seat then
		local taken = { planet = p, from = g:owner(p), pds = 0, docks = 0 }
		-- L1Z1X's Assimilate (flag "takes_over_structures"; digest E-10): each structure is
		-- swapped for a matching one of the new controller's reinforcements while it has one,
		-- before the destruction below (§19.2, §19.15).
		local takes = A.any(g, seat, "takes_over_structures")
		for _, e in ipairs(g:entities({ kind = U.STRUCTURE_TYPES, inside = p })) do
			local mine = takes and g:owner(e) ~= seat and g:last({ kind = g:kind(e), zone = "reinforcements", seat = seat })
			if mine then
				local owner = g:owner(e) :: number
				g:move(e, { zone = "reinforcements", seat = owner })
				g:move(mine, { inside = p })
				g:log(U.text("tactical.structure_assimilated", seat, owner, U.unit_name(g:face(e)), U.planet_name(g, p)))
			elseif g:owner(e) ~= seat then
				if g:kind(e) == "pds" then
					taken.pds += 1
				else
					taken.docks += 1
				end
				g:move(e, { zone = "reinforcements", seat = g:owner(e) })
				g:log(U.text("tactical.structure_destroyed", g:owner(e), U.unit_name(g:face(e)), U.planet_name(g, p)))
			end
		end
		Co.gain_control(g, p, seat)
		g:set_prop(p, "exhausted", true)
		g:log(U.text("tactical.gained", seat, U.planet_name(g, p)))
		return taken
	end
	return nil
end

-- TI4 §52.3-52.5: the planets committed to are resolved one at a time, in the order the
-- active player chooses while two or more of them have something to fight (§52.3, §52.4);
-- each planet's Space Cannon defense comes just before its ground combat (the planets
-- do not affect one another, so this is the same as all defenses first).
-- ctx: seat, planets (the committed planets).
I.invade = {
	enter = function(g, ctx)
		table.sort(ctx.planets)
		ctx.taken = {}
	end,
	run = function(g, ctx)
		if ctx.current then
			-- The planet's ground combats are over: control (§52.5).
			local taken = control(g, ctx.seat, ctx.current)
			ctx.current = nil
			if taken then
				table.insert(ctx.taken, taken)
			end
		end
		-- "When you gain control of a planet" (Infiltrate) and "after a player takes your
		-- planet" (Reparations; ac_invasion.lua), one planet at a time, once its fight is
		-- over (a simplification: after the structures are destroyed, Infiltrate places
		-- the same units of its player's instead of swapping them).
		while not U.over(g) and #ctx.taken > 0 do
			local info = table.remove(ctx.taken, 1)
			info.active = ctx.seat
			if M.open(g, "planet_taken", info) then
				return nil
			end
		end
		while not U.over(g) and #ctx.planets > 0 do
			local fights = {}
			for _, p in ipairs(ctx.planets) do
				if contested(g, ctx.seat, p) then
					table.insert(fights, p)
				end
			end
			if #fights < 2 then
				local p = table.remove(ctx.planets, 1)
				ctx.current = p
				if fight(g, ctx.seat, p) then
					return nil
				end
				return I.invade.run(g, ctx)
			else
				local options = {}
				for _, p in ipairs(fights) do
					table.insert(options, { label = U.text("invasion.next", U.planet_name(g, p)), value = p })
				end
				return { seat = ctx.seat, prompt = U.text("invasion.order_prompt"), rule = "TI4 §52.3, §52.4",
					help = U.text("invasion.order_help"), options = options }
			end
		end
		return nil
	end,
	resolve = function(g, ctx, p)
		for i, q in ipairs(ctx.planets) do
			if q == p then
				table.remove(ctx.planets, i)
				break
			end
		end
		ctx.current = p
		fight(g, ctx.seat, p)
	end,
}

return I

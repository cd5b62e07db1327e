--!strict
-- Twilight Imperium 4: space combat (TI4 §23). Space Cannon offense, which comes before
-- it, is in cannon.lua; the hit choices both use are in hits.lua.
--
-- Space combat is one step whose `ctx.stage` walks the rulebook's order: the start of the
-- combat, which is also round 1's start (§23.2: one timing window of timing.lua for notes,
-- abilities — Assault Cannon among them, assault_cannon.lua — and round-start cards),
-- anti-fighter barrage in the first round (§12, §23.3), then each round: announce retreats (§23.4, defender first), roll (§23.5,
-- attacker first, one record per die, dice.lua; each seat's rerolls right after its roll,
-- the dice chosen by their owner, §86), assign hits (§23.6, each owner choosing, Sustain Damage first if it
-- likes, §87), Duranium Armor's repair (repairs.lua, the owner choosing), and the announced retreat (§23.7, retreat.lua),
-- until one side (or neither) has ships left (§23.9), or until a combat neither side can win
-- makes the attacker retreat (F-02, stalemate.lua). Hits are always assigned by
-- their owner, one decision per hit, among the units the hit may land on. Action cards
-- (moments.lua, ac_combat.lua) are asked at their moments: as each round begins (Morale
-- Boost, Fighter Prototype, Emergency Repairs), after a retreat is announced (Intercept),
-- before a seat assigns its hits (Shields Holding), after a Sustain Damage (Direct Hit),
-- as each round ends, after its retreat (Emergency Repairs, with Devotion and Exotrireme II)
-- and once the combat is won (Salvage). Action-phase
-- objectives (objectives.lua) are asked when a hit destroys a war sun or flagship and when
-- the combat is won. Not yet: the other abilities' moments (COVERAGE.md).
local U = require("util")
local Co = require("council")
local A = require("abilities")
local Hits = require("hits")
local Retreat = require("retreat")
local Repairs = require("repairs")
local Stalemate = require("stalemate")
local M = require("moments")
local Timing = require("timing")
local D = require("dice")
local Rerolls = require("rerolls")
local O = require("objectives")
local C = {}

local ships, non_fighters, hit_options = Hits.ships, Hits.non_fighters, Hits.options

-- §12.1: a seat's anti-fighter barrage roll (not a combat roll: no modifiers); the hits
-- it scores on the other side's fighters.
local function barrage_hits(g, seat: number, c: number): number
	local hits, dice = 0, 0
	for _, e in ipairs(ships(g, seat, c)) do
		local afb = defs.unit[g:face(e)].anti_fighter_barrage
		if afb then
			for _ = 1, afb.dice do
				dice += 1
				if g:roll(10) >= afb.hit then
					hits += 1
				end
			end
		end
	end
	if dice > 0 then
		g:log(U.text("combat.barrage", seat, dice, hits))
	end
	return hits
end

-- §12.2: a barrage hit can only land on a fighter, so Sustain Damage never takes it
-- (§87.4, digest E-04); a seat's fighters are all alike, so nothing is left to choose.
-- Excess hits are lost.
local function barrage_losses(g, seat: number, c: number, hits: number): boolean
	local lost = false
	for _ = 1, hits do
		local f = g:last({ kind = "fighter", owner = seat, cell = c })
		if not f then
			break
		end
		g:move(f, { zone = "reinforcements", seat = seat })
		g:log(U.text("combat.destroyed", seat, defs.unit[g:face(f)].name))
		lost = true
	end
	return lost
end

local function over(g, ctx): boolean
	return #ships(g, ctx.attacker, ctx.cell) == 0 or #ships(g, ctx.defender, ctx.cell) == 0
end


-- The action-phase objectives a won space combat meets (objectives.lua): Spark a
-- Rebellion when no player had more VP than the loser (`leaders`: the seats with the most,
-- read as the combat ended); Unveil Flagship when the winner's flagship is still there.
function C.won_objectives(g, winner: number, loser: number, c: number, leaders: { number }): { string }
	local ids = {}
	if table.find(leaders, loser) then
		table.insert(ids, "spark_a_rebellion")
	end
	if g:count({ kind = "flagship", owner = winner, cell = c }) > 0 then
		table.insert(ids, "unveil_flagship")
	end
	return ids
end
-- Ground forces fighting as ships (Nekro's flagship, The Alastor: faction_nekro.lua puts the
-- prop "space_combat" on them as the combat starts, and "fought_from" on those it brought
-- from a planet; hits.lua and dice.lua read the prop). Once the combat is over they are
-- ground forces again, those from a planet back on it (digest FAQ F-43: they fight to the
-- end even if the flagship is destroyed).
local function ground_forces_back(g)
	for _, e in ipairs(g:entities({ kind = U.GROUND_TYPES, has = "space_combat" })) do
		g:set_prop(e, "space_combat", nil)
	end
	for _, e in ipairs(g:entities({ kind = U.GROUND_TYPES, has = "fought_from" })) do
		local p = g:prop(e, "fought_from")
		g:set_prop(e, "fought_from", nil)
		if g:cell_of(e) and g:cell_of(p) == g:cell_of(e) then
			g:move(e, { inside = p })
		end
	end
end
C.ground_forces_back = ground_forces_back

-- Right after a ship sustained one of the other side's hits (ctx.just_sustained): the
-- "after Sustain Damage" window (Direct Hit, F-27). True when it opened.
local function sustained_window(g, ctx): boolean
	local e = ctx.just_sustained
	if not e then
		return false
	end
	ctx.just_sustained = nil
	local owner = g:owner(e) :: number
	local shooter = owner == ctx.attacker and ctx.defender or ctx.attacker
	return M.open(g, "after_sustain", { active = ctx.attacker, shooter = shooter, target = e, cell = ctx.cell })
end

-- A seat's unit was just destroyed in this combat (ctx.lost, the owner): the abilities that
-- act "after an opponent's unit is destroyed" (Nekro's Technological Singularity) are asked.
-- Returns whether one pushed a step.
local function combat_loss(g, ctx): boolean
	local seat = ctx.lost
	if not seat then
		return false
	end
	ctx.lost = nil
	local foe = seat == ctx.attacker and ctx.defender or ctx.attacker
	return A.at(g, "combat_loss", { seat = seat, foe = foe, cell = ctx.cell })
end
C.combat_loss = combat_loss

-- How many of a seat's hits this round must land on non-fighter ships: those of the units
-- of the kinds a flagship of the seat in the system names (registry flag
-- `hits_on_non_fighters`; the L1Z1X flagship [0.0.1], its card).
local function heavy_hits(g, seat: number, c: number, dice: { any }): number
	local fs = g:first({ kind = "flagship", owner = seat, cell = c })
	local h = fs and A.HOOKS[g:face(fs)]
	local kinds = h and h.flags and h.flags.hits_on_non_fighters
	if not kinds then
		return 0
	end
	local n = 0
	for _, die in ipairs(dice) do
		if die.got >= die.need and kinds[g:kind(die.unit)] then
			n += 1
		end
	end
	return n
end

-- What the hooks of a combat's timing windows know (timing.lua; abilities, notes and cards
-- read `seats`, `attacker`, `defender`, `cell`, `round`; `active` orders the seats).
local function round_info(ctx): any
	return { seats = { ctx.attacker, ctx.defender }, active = ctx.attacker, attacker = ctx.attacker,
		defender = ctx.defender, cell = ctx.cell, round = ctx.round }
end

-- ctx: attacker, defender, cell.
C.space_combat = {
	enter = function(g, ctx)
		ctx.round = 1
		ctx.stage = "start"
		ctx.sustained = {}
		-- Each combat has a number (global "combat"), for "once per combat" abilities
		-- (Technological Singularity).
		g:set_global("combat", (g:global("combat") or 0) + 1)
		-- The two seats' ships in reinforcements, by kind: what the combat destroyed is
		-- read from the difference at its end (Salvage Operations' "types destroyed").
		ctx.reinf = {}
		for _, s in ipairs({ ctx.attacker, ctx.defender }) do
			for _, k in ipairs(U.SHIP_TYPES) do
				ctx.reinf[s .. ":" .. k] = g:count({ kind = k, zone = "reinforcements", seat = s })
			end
		end
		g:log(U.text("combat.starts", ctx.attacker, ctx.defender, U.cell_label(g, ctx.cell)))
	end,
	run = function(g, ctx)
		while not U.over(g) do
			if ctx.stage ~= "done" and combat_loss(g, ctx) then
				return nil
			end
			if ctx.stage == "done" then
				return nil
			elseif ctx.stage == "start" then
				-- §23.2: the start of the combat, which is also the start of round 1, before the
				-- barrage: ONE timing window (timing.lua), each seat in turn, the attacker first
				-- (§19.19): its notes (Antivirus, War Funding), its abilities of the start and of
				-- the round's start (The Alastor, Assault Cannon, Impulse Core, Ambush,
				-- Dimensional Splicer; Arc Secundus's repair, Munitions Reserves), each resolved
				-- in full in that seat's turn, then its round-start action cards (Morale Boost,
				-- Fighter Prototype, Emergency Repairs, Skilled Retreat).
				ground_forces_back(g) -- none left over from an earlier combat
				for _, s in ipairs({ ctx.attacker, ctx.defender }) do
					Rerolls.revoke_all(g, s)
				end
				ctx.stage = "started"
				if Timing.open(g, "space_combat_start", round_info(ctx)) then
					return nil
				end
			elseif ctx.stage == "started" then
				-- A side left with no ships (or moved out by Skilled Retreat) ends it at once.
				ctx.stage = over(g, ctx) and "end" or "barrage"
			elseif ctx.stage == "barrage" then
				-- §23.3: both sides' barrage at once: both roll, then the fighters go.
				local a = barrage_hits(g, ctx.attacker, ctx.cell)
				local d = barrage_hits(g, ctx.defender, ctx.cell)
				if barrage_losses(g, ctx.defender, ctx.cell, a) then
					ctx.lost = ctx.defender
				end
				if barrage_losses(g, ctx.attacker, ctx.cell, d) then
					ctx.lost = ctx.lost or ctx.attacker
				end
				ctx.stage = over(g, ctx) and "end" or "announce"
			elseif ctx.stage == "announce" then
				-- §23.4: each round starts with retreats announced, the defender first; once
				-- the defender announces, the attacker cannot this round.
				if ctx.traded ~= ctx.round then
					-- TI4 §96.1: a transaction may happen mid-combat; the active player (the
					-- attacker) and the seats it may trade with are asked as each round begins
					-- (transactions.lua; nothing is asked when no pair can trade).
					ctx.traded = ctx.round
					if require("transactions").open_midturn(g, ctx.attacker) then
						return nil
					end
				end
				if not ctx.asked then
					-- As each round from the second begins (§19.13, §19.19): one timing window
					-- (timing.lua) in which each seat in turn, the attacker first, is offered its
					-- notes and abilities (War Funding; Arc Secundus's repair, Munitions Reserves:
					-- rerolls this round) and its "start of a combat round" action cards. Round
					-- 1's were offered with the start of the combat (§23.2, stage "start").
					ctx.asked = {}
					if ctx.round > 1 then
						for _, s in ipairs({ ctx.attacker, ctx.defender }) do
							Rerolls.revoke_all(g, s)
						end
						if Timing.open(g, "combat_round", round_info(ctx)) then
							return nil
						end
					end
				end
				if over(g, ctx) then
					-- A card moved one side out (Skilled Retreat): no round is fought.
					ctx.asked = nil
					ctx.stage = "end"
					continue
				end
				if ctx.stalemate_checked ~= ctx.round then
					-- F-02: a combat neither side can ever win (stalemate.lua, asked once the
					-- round-start repairs are done): the attacker must retreat, announced for it
					-- (the defender is then not asked, §23.4), carried out in step 5 as any
					-- retreat; with nowhere to go, its units are removed (retreat.lua).
					ctx.stalemate_checked = ctx.round
					if Stalemate.unwinnable(g, ctx.attacker, ctx.defender, ctx.cell) then
						g:log(U.text("combat.stalemate", ctx.attacker))
						if not Retreat.can_retreat(g, ctx.attacker, ctx.cell) then
							Retreat.remove_stranded(g, ctx.attacker, ctx.cell)
							ctx.asked = nil
							ctx.stage = "end"
							continue
						end
						ctx.retreating, ctx.retreat_moment = ctx.attacker, true
						g:log(U.text("retreat.announced", ctx.attacker))
					end
				end
				if ctx.retreat_moment then
					-- Intercept: right after a retreat is announced, its opponent may stop it.
					ctx.retreat_moment = nil
					local foe = ctx.retreating == ctx.attacker and ctx.defender or ctx.attacker
					if M.open(g, "retreat_announced", { active = ctx.attacker, seat = foe, retreater = ctx.retreating }) then
						return nil
					end
				end
				if g:global("card_no_retreat") then
					g:set_global("card_no_retreat", nil)
					g:log(U.text("combat.retreat_stopped", ctx.retreating))
					ctx.retreating = nil
					ctx.intercepted = true
				end
				for _, seat in ipairs({ ctx.defender, ctx.attacker }) do
					if ctx.retreating == nil and not ctx.intercepted and not ctx.asked[tostring(seat)] then
						ctx.asked[tostring(seat)] = true
						if Retreat.can_retreat(g, seat, ctx.cell) then
							ctx.announcing = seat
							return { seat = seat, prompt = U.text("retreat.announce_prompt", ctx.round), rule = "TI4 §23.4",
								help = U.text("retreat.announce_help"), options = { { label = U.text("retreat.announce"), value = "retreat" } },
								pass = U.text("retreat.stay") }
						end
					end
				end
				ctx.asked = nil
				ctx.intercepted = nil
				ctx.stage = "roll"
			elseif ctx.stage == "roll" then
				-- §23.5: the attacker rolls all its dice and resolves its rerolls, then the
				-- defender (+1 to each of its rolls in a nebula, §69.3). Each seat is asked
				-- "which dice to reroll?" once per ability that lets it (dice.lua: Munitions
				-- Reserves, War Funding, then The Crown of Thalnos, §86.3), before any other
				-- ability reads the dice; then the hits are counted.
				ctx.dice, ctx.chose = ctx.dice or {}, ctx.chose or {}
				for _, seat in ipairs({ ctx.attacker, ctx.defender }) do
					local k = tostring(seat)
					if not ctx.dice[k] then
						local bonus = (seat == ctx.defender and g:terrain(ctx.cell) == "nebula") and 1 or 0
						ctx.dice[k] = D.space(g, seat, ctx.cell, bonus)
						ctx.chose[k] = {}
					end
					local q, source = D.question(g, seat, ctx.dice[k], ctx.chose[k])
					if q then
						ctx.rerolling, ctx.reroll_source = seat, source
						return q
					end
				end
				local ad, dd = ctx.dice[tostring(ctx.attacker)], ctx.dice[tostring(ctx.defender)]
				local a, an = D.hits(ad)
				local d, dn = D.hits(dd)
				g:log(U.text("combat.rolls", ctx.round, ctx.attacker, #ad, a, ctx.defender, #dd, d))
				-- hits each seat must assign (scored by its opponent)
				ctx.to_assign = { [tostring(ctx.defender)] = a, [tostring(ctx.attacker)] = d }
				-- Of those, the hits that must land on non-fighter ships (a flagship's rule:
				-- the L1Z1X flagship [0.0.1], for its own and its dreadnoughts' hits).
				ctx.non_fighter_hits = { [tostring(ctx.defender)] = heavy_hits(g, ctx.attacker, ctx.cell, ad),
					[tostring(ctx.attacker)] = heavy_hits(g, ctx.defender, ctx.cell, dd) }
				ctx.near = { [tostring(ctx.attacker)] = an, [tostring(ctx.defender)] = dn }
				ctx.dice, ctx.chose = nil, nil
				ctx.sustained = {}
				ctx.stage = "boost"
			elseif ctx.stage == "boost" then
				-- Hacan's flagship, Wrath of Kenara (abilities.lua flag "buy_roll_bonus"): +1
				-- on a die for a trade good, in its system; only a die that missed by 1 gains.
				for _, seat in ipairs({ ctx.defender, ctx.attacker }) do
					local k = tostring(seat)
					local most = math.min(ctx.near[k] or 0, g:get(seat, "tg") or 0)
					if most > 0 and A.any(g, seat, "buy_roll_bonus") and g:count({ kind = "flagship", owner = seat, cell = ctx.cell }) > 0 then
						ctx.boosting = seat
						return { seat = seat, kind = "number", min = 0, max = most, prompt = U.text("combat.boost_prompt", most),
							rule = "TI4 §98, §64", help = U.text("combat.boost_help") }
					end
				end
				ctx.shields_asked = {}
				ctx.stage = "assign"
			elseif ctx.stage == "assign" then
				-- Courageous to the End: right after a seat's ship is destroyed.
				if ctx.just_destroyed then
					local info = ctx.just_destroyed
					ctx.just_destroyed = nil
					if M.open(g, "ship_destroyed", info) then
						return nil
					end
				end
				for _, seat in ipairs({ ctx.defender, ctx.attacker }) do
					local n = g:global("card_destroy_" .. seat)
					if n then
						g:set_global("card_destroy_" .. seat, nil)
						ctx.destroy = ctx.destroy or {}
						ctx.destroy[tostring(seat)] = (ctx.destroy[tostring(seat)] or 0) + n
					end
					if ctx.destroy and (ctx.destroy[tostring(seat)] or 0) > 0 then
						if #ships(g, seat, ctx.cell) > 0 then
							ctx.assigning, ctx.destroying = seat, true
							return { seat = seat, prompt = U.text("combat.courage_prompt"), rule = "TI4 §1, Courageous to the End",
								help = U.text("combat.courage_help"), options = hit_options(g, seat, ctx.cell, false, true) }
						end
						ctx.destroy[tostring(seat)] = 0
					end
				end
				-- Direct Hit: right after a ship sustained one of the other side's hits.
				if sustained_window(g, ctx) then
					return nil
				end
				for _, seat in ipairs({ ctx.defender, ctx.attacker }) do
					local left = ctx.to_assign[tostring(seat)]
					-- Shields Holding: before a seat assigns its hits (once per round).
					if left > 0 and #ships(g, seat, ctx.cell) > 0 and not ctx.shields_asked[tostring(seat)] then
						ctx.shields_asked[tostring(seat)] = true
						if M.open(g, "assign_hits", { active = ctx.attacker, seat = seat, hits = left, cell = ctx.cell }) then
							return nil
						end
					end
					local cancel = g:global("card_cancel_hits_" .. seat)
					if cancel then
						g:set_global("card_cancel_hits_" .. seat, nil)
						left = math.max(0, left - cancel)
						ctx.to_assign[tostring(seat)] = left
						g:log(U.text("combat.hits_cancelled", seat, cancel))
					end
					if left > 0 and #ships(g, seat, ctx.cell) > 0 then
						ctx.assigning = seat
						local heavy = ctx.non_fighter_hits and (ctx.non_fighter_hits[tostring(seat)] or 0) > 0 and #non_fighters(g, seat, ctx.cell) > 0
						return { seat = seat, prompt = U.text("combat.assign_prompt", left), rule = "TI4 §23.6, §87",
							help = U.text("combat.assign_help"), options = hit_options(g, seat, ctx.cell, heavy) }
					end
				end
				ctx.repaired = {}
				ctx.stage = "repair"
			elseif ctx.stage == "repair" then
				-- Duranium Armor (repairs.lua): each owner repairs one damaged unit that did not
				-- sustain damage this round, choosing which when several kinds could be.
				for _, seat in ipairs({ ctx.attacker, ctx.defender }) do
					local k = tostring(seat)
					if not ctx.repaired[k] then
						local faces = Repairs.duranium_faces(g, seat, ctx.cell, ctx.sustained)
						if #faces > 1 then
							ctx.repairing = seat
							return Repairs.duranium_question(g, seat, faces)
						end
						ctx.repaired[k] = true
						if #faces == 1 then
							Repairs.duranium(g, seat, ctx.cell, ctx.sustained, faces[1])
						end
					end
				end
				ctx.repaired = nil
				ctx.stage = "retreat"
			elseif ctx.stage == "retreat" then
				-- §23.7: an announced retreat, unless the opponent has no ships left.
				local seat = ctx.retreating
				if seat and ctx.retreat_dest then
					-- §23.7: the owner chooses what its ships carry and, with no command token
					-- in reinforcements, the pool the token comes from.
					local low, high = Retreat.carry_range(g, seat, ctx.cell)
					if low and ctx.retreat_ground == nil then
						return { seat = seat, kind = "number", min = low, max = high, prompt = U.text("retreat.carry_prompt", high),
							rule = "TI4 §23.7", help = U.text("retreat.carry_help") }
					end
					local pools = Retreat.token_pools(g, seat, ctx.retreat_dest)
					if #pools > 1 and ctx.retreat_pool == nil then
						local options = {}
						for _, pool in ipairs(pools) do
							table.insert(options, { label = U.text("pool." .. pool), value = pool })
						end
						return { seat = seat, prompt = U.text("retreat.pool_prompt"), rule = "TI4 §23.7", help = U.text("retreat.pool_help"), options = options }
					end
					Retreat.execute(g, seat, ctx.cell, ctx.retreat_dest, ctx.retreat_ground, ctx.retreat_pool or pools[1])
					ctx.retreating, ctx.retreat_dest, ctx.retreat_ground, ctx.retreat_pool = nil, nil, nil, nil
					seat = nil
				end
				if seat and not over(g, ctx) and #Retreat.destinations(g, seat, ctx.cell) > 0 then
					return { seat = seat, prompt = U.text("retreat.where_prompt"), rule = "TI4 §23.7",
						help = U.text("retreat.where_help"), options = Retreat.options(g, seat, ctx.cell) }
				end
				ctx.retreating = nil
				if ctx.round_ended ~= ctx.round then
					-- The round's last step (§23.7) done, before the next round or the combat's
					-- end: one timing window (timing.lua, §19.19, the attacker first) for "after
					-- a round of space combat" (Exotrireme II, Yin's Devotion) and "at the end of
					-- a combat round" (Emergency Repairs): a retreating side has gone by then.
					ctx.round_ended = ctx.round
					if Timing.open(g, "combat_round_end", round_info(ctx)) then
						return nil
					end
				end
				if over(g, ctx) then
					ctx.stage = "end"
				else
					ctx.round += 1
					ctx.stage = "announce" -- §23.8
				end
			else
				-- §23.9-10: the end; excess fighters and ground forces are removed (§18.3).
				for _, s in ipairs({ ctx.attacker, ctx.defender }) do
					Rerolls.revoke_all(g, s)
				end
				local a, d = #ships(g, ctx.attacker, ctx.cell), #ships(g, ctx.defender, ctx.cell)
				-- Who leads on VP as the combat ends, before winning changes any (Shard of the Throne).
				local leaders = U.vp_leaders(g)
				-- The Alastor's ground forces are ground forces again, once they have counted
				-- for the winner.
				ground_forces_back(g)
				local draw = g:global("card_combat_draw")
				if draw then
					-- Skilled Retreat (ac_combat.lua): the combat ends in a draw.
					g:set_global("card_combat_draw", nil)
					a, d = 0, 0
					g:log(U.text("combat.skilled_draw", U.cell_label(g, ctx.cell)))
				elseif a > 0 then
					g:log(U.text("combat.won", ctx.attacker, U.cell_label(g, ctx.cell)))
					Co.combat_won(g, ctx.attacker, ctx.defender)
				elseif d > 0 then
					g:log(U.text("combat.won", ctx.defender, U.cell_label(g, ctx.cell)))
					Co.combat_won(g, ctx.defender, ctx.attacker)
				else
					g:log(U.text("combat.draw", U.cell_label(g, ctx.cell)))
				end
				ctx.stage = "done"
				g:push("remove_excess", { seat = ctx.defender, cell = ctx.cell })
				g:push("remove_excess", { seat = ctx.attacker, cell = ctx.cell })
				-- "After a space combat" abilities (Salvage Operations): the seats, the winner
				-- (nil on a draw) and the ship kinds destroyed in it (either side).
				local destroyed, seen = {}, {}
				for _, s in ipairs({ ctx.attacker, ctx.defender }) do
					for _, k in ipairs(U.SHIP_TYPES) do
						if not seen[k] and g:count({ kind = k, zone = "reinforcements", seat = s }) > (ctx.reinf[s .. ":" .. k] or 0) then
							seen[k] = true
							table.insert(destroyed, k)
						end
					end
				end
				-- One timing window (timing.lua, §19.19), the attacker first, before the removals:
				-- "after a space combat" abilities (Salvage Operations) and, when there is a
				-- winner, "after you win a space combat" action cards (Salvage).
				local winner = (a > 0 and ctx.attacker) or (d > 0 and ctx.defender) or nil
				local loser = winner and (winner == ctx.attacker and ctx.defender or ctx.attacker) or nil
				Timing.open(g, "combat_end", { seats = { ctx.defender, ctx.attacker }, cell = ctx.cell, winner = winner, loser = loser,
					destroyed = destroyed, active = ctx.attacker }, winner == nil)
				if winner and loser then
					-- Pushed last, so asked first: scored as the combat is won (§71.5).
					O.met(g, winner, C.won_objectives(g, winner, loser, ctx.cell, leaders), "space")
				end
				return nil
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		if ctx.stage == "roll" then
			D.reroll(g, ctx.rerolling, ctx.dice[tostring(ctx.rerolling)], v, ctx.reroll_source)
			ctx.rerolling, ctx.reroll_source = nil, nil
			return
		elseif ctx.stage == "repair" then
			Repairs.duranium(g, ctx.repairing, ctx.cell, ctx.sustained, v)
			ctx.repaired[tostring(ctx.repairing)] = true
			ctx.repairing = nil
			return
		elseif ctx.stage == "boost" then
			local seat = ctx.boosting
			ctx.near[tostring(seat)] = 0
			if v > 0 then
				g:add(seat, "tg", -v)
				local other = tostring(seat == ctx.attacker and ctx.defender or ctx.attacker)
				ctx.to_assign[other] += v
				g:log(U.text("combat.boosted", seat, v))
			end
			return
		elseif ctx.stage == "announce" then
			if v then
				ctx.retreating = ctx.announcing
				ctx.retreat_moment = true
				g:log(U.text("retreat.announced", ctx.announcing))
			end
			ctx.announcing = nil
			return
		elseif ctx.stage == "retreat" then
			if ctx.retreat_dest == nil then
				ctx.retreat_dest = v -- carried out in run (what goes, the token's pool)
			elseif type(v) == "number" and ctx.retreat_ground == nil and Retreat.carry_range(g, ctx.retreating, ctx.cell) then
				ctx.retreat_ground = v
			else
				ctx.retreat_pool = v
			end
			return
		end
		local seat = ctx.assigning
		-- Every hit or forced loss here is the opponent's doing (for objectives.lua).
		local foe = seat == ctx.attacker and ctx.defender or ctx.attacker
		if string.sub(v, 1, 1) ~= "s" then
			ctx.lost = seat -- a unit destroyed (combat_loss)
		end
		if ctx.destroying then
			ctx.destroying = nil
			ctx.destroy[tostring(seat)] -= 1
			Hits.apply(g, seat, ctx.cell, v, foe)
			return
		end
		local n, e = Hits.apply(g, seat, ctx.cell, v, foe)
		if string.sub(v, 1, 1) == "s" then
			ctx.sustained[tostring(e)] = true
			ctx.just_sustained = e
		else
			ctx.just_destroyed = { active = ctx.attacker, seat = seat, foe = foe, face = g:face(e), cell = ctx.cell }
		end
		ctx.to_assign[tostring(seat)] = math.max(0, ctx.to_assign[tostring(seat)] - n)
		if ctx.non_fighter_hits then
			local k = tostring(seat)
			ctx.non_fighter_hits[k] = math.min(ctx.to_assign[k], math.max(0, (ctx.non_fighter_hits[k] or 0) - n))
		end
	end,
}


return C

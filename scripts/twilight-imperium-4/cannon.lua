--!strict
-- Twilight Imperium 4: Space Cannon (TI4 §17): the dice a seat fires, with the
-- technologies that change them, and Space Cannon offense after movement (§17.2-17.5).
-- Space Cannon defense is fought during the invasion (invasion.lua) with these dice.
-- Maneuvering Jets (ac_combat.lua) is asked before offense hits are assigned.
local U = require("util")
local Hits = require("hits")
local M = require("moments")
local O = require("objectives")
local K = {}

local ships, non_fighters, hit_options = Hits.ships, Hits.non_fighters, Hits.options

-- §17.3: a seat's Space Cannon dice against the active system `c`: its units with
-- Space Cannon on the planets there, and with PDS II (deep space cannon) those of the
-- adjacent systems too; ships with Space Cannon likewise from the space area. Returns the hit value of each die, as a list; Plasma Scoring
-- adds one die to the roll (to the best of the firing units; §3.3 FAQ: one per roll).
function K.cannon_dice(g, seat: number, c: number): { number }
	local out = {}
	local cells = { c }
	for _, n in ipairs(require("objectives").adjacent(g, c)) do
		table.insert(cells, n)
	end
	-- A unit's dice: it fires in the active system, and next to it when it reaches
	-- adjacent systems (PDS II; TI4 §17.3).
	local function fire(e: number, in_active: boolean)
		local def = defs.unit[g:face(e)]
		if def.space_cannon and (in_active or def.space_cannon_reaches_adjacent) then
			for _ = 1, def.space_cannon.dice do
				table.insert(out, def.space_cannon.hit)
			end
		end
	end
	for i, cell in ipairs(cells) do
		for _, p in ipairs(g:entities({ kind = "planet", cell = cell })) do
			for _, e in ipairs(g:entities({ kind = "pds", owner = seat, inside = p })) do
				fire(e, i == 1)
			end
		end
		-- Ships with Space Cannon in the space area (TI4 §17.3; Xxcha's flagship, its card).
		for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = cell })) do
			fire(e, i == 1)
		end
	end
	return K.plasma(g, seat, out)
end

-- Plasma Scoring (technology; §3.3 FAQ, digest F-04): one more die for a Bombardment
-- or Space Cannon roll, rolled as one of the firing units (here the one hitting best).
function K.plasma(g, seat: number, dice: { number }): { number }
	if #dice > 0 and U.has_tech(g, seat, "plasma_scoring") then
		local best = dice[1]
		for _, v in ipairs(dice) do
			best = math.min(best, v)
		end
		table.insert(dice, best)
	end
	return dice
end

-- Rolls Space Cannon dice at `target`'s units: Antimass Deflectors (technology) takes 1
-- off each die rolled at its owner's units.
function K.roll_cannon(g, dice: { number }, target: number): number
	local mod = U.has_tech(g, target, "antimass_deflectors") and -1 or 0
	local hits = 0
	for _, value in ipairs(dice) do
		if g:roll(10) + mod >= value then
			hits += 1
		end
	end
	return hits
end

-- TI4 §17.2-17.5: Space Cannon offense after the ships moved: from the active seat
-- clockwise, each seat may fire; the others at the active seat's ships, the active seat at
-- the ships of one other seat it chooses. The target assigns each hit to one of its
-- ships (or Sustain Damage); with Graviton Laser System exhausted by the firer, to
-- non-fighter ships while it has any. ctx: seat (active), cell.
K.space_cannon = {
	enter = function(g, ctx)
		-- `only_hits`: hits already rolled elsewhere (Experimental Battlestation) to assign.
		ctx.order = ctx.only_hits and {} or U.clockwise(g, ctx.seat)
		ctx.i = 0
	end,
	run = function(g, ctx)
		while not U.over(g) do
			-- Direct Hit (ac_combat.lua): right after a ship sustained a Space Cannon hit; the
			-- card answers a hit "produced by your units or abilities", not only combat rolls
			-- (FAQ, digest F-27).
			if ctx.just_sustained then
				local e = ctx.just_sustained
				ctx.just_sustained = nil
				local shooter = ctx.shooter or ctx.firing
				if shooter and M.open(g, "after_sustain", { active = ctx.seat, shooter = shooter, target = e, cell = ctx.cell }) then
					return nil
				end
			end
			if ctx.target and (ctx.hits or 0) > 0 and #ships(g, ctx.target, ctx.cell) > 0 and not ctx.jets_asked then
				-- Maneuvering Jets (ac_combat.lua): before these hits are assigned.
				ctx.jets_asked = true
				if M.open(g, "cannon_hits", { active = ctx.seat, seat = ctx.target, hits = ctx.hits }) then
					return nil
				end
			end
			if ctx.target then
				local cancel = g:global("card_cancel_hits_" .. ctx.target)
				if cancel then
					g:set_global("card_cancel_hits_" .. ctx.target, nil)
					ctx.hits = math.max(0, (ctx.hits or 0) - cancel)
					g:log(U.text("combat.hits_cancelled", ctx.target, cancel))
				end
			end
			if ctx.target and (ctx.hits or 0) > 0 and #ships(g, ctx.target, ctx.cell) > 0 then
				ctx.assigning = ctx.target
				local strict = ctx.graviton and #non_fighters(g, ctx.target, ctx.cell) > 0
				return { seat = ctx.target, prompt = U.text("combat.assign_prompt", ctx.hits), rule = "TI4 §17.5, §87",
					help = U.text("combat.assign_help"), options = hit_options(g, ctx.target, ctx.cell, strict) }
			end
			ctx.target, ctx.hits, ctx.graviton = nil, 0, nil
			ctx.i += 1
			local s = ctx.order[ctx.i]
			if s == nil then
				return nil
			end
			local targets = {}
			if s ~= ctx.seat then
				if #ships(g, ctx.seat, ctx.cell) > 0 then
					targets = { ctx.seat }
				end
			else
				for _, o in ipairs(g:owners({ kind = U.SHIP_TYPES, cell = ctx.cell })) do
					if o ~= s then
						table.insert(targets, o)
					end
				end
			end
			local dice = K.cannon_dice(g, s, ctx.cell)
			if #targets > 0 and #dice > 0 and not ctx.traded then
				-- TI4 §96.1: a transaction may happen at any point of the turn; the active
				-- player and the seats it may trade with are asked once, before the first
				-- Space Cannon fires (transactions.lua; nothing is asked when no pair can
				-- trade). This seat is asked to fire after it.
				ctx.traded = true
				ctx.i -= 1
				if require("transactions").open_midturn(g, ctx.seat) then
					return nil
				end
				ctx.i += 1
			end
			if #targets > 0 and #dice > 0 then
				ctx.firing = s
				local options = {}
				local graviton = U.ready_tech(g, s, "graviton_laser_system") ~= nil
				for _, t in ipairs(targets) do
					local at = #targets > 1 and U.text("combat.cannon_at", t) or ""
					table.insert(options, { label = U.text("combat.cannon_fire") .. at, value = "fire:" .. t })
					if graviton then
						table.insert(options, { label = U.text("combat.cannon_fire_graviton") .. at, value = "graviton:" .. t })
					end
				end
				local prompt = #targets > 1 and U.text("combat.cannon_prompt_choose", #dice) or U.text("combat.cannon_prompt", #dice, targets[1])
				return { seat = s, prompt = prompt, rule = "TI4 §17.3, §17.5",
					help = U.text("combat.cannon_help"), options = options, pass = U.text("combat.cannon_hold") }
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		if ctx.assigning then
			local seat = ctx.assigning
			ctx.assigning = nil
			local shooter = ctx.shooter or ctx.firing
			local n, e = Hits.apply(g, seat, ctx.cell, v, shooter)
			ctx.hits = math.max(0, ctx.hits - n)
			if string.sub(v, 1, 2) == "s:" then
				ctx.just_sustained = e
			elseif shooter and #ships(g, seat, ctx.cell) == 0 then
				-- Turn Their Fleets to Dust: this Space Cannon hit destroyed the seat's last ship
				-- here. A Direct Hit (its own effect) or fighters later lost to capacity do not
				-- meet it (FAQ, digest F-12).
				O.met(g, shooter, { "turn_their_fleets_to_dust" }, "space")
			end
			return
		end
		if v then
			local how, aim = string.match(v, "^(%a+):(%d+)$")
			ctx.aim = tonumber(aim)
			if how == "graviton" then
				g:set_prop(U.ready_tech(g, ctx.firing, "graviton_laser_system"), "exhausted", true)
				g:log(U.text("combat.graviton", ctx.firing))
				ctx.graviton = true
			end
			local dice = K.cannon_dice(g, ctx.firing, ctx.cell)
			local hits = K.roll_cannon(g, dice, ctx.aim)
			g:log(U.text("combat.cannon_fired", ctx.firing, #dice, hits, ctx.aim))
			ctx.target, ctx.hits = ctx.aim, hits
			ctx.jets_asked = nil
		end
	end,
}


return K

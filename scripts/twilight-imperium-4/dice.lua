--!strict
-- Twilight Imperium 4: combat dice kept one record per die (TI4 §22, §23.5, §24.2):
-- the unit that rolled it, the value it needs (its combat value less the roll's
-- modifiers) and the number it shows. A count of hits would be enough to assign them;
-- the records are what a reroll chosen by the player needs (TI4 §86: "which of your
-- dice?") and what a rule about "the unit that did not produce a hit" reads (law The
-- Crown of Thalnos).
--
-- Rerolls: the automatic ones stay where they are (Munitions Reserves and War Funding
-- when space combat dice are rolled, Fire Team in invasion.lua: each rerolls every
-- missed die, which is all a player would choose). The chosen reroll (`D.choice`,
-- `D.reroll`) comes after them (§86.3) and may reroll the same die again, being a
-- different ability (§86.2). Space combat (combat.lua) and ground combat (invasion.lua)
-- ask it right after both sides' dice are rolled and rerolled, before any other ability
-- reads them (Wrath of Kenara, the hits' assignment).
local U = require("util")
local Co = require("council")
local A = require("abilities")
local D = {}

-- One combat die: the unit that rolled it, the number it needs (a hit on `got >= need`),
-- the number it shows (1-10, before modifiers), and the extra hits a 9 or 10 scores
-- (Jol-Nar's flagship, J.N.S. Hylarim: 2).
export type Die = { unit: number, need: number, got: number, extra: number? }

-- §22, §23.5: a seat's space combat dice in a system, one per combat die of each ship.
-- Modifiers: the seat's abilities (Jol-Nar's Fragile: -1, data), `bonus` (§69.3: the
-- nebula defender's +1), Morale Boost (ac_combat.lua) for this round, Fighter Prototype
-- (fighters only) and Prophecy of Ixth (Co.roll_bonus). A seat allowed to reroll this
-- round (global "rerolls_<seat>": Munitions Reserves, War Funding) rerolls each die that
-- missed, once, as it is rolled.
function D.space(g, seat: number, c: number, bonus: number): { Die }
	local card = g:global("card_roll_bonus_" .. seat) or 0
	g:set_global("card_roll_bonus_" .. seat, nil)
	local fighter_bonus = g:global("card_fighter_bonus_" .. seat) or 0
	g:set_global("card_fighter_bonus_" .. seat, nil)
	local mod = A.sum(g, seat, "combat_roll") + bonus + card
	local reroll = g:global("rerolls_" .. seat) == true
	local dice = {}
	local ships = g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })
	-- A unit's bonus to its owner's other ships in its system (units.ron `combat_roll_others`:
	-- the N'orr flagship, C'Morran N'orr, its card, TI4 §98).
	local function others(def): number
		local n = 0
		for _, m in ipairs(def.modifiers) do
			if m.what == "combat_roll_others" then
				n += m.amount
			end
		end
		return n
	end
	local aura = 0
	for _, e in ipairs(ships) do
		aura += others(defs.unit[g:face(e)])
	end
	local units = table.clone(ships)
	-- Ground forces fighting as ships (Nekro's flagship, The Alastor; combat.lua).
	for _, e in ipairs(g:entities({ kind = U.GROUND_TYPES, owner = seat, cell = c, has = "space_combat" })) do
		table.insert(units, e)
	end
	for _, e in ipairs(units) do
		local def = defs.unit[g:face(e)]
		if def.combat then
			local fighters = g:kind(e) == "fighter" and fighter_bonus or 0
			local need = def.combat - mod - fighters - Co.roll_bonus(g, seat, def) - (aura - others(def))
			local extra = g:face(e) == "jol_nar_flagship" and 2 or nil
			local n = def.combat_dice
			-- A unit rolling one die per non-fighter ship of its opponents in the system
			-- (unit flag; Winnu's flagship, its card). F-36: ground forces fighting as ships
			-- (The Alastor's, prop `space_combat`) are such ships too, a die each.
			if A.unit_flag(g:face(e), "dice_per_opponent_non_fighter") then
				n = 0
				for _, o in ipairs(g:entities({ kind = U.SHIP_TYPES, cell = c })) do
					if g:owner(o) ~= seat and g:kind(o) ~= "fighter" then
						n += 1
					end
				end
				for _, o in ipairs(g:entities({ kind = U.GROUND_TYPES, cell = c, has = "space_combat" })) do
					if g:owner(o) ~= seat then
						n += 1
					end
				end
			end
			for _ = 1, n do
				local got = g:roll(10)
				if reroll and got < need then
					got = g:roll(10)
				end
				table.insert(dice, { unit = e, need = need, got = got, extra = extra })
			end
		end
	end
	return dice
end

-- The hits a seat's dice score, and how many missed by exactly 1 (Hacan's flagship may
-- buy +1 on those).
function D.hits(dice: { Die }): (number, number)
	local hits, near = 0, 0
	for _, d in ipairs(dice) do
		if d.got >= d.need then
			hits += 1
		elseif d.got == d.need - 1 then
			near += 1
		end
		if d.extra and d.got >= 9 then
			hits += d.extra
		end
	end
	return hits, near
end

-- Law The Crown of Thalnos (TI4 §86): the question to `seat` about its combat dice just
-- rolled, "which of them to reroll?", or nil when it may not choose (it does not own the
-- law, or rolled no dice). Any number of them, none included; each label reads
-- "Dreadnought: rolled 3, needs 5" and the value is the die's index.
function D.choice(g, seat: number, dice: { Die }?): any
	if not dice or #dice == 0 or not Co.rerolls_any(g, seat) then
		return nil
	end
	local options = {}
	for i, d in ipairs(dice) do
		table.insert(options, { label = U.text("dice.die", U.unit_name(g:face(d.unit)), d.got, d.need), value = i })
	end
	return { seat = seat, kind = "many", min = 0, max = #options, prompt = U.text("dice.reroll_prompt"),
		rule = "TI4 §86; The Crown of Thalnos", help = U.text("dice.reroll_help"), options = options }
end

-- Rerolls the chosen dice of `seat` once each (§86.1: the new number replaces the old;
-- §86.2: a die chosen twice is still rerolled once), then the law's price: each unit with
-- a rerolled die and no hit among its rerolled dice is destroyed (to reinforcements; its
-- dice already rolled still count). Returns how many units were destroyed.
function D.reroll(g, seat: number, dice: { Die }, chosen: { number }): number
	local rerolled, scored, order, done = {}, {}, {}, {}
	local n = 0
	for _, i in ipairs(chosen) do
		local d = dice[i]
		if d and not done[i] then
			done[i] = true
			n += 1
			d.got = g:roll(10)
			local k = tostring(d.unit)
			if not rerolled[k] then
				rerolled[k] = true
				table.insert(order, d.unit)
			end
			scored[k] = scored[k] or d.got >= d.need
		end
	end
	if n == 0 then
		return 0
	end
	g:log(U.text("dice.rerolled", seat, n))
	local lost = 0
	for _, e in ipairs(order) do
		if not scored[tostring(e)] then
			g:set_prop(e, "damaged", nil)
			g:move(e, { zone = "reinforcements", seat = seat })
			g:log(U.text("dice.destroyed", seat, U.unit_name(g:face(e))))
			A.destroyed(g, e)
			lost += 1
		end
	end
	return lost
end

return D

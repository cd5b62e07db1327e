--!strict
-- Twilight Imperium 4: combat dice kept one record per die (TI4 §22, §23.5, §24.2):
-- the unit that rolled it, the value it needs (its combat value less the roll's
-- modifiers) and the number it shows. A count of hits would be enough to assign them;
-- the records are what a reroll chosen by the player needs (TI4 §86: "which of your
-- dice?") and what a rule about "the unit that did not produce a hit" reads (law The
-- Crown of Thalnos).
--
-- Rerolls are one mechanism: once a seat has rolled, it is asked "which of your dice to
-- reroll?" once for each ability that lets it (`D.question`, then `D.reroll` with the
-- answer): first the rights granted for this roll (rerolls.lua: Munitions Reserves, War
-- Funding, Fire Team), then the law The Crown of Thalnos (§86.3: after the other rerolls,
-- before anything else reads the dice), which may reroll a die another ability already
-- rerolled (§86.2). Space combat (combat.lua) asks right after each seat's roll, the
-- attacker's first (§23.5); ground combat (invasion.lua) once both sides have rolled and
-- Fire Team's moment has passed.
local U = require("util")
local Co = require("council")
local A = require("abilities")
local Rerolls = require("rerolls")
local Hits = require("hits")
local D = {}

-- One combat die: the unit that rolled it, the number it needs (a hit on `got >= need`),
-- the number it shows (1-10, before modifiers), and the extra hits a 9 or 10 scores
-- (Jol-Nar's flagship, J.N.S. Hylarim: 2).
export type Die = { unit: number, need: number, got: number, extra: number? }

-- The seat's units that roll in a space combat in `c` are the ones hits land on
-- (hits.lua `ships`): its ships, and its ground forces fighting as ships (The Alastor).
local fighting_units = Hits.ships

-- How many space combat dice unit `e` of `seat` rolls in `c`: its card's, or one per
-- non-fighter ship of its opponents in the system for a unit with that flag (Winnu's
-- flagship, its card, and FAQ F-36).
local function dice_of(g, seat: number, c: number, e: number): number
	if not A.unit_flag(g:face(e), "dice_per_opponent_non_fighter") then
		return defs.unit[g:face(e)].combat_dice
	end
	local n = 0
	for _, o in ipairs(g:entities({ kind = U.SHIP_TYPES, cell = c })) do
		if g:owner(o) ~= seat and g:kind(o) ~= "fighter" then
			n += 1
		end
	end
	-- F-36: ground forces fighting as ships (The Alastor's, prop `space_combat`) are such
	-- ships too, a die each.
	for _, o in ipairs(g:entities({ kind = U.GROUND_TYPES, cell = c, has = "space_combat" })) do
		if g:owner(o) ~= seat then
			n += 1
		end
	end
	return n
end

-- The extra hits a die of unit `e` scores on a 9 or 10 (Jol-Nar's flagship, J.N.S. Hylarim: 2).
local function extra_hits(g, e: number): number?
	return g:face(e) == "jol_nar_flagship" and 2 or nil
end

-- §22, §23.5: a seat's space combat dice in a system, one per combat die of each ship.
-- Modifiers: the seat's abilities (Jol-Nar's Fragile: -1, data), `bonus` (§69.3: the
-- nebula defender's +1), Morale Boost (ac_combat.lua) for this round, Fighter Prototype
-- (fighters only) and Prophecy of Ixth (Co.roll_bonus). Rerolls come after (D.question).
function D.space(g, seat: number, c: number, bonus: number): { Die }
	local card = g:global("card_roll_bonus_" .. seat) or 0
	g:set_global("card_roll_bonus_" .. seat, nil)
	local fighter_bonus = g:global("card_fighter_bonus_" .. seat) or 0
	g:set_global("card_fighter_bonus_" .. seat, nil)
	local mod = A.sum(g, seat, "combat_roll") + bonus + card
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
	for _, e in ipairs(fighting_units(g, seat, c)) do
		local def = defs.unit[g:face(e)]
		if def.combat then
			local fighters = g:kind(e) == "fighter" and fighter_bonus or 0
			local need = def.combat - mod - fighters - Co.roll_bonus(g, seat, def) - (aura - others(def))
			for _ = 1, dice_of(g, seat, c, e) do
				table.insert(dice, { unit = e, need = need, got = g:roll(10), extra = extra_hits(g, e) })
			end
		end
	end
	return dice
end

-- The most hits a seat's units in a space combat in `c` could score in one round: every die
-- a hit, with its extra hits (read by stalemate.lua). Modifiers are left out: whatever a
-- die needs, it is counted as able to hit.
function D.most_hits(g, seat: number, c: number): number
	local n = 0
	for _, e in ipairs(fighting_units(g, seat, c)) do
		if defs.unit[g:face(e)].combat then
			n += dice_of(g, seat, c, e) * (1 + (extra_hits(g, e) or 0))
		end
	end
	return n
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

-- The abilities that let `seat` reroll its dice just rolled, in the order they are asked:
-- the rights granted for this roll (rerolls.lua), then the law The Crown of Thalnos, held
-- by its owner in every combat round.
local CROWN = "the_crown_of_thalnos"
local ORDER = table.clone(Rerolls.SOURCES)
table.insert(ORDER, CROWN)

-- The next "which of your dice to reroll?" question for `seat` about `dice`, and the ability
-- it is for; nil when none is left. `asked` (kept by the combat step, one per roll) records
-- the abilities already asked; a granted right is used up by being asked. A right granted
-- when no die missed is used up without a question: rerolling a hit can only lose it. The
-- law is asked even then, as it always was (choosing no die costs nothing). Each option
-- reads "Dreadnought: rolled 3, needs 5" and its value is the die's index; any number of
-- them, none included (a `many` question).
function D.question(g, seat: number, dice: { Die }?, asked: { [string]: boolean }): (any, string?)
	if not dice or #dice == 0 then
		return nil, nil
	end
	local missed = false
	for _, d in ipairs(dice) do
		missed = missed or d.got < d.need
	end
	for _, source in ipairs(ORDER) do
		if not asked[source] then
			asked[source] = true
			local may
			if source == CROWN then
				may = Co.rerolls_any(g, seat)
			else
				may = Rerolls.take(g, seat, source) and missed
			end
			if may then
				local options = {}
				for i, d in ipairs(dice) do
					table.insert(options, { label = U.text("dice.die", U.unit_name(g:face(d.unit)), d.got, d.need), value = i })
				end
				local name = U.text("dice.source." .. source)
				local asking = source == CROWN and U.text("dice.reroll_prompt") or U.text("dice.reroll_any_prompt", name)
				local help = source == CROWN and U.text("dice.reroll_help") or U.text("dice.reroll_any_help", name)
				return { seat = seat, kind = "many", min = 0, max = #options, prompt = asking,
					rule = "TI4 §86; " .. name, help = help, options = options }, source
			end
		end
	end
	return nil, nil
end

-- Rerolls the chosen dice of `seat` once each (§86.1: the new number replaces the old;
-- §86.2: a die chosen twice is still rerolled once) for the ability `source`. The law The
-- Crown of Thalnos then has its price: each unit with a rerolled die and no hit among its
-- rerolled dice is destroyed (to reinforcements; its dice already rolled still count).
-- Returns how many units were destroyed.
function D.reroll(g, seat: number, dice: { Die }, chosen: { number }, source: string): number
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
	g:log(U.text("dice.rerolled", seat, n, U.text("dice.source." .. source)))
	if source ~= CROWN then
		return 0
	end
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

--!strict
-- Twilight Imperium 4: the stalemate rule (digest §3.3 FAQ and F-02): "if a space combat
-- cannot be won by either side (certain mixes of Non-Euclidean Shielding and Duranium
-- Armor), the attacker must retreat". This module answers the one question combat.lua asks
-- as each round begins, once the round-start repairs are done: can neither side ever win?
-- (combat.lua then makes the attacker retreat.)
--
-- Our reading of "cannot be won", decided from the units and abilities in the combat, never
-- from luck: a side cannot lose when, even if every die its opponent rolls hits in this
-- round and in every later one, it can cancel all those hits with Sustain Damage, and its
-- repairs keep enough of its units undamaged for every later round. A side whose cancelling
-- runs out (it loses fighters, or its sustaining units one by one) can be beaten, however
-- long that takes, so an ordinary long combat is never a stalemate. Counted:
-- * the opponent's most hits in a round: every die a hit, with its extra hits (dice.lua
--   `D.most_hits`), whatever the modifiers;
-- * Sustain Damage: the units whose card has it and may use it (council.lua: Publicize
--   Weapon Schematics; hits.lua: Mentak's Fourth Moon denies it), each cancelling 1 hit or 2
--   with Non-Euclidean Shielding (hits.lua);
-- * the repairs (repairs.lua): Arc Secundus as each round begins, Duranium Armor once a
--   round, of a unit damaged before that round.
-- * the strikes outside the dice at the end of a round (registry moment `combat_round_end`:
--   Yin's Devotion, the N'orr's Exotrireme II): a side whose opponent can still strike so is
--   treated as able to lose (such a strike is not modelled further: it may destroy units the
--   dice cannot). Whether it still can is the entry's part `can_strike(g, seat, foe, c)`
--   (Devotion: a Yin cruiser or destroyer in the system to sacrifice; Exotrireme II: one of
--   them there); an entry without it is taken as always able. No unit enters a system during
--   a combat, so one that cannot strike now never will in this combat.
-- Action cards (Direct Hit, Emergency Repairs...) are not counted: a hand is not a lasting
-- part of the combat, and each card is played once.
local U = require("util")
local A = require("abilities")
local Co = require("council")
local D = require("dice")
local Hits = require("hits")
local Repairs = require("repairs")
local S = {}

-- Whether `seat` holds an ability asked at the end of every space combat round that can
-- still destroy `foe`'s units in `c` (its `can_strike`, when it says).
function S.strikes_after_rounds(g, seat: number, foe: number, c: number): boolean
	for _, id in ipairs(A.held(g, seat)) do
		local h = A.HOOKS[id]
		if h and h.at and h.at.combat_round_end and (h.can_strike == nil or h.can_strike(g, seat, foe, c)) then
			return true
		end
	end
	return false
end

-- Whether `seat`'s ships in `c` can never all be destroyed by `foe` (the reading above).
-- The round-by-round state is how many of its sustaining units that are not repaired at
-- each round's start are damaged; those repaired then are used first (they cost nothing
-- next round). The state can take at most a few values, so the rounds are followed until
-- one repeats: a repeat with every round covered is a cycle that lasts forever.
function S.cannot_lose(g, seat: number, foe: number, c: number): boolean
	local hits = D.most_hits(g, foe, c)
	if hits == 0 then
		return true
	end
	if S.strikes_after_rounds(g, foe, seat, c) or Hits.sustain_denied(g, seat, c) then
		return false
	end
	local sustains = math.ceil(hits / Hits.cancelled_per_sustain(g, seat))
	local self_repairing, others, damaged = 0, 0, 0
	for _, e in ipairs(Hits.ships(g, seat, c)) do
		local def = defs.unit[g:face(e)]
		if def.sustain_damage and Co.may_sustain(g, def) then
			if Repairs.self_repairing(g, e) then
				self_repairing += 1
			else
				others += 1
				if g:prop(e, "damaged") then
					damaged += 1
				end
			end
		end
	end
	local duranium = U.has_tech(g, seat, "duranium_armor")
	local seen = {}
	while not seen[damaged] do
		seen[damaged] = true
		local from_others = sustains - math.min(self_repairing, sustains)
		if from_others > others - damaged then
			return false
		end
		-- Duranium Armor repairs one unit damaged before this round, if there is one.
		local repaired = (duranium and damaged > 0) and 1 or 0
		damaged += from_others - repaired
	end
	return true
end

-- F-02: neither side of the space combat in `c` can ever win.
function S.unwinnable(g, attacker: number, defender: number, c: number): boolean
	return S.cannot_lose(g, attacker, defender, c) and S.cannot_lose(g, defender, attacker, c)
end

return S

--!strict
-- Space Opera: the numbers a war compares — attack and defence totals, heal, planetary
-- damage, a ship's duel values — plus the other card-driven quantities (storage,
-- income, extra jumps, training price). Each is a fold over the species card, the
-- population and the built cards, so a card can change any of them (golden rule, SO §1).
-- Temporary modifiers from consumables live in seat variables `phase_*` (one war phase)
-- and ship props `duel_*` (one duel).
local U = require("util")
local C = require("cards")
local T = {}

-- Sum of a field over a seat's raised technologies, not counting ships' own duel values.
-- `tab`: the seat's C.tableau when the caller has it already (nil: asked here).
local function tech_sum(g, s, field, tab)
	local n = 0
	for _, d in ipairs((tab or C.tableau(g, s)).defs) do
		n += d[field] or 0
	end
	return n
end

-- Sum of a field over the equipment and crew of every raised ship.
local function attachment_sum(g, s, field)
	local n = 0
	for _, ship in ipairs(C.ships(g, s)) do
		for _, e in ipairs(C.attachments(g, ship)) do
			n += U.def(g, e)[field] or 0
		end
	end
	return n
end

-- SO §4.4: species base + militaries (+2 each; civilians +0) + bonuses of built
-- technologies + active modifiers. A ship's duel attack does not add (SO §4.4: only
-- printed bonuses add; the digest's recommended reading).
function T.attack(g, s)
	local sp = U.species(g, s)
	return (sp and sp.attack or 0) + 2 * g:get(s, "mil") + tech_sum(g, s, "bonus_attack") + (g:get(s, "phase_atk") or 0)
end

function T.defence(g, s)
	local sp = U.species(g, s)
	return (sp and sp.defence or 0) + 2 * g:get(s, "mil") + tech_sum(g, s, "bonus_defence") + (g:get(s, "phase_def") or 0)
end

-- SO §6.4 heal: every card with heal applies it in each war phase (technologies and
-- equipment), plus a consumable's heal for the current phase.
function T.heal(g, s)
	local n = 0
	for _, d in ipairs(C.tableau(g, s).defs) do
		if d.type ~= "ship" then
			n += d.heal or 0
		end
	end
	return n + attachment_sum(g, s, "heal") + (g:get(s, "phase_heal") or 0)
end

-- SO §6.4: planetary damage = 1 per military + damage of every non-ship card.
function T.card_damage(g, s)
	local n = 0
	for _, d in ipairs(C.tableau(g, s).defs) do
		if d.type ~= "ship" then
			n += d.damage or 0
		end
	end
	return n
end

function T.assault_damage(g, s)
	return g:get(s, "mil") + T.card_damage(g, s)
end

-- A ship's duel values: its card, its equipment and crew, and duel modifiers.
function T.ship_attack(g, ship)
	local n = U.def(g, ship).attack or 0
	for _, e in ipairs(C.attachments(g, ship)) do
		n += U.def(g, e).attack or 0
	end
	return n + (g:prop(ship, "duel_atk") or 0)
end

function T.ship_defence(g, ship)
	local n = U.def(g, ship).defence or 0
	for _, e in ipairs(C.attachments(g, ship)) do
		n += U.def(g, e).defence or 0
	end
	return n + (g:prop(ship, "duel_def") or 0)
end

-- SO §6.4: a ship's damage N is dealt in the fleet battle; its equipment adds to it.
function T.ship_damage(g, ship)
	local n = U.def(g, ship).damage or 0
	for _, e in ipairs(C.attachments(g, ship)) do
		n += U.def(g, e).damage or 0
	end
	return n
end

-- SO §5.5: the hand limit at the end of a turn (classic storage).
function T.storage(g, s)
	local sp = U.species(g, s)
	return (sp and sp.storage or 0) + tech_sum(g, s, "storage")
end

function T.income_bonus(g, s)
	return tech_sum(g, s, "income")
end

-- SO §4.2: one extra jump per turn, more if cards grant them. `tab`: as tech_sum.
function T.extra_jumps(g, s, tab)
	return 1 + tech_sum(g, s, "extra_jumps", tab)
end

-- SO §3: training costs 5 credits (classic) or 4 (revised), less card discounts.
-- `tab`: as tech_sum; `classic`: whether the classic rules are played, when the caller
-- has asked already (nil: asked here).
function T.train_cost(g, s, tab, classic)
	if classic == nil then
		classic = U.classic(g)
	end
	local base = classic and 5 or 4
	return math.max(0, base - tech_sum(g, s, "train_discount", tab))
end

return T

--!strict
-- Space Opera: what card effects do. One table per effect named in the card data
-- (`effect:` of consumables, `active:` of technologies, `ability:` of species):
--   when    — the contexts it may be used in: `main` (its owner's own turn),
--             `duel`, `assault` (reaction windows of a war), `stack` (an answer to
--             something on the LIFO stack, SO §4.5);
--   targets — the legal targets for `user` now, as options {label, target} (no
--             target: the user itself; those of a war window read the global `sync`
--             themselves: most effects never need it, and reading it is a call into
--             the kernel);
--   apply   — what resolving it does (the item is what stack.lua put on the stack);
--   pushes  — true when apply may push frames (losses), which must run before the
--             stack goes on.
-- A third party may only affect or help a seat it shares a sector with, unless the
-- card is universal (SO §4.1, §6.5.2.3). Abilities and active effects are never
-- universal or synchronous.
local U = require("util")
local C = require("cards")
local E = {}

-- What an effect is told of its source (`src` of `targets`), made once when the module
-- loads and shared (do not change it): for each resource card definition with an effect
-- {name, amount, universal}, and for each species ability and active effect {name,
-- amount} (never universal), keyed by the definition or the ability table.
E.SOURCE = {}
for _, id in ipairs(def_ids.resource) do
	local d = defs.resource[id]
	if d.effect then
		E.SOURCE[d] = { name = d.name, amount = d.amount or 0, universal = U.has_keyword(d, "universal") }
	end
	if d.active then
		E.SOURCE[d.active] = { name = d.active.name, amount = d.active.amount }
	end
end
for _, id in ipairs(def_ids.species) do
	local ab = defs.species[id].ability
	E.SOURCE[ab] = { name = ab.name, amount = ab.amount }
end

-- The one target of an effect aimed at its user: no `target` (the stack item's target
-- is then empty, stack.lua), so that the option made from it carries no empty table.
local function self_target(label)
	return { { label = label } }
end

-- No target: one list for every effect that has none (shared: do not change it).
local NONE = {}

local function P()
	return require("population")
end

-- The ships of the current duel that `user` may boost; `word`: the text id of what
-- is boosted.
local function duel_targets(g, user, src, word)
	local out = {}
	local sync = g:global("sync")
	if not sync or sync.kind ~= "duel" then
		return out
	end
	for _, ship in ipairs({ sync.a_ship, sync.d_ship }) do
		local owner = g:owner(ship)
		if owner and g:where(ship).zone == "built" and U.may_reach(g, user, owner, src.universal) then
			local whose = owner == user and U.text("effect.whose_yours") or U.text("effect.whose_seat", owner)
			table.insert(out, { label = U.text("effect.duel_boost", src.amount, U.text(word), whose, U.name(g, ship)), target = { ship = ship } })
		end
	end
	return out
end

local function duel_apply(prop)
	return function(g, item)
		local ship = item.target.ship
		if g:where(ship).zone == "built" then
			g:add_prop(ship, prop, item.amount)
		end
	end
end

E.duel_attack = { when = { duel = true }, targets = function(g, user, src)
	return duel_targets(g, user, src, "effect.word_attack")
end, apply = duel_apply("duel_atk") }

E.duel_defence = { when = { duel = true }, targets = function(g, user, src)
	return duel_targets(g, user, src, "effect.word_defence")
end, apply = duel_apply("duel_def") }

-- SO §4.3: "a consumable may be annulled before its effect finishes".
local function annul_targets(only_ships)
	return function(g, user, src, memo)
		local out = {}
		for _, item in ipairs(require("stack").items_seen(g, memo)) do
			if not item.cancelled and item.seat ~= user and (not only_ships or (item.target and item.target.ship))
				and U.may_reach(g, user, item.seat, src.universal) then
				table.insert(out, { label = U.text("effect.annul", item.seat, item.name), target = { item = item.id } })
			end
		end
		return out
	end
end

local function annul_apply(g, item)
	require("stack").cancel(g, item.target.item, item.seat)
end

E.annul_ship = { when = { stack = true }, targets = annul_targets(true), apply = annul_apply }
E.annul = { when = { stack = true }, targets = annul_targets(false), apply = annul_apply }

-- Every amount the card data gives an effect (consumables, species abilities, active
-- effects), for the labels made when the module loads.
local AMOUNTS = {}
do
	local seen = {}
	local function note(n)
		if n ~= nil and not seen[n] then
			seen[n] = true
			table.insert(AMOUNTS, n)
		end
	end
	for _, id in ipairs(def_ids.resource) do
		local d = defs.resource[id]
		note(d.amount or 0)
		if d.active then
			note(d.active.amount)
		end
	end
	for _, id in ipairs(def_ids.species) do
		note(defs.species[id].ability.amount)
	end
end

-- `make(amount)`, made when the module loads for every amount of the card data (any
-- other is made when asked).
local function by_amount(make)
	local made = {}
	for _, n in ipairs(AMOUNTS) do
		made[n] = make(n)
	end
	return function(n)
		return made[n] or make(n)
	end
end

-- An effect of the own turn aimed at its user, with one target whose label depends on
-- the amount alone (`label`): the menu's labels made from it are made when actions.lua
-- loads, and so is the list of that one target for every amount (shared: do not
-- change it).
-- (E.options hands out the made list itself, `for_amount`, without calling `targets`.)
local function for_user(label, apply)
	local for_amount = {}
	for _, n in ipairs(AMOUNTS) do
		for_amount[n] = self_target(label(n))
	end
	return { when = { main = true }, label = label, for_amount = for_amount, targets = function(g, user, src)
		return for_amount[src.amount] or self_target(label(src.amount))
	end, apply = apply }
end

E.credits = for_user(by_amount(function(n)
	return U.text("effect.credits", U.count_of(n, "word.credit"))
end), function(g, item)
	g:add(item.seat, "credits", item.amount)
end)

E.draw = for_user(by_amount(function(n)
	return U.text("effect.draw", n)
end), function(g, item)
	C.draw(g, item.seat, item.amount)
end)

E.recruit = for_user(by_amount(function(n)
	return U.text("effect.recruit", n)
end), function(g, item)
	P().add_civ(g, item.seat, item.amount)
end)

local function train_label()
	return U.text("effect.train")
end
local TRAIN_TARGETS = self_target(train_label())
E.train = { when = { main = true }, label = train_label, targets = function(g, user, src)
	if P().civ(g, user) < 1 then
		return NONE
	end
	return TRAIN_TARGETS
end, apply = function(g, item)
	if P().civ(g, item.seat) >= 1 then
		P().train(g, item.seat, 0)
	end
end }

-- SO §4.2: a card-effect jump; none in the classic pre-jump era (SO §5.3).
local function jump_label()
	return U.text("effect.jump")
end
local JUMP_TARGETS = self_target(jump_label())
E.jump = { when = { main = true, duel = true, assault = true }, label = jump_label, targets = function(g, user, src)
	if g:variant("classic") and g:global("prejump") == true then -- U.classic
		return NONE
	end
	return JUMP_TARGETS
end, apply = function(g, item)
	C.jump(g, item.seat, true)
end }

-- One war phase: +attack, +defence or heal for a combatant (SO §4.3, §6.4); `word`:
-- the text id of what it gives.
local function phase_effect(var, word)
	return { when = { assault = true }, targets = function(g, user, src)
		local out = {}
		local sync = g:global("sync")
		if not sync or sync.kind ~= "assault" then
			return out
		end
		for _, s in ipairs({ sync.attacker, sync.defender }) do
			if U.live(g, s) and U.may_reach(g, user, s, src.universal) then
				local who = s == user and U.text("effect.for_you") or U.text("seat.plain", s)
				table.insert(out, { label = U.text("effect.phase", U.text(word), src.amount, who), target = { seat = s } })
			end
		end
		return out
	end, apply = function(g, item)
		if U.live(g, item.target.seat) then
			g:add(item.target.seat, var, item.amount)
		end
	end }
end

E.assault_attack = phase_effect("phase_atk", "effect.phase_attack")
E.assault_defence = phase_effect("phase_def", "effect.phase_defence")
E.heal_phase = phase_effect("phase_heal", "effect.phase_heal")

-- Effects aimed at another seat during your turn; `word`: the text id of the verb.
-- Its label for every seat label (U.SEAT_LABELS) is formatted when the module loads;
-- the seats' species come from the order of play the reachable list was made from.
local function seat_targets(word, ok)
	local verb = U.text(word)
	local at_seat = {}
	for _, label in ipairs(U.SEAT_LABELS) do
		at_seat[label] = U.text("effect.at_seat", verb, label)
	end
	return function(g, user, src, memo)
		memo = memo or g:memo()
		local reachable = U.reachable(g, user, src.universal, memo)
		if #reachable == 0 then
			return NONE
		end
		local out = table.create(#reachable)
		for _, s in ipairs(reachable) do
			if ok == nil or ok(g, s) then
				local label = U.seat_label_in(g, memo, s)
				table.insert(out, { label = at_seat[label] or U.text("effect.at_seat", verb, label), target = { seat = s } })
			end
		end
		return out
	end
end

E.damage_species = { when = { main = true }, targets = seat_targets("effect.damage"), pushes = true, apply = function(g, item)
	P().push_losses(g, item.target.seat, item.amount, item.seat, item.name)
end }

E.steal = { when = { main = true }, targets = seat_targets("effect.steal", function(g, s)
	return (g:get(s, "credits") or 0) > 0
end), apply = function(g, item)
	local victim = item.target.seat
	local n = math.min(item.amount, g:get(victim, "credits"))
	g:add(victim, "credits", -n)
	g:add(item.seat, "credits", n)
	g:log(U.text("effect.steal_done", item.seat, U.count_of(n, "word.credit"), victim))
end }

E.spy = { when = { main = true }, targets = seat_targets("effect.spy", function(g, s)
	return g:count(U.HAND[s]) > 0
end), apply = function(g, item)
	for _, card in ipairs(C.hand(g, item.target.seat)) do
		g:peek(item.seat, card, U.text("effect.spy_done", item.target.seat, U.name(g, card)))
	end
end }

E.destroy_building = { when = { main = true }, targets = function(g, user, src, memo)
	local out = {}
	for _, s in ipairs(U.reachable(g, user, src.universal, memo)) do
		for _, card in ipairs(C.building(g, s)) do
			table.insert(out, { label = U.text("effect.destroy_building", s, U.count_of(g:prop(card, "credits") or 0, "word.credit")),
				target = { card = card } })
		end
	end
	return out
end, apply = function(g, item)
	local card = item.target.card
	if g:where(card).zone == "building" then
		g:log(U.text("effect.destroy_building_done", item.seat, U.name(g, card)))
		C.destroy(g, card)
	end
end }

-- The effects a card or ability offers `user` in context `kind` (nil: none). The list
-- may be shared: do not change it or its options. `memo`: the table g:memo() gave,
-- when the caller has it (targets that need one ask for it otherwise).
function E.options(g, user, effect, src, kind, memo)
	local e = E[effect]
	if not e then
		return NONE
	end
	-- `main`: the own-turn menu; `duel`/`assault`: war windows; `response`: a window after
	-- something was played in the main part of a turn (only answers to the stack). The
	-- stack is looked at only when the context alone does not decide.
	if e.when[kind] ~= true and not (e.when.stack and kind ~= "main" and #require("stack").items_seen(g) > 0) then
		return NONE
	end
	local made = e.for_amount and e.for_amount[src.amount]
	if made then
		return made
	end
	return e.targets(g, user, src, memo)
end

return E

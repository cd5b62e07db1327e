--!strict
-- Space Opera: the actions of the main part of a turn (SO §5.5 classic, §6.2.2
-- revised) — every legal one is an option of the turn menu, in a fixed order: play a
-- consumable, build a technology or ship, mount equipment or crew, train a military,
-- make an extra jump, declare war, negotiate, use the species ability or a
-- technology's active effect, end the turn. Interaction needs a shared sector
-- (SO §4.1); played effects go on the stack (stack.lua).
local U = require("util")
local C = require("cards")
local P = require("population")
local T = require("totals")
local E = require("effects")
local S = require("stack")
local A = {}

-- What an effect is told of a card or ability (made once) and the card definitions.
local SOURCE, RESOURCE = E.SOURCE, defs.resource

-- The options that say the same at every menu are made when the module loads, and
-- one table serves every menu: the kernel only reads an option (shared: do not change
-- one). The war and negotiation options of every seat label (U.SEAT_LABELS, each
-- naming its seat: the menu offers both for every reachable seat), WAR_OPTION[label]
-- and TRADE_OPTION[label].
local WAR_OPTION, TRADE_OPTION = {}, {}
for _, label in ipairs(U.SEAT_LABELS) do
	local o = U.SEAT_OF_LABEL[label]
	WAR_OPTION[label] = { label = U.text("action.war", label), value = "war " .. o }
	TRADE_OPTION[label] = { label = U.text("action.negotiate", label), value = "trade " .. o }
end

-- The build label of every technology and ship, formatted when the module loads (the
-- menu offers them at every turn).
local BUILD_LABEL = {}
for _, id in ipairs(def_ids.resource) do
	local d = defs.resource[id]
	if U.is_technology(d) then
		BUILD_LABEL[d] = U.text("action.build", d.name, d.price)
	end
end
-- The training option of every price it can have, the extra jump's and the end's,
-- made once as the war options are.
local TRAIN_OPTION = {}
for cost = 0, 5 do
	TRAIN_OPTION[cost] = { label = U.text("action.train", cost), value = "train" }
end
local JUMP_OPTION, END_OPTION = { label = U.text("action.jump"), value = "jump" }, { label = U.text("action.end"), value = "end" }

-- The menu labels of effects aimed at their user (E[effect].label), made when the
-- module loads: SELF[x] is the one target's label for consumable, species or active
-- effect x, and PLAY/ABILITY/ACTIVE[x] the option's label made from it. A target whose
-- label is SELF[x] gets that label (the same text the format would give).
local SELF, PLAY, ABILITY, ACTIVE = {}, {}, {}, {}
for _, id in ipairs(def_ids.resource) do
	local d = defs.resource[id]
	local e = d.type == "consumable" and d.effect and E[d.effect]
	if e and e.label then
		SELF[d] = e.label(d.amount or 0)
		PLAY[d] = U.text("action.play", d.name, SELF[d], d.price)
	end
	local ab = d.active
	e = ab and E[ab.effect]
	if ab and e and e.label then
		SELF[ab] = e.label(ab.amount)
		ACTIVE[ab] = U.text("action.active", d.name, ab.name, SELF[ab], ab.price)
	end
end
-- ABILITY_ALONE[ab]: the ability's one option is its ABILITY label with the value
-- "ability", whatever the game: its effect hands out the same one target for its
-- amount (E.options' `for_amount`), so the menu need not ask E.options.
local ABILITY_ALONE = {}
for _, id in ipairs(def_ids.species) do
	local ab = defs.species[id].ability
	local e = E[ab.effect]
	if e and e.label then
		SELF[ab] = e.label(ab.amount)
		ABILITY[ab] = U.text("action.ability", ab.name, SELF[ab], ab.price)
		local made = e.when.main == true and e.for_amount and e.for_amount[ab.amount]
		ABILITY_ALONE[ab] = made ~= nil and #made == 1 and made[1].target == nil and made[1].label == SELF[ab]
	end
end

-- SO §6.5.1 (revised): war is legal only if one of its phases will happen: the defender
-- has ships (fleet battle) or the attacker has militaries (planetary assault).
-- Classic (SO §5.7.1): any race in a shared sector.
function A.war_legal(g, a, d)
	if U.classic(g) then
		return true
	end
	return #C.ships(g, d) > 0 or P.mil(g, a) > 0
end

-- SO §6.3: at most 8 technologies built (revised; C.built_count); classic states no cap.
-- `tab`: the seat's C.tableau, whose raised cards C.built_count would count.
local function may_build_tech(g, s, classic, tab)
	if classic then
		return true
	end
	local n = #tab.cards
	if g:variant("alt_construction_counts") then -- U.alt
		n += g:count(U.BUILDING[s])
	end
	return n < C.TECH_CAP
end

-- Whether a seat's tableau (C.tableau) holds a ship (C.ships is not empty).
local function has_ship(tab)
	for _, d in ipairs(tab.defs) do
		if d.type == "ship" then
			return true
		end
	end
	return false
end

-- ---- option values ------------------------------------------------------------------

-- An option's value says what the seat does in one short text, which the kernel takes
-- and hands back far cheaper than a table: the action's name, then the numbers it needs,
-- space-separated — "end", "train", "jump", "build <card>", "mount <card> <ship>",
-- "war <seat>", "trade <seat>", and "play <card>", "ability", "active <card>", each
-- followed, when its effect is aimed at something other than its user, by the
-- target's one field and its value ("play 50 seat 3": target {seat = 3}). A.decode
-- reads it back.

-- The fields an effect's target may have (E: targets).
local TARGET_FIELDS = { "seat", "card", "ship", "item" }

-- What an option's value says of target `t` (nil: the effect's user).
local function target_text(t)
	if t == nil then
		return ""
	end
	for _, field in ipairs(TARGET_FIELDS) do
		local id = t[field]
		if id ~= nil then
			return " " .. field .. " " .. id
		end
	end
	error("an effect target with none of the fields " .. table.concat(TARGET_FIELDS, ", "))
end

-- The action an option's value says, as a table: `a` (its name), and as it needs
-- `card`, `ship`, `target` (a seat for war and negotiation, else an effect's target
-- table, nil for its user).
function A.decode(v)
	local words = string.split(v, " ")
	local a = words[1]
	local action = { a = a }
	if a == "war" or a == "trade" then
		action.target = tonumber(words[2])
		return action
	end
	local next_word = 2
	if a == "build" or a == "mount" or a == "play" or a == "active" then
		action.card = tonumber(words[2])
		next_word = 3
	end
	if a == "mount" then
		action.ship = tonumber(words[3])
		next_word = 4
	end
	local field = words[next_word]
	if field ~= nil then
		action.target = { [field] = tonumber(words[next_word + 1]) }
	end
	return action
end

-- ---- the menu ---------------------------------------------------------------------------

-- `seen`: what the caller has read already and the menu needs too, so that it is not
-- read twice: the seat's `credits`, `civ` and `mil`, and whether the rules are
-- `classic`, and `memo`, the table g:memo() gave (any of them nil, or no `seen`: read
-- here).
function A.options(g, s, seen)
	-- Made with room for most menus, so that adding options does not rehash it.
	local out = table.create(16)
	seen = seen or {}
	local credits = seen.credits or g:get(s, "credits") or 0
	local classic = seen.classic
	if classic == nil then
		classic = U.classic(g)
	end
	local memo = seen.memo or g:memo()
	-- Copies of one card do the same: one option says it once (the first copy).
	-- Only options of one kind can say the same: each kind's text begins as no other
	-- kind's does ("Play", "Build", "Mount", "Train", "Extra jump", "Declare war",
	-- "Negotiate", "Use" for abilities and active effects alike, "End turn"). Training,
	-- the extra jump and the end are offered once, and war and negotiation once per
	-- seat, each naming its seat: they are listed without `add`.
	local said = {}
	local function add(label, value)
		if not said[label] then
			said[label] = true
			table.insert(out, { label = label, value = value })
		end
	end
	-- One walk of the hand reads each card's definition and keeps the cards that can
	-- make an option, by kind: consumables to play, technologies and ships to build,
	-- equipment and crew to mount (SO §4.3), each kind in hand order, as its pass
	-- below offers them; each as the card and its definition, one after the other in
	-- one list. A later copy of a card would only repeat the first copy's labels, which
	-- `add` drops: each definition is kept once (keyed by its table, never walked).
	-- A card the seat cannot afford makes no option.
	local plays, builds, mounts = nil, nil, nil
	local looked = {}
	for _, card in ipairs(g:entities(U.HAND[s])) do -- C.hand
		local d = RESOURCE[g:face(card)] -- U.def
		if d.price <= credits and not looked[d] then
			local kind = d.type
			if kind == "consumable" then
				if d.effect then
					looked[d] = true
					plays = plays or {}
					table.insert(plays, card)
					table.insert(plays, d)
				end
			elseif kind == "technology" or kind == "ship" then -- U.is_technology
				looked[d] = true
				builds = builds or {}
				table.insert(builds, card)
				table.insert(builds, d)
			elseif kind == "equipment" or kind == "crew" then
				looked[d] = true
				mounts = mounts or {}
				table.insert(mounts, card)
				table.insert(mounts, d)
			end
		end
	end
	-- The seat's raised cards and their definitions, read once for every pass below.
	local tab = C.tableau(g, s, memo)
	-- SO §4.3: consumables (price paid, effect, discard).
	if plays then
		for k = 1, #plays, 2 do
			local card, d = plays[k], plays[k + 1]
			for _, opt in ipairs(E.options(g, s, d.effect, SOURCE[d], "main", memo)) do
				local t = opt.target
				add(opt.label == SELF[d] and PLAY[d] or U.text("action.play", d.name, opt.label, d.price), t == nil and "play " .. card or "play " .. card .. target_text(t))
			end
		end
	end
	-- SO §4.3: technologies and ships, built face down, if the cap allows it.
	if builds and may_build_tech(g, s, classic, tab) then
		for k = 1, #builds, 2 do
			local card, d = builds[k], builds[k + 1]
			add(BUILD_LABEL[d] or U.text("action.build", d.name, d.price), "build " .. card)
		end
	end
	-- SO §4.3: equipment in a free slot of a built ship; crew (classic), one per fleet.
	-- The ships, their labels and what each carries are read once.
	if mounts then
		local ships, ship_label, free, crewed = {}, {}, {}, {}
		local ship_defs = {}
		for k, e in ipairs(tab.cards) do
			if tab.defs[k].type == "ship" then
				table.insert(ships, e)
				table.insert(ship_defs, tab.defs[k])
			end
		end
		-- Ships of one name are told apart by the order they were built in.
		local count, seen_name = {}, {}
		for k in ipairs(ships) do
			local name = ship_defs[k].name
			count[name] = (count[name] or 0) + 1
		end
		for k, ship in ipairs(ships) do
			local name = ship_defs[k].name
			seen_name[name] = (seen_name[name] or 0) + 1
			ship_label[ship] = count[name] > 1 and U.text("action.ship_number", name, seen_name[name]) or name
			-- C.free_slots and C.has_crew, from one look at what it carries.
			local used, crew = 0, false
			for _, e in ipairs(C.attachments(g, ship)) do
				local t = U.def(g, e).type
				if t == "equipment" then
					used += 1
				elseif t == "crew" then
					crew = true
				end
			end
			free[ship] = (ship_defs[k].slots or 0) - used
			crewed[ship] = crew
		end
		for k = 1, #mounts, 2 do
			local card, d = mounts[k], mounts[k + 1]
			for _, ship in ipairs(ships) do
				local fits = (d.type == "equipment" and free[ship] > 0) or (d.type == "crew" and not crewed[ship])
				if fits then
					add(U.text("action.mount", d.name, ship_label[ship], d.price), "mount " .. card .. " " .. ship)
				end
			end
		end
	end
	-- SO §3: training; SO §4.2: extra jumps. T.train_cost and T.extra_jumps, from one
	-- walk of the raised cards (their tech_sum of train_discount and extra_jumps).
	local discount, jumps = 0, 1
	for _, d in ipairs(tab.defs) do
		discount += d.train_discount or 0
		jumps += d.extra_jumps or 0
	end
	local cost = math.max(0, (classic and 5 or 4) - discount)
	if credits >= cost and (seen.civ or P.civ(g, s)) >= 1 then
		table.insert(out, TRAIN_OPTION[cost] or { label = U.text("action.train", cost), value = "train" }) -- (once: no `add`)
	end
	-- SO §4.2: the extra jump, 2 credits, once per turn (more by cards); none in the
	-- classic pre-jump era (SO §5.3).
	if credits >= 2 and not (classic and g:global("prejump") == true) and (g:get(s, "t_jumps") or 0) < jumps then
		table.insert(out, JUMP_OPTION) -- (once: no `add`)
	end
	-- SO §5.7.1, §6.5.1: war, once per turn, on a seat in a shared sector.
	local reachable = U.reachable(g, s, false, memo)
	-- Each reachable seat's label, made once for both the war and negotiation options.
	local labels = table.create(#reachable)
	for k, o in ipairs(reachable) do
		labels[k] = U.seat_label_in(g, memo, o)
	end
	if #reachable > 0 and (g:get(s, "t_war") or 0) == 0 then
		-- A.war_legal, with what does not depend on the defender asked once.
		local always = classic or (seen.mil or P.mil(g, s)) > 0
		for k, o in ipairs(reachable) do
			if always or has_ship(C.tableau(g, o, memo)) then
				table.insert(out, WAR_OPTION[labels[k]] or { label = U.text("action.war", labels[k]), value = "war " .. o }) -- (no `add`)
			end
		end
	end
	-- SO §4.6: negotiation with seats in a shared sector.
	for k, o in ipairs(reachable) do
		table.insert(out, TRADE_OPTION[labels[k]] or { label = U.text("action.negotiate", labels[k]), value = "trade " .. o }) -- (no `add`)
	end
	-- SO §2, §5.5: the species' active ability, during its own turn (once per turn).
	-- The seat is live: the order of play the reachable list came from read its species.
	local known = memo.species_of
	local id = known and known[s]
	if id == nil then
		id = g:get(s, "species")
	end
	local sp = id and defs.species[id]
	if sp and sp.ability.price <= credits and (g:get(s, "t_ability") or 0) == 0 then
		local ab = sp.ability
		if ABILITY_ALONE[ab] then
			add(ABILITY[ab], "ability")
		else
			for _, opt in ipairs(E.options(g, s, ab.effect, SOURCE[ab], "main", memo)) do
				add(opt.label == SELF[ab] and ABILITY[ab] or U.text("action.ability", ab.name, opt.label, ab.price), opt.target == nil and "ability" or "ability" .. target_text(opt.target))
			end
		end
	end
	-- SO §6.4: active effects of raised technologies (once per turn each).
	local used = nil
	for k, card in ipairs(tab.cards) do
		local d = tab.defs[k]
		local ab = d.active
		if ab and ab.price <= credits then
			used = used or g:get(s, "t_actives") or {}
			if not U.contains(used, card) then
				for _, opt in ipairs(E.options(g, s, ab.effect, SOURCE[ab], "main", memo)) do
					add(opt.label == SELF[ab] and ACTIVE[ab] or U.text("action.active", d.name, ab.name, opt.label, ab.price), opt.target == nil and "active " .. card or "active " .. card .. target_text(opt.target))
				end
			end
		end
	end
	table.insert(out, END_OPTION) -- (once: no `add`)
	return out
end

-- Does what the option whose value is `value` says (A.decode).
function A.perform(g, s, value)
	local v = A.decode(value)
	local a = v.a
	if a == "play" then
		S.play(g, s, { card = v.card, target = v.target })
		g:push("stack", { kind = "response" })
	elseif a == "build" then
		C.build(g, s, v.card)
		g:log(U.text("building.build", s, U.count_of(g:prop(v.card, "credits"), "word.credit")))
		g:log_to({ s }, U.text("building.build_private", U.name(g, v.card)))
	elseif a == "mount" then
		C.mount(g, s, v.card, v.ship)
		g:log(U.text("building.mount", s, U.name(g, v.card), U.name(g, v.ship)))
	elseif a == "train" then
		P.train(g, s, T.train_cost(g, s))
	elseif a == "jump" then
		g:add(s, "t_jumps", 1)
		g:add(s, "credits", -2)
		g:log(U.text("jump.extra", s))
		C.jump(g, s, true)
	elseif a == "war" then
		g:push("war", { attacker = s, defender = v.target })
	elseif a == "trade" then
		g:push("negotiate", { from = s, to = v.target })
	elseif a == "ability" then
		local ab = U.species(g, s).ability
		g:set(s, "t_ability", 1)
		S.play(g, s, { effect = ab.effect, amount = ab.amount, price = ab.price, name = ab.name, target = v.target })
		g:push("stack", { kind = "response" })
	elseif a == "active" then
		local ab = U.def(g, v.card).active
		local used = g:get(s, "t_actives") or {}
		table.insert(used, v.card)
		g:set(s, "t_actives", used)
		S.play(g, s, { effect = ab.effect, amount = ab.amount, price = ab.price, name = ab.name, target = v.target })
		g:push("stack", { kind = "response" })
	end
end

return A

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

local function src_of(d)
	return { name = d.name, amount = d.amount or 0, universal = U.has_keyword(d, "universal") }
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
local function may_build_tech(g, s)
	return U.classic(g) or C.built_count(g, s) < C.TECH_CAP
end

function A.options(g, s)
	local out = {}
	local credits = g:get(s, "credits") or 0
	local hand = C.hand(g, s)
	-- Each card's definition, looked up once for the three passes below.
	local def_of = {}
	for i, card in ipairs(hand) do
		def_of[i] = U.def(g, card)
	end
	-- Copies of one card do the same: one option says it once (the first copy).
	local said = {}
	local function add(label, value)
		if not said[label] then
			said[label] = true
			table.insert(out, { label = label, value = value })
		end
	end
	-- Ships of one name are told apart by the order they were built in.
	local ship_label = {}
	do
		local ships, count, seen = C.ships(g, s), {}, {}
		for _, ship in ipairs(ships) do
			local name = U.name(g, ship)
			count[name] = (count[name] or 0) + 1
		end
		for _, ship in ipairs(ships) do
			local name = U.name(g, ship)
			seen[name] = (seen[name] or 0) + 1
			ship_label[ship] = count[name] > 1 and U.text("action.ship_number", name, seen[name]) or name
		end
	end
	-- SO §4.3: consumables (price paid, effect, discard).
	for i, card in ipairs(hand) do
		local d = def_of[i]
		if d.type == "consumable" and d.effect and d.price <= credits then
			for _, opt in ipairs(E.options(g, s, d.effect, src_of(d), "main")) do
				add(U.text("action.play", d.name, opt.label, d.price), { a = "play", card = card, target = opt.target })
			end
		end
	end
	-- SO §4.3: technologies and ships, built face down.
	for i, card in ipairs(hand) do
		local d = def_of[i]
		if U.is_technology(d) and d.price <= credits and may_build_tech(g, s) then
			add(U.text("action.build", d.name, d.price), { a = "build", card = card })
		end
	end
	-- SO §4.3: equipment in a free slot of a built ship; crew (classic), one per fleet.
	for i, card in ipairs(hand) do
		local d = def_of[i]
		if (d.type == "equipment" or d.type == "crew") and d.price <= credits then
			for _, ship in ipairs(C.ships(g, s)) do
				local fits = (d.type == "equipment" and C.free_slots(g, ship) > 0) or (d.type == "crew" and not C.has_crew(g, ship))
				if fits then
					add(U.text("action.mount", d.name, ship_label[ship], d.price), { a = "mount", card = card, ship = ship })
				end
			end
		end
	end
	-- SO §3: training.
	local cost = T.train_cost(g, s)
	if credits >= cost and P.civ(g, s) >= 1 then
		add(U.text("action.train", cost), { a = "train" })
	end
	-- SO §4.2: the extra jump, 2 credits, once per turn (more by cards); none in the
	-- classic pre-jump era (SO §5.3).
	if not (U.classic(g) and g:global("prejump") == true) and (g:get(s, "t_jumps") or 0) < T.extra_jumps(g, s) and credits >= 2 then
		add(U.text("action.jump"), { a = "jump" })
	end
	-- SO §5.7.1, §6.5.1: war, once per turn, on a seat in a shared sector.
	local reachable = U.reachable(g, s, false)
	if (g:get(s, "t_war") or 0) == 0 then
		for _, o in ipairs(reachable) do
			if A.war_legal(g, s, o) then
				add(U.text("action.war", U.seat_label(g, o)), { a = "war", target = o })
			end
		end
	end
	-- SO §4.6: negotiation with seats in a shared sector.
	for _, o in ipairs(reachable) do
		add(U.text("action.negotiate", U.seat_label(g, o)), { a = "trade", target = o })
	end
	-- SO §2, §5.5: the species' active ability, during its own turn (once per turn).
	local sp = U.species(g, s)
	if sp and (g:get(s, "t_ability") or 0) == 0 and sp.ability.price <= credits then
		local ab = sp.ability
		for _, opt in ipairs(E.options(g, s, ab.effect, { name = ab.name, amount = ab.amount }, "main")) do
			add(U.text("action.ability", ab.name, opt.label, ab.price), { a = "ability", target = opt.target })
		end
	end
	-- SO §6.4: active effects of raised technologies (once per turn each).
	local used = g:get(s, "t_actives") or {}
	for _, card in ipairs(C.built(g, s)) do
		local ab = U.def(g, card).active
		if ab and not U.contains(used, card) and ab.price <= credits then
			for _, opt in ipairs(E.options(g, s, ab.effect, { name = ab.name, amount = ab.amount }, "main")) do
				add(U.text("action.active", U.name(g, card), ab.name, opt.label, ab.price), { a = "active", card = card, target = opt.target })
			end
		end
	end
	add(U.text("action.end"), { a = "end" })
	return out
end

function A.perform(g, s, v)
	if v.a == "play" then
		S.play(g, s, { card = v.card, target = v.target })
		g:push("stack", { kind = "response" })
	elseif v.a == "build" then
		C.build(g, s, v.card)
		g:log(U.text("building.build", s, U.count_of(g:prop(v.card, "credits"), "word.credit")))
		g:log_to({ s }, U.text("building.build_private", U.name(g, v.card)))
	elseif v.a == "mount" then
		C.mount(g, s, v.card, v.ship)
		g:log(U.text("building.mount", s, U.name(g, v.card), U.name(g, v.ship)))
	elseif v.a == "train" then
		P.train(g, s, T.train_cost(g, s))
	elseif v.a == "jump" then
		g:add(s, "t_jumps", 1)
		g:add(s, "credits", -2)
		g:log(U.text("jump.extra", s))
		C.jump(g, s, true)
	elseif v.a == "war" then
		g:push("war", { attacker = s, defender = v.target })
	elseif v.a == "trade" then
		g:push("negotiate", { from = s, to = v.target })
	elseif v.a == "ability" then
		local ab = U.species(g, s).ability
		g:set(s, "t_ability", 1)
		S.play(g, s, { effect = ab.effect, amount = ab.amount, price = ab.price, name = ab.name, target = v.target })
		g:push("stack", { kind = "response" })
	elseif v.a == "active" then
		local ab = U.def(g, v.card).active
		local used = g:get(s, "t_actives") or {}
		table.insert(used, v.card)
		g:set(s, "t_actives", used)
		S.play(g, s, { effect = ab.effect, amount = ab.amount, price = ab.price, name = ab.name, target = v.target })
		g:push("stack", { kind = "response" })
	end
end

return A

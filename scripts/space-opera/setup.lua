--!strict
-- Space Opera: setting up a game (SO §5.1 classic; SO §6.7 revised casual and
-- competitive). Creates every card the game will use — nothing is created later —
-- then asks the secret species choice (casual), deals the opening hands in initiative
-- order and runs the competitive mulligan.
--
-- Revised casual setup points 1-9 are missing from the source (SO §9.4); this pack
-- uses the classic procedure for them: two species dealt, one kept in secret; 3
-- civilians and 0 credits each; then 5 resources each (the number the competitive
-- setup implies). In competitive mode each seat instead chooses its species and deck
-- (decks.lua), in secret and all together, before the opening hands.
local U = require("util")
local C = require("cards")
local D = require("decks")
local S = {}

local function version(g)
	return U.classic(g) and "classic" or "revised"
end

-- SO §2: the star system deck, shuffled.
local function star_systems(g)
	for _, id in ipairs(def_ids.star_system) do
		g:create({ kind = "system", face = id, at = "systems", hidden = true })
	end
	g:shuffle_zone("systems")
end

-- SO §2, §6.7.1: the one shared resource deck of the version played: its base cards,
-- plus those of each expansion played (classic crew "aparece en expansiones", SO §4.3).
-- Unique cards must have a single copy in it (SO §4.3: "no two identical cards in any
-- deck").
local function casual_deck(g)
	local v = version(g)
	for _, id in ipairs(def_ids.resource) do
		local d = defs.resource[id]
		if U.contains(d.versions, v) and (d.expansion == nil or U.expansion(g, d.expansion)) then
			if U.has_keyword(d, "unique") and d.copies > 1 then
				error(string.format("resource %s is unique but has %s in the casual deck (SO §4.3)", id, U.count(d.copies, "copy")))
			end
			for _ = 1, d.copies do
				g:create({ kind = "resource", face = id, at = "deck", hidden = true })
			end
		end
	end
	g:shuffle_zone("deck")
end

-- SO §5.1.2: two race cards dealt face down to each player.
local function deal_species(g)
	for _, id in ipairs(def_ids.species) do
		g:create({ kind = "species", face = id, at = "species_box", hidden = true })
	end
	g:shuffle_zone("species_box")
	for s = 1, g:seats() do
		for _ = 1, 2 do
			local box = g:entities({ zone = "species_box" })
			local card = box[#box]
			g:move(card, { zone = "offer", seat = s })
			g:set_owner(card, s)
			g:hide(card, s)
		end
	end
end

S.setup = {
	enter = function(g, ctx)
		star_systems(g)
		if U.competitive(g) then
			for s = 1, g:seats() do
				D.stock(g, s)
			end
		else
			casual_deck(g)
			deal_species(g)
		end
		g:set_global("resource_total", #U.all_resources(g))
		for s = 1, g:seats() do
			g:set(s, "civ", 3) -- SO §5.1.3 (revised: not in source, same)
			g:set(s, "mil", 0)
			g:set(s, "credits", 0) -- SO §5.1.5: not mentioned, 0
		end
		g:log(U.text("setup.start", U.text(U.classic(g) and "setup.rules_classic" or "setup.rules_revised"), U.competitive(g) and U.text("setup.competitive_mode") or ""))
		g:push("game", {})
		if U.competitive(g) then
			g:push("mulligan", {})
		end
		g:push("opening", {})
		g:push(U.competitive(g) and "choose_decks" or "choose_species", {})
	end,
}

-- What a species ability does, in words (the effects of effects.lua, SO §2, §6.4).
local ABILITY_WORDS = {
	draw = function(n) return U.text("setup.ability.draw", U.count_of(n, "word.resource")) end,
	credits = function(n) return U.text("setup.ability.credits", U.count_of(n, "word.credit")) end,
	recruit = function(n) return U.text("setup.ability.recruit", U.count_of(n, "word.civilian")) end,
	train = function() return U.text("setup.ability.train") end,
	spy = function() return U.text("setup.ability.spy") end,
	jump = function() return U.text("setup.ability.jump") end,
	steal = function(n) return U.text("setup.ability.steal", U.count_of(n, "word.credit")) end,
	destroy_building = function() return U.text("setup.ability.destroy_building") end,
}

local function species_label(d)
	local ab = d.ability
	local words = ABILITY_WORDS[ab.effect]
	local what = words and words(ab.amount) or ab.effect
	local price = ab.price == 0 and U.text("setup.ability.free") or U.text("setup.ability.price", U.count_of(ab.price, "word.credit"))
	return U.text("setup.species_option",
		d.name, d.initiative, d.attack, d.defence, d.storage, ab.name, what, price)
end

-- SO §5.1.2: each player keeps one of its two species in secret; all are revealed
-- together once everyone has chosen; the others are discarded.
S.choose_species = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for s = 1, g:seats() do
			local options = {}
			for _, card in ipairs(g:entities({ zone = "offer", seat = s })) do
				table.insert(options, { label = species_label(defs.species[g:face(card)]), value = card })
			end
			table.insert(decisions, { seat = s, prompt = U.text("setup.choose_species"), rule = "SO §5.1.2", options = options,
				help = U.text("setup.choose_species_help") })
		end
		return { simultaneous = true, decisions = decisions }
	end,
	resolve = function(g, ctx, answers)
		for s = 1, g:seats() do
			for _, card in ipairs(g:entities({ zone = "offer", seat = s })) do
				if card == answers[s] then
					U.give_species(g, s, card)
					g:log(U.text("setup.reveal", s, defs.species[g:face(card)].name))
				else
					g:move(card, "species_box")
					g:set_owner(card, nil)
					g:hide(card)
				end
			end
		end
		ctx.done = true
	end,
}

-- SO §6.7.2: each player "escoge la especie que quiera y diseña un mazo" before the
-- game: every seat answers two questions, its species (any of them; several seats may
-- take the same) and its 40 resources (one of the pack's deck lists), in one secret,
-- simultaneous decision, since each brings its deck without seeing the others'. The
-- species are revealed together once all have chosen; the lists stay secret.
S.choose_decks = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for s = 1, g:seats() do
			local species, lists = {}, {}
			for _, id in ipairs(def_ids.species) do
				table.insert(species, { label = species_label(defs.species[id]), value = id })
			end
			for _, id in ipairs(def_ids.deck_list) do
				local list = defs.deck_list[id]
				table.insert(lists, { label = U.text("setup.deck_option", list.name, defs.species[list.species].name), value = id })
			end
			table.insert(decisions, { seat = s, key = "species", options = species, rule = "SO §6.7.2",
				prompt = U.text("setup.choose_competitive_species"), help = U.text("setup.choose_competitive_species_help") })
			table.insert(decisions, { seat = s, key = "deck", options = lists, rule = "SO §6.7.2",
				prompt = U.text("setup.choose_deck"), help = U.text("setup.choose_deck_help") })
		end
		return { simultaneous = true, decisions = decisions }
	end,
	resolve = function(g, ctx, answers)
		for s = 1, g:seats() do
			D.build(g, s, D.list_for(answers[s].species, answers[s].deck))
		end
		ctx.done = true
	end,
}

-- SO §5.1.4: in ascending initiative each draws storage - 2 (classic); revised: 5
-- (SO §6.7.2 "de los cinco recursos extraídos").
S.opening = {
	run = function(g, ctx)
		for _, s in ipairs(U.order(g)) do
			local n = U.classic(g) and (U.species(g, s).storage - 2) or 5
			C.draw(g, s, n)
		end
		g:log(U.text("setup.opening"))
		return nil
	end,
}

-- SO §6.7.2 mulligan: of the 5 drawn, each puts those it does not want under its deck,
-- draws as many, then shuffles its deck. Secret and simultaneous (each its own deck).
S.mulligan = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for s = 1, g:seats() do
			local options = {}
			for _, card in ipairs(C.hand(g, s)) do
				table.insert(options, { label = U.name(g, card), value = card })
			end
			table.insert(decisions, { seat = s, kind = "many", min = 0, max = #options, options = options, rule = "SO §6.7.2",
				prompt = U.text("setup.mulligan"), help = U.text("setup.mulligan_help") })
		end
		return { simultaneous = true, decisions = decisions }
	end,
	resolve = function(g, ctx, answers)
		for s = 1, g:seats() do
			local back = answers[s] or {}
			C.put_under(g, s, back)
			C.draw(g, s, #back)
			g:shuffle_zone(C.deck_of(g, s))
			g:log(U.text("setup.mulligan_done", s, U.count_of(#back, "word.card")))
		end
		ctx.done = true
	end,
}

return S

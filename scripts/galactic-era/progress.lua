--!strict
-- Galactic Era: the progress phase (GE 6.2): secret simultaneous choice of oval action
-- tokens and square tokens, the reveal and its costs, ethics changes, turn-order
-- swaps, then one action turn per seat in the new turn order.
local U = require("util")
local W = require("war")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Peoples = require("peoples")
local Actions = require("actions")
local Peace = require("peace")
local Cards = require("cards")
local P = {}

-- GE 3.5 (inferred): the six oval tokens of each seat.
P.OVALS = {
	{ id = "gain1", action = "gain", label = U.TEXT["action.gain"] },
	{ id = "gain2", action = "gain", label = U.TEXT["progress.gain_planet_second_token"] },
	{ id = "grow", action = "grow", label = U.TEXT["action.grow"] },
	{ id = "build", action = "build", label = U.TEXT["action.build"] },
	{ id = "research", action = "research", label = U.TEXT["action.research"] },
	{ id = "ethics", action = "ethics", label = U.TEXT["progress.change_ethics"] },
}

-- Arcturus and Khaa give one free extra oval token in round 1 (A6.1): 1 or 0.
local function free_extra_token(g, seat)
	return (g:global("round") == 1 and g:get(seat, "free_extra_round_1") == 1) and 1 or 0
end

-- The pieces that show a seat holds a planet (util.lua's controlled planets).
local PLANET_PIECES = { "capital", "disc" }

-- The cells with 5+ discs and no capital, each with the set of seats holding pieces
-- there (`holders`): what extra tokens depend on, the same for every seat, read once.
-- The discs of every cell are counted in one call; only those cells are looked at.
local function crowded_planets(g)
	local out = {}
	for c, n in pairs(g:tally({ kind = "disc" }, "cell")) do
		if n >= 5 and not U.capital_at(g, c) then
			local holders = {}
			for _, s in ipairs(g:owners({ kind = PLANET_PIECES, cell = c })) do
				holders[s] = true
			end
			table.insert(out, { cell = c, holders = holders })
		end
	end
	return out
end

-- GE 6.2.1.2: planets with 5+ discs (never the capital, never blockaded) each allow
-- one extra oval token; plus the free one of round 1. `crowded`: crowded_planets(g),
-- when the caller has them for every seat already; nil reads them.
function P.extra_tokens(g, seat, crowded)
	local n = 0
	for _, planet in ipairs(crowded or crowded_planets(g)) do
		if planet.holders[seat] and not W.blockaded(g, seat, planet.cell) then
			n += 1
		end
	end
	local free = free_extra_token(g, seat)
	return n + free, free
end

-- A square token as a player reads it (GE 6.2.1.1).
local function square_name(t)
	if t == "up" or t == "down" then
		return U.text("progress.turn_order", t)
	end
	return U.text("progress.research_token", U.TECH_NAMES[t])
end

-- The labels of the square tokens (GE 6.2.1.1, A2.4), made once as the module loads:
-- each depends only on the tokens, on whether a turn-order token would have no effect
-- (`useless`: "" or the note) and on the Robotics V cost ("" or the note), so the
-- choice every round formats none of them.
local NO_EFFECT = { up = U.TEXT["progress.you_are_first_no_effect"], down = U.TEXT["progress.you_are_last_no_effect"] }
local SQUARE_COST = U.TEXT["progress.square_cost_2_dp"]
local SINGLE_LABEL = {} -- [tech]
local ORDER_LABEL = {} -- [dir][useless]
local PAIR_LABEL = {} -- [cost][tech a][tech b]
local ORDER_PAIR_LABEL = {} -- [cost][tech][dir][useless]
for _, t in ipairs(U.TECHS) do
	SINGLE_LABEL[t] = U.text("progress.research", U.TECH_NAMES[t])
end
for dir, note in pairs(NO_EFFECT) do
	ORDER_LABEL[dir] = { [""] = U.text("progress.turn_order_" .. dir, ""), [note] = U.text("progress.turn_order_" .. dir, note) }
end
for _, cost in ipairs({ "", SQUARE_COST }) do
	local pairs_of, orders_of = {}, {}
	for i, a in ipairs(U.TECHS) do
		local with = {}
		for j = i + 1, #U.TECHS do
			local b = U.TECHS[j]
			with[b] = U.text("progress.square_pair_research", U.TECH_NAMES[a], U.TECH_NAMES[b], cost)
		end
		pairs_of[a] = with
		local dirs = {}
		for dir, note in pairs(NO_EFFECT) do
			dirs[dir] = { [""] = U.text("progress.research_turn_order", U.TECH_NAMES[a], dir, "", cost),
				[note] = U.text("progress.research_turn_order", U.TECH_NAMES[a], dir, note, cost) }
		end
		orders_of[a] = dirs
	end
	PAIR_LABEL[cost] = pairs_of
	ORDER_PAIR_LABEL[cost] = orders_of
end

-- A choice of square tokens as its option's value: one number, the place of the
-- token in SQUARE_TOKENS, or of two tokens a x 10 + b, not the list of tokens ({"mil"},
-- {"mil", "up"}): the kernel reads the options of a simultaneous question field by
-- field, and a bare number, offered without a label (P.square_label makes it), is
-- read in one go. square_tokens gives the list back.
local SQUARE_TOKENS = { "mil", "spi", "pro", "rob", "gen", "up", "down" }
local SQUARE_INDEX = {}
for i, t in ipairs(SQUARE_TOKENS) do
	SQUARE_INDEX[t] = i
end

local function square_code(a, b)
	return if b == nil then SQUARE_INDEX[a] else SQUARE_INDEX[a] * 10 + SQUARE_INDEX[b]
end

-- The tokens of a square_code, as a list.
local function square_tokens(code)
	if code < 10 then
		return { SQUARE_TOKENS[code] }
	end
	return { SQUARE_TOKENS[code // 10], SQUARE_TOKENS[code % 10] }
end

-- GE 6.2.1.1, A2.4: one square token, or two (never both turn-order tokens) from
-- Robotics V. Which choices a menu offers depends only on whether two tokens may be
-- taken (`two`), so every menu is made once as the module loads: SQUARE_MENUS[two].
-- Their labels depend also on whether each turn-order token would have no effect and
-- on whether two tokens cost DP (P.square_label).
local function square_menu(two)
	local options = {}
	for _, t in ipairs(U.TECHS) do
		table.insert(options, square_code(t))
	end
	table.insert(options, square_code("up"))
	table.insert(options, square_code("down"))
	if two then
		for i, a in ipairs(U.TECHS) do
			for j = i + 1, #U.TECHS do
				table.insert(options, square_code(a, U.TECHS[j]))
			end
			for _, dir in ipairs({ "up", "down" }) do
				table.insert(options, square_code(a, dir))
			end
		end
	end
	return options
end
local SQUARE_MENUS = { one = square_menu(false), two = square_menu(true) }

-- What the square-token menu of `seat` depends on: whether each turn-order token
-- would have no effect (`up`, `down`: "" or the note; no silent waste: the first seat
-- cannot move up, nor the last down, GE 6.2.3) and whether two tokens may be taken and
-- whether that costs DP (`two`: "one", "" or the cost note). `last`: the last
-- turn-order position.
local function square_facts(g, seat, last)
	local order = g:get(seat, "order")
	local up = order == 1 and NO_EFFECT.up or ""
	local down = order == last and NO_EFFECT.down or ""
	local rob = g:get(seat, "rob")
	local two = "one"
	if defs.technology.rob.per_level.squares[rob] >= 2 then
		two = rob == 5 and SQUARE_COST or ""
	end
	return up, down, two
end

-- The last turn-order position.
local function last_position(g)
	local last = 0
	for s = 1, g:seats() do
		last = math.max(last, g:get(s, "order") or 0)
	end
	return last
end

-- The square-token menu of `seat`; `last`, the last turn-order position.
local function square_options(g, seat, last)
	local _, _, two = square_facts(g, seat, last)
	return SQUARE_MENUS[two == "one" and "one" or "two"]
end

-- The label of a square-token choice (a square_code) in `seat`'s menu, made only when
-- a person reads the menu.
function P.square_label(g, code, seat)
	local up, down, two = square_facts(g, seat, last_position(g))
	local useless = { up = up, down = down }
	local tokens = square_tokens(code)
	local a, b = tokens[1], tokens[2]
	if b == nil then
		if a == "up" or a == "down" then
			return ORDER_LABEL[a][useless[a]]
		end
		return SINGLE_LABEL[a]
	elseif b == "up" or b == "down" then
		return ORDER_PAIR_LABEL[two][a][b][useless[b]]
	end
	return PAIR_LABEL[two][a][b]
end

local function reveal_and_pay(g, ctx)
	for s = 1, g:seats() do
		local ovals = ctx.ovals[s]
		local squares = ctx.squares[s]
		local left = { gain = 0, grow = 0, build = 0, research = 0, ethics = 0 }
		local names = {}
		for _, id in ipairs(ovals) do
			for _, o in ipairs(P.OVALS) do
				if o.id == id then
					left[o.action] += 1
					table.insert(names, o.label)
				end
			end
		end
		g:set(s, "selected", left)
		local chosen = {}
		for a, n in pairs(left) do
			if n > 0 then
				table.insert(chosen, a)
			end
		end
		table.sort(chosen)
		g:set(s, "chosen_ovals", chosen)
		g:add_global("r_ethics_tokens", left.ethics) -- for Moral (GE A3.13)
		g:set(s, "squares", squares)
		local square_names = {}
		local research_squares = {}
		for _, t in ipairs(squares) do
			table.insert(square_names, square_name(t))
			if U.TECH_NAMES[t] then
				table.insert(research_squares, U.TECH_NAMES[t])
			end
		end
		g:log(U.text("progress.seat_reveals", s, table.concat(names, ", "), table.concat(square_names, U.TEXT["progress.list_and"])))
		if left.research == 0 and #research_squares > 0 then
			-- No silent waste: the token only works with the Research action.
			g:log(U.text("progress.seat_chose_no_research_action", s, table.concat(research_squares, ", ")))
		end
		local paid = #ovals - 2 - free_extra_token(g, s)
		if paid > 0 then
			local cost = U.tech_value(g, s, "gen", "extra_token_cost")
			U.dp(g, s, -paid * cost, U.text("progress.extra_tokens_paid", U.count(paid, U.TEXT["noun.extra_action_token"])))
		end
		if #squares == 2 and g:get(s, "rob") == 5 then
			U.dp(g, s, -2, U.TEXT["progress.second_square_token_at_robotics"])
		end
	end
end

-- GE 6.2.2: every Change Ethics token flips its seat's tile (not at Spirituality V+).
local function change_ethics(g)
	for s = 1, g:seats() do
		if g:get(s, "selected").ethics > 0 then
			if g:get(s, "spi") >= 5 then
				g:log(U.text("progress.seat_cannot_change_ethics_spirituality", s))
			else
				W.change_ethics(g, s, g:get(s, "ethics") == "STO" and "STS" or "STO")
			end
		end
	end
end

local function has_square(g, s, token)
	return U.contains(g:get(s, "squares"), token)
end

function P.seat_at(g, pos)
	for s = 1, g:seats() do
		if g:get(s, "order") == pos then
			return s
		end
	end
	return nil
end

function P.swap(g, a, b)
	local pa, pb = g:get(a, "order"), g:get(b, "order")
	g:set(a, "order", pb)
	g:set(b, "order", pa)
end

-- One more swap in the token's direction, at once (Robotics special, GE A2.4 ⚠).
function P.swap_once(g, seat, dir)
	local pos = g:get(seat, "order")
	local other = P.seat_at(g, dir == "up" and pos - 1 or pos + 1)
	if other then
		P.swap(g, seat, other)
	end
end

-- GE 6.2.3: "up" swaps from the lowest number upwards, then "down" from the highest down.
function P.apply_turn_order(g)
	local function seat_at(pos)
		for s = 1, g:seats() do
			if g:get(s, "order") == pos then
				return s
			end
		end
		return nil
	end
	local function swap(a, b)
		P.swap(g, a, b)
	end
	local order = U.turn_order(g)
	for _, s in ipairs(order) do
		if has_square(g, s, "up") and g:get(s, "order") > 1 then
			swap(s, seat_at(g:get(s, "order") - 1))
		end
	end
	order = U.turn_order(g)
	for i = #order, 1, -1 do
		local s = order[i]
		if has_square(g, s, "down") and g:get(s, "order") < g:seats() then
			swap(s, seat_at(g:get(s, "order") + 1))
		end
	end
	local names = {}
	for i, s in ipairs(U.turn_order(g)) do
		names[i] = U.text("battle.seat_named", s)
	end
	g:log(U.text("progress.turn_order_log", table.concat(names, ", ")))
end

-- The token choices' fixed texts, read once as the module loads.
local OVALS_PROMPT = U.TEXT["progress.choose_2_action_tokens"]
local OVALS_HELP = U.TEXT["progress.actions_you_will_take_in"]
local SQUARES_PROMPT = U.TEXT["progress.choose_your_square_token_research"]
local SQUARES_HELP = U.TEXT["progress.research_token_names_technology_your"]

-- The oval tokens as options, the same for every seat, made once: each is its place
-- in P.OVALS, a bare number (labelled by P.oval_label), for the reason given for the
-- square tokens' square_code.
local OVAL_OPTIONS = {}
for i in ipairs(P.OVALS) do
	table.insert(OVAL_OPTIONS, i)
end

-- The label of an oval token's option, made only when a person reads the menu.
function P.oval_label(g, i, seat)
	return P.OVALS[i].label
end

-- Both token choices are asked in one simultaneous pending (two keyed decisions per
-- seat), so no answer sits anywhere visible before every seat has chosen both.

P.phase = {
	run = function(g, ctx)
		if not ctx.ovals then
			local decisions = {}
			-- What every seat's choice depends on alike, read once: the crowded planets
			-- and the last turn-order position.
			local crowded = crowded_planets(g)
			local last = last_position(g)
			for s = 1, g:seats() do
				local extra = P.extra_tokens(g, s, crowded)
				local cost = U.tech_value(g, s, "gen", "extra_token_cost")
				table.insert(decisions, { seat = s, key = "ovals", kind = "many", min = 2, max = math.min(6, 2 + extra), options = OVAL_OPTIONS,
					labels = "progress.oval_label", prompt = extra > 0 and U.text("progress.choose_2_action_tokens_up", extra, cost) or OVALS_PROMPT,
					rule = "GE 6.2.1", help = OVALS_HELP })
				table.insert(decisions, { seat = s, key = "squares", prompt = SQUARES_PROMPT, labels = "progress.square_label",
					rule = "GE 6.2.1.1", options = square_options(g, s, last), help = SQUARES_HELP })
			end
			return { simultaneous = true, decisions = decisions }
		end
		if not ctx.revealed then
			ctx.revealed = true
			reveal_and_pay(g, ctx)
			change_ethics(g)
			P.apply_turn_order(g)
			local order = U.turn_order(g)
			for i = #order, 1, -1 do
				g:push("action_turn", { seat = order[i] })
			end
			-- Coalición de Ankara: a free extra token with Change Ethics, before the turns (A1.5).
			for i = #order, 1, -1 do
				local s = order[i]
				if Peoples.is(g, s, "ankara") and (g:get(s, "selected").ethics or 0) > 0 then
					g:push("ankara_token", { seat = s })
				end
			end
			return nil
		end
		return nil
	end,
	resolve = function(g, ctx, answers)
		-- The answers' numbers turned back into the tokens' ids.
		ctx.ovals, ctx.squares = {}, {}
		for s = 1, g:seats() do
			local ovals = {}
			for i, o in ipairs(answers[s].ovals) do
				ovals[i] = P.OVALS[o].id
			end
			ctx.ovals[s] = ovals
			ctx.squares[s] = square_tokens(answers[s].squares)
		end
	end,
}

local ACTION_LABELS = U.ACTION_NAMES

local ROMAN = U.ROMAN

local function raise_by(g, seat, tech, levels)
	for _ = 1, levels do
		if Actions.raise(g, seat, tech, "research") then
			g:set(seat, "r_raised_" .. tech, 1)
		end
	end
end

-- GE 6.2.4.4: advance the technology of each research square token (beyond VI:
-- its special effect, which does not count as raising a level, GE A4). A people that
-- may rise further (Gríseos STO: from I straight to III, GE A1.9) chooses how far.
function P.research(g, seat)
	local researched = false
	for _, t in ipairs(g:get(seat, "squares")) do
		if U.TECH_NAMES[t] then
			researched = true
			local most = Peoples.research_levels(g, seat, t)
			if most > 1 and g:get(seat, t) + 1 < 6 then
				g:push("research_choice", { seat = seat, tech = t, most = most })
			else
				raise_by(g, seat, t, most)
			end
		end
	end
	if not researched then
		g:log(U.text("progress.seat_research_has_no_research", seat))
	end
end

-- GE A1.9: "may raise it directly to level III": one level, or up to `most`.
P.research_choice = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local level = g:get(ctx.seat, ctx.tech)
		local options = {}
		for n = 1, math.min(ctx.most, 6 - level) do
			table.insert(options, { label = U.text("progress.raise_to_level", U.TECH_NAMES[ctx.tech], ROMAN[level + n]), value = n })
		end
		return { seat = ctx.seat, prompt = U.text("progress.research_how_far_does_rise", U.TECH_NAMES[ctx.tech]), rule = "GE 6.2.4.4, A1.9", options = options,
			help = U.TEXT["progress.luminous_greys_may_raise_technology"] }
	end,
	resolve = function(g, ctx, levels)
		ctx.done = true
		raise_by(g, ctx.seat, ctx.tech, levels)
	end,
}

-- An entry of the progress menu as its option's value: its place in ENTRY_KINDS, a
-- bare number offered without a label (P.action_label makes it), not {value = "gain"}:
-- the kernel converts every option's value into the game's state, and a number costs
-- least to make and to read. A people's own action (peoples.lua) keeps its table.
local ENTRY_KINDS = { "evacuate", "colony", "relocate", "gain", "grow", "build", "research", "card", "peace" }
local ENTRY_CODE = {}
for i, kind in ipairs(ENTRY_KINDS) do
	ENTRY_CODE[kind] = i
end

-- The progress menu's fixed texts, read once as the module loads (the menu is made
-- again after every action).
local MENU_PROMPT = U.TEXT["progress.progress_resolve_action"]
local MENU_PASS = U.TEXT["progress.end_turn_unused_actions_are"]
local MENU_HELP = U.TEXT["progress.resolve_actions_you_chose_one"]

-- GE 6.2.4: a seat resolves its selected actions one at a time, in any order.
P.action_turn = {
	enter = function(g, ctx)
		g:set(ctx.seat, "acted_phase", g:global("round"))
		g:set(ctx.seat, "turn_taken", 0)
		g:set(ctx.seat, "turn_victims", nil)
	end,
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local seat = ctx.seat
		local left = g:get(seat, "selected")
		local options = {}
		-- The seat's enemies, read once for the evacuation and for peace (nothing
		-- changes meanwhile).
		local enemies = W.enemies(g, seat)
		-- Labelled by P.action_label, only when a person reads the menu.
		-- GE 6.2.4.1.5: a capital with enemy ships may be evacuated voluntarily (enemy
		-- ships present, blockade or not: Spirituality V+ may evacuate too). A seat
		-- without enemies has none.
		local capital = #enemies > 0 and U.capital_cell(g, seat)
		if capital then
			local enemy_here = false
			for _, s in ipairs(U.seats_with_ships(g, capital)) do
				enemy_here = enemy_here or table.find(enemies, s) ~= nil
			end
			if enemy_here then
				table.insert(options, ENTRY_CODE.evacuate)
			end
		end
		-- Progenitores: free Colonize actions from the start bonus (A1.15; a people defined
		-- as data may have them too).
		local colonies = g:get(seat, "free_colonies") or 0
		if colonies > 0 then
			table.insert(options, ENTRY_CODE.colony)
		end
		local relocations = U.tech_value(g, seat, "pro", "relocate")
		if relocations > 0 and not ctx.relocated then
			table.insert(options, ENTRY_CODE.relocate)
		end
		-- Special progress actions of a people defined as data (GE 6.2.4.5, peoples.lua).
		for _, o in ipairs(Peoples.actions(g, seat)) do
			table.insert(options, o)
		end
		for _, a in ipairs({ "gain", "grow", "build", "research" }) do
			if (left[a] or 0) > 0 then
				table.insert(options, ENTRY_CODE[a])
			end
		end
		-- After the actions, so that Enter on the first entry resolves an action.
		if Cards.any_play(g, seat) then
			table.insert(options, ENTRY_CODE.card)
		end
		-- GE 4.7: peace by agreement at any time; here, in the own turn (peace.lua).
		if #Peace.targets(g, seat, { phase = "progress", turn = seat }, nil, enemies) > 0 then
			table.insert(options, ENTRY_CODE.peace)
		end
		if #options == 0 then
			return nil
		end
		return { seat = seat, prompt = MENU_PROMPT, rule = "GE 6.2.4", options = options, labels = "progress.action_label",
			pass = MENU_PASS, help = MENU_HELP }
	end,
	resolve = function(g, ctx, action)
		local seat = ctx.seat
		if action == nil then
			ctx.done = true
			-- No silent waste: the actions given up are told.
			local lost = {}
			local left = g:get(seat, "selected")
			for _, a in ipairs({ "gain", "grow", "build", "research" }) do
				for _ = 1, left[a] or 0 do
					table.insert(lost, ACTION_LABELS[a])
				end
			end
			if #lost > 0 then
				g:log(U.text("progress.actions_given_up", seat, table.concat(lost, ", ")))
			end
			return
		end
		if type(action) == "table" and action.people_action ~= nil then
			Peoples.perform(g, seat, action.people_action)
			return
		end
		action = ENTRY_KINDS[action]
		if action == "card" then
			g:push("card_offer", { seat = seat, moment = { phase = "progress" } })
			return
		elseif action == "peace" then
			g:push("peace_offer", { seat = seat, phase = "progress", turn = seat })
			return
		elseif action == "colony" then
			-- Progenitores: 4 free Colonize actions over the game (A1.15).
			g:add(seat, "free_colonies", -1)
			g:push("gain_planet", { seat = seat, colonize_only = true })
			return
		elseif action == "evacuate" then
			g:push("evacuate", { seat = seat, from = U.capital_cell(g, seat), voluntary = true })
			return
		elseif action == "relocate" then
			ctx.relocated = true -- GE 7.5: once per progress phase
			g:push("relocate", { seat = seat, left = U.tech_value(g, seat, "pro", "relocate") })
			return
		end
		local left = g:get(seat, "selected")
		left[action] -= 1
		g:set(seat, "selected", left)
		if action == "gain" then
			g:push("gain_planet", { seat = seat })
		elseif action == "grow" then
			g:push("increase_population", { seat = seat })
		elseif action == "build" then
			g:push("build_ships", { seat = seat })
		elseif action == "research" then
			P.research(g, seat)
		end
	end,
}

-- The label of an entry of the progress menu (the step above), made only when a
-- person reads it. An action token says how many times it may still be used, and
-- Gain a Planet how many planets are within reach, so it is not chosen for nothing.
function P.action_label(g, v, seat)
	v = ENTRY_KINDS[v]
	if v == "card" then
		return U.TEXT["movement.play_domination_card"]
	elseif v == "peace" then
		return U.text("movement.propose_peace_to", table.concat(Peace.targets(g, seat, { phase = "progress", turn = seat }), ", "))
	elseif v == "evacuate" then
		return U.TEXT["progress.evacuate_your_capital_leaving_1"]
	elseif v == "colony" then
		return U.text("progress.free_colonize_left", g:get(seat, "free_colonies") or 0)
	elseif v == "relocate" then
		return U.text("progress.relocate_up_to", U.count(U.tech_value(g, seat, "pro", "relocate"), U.TEXT["noun.population_disc"]))
	end
	local times = g:get(seat, "selected")[v] or 0
	local label = ACTION_LABELS[v] .. (times > 1 and (U.text("progress.times", times)) or "")
	if v == "gain" then
		local planets = Actions.gainable_planets(g, seat)
		if planets == 0 then
			label ..= U.TEXT["progress.no_planet_within_reach_now"]
		elseif planets < times then
			label ..= U.text("progress.only_within_reach_now", U.count(planets, U.TEXT["terrain.planet"]))
		end
	end
	return label
end

return P

--!strict
-- Twilight Imperium 4: strategic actions (TI4 §4): the active seat resolves its
-- strategy card's primary ability, then the other seats, clockwise from its left, may
-- resolve the secondary, most of them for a strategy-pool token (TI4 §4.1, §58.5).
-- The eight cards: Leadership §54, Diplomacy §35, Politics §75, Construction §28,
-- Trade §25, Warfare §48, Technology §95, Imperial §49.
local U = require("util")
local Ask = require("ask_once")
local O = require("objectives")
local Co = require("council")
local A = require("abilities")
local C = {}

local function secondary_free(g, seat: number, card: string): boolean
	return card == "leadership" or A.any(g, seat, "free_secondary", card) -- Masters of Trade (abilities.lua)
end

-- Law Minister of Sciences: its owner researches through the Technology card without
-- spending resources.
local function research_cost(g, seat: number, n: number): number
	return Co.law_owner(g, "minister_of_sciences") == seat and 0 or n
end

-- Whether a seat can resolve the card's secondary at all (it would not be asked else).
local function can_follow(g, seat: number, card: string): boolean
	if not secondary_free(g, seat, card) and U.pool(g, seat, "strategy") == 0 then
		return false
	end
	if card == "trade" and g:global("trade_named_" .. seat) then
		return false -- named by the Trade primary: its secondary is already resolved
	elseif card == "technology" then
		local cost = A.any(g, seat, "follow_as_primary", card) and 0 or research_cost(g, seat, 4) -- Brilliant
		return U.spendable(g, seat, "resources") >= cost and #require("tech").researchable(g, seat) > 0
	elseif card == "warfare" then
		return require("production").limit(g, seat, U.home_cell(g, seat), true) > 0 -- 1 space dock (F-42)
	elseif card == "construction" then
		return g:count({ kind = "command_token", zone = "cmd_reinforcements", seat = seat }) > 0
	elseif card == "leadership" then
		return U.spendable(g, seat, "influence") >= 3
	end
	return true
end

local function replenish(g, seat: number)
	g:set(seat, "commodities", U.faction(g, seat).commodities)
	-- Law Minister of Commerce: its owner gains a trade good per neighbour (TI4 §99).
	if Co.law_owner(g, "minister_of_commerce") == seat then
		local n = #require("transactions").neighbours_of(g, seat)
		U.gain_tg(g, seat, n)
		g:log(U.text("law.minister_of_commerce", seat, n))
	end
	require("notes").after_replenish(g, seat) -- Trade Agreement (TI4 §44)
end

-- The primary abilities (TI4 §54.1 ...), each pushing the steps it needs (pushed
-- steps run last-pushed first).
local PRIMARY = {
	leadership = function(g, seat)
		g:push("buy_tokens", { seat = seat })
		g:push("redistribute", { seat = seat, gain = 3, redistribute = false })
	end,
	diplomacy = function(g, seat)
		g:push("ready_planets", { seat = seat, n = 2 })
		g:push("diplomacy", { seat = seat })
	end,
	politics = function(g, seat)
		g:push("politics_look", { seat = seat })
		g:push("discard", { seat = seat })
		g:push("politics", { seat = seat })
	end,
	construction = function(g, seat)
		g:push("construct", { seat = seat, kinds = { "pds" }, optional = true })
		g:push("construct", { seat = seat, kinds = { "pds", "space_dock" } })
	end,
	trade = function(g, seat)
		U.gain_tg(g, seat, 3)
		replenish(g, seat)
		g:log(U.text("cards.trade_primary", seat))
		for s = 1, g:seats() do
			g:set_global("trade_named_" .. s, nil)
		end
		g:push("trade_others", { seat = seat })
	end,
	warfare = function(g, seat)
		g:push("redistribute", { seat = seat, gain = 0 })
		g:push("warfare", { seat = seat })
	end,
	technology = function(g, seat)
		g:push("tech_more", { seat = seat })
		g:push("research", { seat = seat })
	end,
	imperial = function(g, seat)
		g:push("imperial", { seat = seat })
	end,
}

local SECONDARY = {
	leadership = function(g, seat)
		g:push("buy_tokens", { seat = seat })
	end,
	diplomacy = function(g, seat)
		g:push("ready_planets", { seat = seat, n = 2 })
	end,
	politics = function(g, seat)
		U.draw_action(g, seat)
		U.draw_action(g, seat)
		g:log(U.text("cards.drew_two", seat))
		g:push("discard", { seat = seat })
		A.at(g, "action_cards_drawn", { seat = seat }) -- Scheming (faction_yssaril.lua)
	end,
	construction = function(g, seat)
		g:push("construct", { seat = seat, kinds = { "pds", "space_dock" }, token = true, optional = true })
	end,
	trade = function(g, seat)
		replenish(g, seat)
		g:log(U.text("cards.replenished", seat))
	end,
	warfare = function(g, seat)
		-- TI4 §48: the Production of 1 space dock in the home system (not Letani Warriors', F-42).
		g:push("produce", { seat = seat, cell = U.home_cell(g, seat), one_dock = true })
	end,
	technology = function(g, seat)
		g:push("research", { seat = seat })
		if research_cost(g, seat, 4) > 0 then
			g:push("pay", { seat = seat, what = "resources", amount = 4 })
		end
	end,
	imperial = function(g, seat)
		U.draw_secret(g, seat)
		g:push("return_secret", { seat = seat })
	end,
}

-- ctx: seat, card (the strategy card's id).
C.strategic = {
	enter = function(g, ctx)
		local card = g:first({ kind = "strategy_card", face = ctx.card })
		g:set_prop(card, "exhausted", true)
		g:log(U.text("cards.strategic", ctx.seat, defs.strategy_card[ctx.card].name))
		ctx.stage = "primary"
		ctx.i = 1
		ctx.others = U.clockwise(g, ctx.seat)
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		if ctx.stage == "primary" then
			ctx.stage = "secondary"
			-- Abilities timed after a strategy card's ability is resolved (Xxcha's Peace
			-- Accords): pushed first, so their steps run after the card's own.
			A.at(g, "strategy_resolved", { seat = ctx.seat, card = ctx.card, primary = true })
			PRIMARY[ctx.card](g, ctx.seat)
			return nil
		end
		while ctx.i < #ctx.others do
			ctx.i += 1
			local s = ctx.others[ctx.i]
			-- Trade (TI4 §25.1; digest F-09): a player named by the primary replenishes here,
			-- in the secondary step in clockwise order, paying nothing and not asked.
			if ctx.card == "trade" and g:global("trade_named_" .. s) then
				g:push("trade_replenish", { seat = s })
				return nil
			end
			if can_follow(g, s, ctx.card) then
				ctx.asking = s
				local name = defs.strategy_card[ctx.card].name
				return { seat = s, prompt = U.text("cards.follow_prompt", name), rule = "TI4 §4.1, §58.5",
					help = U.text("cards.follow_help", defs.strategy_card[ctx.card].secondary),
					options = { { label = U.text(secondary_free(g, s, ctx.card) and "cards.follow_free" or "cards.follow", name, defs.strategy_card[ctx.card].secondary), value = true } },
					pass = U.text("cards.no_follow") }
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		local s = ctx.asking
		if v then
			if not secondary_free(g, s, ctx.card) then
				U.move_token(g, s, "strategy", "cmd_reinforcements")
			end
			g:log(U.text("cards.followed", s, defs.strategy_card[ctx.card].name))
			A.at(g, "strategy_resolved", { seat = s, card = ctx.card, primary = false }) -- as for the primary
			-- Jol-Nar's Brilliant (abilities.lua): the primary instead of the secondary. The
			-- primary gives all the secondary does and more (Technology: a free research, and
			-- a second one offered for 6), so it is taken without asking.
			if A.any(g, s, "follow_as_primary", ctx.card) then
				g:log(U.text("ability.follow_as_primary", s, defs.strategy_card[ctx.card].name))
				PRIMARY[ctx.card](g, s)
			else
				SECONDARY[ctx.card](g, s)
			end
		end
	end,
}

-- Leadership (TI4 §54): command tokens for influence, one per 3.
C.buy_tokens = Ask.step({
	options = function(g, ctx)
		local most = math.min(math.floor(U.spendable(g, ctx.seat, "influence") / 3),
			g:count({ kind = "command_token", zone = "cmd_reinforcements", seat = ctx.seat }))
		local options = {}
		for k = 1, most do
			table.insert(options, { label = U.text("cards.buy_tokens", k, 3 * k), value = k })
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("cards.buy_prompt"), rule = "TI4 §54", help = U.text("cards.buy_help"), pass = U.text("cards.buy_none") }
	end,
	answer = function(g, ctx, k)
		g:push("redistribute", { seat = ctx.seat, gain = k, redistribute = false })
		g:push("pay", { seat = ctx.seat, what = "influence", amount = 3 * k })
	end,
})

-- Diplomacy (TI4 §35): a system with a planet the seat controls (not Mecatol Rex);
-- every other seat puts a command token from its reinforcements there.
C.diplomacy = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, c in ipairs(g:cells_of({ kind = "planet", owner = ctx.seat })) do
			if c ~= g:global("mecatol") then
				table.insert(options, { label = U.cell_label(g, c), value = c })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("cards.diplomacy_prompt"), rule = "TI4 §35.1", help = U.text("cards.diplomacy_help") }
	end,
	answer = function(g, ctx, c)
		for s = 1, g:seats() do
			if s ~= ctx.seat and not U.has_token_in(g, s, c) then
				U.move_token(g, s, "cmd_reinforcements", c)
			end
		end
		g:log(U.text("cards.diplomacy_done", ctx.seat, U.cell_label(g, c)))
	end,
})

-- Diplomacy (TI4 §35.2): ready up to n exhausted planets.
C.ready_planets = Ask.repeated({
	count = "readied",
	options = function(g, ctx)
		return Ask.planet_options(g, g:entities({ kind = "planet", owner = ctx.seat, has = "exhausted" }))
	end,
	ask = function(g, ctx)
		return { prompt = U.text("cards.ready_prompt"), rule = "TI4 §35.2, §77", help = U.text("cards.ready_help"),
			pass = U.text("cards.ready_none") }
	end,
	answer = function(g, ctx, p)
		g:set_prop(p, "exhausted", nil)
		g:log(U.text("cards.readied", ctx.seat, U.planet_name(g, p)))
	end,
})

-- Politics (TI4 §75): a new speaker, another seat; 2 action cards; then the look at the
-- top two agendas (agenda.politics_look).
C.politics = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, s in ipairs(U.clockwise(g, 1)) do
			if s ~= g:global("speaker") then
				table.insert(options, { label = U.text("common.seat", s), value = s })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("cards.speaker_prompt"), rule = "TI4 §75.2, §76.6", help = U.text("cards.speaker_help") }
	end,
	answer = function(g, ctx, s)
		g:set_global("speaker", s)
		if s == ctx.seat then
			g:log(U.text("cards.self_speaker", s))
		else
			g:log(U.text("cards.new_speaker", ctx.seat, s))
		end
		U.draw_action(g, ctx.seat)
		U.draw_action(g, ctx.seat)
		g:log(U.text("cards.drew_two", ctx.seat))
		A.at(g, "action_cards_drawn", { seat = ctx.seat }) -- Scheming (faction_yssaril.lua)
	end,
})

-- Whether a structure of kind k can be placed on planet p: one in reinforcements, or, none
-- left there, one on the board to take back (TI4 §57.4: from a system without the seat's
-- command token; not the one on p itself).
local function available(g, seat: number, k: string, p: number): boolean
	if g:count({ kind = k, zone = "reinforcements", seat = seat }) > 0 then
		return true
	end
	for _, o in ipairs(require("production").reclaimable(g, seat, k)) do
		if o.value ~= "q:" .. p then
			return true
		end
	end
	return false
end

-- Construction (TI4 §28): a PDS or space dock on a planet the seat controls (at most
-- one space dock and two PDS per planet, TI4 §80, §90); following, a command token
-- from reinforcements goes into that system.
C.construct = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		if ctx.reclaim then
			-- TI4 §57.4: none left in reinforcements: which one on the board comes back to be
			-- placed (not the one already on the chosen planet).
			local options = {}
			for _, o in ipairs(require("production").reclaimable(g, ctx.seat, ctx.reclaim.kind)) do
				if o.value ~= "q:" .. ctx.reclaim.planet then
					table.insert(options, o)
				end
			end
			return { seat = ctx.seat, prompt = U.text("cards.take_back_prompt", U.unit_def(g, ctx.seat, ctx.reclaim.kind).name),
				rule = "TI4 §57.4", help = U.text("cards.take_back_help"), options = options }
		end
		local options = {}
		local space_seen = {}
		for _, p in ipairs(U.planets(g, ctx.seat)) do
			for _, k in ipairs(ctx.kinds) do
				local limit = k == "pds" and Co.pds_limit(g) or 1
				if U.placed_in_space(g, ctx.seat, k) then
					-- TI4 §41.1: Saar's Floating Factory goes in the space area of a system
					-- holding a planet the seat controls (one option per system).
					local c = g:cell_of(p) :: number
					if not space_seen[c] and g:count({ kind = k, zone = "reinforcements", seat = ctx.seat }) > 0 then
						space_seen[c] = true
						table.insert(options, { label = U.text("cards.construct_space_option", U.text("unit_type." .. k), U.cell_label(g, c)), value = string.format("%s:%d", k, p) })
					end
				elseif available(g, ctx.seat, k, p) and g:count({ kind = k, inside = p }) < limit and Co.may_land(g, p) then
					table.insert(options, { label = U.text("cards.construct_option", U.text("unit_type." .. k), U.planet_name(g, p)), value = string.format("%s:%d", k, p) })
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("cards.construct_prompt"), rule = "TI4 §28, §41", help = U.text("cards.construct_help"),
			options = options, pass = ctx.optional and U.text("cards.construct_none") or nil }
	end,
	resolve = function(g, ctx, v)
		if not v then
			ctx.done = true
			return
		end
		local k, p = string.match(v, "^(%a[%a_]*):(%d+)$")
		if ctx.reclaim then
			-- TI4 §57.4: the structure taken back goes to reinforcements, then is placed.
			local back, from = require("production").reclaimed(g, ctx.seat, ctx.reclaim.kind, v)
			g:log(U.text("cards.taken_back", ctx.seat, U.unit_def(g, ctx.seat, ctx.reclaim.kind).name, from))
			g:move(back, { zone = "reinforcements", seat = ctx.seat })
			k, p = ctx.reclaim.kind, tostring(ctx.reclaim.planet)
			ctx.reclaim = nil
		elseif g:count({ kind = k, zone = "reinforcements", seat = ctx.seat }) == 0 then
			ctx.reclaim = { kind = k, planet = tonumber(p) } -- asked next (run)
			return
		end
		ctx.done = true
		local planet = tonumber(p)
		if U.placed_in_space(g, ctx.seat, k) then
			g:move(g:last({ kind = k, zone = "reinforcements", seat = ctx.seat }), g:cell_of(planet)) -- TI4 §41.1
		else
			g:move(g:last({ kind = k, zone = "reinforcements", seat = ctx.seat }), { inside = planet })
		end
		if ctx.token then
			local c = g:cell_of(planet)
			if not U.has_token_in(g, ctx.seat, c) then
				U.move_token(g, ctx.seat, "cmd_reinforcements", c)
			end
		end
		g:log(U.text("cards.constructed", ctx.seat, U.text("unit_type." .. k), U.planet_name(g, planet)))
		-- Law Minister of Industry: placing a space dock lets its owner's units in that
		-- system use Production.
		if k == "space_dock" and Co.law_owner(g, "minister_of_industry") == ctx.seat then
			g:push("produce", { seat = ctx.seat, cell = g:cell_of(planet) })
		end
	end,
}

-- Trade (TI4 §25.1): other seats whose commodities the active seat replenishes free.
C.trade_others = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, s in ipairs(U.clockwise(g, 1)) do
			if s ~= ctx.seat then
				table.insert(options, { label = U.text("common.seat", s), value = s })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { kind = "many", min = 0, prompt = U.text("cards.trade_prompt"), rule = "TI4 §25.1", help = U.text("cards.trade_help") }
	end,
	answer = function(g, ctx, seats)
		for _, s in ipairs(seats) do
			-- They resolve the secondary free, in its clockwise turn (C.strategic,
			-- C.trade_replenish), and are not offered it again for a token (TI4 §25.1).
			g:set_global("trade_named_" .. s, true)
		end
	end,
})

-- A seat named by the Trade primary replenishes its commodities in the secondary step
-- (TI4 §25.1; FAQ, digest F-09); a Trade Agreement it gave may follow (notes.lua).
C.trade_replenish = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		ctx.done = true
		replenish(g, ctx.seat)
		g:log(U.text("cards.replenished", ctx.seat))
		return nil
	end,
	resolve = function(g, ctx, _) end,
}

-- Warfare (TI4 §48.1): one of the seat's command tokens off the board, gained back into
-- its pools (then it redistributes, pushed by the primary).
C.warfare = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, t in ipairs(g:entities({ kind = "command_token", owner = ctx.seat })) do
			local c = g:cell_of(t)
			if c then
				table.insert(options, { label = U.cell_label(g, c), value = c })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("cards.warfare_prompt"), rule = "TI4 §48.1", help = U.text("cards.warfare_help") }
	end,
	answer = function(g, ctx, c)
		-- §48.1: the token is gained into a pool (the tactic pool; the redistribution
		-- that follows may move it anywhere).
		local t = g:first({ kind = "command_token", owner = ctx.seat, cell = c })
		g:move(t, { zone = "tactic_pool", seat = ctx.seat })
		g:log(U.text("cards.warfare_done", ctx.seat, U.cell_label(g, c)))
	end,
})

-- Technology (TI4 §95.1): a second research for 6 resources.
C.tech_more = Ask.step({
	options = function(g, ctx)
		if U.spendable(g, ctx.seat, "resources") < research_cost(g, ctx.seat, 6) or #require("tech").researchable(g, ctx.seat) == 0 then
			return {}
		end
		return { { label = U.text("cards.tech_more"), value = true } }
	end,
	ask = function(g, ctx)
		return { prompt = U.text("cards.tech_more_prompt"), rule = "TI4 §95.1", help = U.text("cards.tech_more_help"),
			pass = U.text("cards.tech_no_more") }
	end,
	answer = function(g, ctx, v)
		g:push("research", { seat = ctx.seat })
		if research_cost(g, ctx.seat, 6) > 0 then
			g:push("pay", { seat = ctx.seat, what = "resources", amount = 6 })
		end
	end,
})

-- Imperial (TI4 §49.1): score a public objective met now; then 1 VP for holding
-- Mecatol Rex, else a secret objective.
C.imperial = {
	enter = function(g, ctx)
		ctx.stage = "score"
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		if ctx.stage == "score" then
			local options = {}
			for _, obj in ipairs(O.public_options(g, ctx.seat, "status")) do
				local def = defs.objective[g:face(obj)]
				table.insert(options, { label = U.text("objectives.option", def.name, def.vp, def.requirement), value = obj })
			end
			if #options > 0 then
				return { seat = ctx.seat, prompt = U.text("objectives.prompt_public"), rule = "TI4 §49.1, §71", help = U.text("objectives.help"),
					options = options, pass = U.text("objectives.none") }
			end
			ctx.stage = "mecatol"
		end
		if ctx.stage == "mecatol" then
			ctx.stage = "done"
			local mr = g:first({ kind = "planet", cell = g:global("mecatol") })
			if g:owner(mr) == ctx.seat then
				g:log(U.text("cards.imperial_vp", ctx.seat))
				U.vp(g, ctx.seat, 1, "other")
			else
				U.draw_secret(g, ctx.seat)
				g:push("return_secret", { seat = ctx.seat })
			end
		end
		return nil
	end,
	resolve = function(g, ctx, obj)
		ctx.stage = "mecatol"
		if obj then
			O.score(g, ctx.seat, obj)
		end
	end,
}

-- TI4 §71.21: more than 3 secret objectives: one unscored goes back, the deck shuffled.
C.return_secret = Ask.step({
	options = function(g, ctx)
		local options = {}
		if O.secret_count(g, ctx.seat) <= U.MAX_SECRETS then
			return options
		end
		for _, obj in ipairs(g:entities({ kind = "secret_objective", zone = "secrets", seat = ctx.seat })) do
			table.insert(options, { label = defs.objective[g:face(obj)].name, value = obj })
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("objectives.return_prompt"), rule = "TI4 §71.21", help = U.text("objectives.return_help") }
	end,
	answer = function(g, ctx, obj)
		g:set(ctx.seat, "returning_secret", nil)
		g:hide(obj)
		g:move(obj, "secret_deck")
		g:shuffle_zone("secret_deck")
		g:log(U.text("objectives.returned", ctx.seat))
	end,
})

return C

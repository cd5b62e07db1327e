--!strict
-- Twilight Imperium 4: setting up a game (the front matter's "complete setup", digest
-- §1.6). Every limited component is created here, before the first decision; fighter and
-- infantry tokens, which have no limit, are made during play when a player needs one
-- and none is free (unit_tokens.lua; TI4 §21.1, §50.1, §57.4).
local U = require("util")
local Ask = require("ask_once")
local Tech = require("tech")
local Galaxy = require("galaxy")
local S = {}

-- The unit face a faction uses for a type: its own faction unit, else the generic one.
local function face_for(faction, utype: string): string
	if utype == "flagship" then
		return faction.flagship
	end
	for _, u in ipairs(faction.units) do
		if defs.unit[u].type == utype then
			return u
		end
	end
	return U.BASE_UNIT[utype]
end

local function create_seat(g, seat: number, faction)
	-- Step 4 (TI4 §98.2): every unit figure of the colour, in reinforcements (fighter and
	-- infantry tokens come later, when needed: unit_tokens.lua).
	for _, utype in ipairs(U.UNIT_TYPES) do
		local n = defs.unit[U.BASE_UNIT[utype]].figures
		local face = face_for(faction, utype)
		for _ = 1, n do
			g:create({ kind = utype, face = face, owner = seat, at = { zone = "reinforcements", seat = seat } })
		end
	end
	-- Step 3: 16 command tokens and 17 control tokens (TI4 §58, §29).
	for _ = 1, 16 do
		g:create({ kind = "command_token", owner = seat, at = { zone = "cmd_reinforcements", seat = seat } })
	end
	for _ = 1, 17 do
		g:create({ kind = "control_token", owner = seat, at = { zone = "control_reinforcements", seat = seat } })
	end
	-- Step 4: the technology deck (generic cards and the faction's two).
	for _, tid in ipairs(Tech.deck_of(faction)) do
		g:create({ kind = "technology", face = tid, owner = seat, at = { zone = "tech_deck", seat = seat } })
	end
	-- Step 4 (TI4 §44): the colour's promissory notes and the faction's, held by the seat.
	for _, nid in ipairs(def_ids.promissory_note) do
		local note = defs.promissory_note[nid]
		if note.faction == nil or note.faction == g:get(seat, "faction") then
			require("notes").deal(g, seat, nid)
		end
	end
end

local function deck(g, kind: string, zone: string, ids: { string }, copies)
	for _, id in ipairs(ids) do
		for _ = 1, (copies and copies(id) or 1) do
			g:create({ kind = kind, face = id, at = zone, hidden = true })
		end
	end
	g:shuffle_zone(zone)
end

-- Step 11: starting units in the home system (space area, or on the named planet).
local function starting_units(g, seat: number, faction)
	local home = U.home_cell(g, seat)
	for _, su in ipairs(faction.starting_units) do
		local utype = defs.unit[su.unit].type
		local at: any = home
		if su.planet then
			at = { inside = g:first({ kind = "planet", face = su.planet }) }
		end
		for _ = 1, su.count do
			local e = g:last({ kind = utype, zone = "reinforcements", seat = seat })
			g:move(e, at)
		end
	end
end

S.setup = {
	run = function(g, ctx)
		local seats = g:seats()
		if not ctx.factions then
			ctx.factions = true
			-- Step 1 (TI4 §76.5): the speaker at random.
			g:set_global("speaker", g:roll(seats))
			g:set_global("round", 0)
			-- Step 2: factions chosen by the players (variants `faction_choice`,
			-- `faction_draft`: the step `choose_faction`, then this step again), else dealt
			-- at random, or in file order with the variant `factions_in_order`.
			if g:variant("faction_choice") or g:variant("faction_draft") then
				g:push("choose_faction", {})
				return nil
			end
			local factions = def_ids.faction
			if not g:variant("factions_in_order") then
				factions = g:shuffle(factions)
			end
			for seat = 1, seats do
				g:set(seat, "faction", factions[seat])
			end
		end
		local speaker = g:global("speaker")
		local layout = defs.layout["players_" .. seats]
		-- Step 6: the preset galaxy of the player count, or (variant `tile_placement`)
		-- Mecatol Rex alone and the tiles dealt, to be placed once setup is done
		-- (galaxy.place_tiles); homes at their places either way.
		local placing = g:variant("tile_placement")
		if placing then
			Galaxy.place_system(g, "system_18", { 0, 0 })
		else
			Galaxy.place_preset(g, layout)
		end
		for _, home in ipairs(layout.homes) do
			local seat = home.seat
			local fid = g:get(seat, "faction")
			local stand_in = defs.faction[fid].board_stand_in
			local c
			if stand_in then
				-- The Ghosts of Creuss (Creuss Gate; TI4 §93.1, §10.4): the stand-in system at
				-- the home position, the home system off the board, joined by wormholes.
				Galaxy.place_system(g, stand_in, home.at)
				c = Galaxy.place_system(g, defs.faction[fid].home_system, Galaxy.off_board(home.at))
			else
				c = Galaxy.place_system(g, defs.faction[fid].home_system, home.at)
			end
			g:set(seat, "home_cell", c)
		end
		if placing then
			Galaxy.deal(g, layout)
		else
			Galaxy.link_wormholes(g)
		end
		-- Step 7 (TI4 §31): the custodians token on Mecatol Rex.
		g:create({ kind = "custodians", at = g:global("mecatol") })
		for seat = 1, seats do
			local faction = defs.faction[g:get(seat, "faction")]
			create_seat(g, seat, faction)
			-- Faction-specific pieces (the Ghosts of Creuss' wormhole tokens): the `setup`
			-- function of the module its `hooks` names, if it has one.
			if faction.hooks then
				local module = string.match(faction.hooks, "^([%w_]+)%.")
				local setup_fn = require(module :: string).setup
				if setup_fn then
					setup_fn(g, seat)
				end
			end
			-- Step 5 (TI4 §29): the home planets, controlled and ready.
			for _, p in ipairs(g:entities({ kind = "planet", cell = U.home_cell(g, seat) })) do
				g:set_owner(p, seat)
			end
			g:set(seat, "vp", 0)
			g:set(seat, "tg", 0)
			g:set(seat, "commodities", 0)
			g:set(seat, "vp_public", 0)
			g:set(seat, "vp_secret", 0)
			g:set(seat, "vp_other", 0)
		end
		-- Step 8: the decks, shuffled face down.
		deck(g, "action_card", "action_deck", def_ids.action_card, function(id)
			return defs.action_card[id].copies
		end)
		deck(g, "agenda", "agenda_deck", def_ids.agenda, nil)
		local stages = { stage_1 = {}, stage_2 = {}, secret = {} }
		for _, id in ipairs(def_ids.objective) do
			table.insert(stages[defs.objective[id].stage], id)
		end
		deck(g, "stage_1", "stage_1_deck", stages.stage_1, nil)
		deck(g, "stage_2", "stage_2_deck", stages.stage_2, nil)
		deck(g, "secret_objective", "secret_deck", stages.secret, nil)
		-- Step 10 (TI4 §39): the strategy cards in the common area.
		for _, id in ipairs(def_ids.strategy_card) do
			g:create({ kind = "strategy_card", face = id, at = "strategy_common", props = { tg = 0 } })
		end
		-- The Naalu "0" token (TI4 §72.1; faction ability Telepathic).
		g:create({ kind = "naalu_token", at = "box" })
		for seat = 1, seats do
			local faction = defs.faction[g:get(seat, "faction")]
			-- Step 11: starting units, technologies and command tokens (3/3/2, TI4 §58.1).
			starting_units(g, seat, faction)
			for _, tid in ipairs(faction.starting_technologies) do
				Tech.gain(g, seat, tid)
			end
			for _, pool in ipairs({ "tactic", "tactic", "tactic", "fleet", "fleet", "fleet", "strategy", "strategy" }) do
				U.move_token(g, seat, "cmd_reinforcements", pool)
			end
		end
		-- Step 12 (TI4 §71.13, §71.20): one secret objective each; 5 stage I and 5
		-- stage II face down; the first 2 stage I revealed.
		for seat = 1, seats do
			U.draw_secret(g, seat)
			U.draw_secret(g, seat)
		end
		for _ = 1, 5 do
			g:move(g:last({ zone = "stage_1_deck" }), "stage_1_row")
			g:move(g:last({ zone = "stage_2_deck" }), "stage_2_row")
		end
		local Objectives = require("objectives")
		Objectives.reveal_next(g)
		Objectives.reveal_next(g)
		for seat = 1, seats do
			g:log(U.text("setup.seat_plays", seat, defs.faction[g:get(seat, "faction")].name))
		end
		g:log(U.text("setup.speaker", speaker))
		g:push("game", {})
		g:push("keep_secret", {})
		-- Step 11: a faction choosing its starting technologies (the Winnu: 1 without
		-- prerequisites, `starting_technology_choice`), before the secret objectives.
		for seat = seats, 1, -1 do
			local n = defs.faction[g:get(seat, "faction")].starting_technology_choice
			if n and n > 0 then
				g:push("start_tech", { seat = seat, n = n })
			end
		end
		if placing then
			-- Step 6.iii comes before the secret objectives are kept (step 12.i).
			g:push("place_tiles", {})
		else
			Galaxy.give_trade_goods(g, layout)
		end
		return nil
	end,
}

-- Setup step 2, with the players choosing (digest §1.6: "each player chooses a faction,
-- or they are dealt at random"). Variant `faction_choice`: from the speaker clockwise, each
-- player in turn takes one faction not yet taken, openly. Variant `faction_draft`: each
-- player is dealt the same number of factions at random (as many as the factions allow,
-- at most 3), in secret, and all keep one of theirs at once; the rest go back unseen.
local function draft_size(seats: number): number
	return math.min(3, math.floor(#def_ids.faction / seats))
end

local function faction_option(fid: string)
	local f = defs.faction[fid]
	return { label = U.text("setup.faction_option", f.name, f.explain), value = fid }
end

S.choose_faction = {
	-- The draft's deal, made once: each seat's factions are its private variable
	-- `draft_offer` (pack.ron `secrets`), so the question is the same each time it is asked.
	enter = function(g, ctx)
		if not g:variant("faction_draft") then
			return
		end
		local pool = g:shuffle(def_ids.faction)
		local k = draft_size(g:seats())
		for seat = 1, g:seats() do
			local offer = {}
			for i = (seat - 1) * k + 1, seat * k do
				table.insert(offer, pool[i])
			end
			g:set(seat, "draft_offer", offer)
		end
	end,
	run = function(g, ctx)
		local seats = g:seats()
		if g:variant("faction_draft") then
			if ctx.done then
				return nil
			end
			local k = draft_size(seats)
			local decisions = {}
			for seat = 1, seats do
				local options = {}
				-- A bot's sample does not know the other seats' offers (they read as nil):
				-- any faction then stands for theirs.
				local offer = g:get(seat, "draft_offer")
				if offer == nil or #offer == 0 then
					offer = def_ids.faction
				end
				for _, fid in ipairs(offer) do
					table.insert(options, faction_option(fid))
				end
				table.insert(decisions, { seat = seat, prompt = U.text("setup.draft_prompt", k), rule = "TI4 setup step 2",
					help = U.text("setup.faction_help"), options = options })
			end
			return { simultaneous = true, decisions = decisions }
		end
		-- Choice: ctx.turn counts the players who have chosen, from the speaker.
		ctx.turn = ctx.turn or 0
		if ctx.turn >= seats then
			return nil
		end
		local seat = U.clockwise(g, g:global("speaker"))[ctx.turn + 1]
		local taken = {}
		for s = 1, seats do
			local f = g:get(s, "faction")
			if f then
				taken[f] = true
			end
		end
		local options = {}
		for _, fid in ipairs(def_ids.faction) do
			if not taken[fid] then
				table.insert(options, faction_option(fid))
			end
		end
		return { seat = seat, prompt = U.text("setup.choice_prompt"), rule = "TI4 setup step 2",
			help = U.text("setup.faction_help"), options = options }
	end,
	resolve = function(g, ctx, answer)
		if g:variant("faction_draft") then
			ctx.done = true
			for seat = 1, g:seats() do
				g:set(seat, "draft_offer", nil)
				g:set(seat, "faction", answer[seat])
				g:log(U.text("setup.drafted", seat, defs.faction[answer[seat]].name))
			end
			return
		end
		local seat = U.clockwise(g, g:global("speaker"))[ctx.turn + 1]
		g:set(seat, "faction", answer)
		g:log(U.text("setup.chose", seat, defs.faction[answer].name))
		ctx.turn += 1
	end,
}

-- Step 11 for a faction that chooses its starting technologies (`starting_technology_choice`,
-- the Winnu): ctx.n technologies without prerequisites (TI4 §94.7), no faction technology.
S.start_tech = Ask.repeated({
	count = "taken",
	options = function(g, ctx)
		local options = {}
		for _, tid in ipairs(def_ids.technology) do
			local t = defs.technology[tid]
			local p = t.prerequisites
			if t.faction == nil and p.green + p.blue + p.yellow + p.red == 0
				and g:count({ kind = "technology", face = tid, zone = "tech_deck", seat = ctx.seat }) > 0 then
				table.insert(options, { label = t.name, value = tid })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("setup.start_tech_prompt"), rule = "TI4 setup step 11, §94",
			help = U.text("setup.start_tech_help") }
	end,
	answer = function(g, ctx, tid)
		Tech.gain(g, ctx.seat, tid)
		g:log(U.text("setup.start_tech", ctx.seat, defs.technology[tid].name))
	end,
})

-- Step 12.i (TI4 §71.20): each player keeps 1 of the 2 secret objectives drawn, all at
-- once and in secret; the others go back unseen and the deck is shuffled.
S.keep_secret = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for seat = 1, g:seats() do
			local options = {}
			for _, obj in ipairs(g:entities({ kind = "secret_objective", zone = "secrets", seat = seat })) do
				local def = defs.objective[g:face(obj)]
				table.insert(options, { label = U.text("objectives.keep_option", def.name, def.requirement), value = obj })
			end
			table.insert(decisions, { seat = seat, prompt = U.text("objectives.keep_prompt"), rule = "TI4 setup step 12, §71.20",
				help = U.text("objectives.keep_help"), options = options })
		end
		return { simultaneous = true, decisions = decisions }
	end,
	resolve = function(g, ctx, answers)
		ctx.done = true
		for seat = 1, g:seats() do
			for _, obj in ipairs(g:entities({ kind = "secret_objective", zone = "secrets", seat = seat })) do
				if obj ~= answers[seat] then
					g:hide(obj)
					g:move(obj, "secret_deck")
				end
			end
		end
		g:shuffle_zone("secret_deck")
		g:log(U.text("objectives.kept"))
	end,
}

return S

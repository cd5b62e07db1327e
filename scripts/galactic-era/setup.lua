--!strict
-- Galactic Era: setup (GE 5). Builds the galaxy from the sector tiles, places the
-- face-down neutral planet and relic tokens, gives each seat its pieces, deals
-- domination cards and star peoples, then asks the two secret setup choices.
local U = require("util")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Puppet = require("puppet")
local Actions = require("actions")
local F = require("fleets")
local S = {}

local TILE_RADIUS = 3 -- reconstructed tile size (see sectors.ron)
local WORMHOLE_COLOURS = { "red", "blue", "green" }

local function hex_distance(q1, r1, q2, r2)
	local dq, dr = q1 - q2, r1 - r2
	return (math.abs(dq) + math.abs(dr) + math.abs(dq + dr)) // 2
end

local function planets_of_region(g, region)
	return g:cells({ terrain = "planet", region = region })
end

local function main_planet(g, region)
	for _, c in ipairs(planets_of_region(g, region)) do
		if g:cell_prop(c, "main") == 1 then
			return c
		end
	end
	return nil
end

-- GE 5.2a–b: central sector plus one sector per player, random face and rotation.
-- `picks` (deterministic setup, GE 8.1) fixes every tile, face, rotation and place;
-- without it all are random.
function S.build_board(g, picks)
	local tiles = g:shuffle(def_ids.sector_tile)
	local layout = defs.layout["players_" .. g:seats()]
	local offsets = g:tile_offsets(TILE_RADIUS)
	local function place(tile, q, r, label, pick)
		local side = pick and pick.side or (g:roll(2) == 1 and "side_a" or "side_b")
		local rotation = pick and pick.rotation or (g:roll(6) - 1)
		return g:place_tile({
			kind = "sector_tile", id = tile, side = side, q = q, r = r,
			rotation = rotation, label = label, radius = TILE_RADIUS,
		})
	end
	local central_tile = picks and picks.central.tile or tiles[1]
	local central = place(central_tile, 0, 0, U.text("setup.central", defs.sector_tile[central_tile].name), picks and picks.central)
	g:set_global("central_region", central)
	-- `home` is by seat; `region_at` by place around the ring. They differ when the
	-- deterministic setup lets a seat pick its place (GE 8.1).
	local home, region_at = {}, {}
	for i, pos in ipairs(layout.positions) do
		local seat, pick = i, nil
		if picks then
			for s, p in pairs(picks.seats) do
				if p.position == pos then
					seat, pick = s, p
				end
			end
		end
		local tile = pick and pick.tile or tiles[i + 1]
		local off = offsets[pos + 1]
		home[seat] = place(tile, off[1], off[2], defs.sector_tile[tile].name, pick)
		region_at[pos] = home[seat]
		g:set_global("tile_of_region_" .. home[seat], tile)
	end
	-- GE 5.2c: a same-colour wormhole pair across each gap of the ring (reconstructed
	-- endpoints: the edge hex of each neighbouring sector nearest the gap's centre).
	local colour = 0
	for gap = 0, 5 do
		if not U.contains(layout.positions, gap) then
			local left, right = (gap + 5) % 6, (gap + 1) % 6
			if U.contains(layout.positions, left) and U.contains(layout.positions, right) then
				local centre = offsets[gap + 1]
				local ends = {}
				for _, pos in ipairs({ left, right }) do
					local region = region_at[pos]
					local best, best_key = nil, nil
					for _, c in ipairs(g:cells({ region = region })) do
						local q, r = g:hex(c)
						local key = hex_distance(q, r, centre[1], centre[2]) * 1000 + hex_distance(q, r, 0, 0)
						-- The terrain is asked only of a cell nearer than the best so far.
						if (best_key == nil or key < best_key) and g:terrain(c) ~= "neutron_star" then
							best, best_key = c, key
						end
					end
					table.insert(ends, best)
				end
				colour += 1
				g:add_link(ends[1], ends[2], "wormhole")
				for _, c in ipairs(ends) do
					g:move(g:first({ kind = "wormhole", face = WORMHOLE_COLOURS[colour], zone = "wormhole_box" }), c)
				end
			end
		end
	end
	return home, central
end

-- GE 5.2d–e: face-down neutral planet tokens and relics.
function S.place_tokens(g, home, central)
	-- The pool's tokens of each face, bottom first, read once: each region takes the
	-- next ones (as asking the pool for its first token of the face each time would).
	local pool, taken = {}, {}
	for _, face in ipairs({ "uninhabited", "primitive", "advanced" }) do
		pool[face] = g:entities({ kind = "neutral", face = face, zone = "neutral_pool" })
		taken[face] = 0
	end
	local function deal(region, planets, counts, skip_main)
		local zone = "stack_" .. region
		for _, face in ipairs({ "uninhabited", "primitive", "advanced" }) do
			for _ = 1, counts[face] or 0 do
				taken[face] += 1
				g:move(pool[face][taken[face]], zone)
			end
		end
		g:shuffle_zone(zone)
		local stack = g:entities({ zone = zone })
		local i = 1
		for _, c in ipairs(planets) do
			if not (skip_main and g:cell_prop(c, "main") == 1) then
				g:move(stack[i], c)
				i += 1
			end
		end
		for j = i, #stack do
			g:move(stack[j], "box")
		end
	end
	for _, region in ipairs(home) do
		local planets = planets_of_region(g, region)
		deal(region, planets, { primitive = 2, advanced = 2, uninhabited = #planets - 5 }, true)
	end
	local central_planets = planets_of_region(g, central)
	deal(central, central_planets, { primitive = 3, advanced = 3, uninhabited = 3 }, false)
	for _, t in ipairs(g:entities({ zone = "neutral_pool" })) do
		g:move(t, "box")
	end
	g:shuffle_zone("relic_stack")
	local relics = g:entities({ zone = "relic_stack" })
	for i, c in ipairs(central_planets) do
		g:move(relics[i], c)
	end
	for _, r in ipairs(g:entities({ zone = "relic_stack" })) do
		g:move(r, "box")
	end
end

-- GE 5.3: each seat's kit, capital and 3 ships on its sector's main planet.
function S.give_kits(g, home, fixed_order)
	if not fixed_order then
		local order = {}
		for s = 1, g:seats() do
			order[s] = s
		end
		order = g:shuffle(order) -- GE 5.3k: random turn order for round 1
		for position, s in ipairs(order) do
			g:set(s, "order", position)
		end
	end
	for s = 1, g:seats() do
		local capital_cell = main_planet(g, home[s])
		g:set(s, "home_region", home[s])
		-- GE 8.2: balancing players.
		local dp = g:variant("beginner_" .. s) and 5 or (g:variant("veteran_" .. s) and -5 or 0)
		g:set(s, "dp", dp)
		g:set(s, "dp_from.other", dp) -- DP sources for balance reports (util.lua)
		g:set(s, "emergency", 1)
		for _, t in ipairs(U.TECHS) do
			g:set(s, t, 1) -- GE 5.3e: every technology at level I
		end
		g:move(g:first({ kind = "capital", owner = s }), capital_cell)
		local reserve = g:entities({ kind = "ship", zone = "reserve", seat = s })
		for i = 1, 3 do
			g:move(reserve[i], capital_cell)
		end
	end
	g:set_global("board_ready", true)
end

-- Every piece of the game exists from the start (GE 3.1–3.3): pieces only ever move,
-- so they can be counted at any moment.
--
-- Identical pieces are created from one spec each, made once: `g:create` only reads it.
function S.create_components(g)
	for s = 1, g:seats() do
		g:create({ kind = "capital", owner = s })
		local ship = { kind = "ship", owner = s, at = { zone = "reserve", seat = s } }
		for _ = 1, 16 do
			g:create(ship)
		end
		local disc = { kind = "disc", owner = s, at = { zone = "track", seat = s } }
		for _ = 1, 39 do
			g:create(disc)
		end
		for _, letter in ipairs({ "A", "B", "C", "D", "E" }) do
			-- GE 4.6.2: the D marker shows its letter on both sides.
			g:create({ kind = "marker", face = letter, owner = s, at = { zone = "markers", seat = s }, hidden = letter ~= "D" })
		end
		local decoy = { kind = "number", face = "0", owner = s, at = { zone = "decoys", seat = s } }
		for _ = 1, 5 do
			g:create(decoy)
		end
	end
	-- GE 3.1: the 4 white discs (Annunaki conversions, GE A1.2).
	local white_disc = { kind = "white_disc", at = "white_discs" }
	for _ = 1, 4 do
		g:create(white_disc)
	end
	for _, face in ipairs({ "1", "2", "3", "4", "5", "10" }) do
		local token = { kind = "number", face = face, at = "supply" }
		for _ = 1, defs.token_pool.supply.faces[face] do
			g:create(token)
		end
	end
	for _, colour in ipairs(WORMHOLE_COLOURS) do
		for _ = 1, 2 do
			g:create({ kind = "wormhole", face = colour, at = "wormhole_box" })
		end
	end
	for _, face in ipairs({ "uninhabited", "primitive", "advanced" }) do
		local token = { kind = "neutral", face = face, at = "neutral_pool", hidden = true }
		for _ = 1, defs.token_pool.neutral_planets.faces[face] do
			g:create(token)
		end
	end
	for _, id in ipairs(def_ids.relic) do
		g:create({ kind = "relic", face = id, at = "relic_stack", hidden = true })
	end
end

-- GE 5.4b–c: domination cards and star peoples dealt face down.
local function deal_cards(g, draft)
	for _, id in ipairs(def_ids.domination_card) do
		g:create({ kind = "domination", face = id, at = "domination_deck", hidden = true })
	end
	g:shuffle_zone("domination_deck")
	for _, id in ipairs(def_ids.star_people) do
		g:create({ kind = "people", face = id, at = "people_box", hidden = true })
	end
	g:shuffle_zone("people_box")
	Puppet.setup(g)
	-- Each seat takes the top card of the deck and the top two tiles of the box: both
	-- are read once, bottom to top, and dealt from the top down.
	local puppet = Puppet.seat(g)
	local deck = g:entities({ zone = "domination_deck" })
	local box = g:entities({ zone = "people_box" })
	for s = 1, draft and 0 or g:seats() do
		if s ~= puppet then
			local card = table.remove(deck)
			g:move(card, { zone = "domination_hand", seat = s })
			g:hide(card, s)
			for _ = 1, 2 do
				local tile = table.remove(box)
				g:move(tile, { zone = "people_offer", seat = s })
				g:hide(tile, s)
			end
		end
	end
	-- GE 5.1c–d: a random galactic story (or the one agreed by variant) and an
	-- optional milestone.
	local story = def_ids.story[g:roll(#def_ids.story)]
	for _, id in ipairs(def_ids.story) do
		if g:variant("story_" .. id) then
			story = id
		end
	end
	g:create({ kind = "story", face = story, at = "story" })
	g:set_global("story", story)
	local milestone = nil
	if g:variant("milestone_random") then
		milestone = def_ids.milestone[g:roll(#def_ids.milestone)]
	end
	for _, id in ipairs(def_ids.milestone) do
		if g:variant("milestone_" .. id) then
			milestone = id
		end
	end
	if milestone then
		g:create({ kind = "milestone", face = milestone, at = "milestone" })
		g:set_global("milestone", milestone)
	end
	g:log(U.text("setup.story_milestone", defs.story[story].name, milestone and defs.milestone[milestone].name or U.TEXT["setup.none"]))
end

S.setup = {
	enter = function(g, ctx)
		S.create_components(g)
		if g:variant("deterministic_setup") then
			-- GE 8.1: peoples, sectors, turn order and cards are drafted first.
			deal_cards(g, true)
			g:push("game", {})
			g:push("choose_ethics", {})
			g:push("draft", {})
			return
		end
		local home, central = S.build_board(g)
		S.place_tokens(g, home, central)
		S.give_kits(g, home)
		deal_cards(g)
		g:log(U.TEXT["setup.galaxy_is_assembled_each_seat"])
		g:push("game", {})
		g:push("choose_ethics", {})
		g:push("choose_people", {})
	end,
}

-- GE 5.4c: keep one of the two star peoples (secret and simultaneous here, since each
-- seat chooses among its own two tiles).
S.choose_people = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for s = 1, g:seats() do
			local options = {}
			if Puppet.is_puppet(g, s) then
				continue -- GE 8.3.2: the puppet's people was drawn at random
			end
			for _, tile in ipairs(g:entities({ zone = "people_offer", seat = s })) do
				local d = defs.star_people[g:face(tile)]
				table.insert(options, { label = d.name .. (d.name_sts and (" / " .. d.name_sts) or ""), value = tile })
			end
			table.insert(decisions, { seat = s, prompt = U.TEXT["setup.keep_one_your_two_star"], rule = "GE 5.4c", options = options,
				help = U.TEXT["setup.your_star_people_is_your"] })
		end
		return { simultaneous = true, decisions = decisions }
	end,
	resolve = function(g, ctx, answers)
		for s = 1, g:seats() do
			local kept = answers[s]
			if kept == nil then
				continue
			end
			for _, tile in ipairs(g:entities({ zone = "people_offer", seat = s })) do
				if tile == kept then
					g:move(tile, { zone = "people", seat = s })
					g:reveal(tile)
					g:set(s, "people", g:face(tile))
					g:add_global("usage.star_people." .. g:face(tile), 1)
					-- A name may end with its own full stop (I.C.C.): no second one.
					local name = defs.star_people[g:face(tile)].name
					g:log(U.text("setup.seat_keeps", s, name, string.sub(name, -1) == "." and "" or "."))
				else
					g:move(tile, "people_box")
				end
			end
		end
		ctx.done = true
	end,
}

local SECTOR_TECH = { military_2 = "mil", spirituality_2 = "spi", propulsion_2 = "pro", robotics_2 = "rob", genetics_2 = "gen" }

-- GE A6.1: the start bonus of a seat's sector (Military II brings its tactic token, WE-3).
function S.sector_bonus(g, s)
	local tile = g:global("tile_of_region_" .. g:get(s, "home_region"))
	local bonus = defs.sector_tile[tile].start_bonus
	local capital = U.capital_cell(g, s)
	if SECTOR_TECH[bonus] then
		if g:get(s, SECTOR_TECH[bonus]) < 2 then
			Actions.raise(g, s, SECTOR_TECH[bonus], U.TEXT["setup.sector_bonus"])
		end
	elseif bonus == "extra_token_round_1" then
		g:set(s, "free_extra_round_1", 1)
	elseif bonus == "two_discs" then
		for _ = 1, 2 do
			g:move(U.take_disc(g, s), capital)
		end
	elseif bonus == "two_ships" then
		F.place_basic(g, s, capital, 2)
	end
	g:log(U.text("setup.seat_takes_sector_bonus", s, defs.sector_tile[tile].name, U.START_BONUS_NAMES[bonus]))
end

-- GE 5.4d: every seat secretly picks STO or STS; all are revealed at once.
S.choose_ethics = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for s = 1, g:seats() do
			if Puppet.is_puppet(g, s) then
				continue -- GE 8.3.2: the puppet starts STO
			end
			table.insert(decisions, {
				seat = s, prompt = U.TEXT["setup.choose_your_ethics_secret_until"], rule = "GE 4.3, 5.4d",
				help = U.TEXT["setup.sto_service_to_others_peaceful"],
				options = { { label = U.TEXT["setup.sto_luminous"], value = "STO" }, { label = U.TEXT["setup.sts_dark"], value = "STS" } },
			})
		end
		return { simultaneous = true, decisions = decisions }
	end,
	resolve = function(g, ctx, answers)
		for s = 1, g:seats() do
			if answers[s] then
				g:set(s, "ethics", answers[s])
				g:set(s, "start_ethics", answers[s]) -- for balance reports (checks.report)
				g:log(U.text("setup.seat_reveals", s, answers[s]))
			end
		end
		-- GE 5.4e–f: people and sector start bonuses, in turn order (peoples_steps.lua).
		g:push("start_bonuses", {})
		ctx.done = true
	end,
}

return S

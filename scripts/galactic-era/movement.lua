--!strict
-- Galactic Era: the movement and combat phase (GE 6.1): each seat in turn order
-- creates fleets, reorganises, spends visions, moves, may declare war (STS), and then
-- resolves its battles.
local U = require("util")
local W = require("war")
local F = require("fleets")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Relics = require("relics")
local Peace = require("peace")
local Cards = require("cards")
local Techs = require("techs")
local Actions = require("actions")
local M = {}

-- The fixed texts of this phase's menus (prompts, helps, passes), read once as the
-- module loads: the menus are made again at every decision of a movement turn.
local MOVEMENT_CHOOSE_WHAT_TO_DO = U.TEXT["movement.movement_choose_what_to_do"]
local CREATE_FLEETS_FIRST_BEFORE_ANY = U.TEXT["movement.create_fleets_first_before_any"]
local CANCEL = U.TEXT["movement.cancel"]
local HOW_MANY_BASIC_SHIPS_FORM = U.TEXT["movement.how_many_basic_ships_form"]
local SHIPS_LEAVE_BOARD_AND_BECOME = U.TEXT["movement.ships_leave_board_and_become"]
local HOW_MANY_DECOYS_VALUE_0 = U.TEXT["movement.how_many_decoys_value_0"]
local DECOYS_ARE_NUMBER_TOKENS_WORTH = U.TEXT["movement.decoys_are_number_tokens_worth"]
local WHICH_FLEET_MARKER_ITS_LETTER = U.TEXT["movement.which_fleet_marker_its_letter"]
local LETTER_IS_FLEET_TACTIC_HIDDEN = U.TEXT["movement.letter_is_fleet_tactic_hidden"]
local HOW_MANY_BASIC_SHIPS_MOVE = U.TEXT["movement.how_many_basic_ships_move"]
local BASIC_SHIPS_NOT_IN_FLEET = U.TEXT["movement.basic_ships_not_in_fleet"]
local HOW_MANY_BASIC_SHIPS_JOIN = U.TEXT["movement.how_many_basic_ships_join"]
local BASIC_SHIPS_IN_THIS_HEX = U.TEXT["movement.basic_ships_in_this_hex"]
local UNLIMITED = U.TEXT["movement.unlimited"]
local YOUR_SHIPS_STOPPED_HERE_ON = U.TEXT["movement.your_ships_stopped_here_on"]
local WHERE_TO = U.TEXT["movement.where_to"]
local CELLS_WITHIN_YOUR_RANGE_PROPULSION = U.TEXT["movement.cells_within_your_range_propulsion"]
local HOW_MANY_SHIP_UNITS = U.TEXT["movement.how_many_ship_units"]
local HOW_MANY_SHIPS_NUMBER_TOKEN = U.TEXT["movement.how_many_ships_number_token"]
local DONE = U.TEXT["movement.done"]
local FLEETS_MAY_GROW_FROM_BASIC = U.TEXT["movement.fleets_may_grow_from_basic"]
local WHAT_DOES_VISION_SHOW = U.TEXT["movement.what_does_vision_show"]
-- The texts made in quantity, filled without string.format (U.filler): at every step of
-- a move, and for every option of the swaps (listed at every decision before the first
-- move) and of the reorganisation menu. Their numbers are counts of ships.
local STOPPED_AT_WITH_RANGE_LEFT = U.filler("movement.stopped_at_with_range_left")
local YOU_EXPLORE = U.filler("movement.you_explore")
local SEAT_MOVES_FROM_TO = U.filler("movement.seat_moves_from_to")
local SWAP_MARKERS_FLEETS_AND = U.filler("movement.swap_markers_fleets_and")
local SWAP_FLEET_MARKER_FOR_MARKER = U.filler("movement.swap_fleet_marker_for_marker")
local ADD_BASIC_SHIPS_TO_FLEET = U.filler("movement.add_basic_ships_to_fleet")
local ADD_BASIC_SHIPS_THAT_HAVE = U.filler("movement.add_basic_ships_that_have")
local TAKE_SHIPS_OUT_FLEET = U.filler("movement.take_ships_out_fleet")
local TAKE_SHIPS_THAT_HAVE_NOT = U.filler("movement.take_ships_that_have_not")
local TAKE_SHIPS_THAT_HAVE_MOVED = U.filler("movement.take_ships_that_have_moved")
local DISSOLVE_FLEET = U.filler("movement.dissolve_fleet")
local SPLIT_FLEET = U.filler("movement.split_fleet")
local MERGE_FLEET_INTO_FLEET = U.filler("movement.merge_fleet_into_fleet")
local VISION_LOOKS_AT_ONE_THING = U.TEXT["movement.vision_looks_at_one_thing"]

-- Exploration (GE 6.1.2.2): a seat sees the neutral and relic tokens of a cell while
-- it has ships there; once they leave, only its memory (private log) remains.
local TOKEN_KINDS = { "neutral", "relic" }

-- Puts `tokens` in the order reveals and logs keep: neutral tokens before relics,
-- each kind by id. Returns the tokens' kinds too.
local function sort_tokens(g, tokens)
	local kind_of = {}
	for _, t in ipairs(tokens) do
		kind_of[t] = g:kind(t)
	end
	table.sort(tokens, function(a, b)
		if kind_of[a] ~= kind_of[b] then
			return kind_of[a] == "neutral"
		end
		return a < b
	end)
	return kind_of
end

-- The hidden tokens whose knowledge may change: those on a cell with ships and those
-- some seat knows; every other token is seen by nobody and has nobody to see it.
-- Tokens lie on cells directly, never inside another piece. In sort_tokens' order,
-- with their kinds.
local function exploration_candidates(g)
	local found = {}
	-- Only the cells with both ships and hidden tokens need a look: both lists are
	-- ascending, so they are walked side by side (no set of cells is built).
	local token_cells = g:cells_of({ kind = TOKEN_KINDS, hidden = true })
	local ship_cells = U.cells_with_ships(g)
	local i, j = 1, 1
	while i <= #token_cells and j <= #ship_cells do
		local a, b = token_cells[i], ship_cells[j]
		if a < b then
			i += 1
		elseif b < a then
			j += 1
		else
			for _, t in ipairs(g:entities({ kind = TOKEN_KINDS, cell = a, hidden = true })) do
				found[t] = true
			end
			i += 1
			j += 1
		end
	end
	for s = 1, g:seats() do
		for _, t in ipairs(g:entities({ kind = TOKEN_KINDS, hidden = true, known_by = s })) do
			found[t] = true
		end
	end
	local list = {}
	for t in pairs(found) do
		table.insert(list, t)
	end
	return list, sort_tokens(g, list)
end

-- Each seat comes to know the `tokens` (in sort_tokens' order, `kind_of` their kinds)
-- on cells where it has ships, and forgets those on cells where it has none.
local function explore(g, tokens, kind_of)
	-- Who has ships on a cell, looked up once per cell (tokens share cells); reveals
	-- and forgets do not move ships.
	local seats_on = {}
	local seats = g:seats()
	for _, token in ipairs(tokens) do
		local cell = g:cell_of(token)
		if cell then
			local kind = kind_of[token]
			local with_ships = seats_on[cell]
			if with_ships == nil then
				with_ships = {}
				for _, s in ipairs(U.seats_with_ships(g, cell)) do
					with_ships[s] = true
				end
				seats_on[cell] = with_ships
			end
			for s = 1, seats do
				local present = with_ships[s] == true
				local known = g:knows(s, token)
				if present and not known then
					g:reveal(token, s)
					g:log_to(s, YOU_EXPLORE(U.cell_label(g, cell), kind == "relic" and U.token_name(g, token) or (U.text("movement.neutral", g:face(token)))))
				elseif known and not present then
					g:forget(token, s)
				end
			end
		end
	end
end

-- Every seat's knowledge of the hidden tokens on the board brought in line with
-- where it has ships (after any change of ships: a move, a retreat).
function M.update_exploration(g)
	explore(g, exploration_candidates(g))
end

-- The same after a group moved from `from` to `to`, when the last thing that changed
-- the game before was the update after the group's previous step (M.move_group): each
-- seat's knowledge then matched its ships, and only the mover's ships on these two
-- cells have changed since, so only their tokens can change. A seat sees what the
-- seats it controls see (g:knows), so while any seat is controlled by another the
-- whole board is looked at again.
local function update_exploration_after_step(g, from, to)
	for s = 1, g:seats() do
		if g:controller(s) ~= nil then
			M.update_exploration(g)
			return
		end
	end
	local tokens = g:entities({ kind = TOKEN_KINDS, cell = from, hidden = true })
	for _, t in ipairs(g:entities({ kind = TOKEN_KINDS, cell = to, hidden = true })) do
		table.insert(tokens, t)
	end
	explore(g, tokens, sort_tokens(g, tokens))
end

-- Basic ships that may still move this turn (GE 6.1.2.1).
local function unmoved_ships(g, seat, cell)
	return F.basic_ships(g, seat, cell, false)
end

-- Of the fleet markers `fleets`, those that may still move this turn: none of their
-- ships has moved (fleets.lua).
local function movable(g, fleets)
	local out = {}
	for _, m in ipairs(fleets) do
		if F.may_move(g, m) then
			table.insert(out, m)
		end
	end
	return out
end

-- Fleets of `seat` on `cell` that may still move this turn.
local function unmoved_fleets(g, seat, cell)
	return movable(g, F.fleets_at(g, seat, cell))
end

M.phase = {
	enter = function(g, ctx)
		ctx.i = 0
		F.clear_moved(g)
		for _, m in ipairs(g:entities({ kind = "marker", has = "d_used" })) do
			g:set_prop(m, "d_used", nil)
		end
	end,
	run = function(g, ctx)
		ctx.i += 1
		local order = U.turn_order(g)
		if ctx.i > #order then
			return nil
		end
		g:push("movement_turn", { seat = order[ctx.i] })
		return nil
	end,
}

-- An entry of the movement menu as its option's value: one number, the entry's kind
-- (its place in ENTRY_KINDS) times ENTRY_SPAN plus its cell, fleet marker or seat (0
-- when it has none), not a table such as {a = "move_ships", cell = 37} nor a string
-- such as "move_ships 37": the kernel converts every option's value into the game's
-- state, and a number costs least to make, to read and to decode. An entry that is
-- not free is offered as that number alone (the kernel takes a bare value as an option
-- without a label, which M.menu_label makes). Marker swaps (two markers, and labels
-- of their own) keep a table.
local ENTRY_KINDS = { "end", "move_ships", "move_fleet", "create", "reorganise", "card", "peace", "pretend_swap", "vision", "ray", "war" }
local ENTRY_CODE = {}
for i, kind in ipairs(ENTRY_KINDS) do
	ENTRY_CODE[kind] = i
end
local ENTRY_SPAN = 16777216 -- 2^24: more than any cell, entity id or seat

local function entry(kind, arg)
	return ENTRY_CODE[kind] * ENTRY_SPAN + (arg or 0)
end

-- The kind of an `entry` and its number (cell, marker or seat; 0 for none).
local function entry_of(value)
	return ENTRY_KINDS[value // ENTRY_SPAN], value % ENTRY_SPAN
end

-- The main menu of a movement turn (GE 6.1.1–6.1.2).
M.turn = {
	enter = function(g, ctx)
		local visions = U.tech_value(g, ctx.seat, "spi", "visions")
		local pyramid = Relics.pyramid_visions(g, ctx.seat)
		g:set(ctx.seat, "visions_left", (visions < 0 and 999 or visions) + pyramid)
		g:set(ctx.seat, "pyramid_visions_left", pyramid) -- GE A7.3: these alone see any fleet
		g:set(ctx.seat, "moved_any", nil)
	end,
	run = function(g, ctx)
		if ctx.ended then
			return nil
		end
		local seat = ctx.seat
		-- Labelled by M.menu_label, only when a person reads the menu.
		local options = { entry("end") }
		local moved_any = g:get(seat, "moved_any")
		local has_free_marker = nil -- looked up once, when a cell first needs it
		-- The cells with unmoved basic ships and the cells with fleets, one call each
		-- (lists, not tallies: only whether a cell has any matters), both ascending, so
		-- they are walked side by side in cell order. A cell holding only basic ships
		-- that have moved offers nothing.
		local ship_cells = g:cells_of({ kind = "ship", owner = seat, lacks = "moved" })
		local fleet_cells = g:cells_of({ kind = "marker", owner = seat })
		local i, j = 1, 1
		while i <= #ship_cells or j <= #fleet_cells do
			local next_ships, next_fleets = ship_cells[i], fleet_cells[j]
			local cell = (next_fleets == nil or (next_ships ~= nil and next_ships < next_fleets)) and next_ships or next_fleets
			local ships = next_ships == cell -- unmoved basic ships here
			local here = {}
			if ships then
				i += 1
			end
			if next_fleets == cell then
				here = F.fleets_at(g, seat, cell)
				j += 1
			end
			if ships then
				table.insert(options, entry("move_ships", cell))
			end
			for _, m in ipairs(movable(g, here)) do
				table.insert(options, entry("move_fleet", m))
			end
			-- GE 6.1.1: fleets are created before any ship moves, on controlled planets.
			if not moved_any and ships then
				if has_free_marker == nil then
					has_free_marker = #F.free_markers(g, seat) > 0
				end
				if has_free_marker and U.controller(g, cell) == seat then
					table.insert(options, { value = entry("create", cell), free = true })
				end
			end
			-- GE 6.1.2.9: any fleet may be reorganised, moved or not (fleets.lua keeps
			-- each ship's state through it).
			if #here > 0 then
				table.insert(options, { value = entry("reorganise", cell), free = true })
			end
		end
		if Cards.any_play(g, seat) then
			table.insert(options, entry("card"))
		end
		-- GE 4.7: peace by agreement at any time; here, in the own turn (peace.lua). The
		-- seat's enemies are read once for peace and for war (nothing changes meanwhile).
		local enemies = W.enemies(g, seat)
		if #enemies > 0 and #Peace.targets(g, seat, { phase = "movement", turn = seat }, nil, enemies) > 0 then
			table.insert(options, entry("peace"))
		end
		-- GE 6.1.1: before moving, swap the markers of fleets on different own planets,
		-- or a deployed marker with a free one, unseen (bluffing allowed). Creating,
		-- reorganising and swapping are free actions (`free`): bots take only a few
		-- in a row, so swaps that undo each other cannot keep one busy.
		if not moved_any and #fleet_cells > 0 then -- swaps need a fleet on the board
			local pairs = M.swappable(g, seat)
			for _, pair in ipairs(pairs) do
				table.insert(options, { label = pair.label, value = { m1 = pair.m1, m2 = pair.m2 }, free = true })
			end
			if #pairs > 0 then
				table.insert(options, { value = entry("pretend_swap"), free = true })
			end
		end
		if g:get(seat, "visions_left") > 0 then
			table.insert(options, entry("vision"))
		end
		-- GE A7.4: the Ray fires once a round, for the seat that controls it; whether one
		-- does is asked first, as the Ray is rarely face up (Relics.ray_targets finds
		-- nothing without it).
		if #Relics.controlled(g, seat, "destroyer_ray") > 0 and g:get(seat, "ray_round") ~= g:global("round")
			and #Relics.ray_targets(g, seat) > 0 then
			table.insert(options, entry("ray"))
		end
		for _, s in ipairs(W.declarable_in_movement(g, seat, enemies)) do
			table.insert(options, entry("war", s))
		end
		return { seat = seat, prompt = MOVEMENT_CHOOSE_WHAT_TO_DO, rule = "GE 6.1", options = options, labels = "movement.menu_label",
			help = CREATE_FLEETS_FIRST_BEFORE_ANY }
	end,
	resolve = function(g, ctx, choice)
		local seat = ctx.seat
		-- Whether every seat's knowledge of the hidden tokens is in line with where it
		-- has ships (`ctx.explored`), so that the next move's first step need only look
		-- at the two cells it leaves and reaches (M.move_group). A move leaves it so
		-- once it has taken a step (every step brings the knowledge in line), and a
		-- move that took none changed nothing: after a move, it is so if it was before,
		-- or if the move took a step. A move took one when the seat had moved nothing
		-- this turn before it and has now (`moved_any`); after an earlier move it
		-- cannot be told, and is not assumed. A peace proposal (its answer, the peace
		-- signed) and a vision (a look, GE 6.1.2.3: g:peek keeps no knowledge) change
		-- neither ships nor what a seat knows, so they leave it as it was. Anything
		-- else but a move (a battle, a fleet made or dissolved, a card, the Ray...) may
		-- change ships unexplored, and the turn starts after other seats' battles: then
		-- it is not assumed either.
		if ctx.moving ~= nil then
			ctx.explored = ctx.explored or (ctx.moving == "first" and g:get(seat, "moved_any") ~= nil) or nil
			ctx.moving = nil
		end
		local kind, arg
		if type(choice) == "number" then
			kind, arg = entry_of(choice)
		end
		if kind == "move_ships" or kind == "move_fleet" then
			ctx.moving = g:get(seat, "moved_any") == nil and "first" or "later"
		elseif kind ~= "peace" and kind ~= "vision" then
			ctx.explored = nil
		end
		if type(choice) == "table" then
			M.swap_markers(g, choice.m1, choice.m2)
			return
		end
		if kind == "end" then
			ctx.ended = true
			g:push("battles", { seat = seat })
		elseif kind == "create" then
			g:push("create_fleet", { seat = seat, cell = arg })
		elseif kind == "move_ships" then
			g:push("move_group", { seat = seat, cell = arg, explored = ctx.explored })
		elseif kind == "move_fleet" then
			g:push("move_group", { seat = seat, cell = g:cell_of(arg), marker = arg, explored = ctx.explored })
		elseif kind == "reorganise" then
			g:push("reorganise", { seat = seat, cell = arg })
		elseif kind == "vision" then
			g:push("vision", { seat = seat })
		elseif kind == "ray" then
			g:push("vision", { seat = seat, ray = true })
		elseif kind == "pretend_swap" then
			g:push("pretend_swap", { seat = seat })
		elseif kind == "card" then
			g:push("card_offer", { seat = seat, moment = { phase = "movement" } })
		elseif kind == "peace" then
			g:push("peace_offer", { seat = seat, phase = "movement", turn = seat })
		elseif kind == "war" then
			W.declare(g, seat, arg, U.TEXT["movement.during_its_movement"])
		end
	end,
}

-- The label of an entry of the movement menu (M.turn), made only when a person reads
-- the menu: bots choose by position and never pay for the text.
function M.menu_label(g, v, seat)
	local kind, arg = entry_of(v)
	if kind == "end" then
		return U.TEXT["movement.end_movement_and_resolve_battles"]
	elseif kind == "move_ships" then
		return U.text("movement.move_basic_ships_from", U.cell_label(g, arg), #unmoved_ships(g, seat, arg))
	elseif kind == "move_fleet" then
		return U.text("movement.move_fleet_from", g:face(arg), U.count(U.fleet_value(g, arg), U.TEXT["noun.ship"]), U.cell_label(g, g:cell_of(arg)))
	elseif kind == "create" then
		return U.text("movement.create_fleet_at", U.cell_label(g, arg))
	elseif kind == "reorganise" then
		return U.text("movement.reorganise_fleets_at", U.cell_label(g, arg))
	elseif kind == "card" then
		return U.TEXT["movement.play_domination_card"]
	elseif kind == "peace" then
		return U.text("movement.propose_peace_to", table.concat(Peace.targets(g, seat, { phase = "movement", turn = seat }), ", "))
	elseif kind == "pretend_swap" then
		return U.TEXT["movement.pretend_to_swap_two_markers"]
	elseif kind == "vision" then
		return U.text("movement.spend_vision_left", g:get(seat, "visions_left"))
	elseif kind == "ray" then
		return U.TEXT["movement.fire_planet_destroyer_ray"]
	elseif kind == "war" then
		return U.text("movement.declare_war_on_seat", arg)
	end
	error("the movement menu has no entry " .. tostring(v))
end

-- A destination of a move (M.move_group) as its option's value: the cell and what
-- reaching it costs, in one number, cost × the board's cells + cell. A number and not
-- a table: the kernel converts every option's value into the game's state, and with a
-- table per destination that was the dearest part of a move.
local function destination_value(cell_count, cell, cost)
	return cost * cell_count + cell
end

-- The cell and the cost of a destination_value.
local function destination_of(g, value)
	local cell_count = g:cell_count()
	return value % cell_count, value // cell_count
end

-- The label of a destination of a move (M.move_group), or of what may be done where
-- the move stopped.
function M.target_label(g, v, seat)
	if type(v) == "number" then
		local cell, cost = destination_of(g, v)
		return U.text("movement.destination_cost", U.cell_label(g, cell), cost)
	elseif v.stop then
		return U.TEXT["movement.end_this_move_here"]
	elseif v.pick then
		return U.TEXT["movement.pick_up_basic_ships_here"]
	end
	return U.text("movement.merge_fleet_into_this_fleet", g:face(v.merge))
end

-- Marker swaps a seat may make before moving (GE 6.1.1).
function M.swappable(g, seat)
	local deployed, cell_of = {}, {}
	for _, m in ipairs(g:entities({ kind = "marker", owner = seat })) do
		local c = g:cell_of(m)
		if c and U.controller(g, c) == seat and F.may_move(g, m) then
			table.insert(deployed, m)
			cell_of[m] = c
		end
	end
	local out = {}
	-- The free markers, asked once for all the deployed ones.
	local free_markers = #deployed > 0 and F.free_markers(g, seat) or {}
	for i, a in ipairs(deployed) do
		for j = i + 1, #deployed do
			local b = deployed[j]
			if cell_of[a] ~= cell_of[b] then
				table.insert(out, { label = SWAP_MARKERS_FLEETS_AND(g:face(a), g:face(b)), m1 = a, m2 = b })
			end
		end
		for _, free in ipairs(free_markers) do
			table.insert(out, { label = SWAP_FLEET_MARKER_FOR_MARKER(g:face(a), g:face(free)), m1 = a, m2 = free })
		end
	end
	return out
end

-- Swaps two markers over their stacks (GE 6.1.1). The number tokens stay where they
-- are and only the letters change places, so it is the letters (the markers' faces)
-- that are exchanged and no piece moves; a free marker's letter goes back to the
-- reserve in the other's place. Only the owner knows the new letters, and whatever the
-- others saw of these two markers before no longer tells them anything (g:unsee). A D
-- shows its letter on both sides (GE 4.6.2), so a swap with a D is seen by all.
-- With `pretend` the letters stay as they were ("bluffing is allowed: the markers may
-- secretly be left as they were"), and the others cannot tell the difference.
function M.swap_markers(g, a, b, pretend)
	local seat = g:owner(a)
	if not pretend then
		local face_a, face_b = g:face(a), g:face(b)
		g:set_face(a, face_b)
		g:set_face(b, face_a)
	end
	for _, m in ipairs({ a, b }) do
		if g:face(m) == "D" then
			g:reveal(m)
		else
			g:unsee(m, seat)
		end
	end
	g:log(U.text("movement.seat_may_have_swapped_two", seat))
end

-- GE 6.1.1: a pretended swap (a bluff): which two markers seem to be swapped.
M.pretend_swap = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local options = {}
		for _, pair in ipairs(M.swappable(g, ctx.seat)) do
			table.insert(options, { label = pair.label, value = { m1 = pair.m1, m2 = pair.m2 } })
		end
		return { seat = ctx.seat, prompt = U.TEXT["movement.pretend_to_swap_which_markers"], rule = "GE 6.1.1", options = options, pass = CANCEL,
			help = U.TEXT["movement.swaps_are_made_unseen_so"] }
	end,
	resolve = function(g, ctx, choice)
		ctx.done = true
		if choice ~= nil then
			M.swap_markers(g, choice.m1, choice.m2, true)
		end
	end,
}

-- The label of a free marker offered for a new fleet (M.create_fleet), made only when
-- a person reads the menu.
function M.marker_label(g, m, seat)
	return U.text("movement.marker", g:face(m))
end

-- GE 6.1.1: choose how many basic ships, how many decoys and which marker.
M.create_fleet = {
	run = function(g, ctx)
		local seat, cell = ctx.seat, ctx.cell
		if ctx.done then
			return nil
		end
		if not ctx.ships then
			return { seat = seat, kind = "number", min = 1, max = #unmoved_ships(g, seat, cell),
				prompt = HOW_MANY_BASIC_SHIPS_FORM, rule = "GE 6.1.1", pass = CANCEL,
				help = SHIPS_LEAVE_BOARD_AND_BECOME }
		elseif not ctx.decoys then
			return { seat = seat, kind = "number", min = 0, max = F.decoys_left(g, seat),
				prompt = HOW_MANY_DECOYS_VALUE_0, rule = "GE 4.6.5",
				help = DECOYS_ARE_NUMBER_TOKENS_WORTH }
		end
		-- Each marker as its id alone, labelled by M.marker_label.
		return { seat = seat, prompt = WHICH_FLEET_MARKER_ITS_LETTER, rule = "GE 6.1.1, 6.1.4", options = F.free_markers(g, seat),
			labels = "movement.marker_label", help = LETTER_IS_FLEET_TACTIC_HIDDEN }
	end,
	resolve = function(g, ctx, choice)
		if choice == nil then
			ctx.done = true
		elseif not ctx.ships then
			ctx.ships = choice
		elseif not ctx.decoys then
			ctx.decoys = choice
		else
			F.create(g, ctx.seat, ctx.cell, ctx.ships, ctx.decoys, choice)
			ctx.done = true
		end
	end,
}

-- What a seat's movement rules (GE 6.1.2.4–6.1.2.7, 7.2.3) take the game to find: its
-- Propulsion level (`pro`), the cells it may not enter (`blocked`), the wormhole exits
-- where a move ends (`halt`) and the portal cells it may jump between (`hop`), each
-- list nil when empty (most often: a move keeps these facts in its ctx for all its
-- steps, and an empty table there would cost a conversion at every call), and whether
-- it has Super Portal links (`portal`, true or nil). Rebuilds the seat's Super Portal
-- links on the way.
local function rule_facts(g, seat)
	local pro = g:get(seat, "pro")
	local portal = defs.technology.pro.per_level.portal[pro]
	-- GE 7.2.3: enemy ships close portals and stop a move at a wormhole's exit, but
	-- only as a blockade: Spirituality V+ cannot be blockaded (GE 7.2, A2.2).
	-- W.blockaded, with what depends on the seat alone looked up once: the cells where
	-- an enemy has ships, one call per enemy (none when the seat cannot be blockaded).
	local immune = W.immune_to_blockade(g, seat)
	local enemies = (not immune or portal == 2) and W.enemies(g, seat) or {}
	local blockaded, any = {}, false
	if not immune then
		for _, e in ipairs(enemies) do
			for _, c in ipairs(U.ship_cells(g, e)) do
				blockaded[c], any = true, true
			end
		end
	end
	local halt = {}
	if any then
		for _, c in ipairs(g:cells_of({ kind = "wormhole" })) do
			if blockaded[c] then
				table.insert(halt, c) -- GE 6.1.2.5 note 2: an enemy at the exit ends the move
			end
		end
	end
	local jump = {}
	if portal == 1 then
		-- GE 6.1.2.6 type 1: own planets with 3+ population (the capital counts 6),
		-- U.planet_population with the discs of every cell counted in one call.
		local discs = g:tally({ kind = "disc" }, "cell")
		local capitals = {}
		for _, c in ipairs(g:cells_of({ kind = "capital" })) do
			capitals[c] = true
		end
		for _, c in ipairs(U.controlled_planets(g, seat)) do
			if (discs[c] or 0) + (capitals[c] and 6 or 0) >= 3 and not blockaded[c] then
				table.insert(jump, c)
			end
		end
	elseif portal == 2 then
		-- Type 2: any planet not held by an enemy, and neutron stars. An enemy controls
		-- only a planet where it has pieces: the controller is asked only there.
		local enemy_planet = {}
		for _, e in ipairs(enemies) do
			for _, c in ipairs(U.controlled_planets(g, e)) do
				enemy_planet[c] = true
			end
		end
		for _, terrain in ipairs({ "planet", "neutron_star" }) do
			for _, c in ipairs(g:cells({ terrain = terrain })) do
				local owner = enemy_planet[c] and U.controller(g, c)
				if not (owner and W.at_war(g, seat, owner)) and not blockaded[c] then
					table.insert(jump, c)
				end
			end
		end
	end
	-- A7.5: the Super Portal's links for this seat, rebuilt for each move.
	local portal_kind = "super_portal_" .. seat
	g:remove_links(portal_kind)
	local portal_links = Relics.portal_links(g, seat)
	for _, pair in ipairs(portal_links) do
		g:add_link(pair[1], pair[2], portal_kind)
	end
	local blocked = nil
	if U.this_round(g, g:get(seat, "banned_round")) then
		blocked = { g:get(seat, "banned_cell") } -- Félidos STS (GE A1.8)
	end
	return { pro = pro, blocked = blocked, halt = halt[1] and halt or nil, hop = jump[1] and jump or nil, portal = portal_links[1] ~= nil or nil }
end

-- What entering a cell costs by terrain (GE 6.1.2.4, 6.1.2.7): a nebula 2, a neutron
-- star only from Propulsion V on (1); shared (module tables are frozen: read only).
local COSTS_BELOW_PRO_5 = { nebula = 2, neutron_star = false }
local COSTS_FROM_PRO_5 = { nebula = 2, neutron_star = 1 }
local WORMHOLES_ONLY = { "wormhole" }

-- The movement rules, as g:reach and g:path read them, made of the facts rule_facts
-- finds: Propulsion level, blocked cells, wormhole exits that halt, portal hops (each
-- list nil when empty) and whether the seat has Super Portal links. What is empty is
-- left out (g:reach reads a missing list as empty, and no link of the seat's Super
-- Portal kind exists without its links), so that g:reach and g:path read less.
local function rules_of(seat, pro, blocked, halt, hop, portal)
	return {
		costs = pro >= 5 and COSTS_FROM_PRO_5 or COSTS_BELOW_PRO_5,
		blocked = blocked,
		links = portal and { "wormhole", "super_portal_" .. seat } or WORMHOLES_ONLY,
		halt_after_link = halt,
		hop = hop,
	}
end

-- The movement rules for one seat (GE 6.1.2.4–6.1.2.7, 7.2.3).
function M.field_rules(g, seat)
	local facts = rule_facts(g, seat)
	return rules_of(seat, facts.pro, facts.blocked, facts.halt, facts.hop, facts.portal)
end

-- GE 6.1.2.1, 6.1.2.4, 6.1.4.1: range of a group starting on `cell`.
function M.range(g, seat, cell, marker)
	local base = U.tech_value(g, seat, "pro", "range")
	if base < 0 then
		return -1
	end
	if g:terrain(cell) == "nebula" then
		-- Etérico's section A makes the nebula bonus +4 this turn (GE A3.11).
		base += U.this_round(g, g:get(seat, "etheric_round")) and 4 or 2
	end
	if marker and g:face(marker) == "D" then
		base += Techs.tactic(g, seat, "D") == "x2" and 2 or 1 -- GE 6.1.4
	end
	return base
end

-- The link kind a route's step from `a` to `b` takes, if it is not a physical step.
local function link_kind(g, rules, a, b)
	for _, kind in ipairs(rules.links) do
		if U.contains(g:links(a, kind), b) then
			return kind
		end
	end
	return nil
end

-- STS seats at peace with `seat` that have ships where `path` jumps (portal ends,
-- wormhole exit) and may declare war to block the jump (GE 7.1.1); `rules` are the
-- seat's movement rules now (`M.field_rules`).
function M.jump_blockers(g, seat, path, rules)
	local cells = {}
	for i = 2, #path do
		if g:distance(path[i - 1], path[i]) > 1 then
			table.insert(cells, path[i])
			if link_kind(g, rules, path[i - 1], path[i]) ~= "wormhole" then
				table.insert(cells, path[i - 1]) -- a portal may be blocked at either end
			end
		end
	end
	if #cells == 0 then
		return {}
	end
	local out = {}
	for _, s in ipairs(Actions.blockers(g, seat, cells, false)) do
		if g:get(s, "ethics") == "STS" then
			table.insert(out, s)
		end
	end
	return out
end

-- Follows a route chosen earlier under the movement rules in force now (`rules`), which
-- a war declared meanwhile may have narrowed. Returns the cell where the group stops,
-- the range it spent and whether the move ends there:
-- - a wormhole is always usable, but an enemy at its exit ends the move right after
--   the jump (GE 6.1.2.5 note 2, 7.2.3); arriving there by a normal step does not;
-- - a portal that enemy ships now close is not taken: the group stops before it and
--   may go on normally with the range it has left (GE 7.2.3).
local function walk(g, rules, path)
	local at, cost = path[1], 0
	for i = 2, #path do
		local a, b = path[i - 1], path[i]
		-- A step to a neighbour is a physical one: only a jump asks which link it took.
		if g:distance(a, b) == 1 then
			cost += rules.costs[g:terrain(b)] or 1
			at = b
			continue
		end
		local kind = link_kind(g, rules, a, b)
		local halt, hop = rules.halt_after_link, rules.hop -- nil when empty
		if kind == "wormhole" then
			cost += 1
			if halt and U.contains(halt, b) then
				return b, cost, true
			end
		elseif kind or (hop and U.contains(hop, a) and U.contains(hop, b)) then
			cost += 1
		else
			return at, cost, false
		end
		at = b
	end
	return at, cost, false
end

-- GE 6.1.2.9: ships that join a moving fleet mid-move (picked up, or a merged fleet)
-- have only their own range from here, and no ship moves further than its range.
local function limit_range(g, ctx)
	local own = M.range(g, ctx.seat, ctx.cell, ctx.marker)
	if own >= 0 and (ctx.left < 0 or own < ctx.left) then
		ctx.left = own
	end
end

-- The movement rules of a move, their facts (rule_facts) kept in its ctx for its later
-- steps: they follow from the seats' wars, technologies, planets and relics and from
-- enemy ships, which the group's own steps, pick-ups and merges do not change; a war
-- window may, so it drops them (forget_rules). The facts are kept as fields of ctx
-- itself (`rule_pro`, and the lists `rule_blocked`, `rule_halt`, `rule_hop`, nil when
-- empty, and `rule_portal`), not as one table: ctx is converted at every call of the
-- step, and a table nested in it costs more to convert than its fields written out.
local function move_rules(g, ctx)
	if ctx.rule_pro == nil then
		local facts = rule_facts(g, ctx.seat)
		ctx.rule_pro, ctx.rule_blocked, ctx.rule_halt, ctx.rule_hop, ctx.rule_portal = facts.pro, facts.blocked, facts.halt, facts.hop, facts.portal
	end
	return rules_of(ctx.seat, ctx.rule_pro, ctx.rule_blocked, ctx.rule_halt, ctx.rule_hop, ctx.rule_portal)
end

-- Drops the facts move_rules keeps in a move's ctx, to be found again.
local function forget_rules(ctx)
	ctx.rule_pro, ctx.rule_blocked, ctx.rule_halt, ctx.rule_hop, ctx.rule_portal = nil, nil, nil, nil, nil
end

-- Whether no route of a move from its cell within the range it has left can take a
-- jump, so that every route is physical (under the move's rules, `move_rules` already
-- asked): no portal hops, no Super Portal links, and every wormhole farther than the
-- range less one (a jump costs 1, and a route reaches a cell no cheaper than its
-- distance as long as it has taken no jump). Each end of a wormhole link holds a
-- wormhole token (setup.lua puts one on each end, and neither moves), so the tokens'
-- cells are the links' ends.
local function jumps_out_of_reach(g, ctx)
	if ctx.left < 0 or ctx.rule_hop ~= nil or ctx.rule_portal then
		return false
	end
	for _, w in ipairs(g:cells_of({ kind = "wormhole" })) do
		if g:distance(ctx.cell, w) < ctx.left then
			return false
		end
	end
	return true
end

-- GE 6.1.2, 6.1.2.9: move basic ships (how many, then where) or one fleet. A group
-- may stop on the way, pick up unmoved ships or merge with an unmoved fleet there,
-- and go on with the range it has left (never more than any of its ships had).
M.move_group = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		if ctx.retry then
			-- After a war window: follow the route chosen before it.
			local to = ctx.retry
			ctx.retry = nil
			M.move_group.resolve(g, ctx, { to = to })
			if ctx.done then
				return nil
			end
		end
		local seat, cell = ctx.seat, ctx.cell
		if not ctx.marker and not ctx.count then
			local n = #unmoved_ships(g, seat, cell)
			if n == 1 then
				-- One ship can only move alone: no question ("Where to?" may still cancel).
				ctx.count = 1
			else
				return { seat = seat, kind = "number", min = 1, max = n, prompt = HOW_MANY_BASIC_SHIPS_MOVE, rule = "GE 6.1.2.1", pass = CANCEL,
					help = BASIC_SHIPS_NOT_IN_FLEET }
			end
		end
		if ctx.left == nil then
			ctx.left = M.range(g, seat, cell, ctx.marker)
		end
		if ctx.picking then
			return { seat = seat, kind = "number", min = 1, max = #unmoved_ships(g, seat, cell), prompt = HOW_MANY_BASIC_SHIPS_JOIN, rule = "GE 6.1.2.9",
				help = BASIC_SHIPS_IN_THIS_HEX }
		end
		-- Nearest first, as a person looks for where the ships can go cheaply (the
		-- kernel orders them: by cost, then by cell). Labelled by M.target_label when a
		-- person reads them; the cost rides along in the value for the label. Each
		-- destination is given as its value alone, a number, not as {value = ...}: the
		-- kernel takes a bare value as an option without a label, as it does the table,
		-- and reads it without walking a table per destination.
		local cells, costs = g:reach(cell, ctx.left, move_rules(g, ctx))
		local options = table.create(#cells)
		local cell_count = g:cell_count()
		for i, c in ipairs(cells) do
			options[i] = destination_value(cell_count, c, costs[i])
		end
		if ctx.moved then
			-- Stopping comes first: it is what Enter does, so a person who only meant to
			-- reach this cell never sends the ships on by accident.
			table.insert(options, 1, { value = { stop = true } })
			if ctx.marker and #unmoved_ships(g, seat, cell) > 0 then
				table.insert(options, { value = { pick = true } })
			end
			if ctx.marker then
				for _, m in ipairs(unmoved_fleets(g, seat, cell)) do
					if m ~= ctx.marker then
						table.insert(options, { value = { merge = m } })
					end
				end
			end
			return { seat = seat, prompt = STOPPED_AT_WITH_RANGE_LEFT(U.cell_label(g, cell), ctx.left < 0 and UNLIMITED or tostring(ctx.left)),
				rule = "GE 6.1.2.9", options = options, labels = "movement.target_label",
				help = YOUR_SHIPS_STOPPED_HERE_ON }
		end
		return { seat = seat, prompt = WHERE_TO, rule = "GE 6.1.2", options = options, labels = "movement.target_label", pass = CANCEL,
			help = CELLS_WITHIN_YOUR_RANGE_PROPULSION }
	end,
	resolve = function(g, ctx, choice)
		local seat = ctx.seat
		-- Whether this frame's previous call was a step's exploration: anything else
		-- (a pick-up, a merge, a war window) leaves the next step to look at the whole
		-- board again.
		local explored = ctx.explored
		ctx.explored = nil
		if choice == nil or (type(choice) == "table" and choice.stop) then
			ctx.done = true
			return
		end
		if not ctx.marker and not ctx.count then
			ctx.count = choice
			ctx.explored = explored -- how many ships move changes nothing
			return
		end
		if ctx.picking then
			-- The picked-up ships have not moved; they move on with the fleet.
			ctx.picking = nil
			F.absorb_ships(g, ctx.marker, choice, false)
			limit_range(g, ctx)
			return
		end
		-- A destination: from the menu, a destination_value; from a retry after a war
		-- window (run), its cell alone.
		local dest, priced
		if type(choice) == "number" then
			dest, priced = destination_of(g, choice)
		elseif choice.pick then
			ctx.picking = true
			return
		elseif choice.merge then
			F.merge(g, choice.merge, ctx.marker)
			limit_range(g, ctx)
			return
		else
			dest = choice.to
		end
		local rules = move_rules(g, ctx)
		local to, cost, halted
		if priced ~= nil and priced >= 2 and jumps_out_of_reach(g, ctx) then
			-- Every route is physical: the one g:path would find ends at the destination
			-- for what the menu priced it, with no jump to block or to halt after.
			to, cost, halted = dest, priced, false
		else
			if not ctx.window_done then
				-- Every step costs at least 1, so a destination the menu priced at 1 is one
				-- step away, and that step is its only route: no search is needed.
				if priced == 1 then
					ctx.path = { ctx.cell, dest }
				else
					ctx.path = g:path(ctx.cell, dest, ctx.left, rules)
				end
				-- GE 7.1.1, 7.2.3: STS seats with ships at a portal's ends or a wormhole's
				-- exit on this route may declare war to block the jump.
				local blockers = M.jump_blockers(g, seat, ctx.path, rules)
				if #blockers > 0 then
					ctx.window_done, ctx.retry = true, dest
					forget_rules(ctx) -- a war declared in the window may change the rules
					g:window({ seats = blockers, offer = "actions.offer_war", respond = "actions.respond_war",
						data = { actor = seat, what = U.text("movement.jump_to", U.cell_label(g, dest)) } })
					return
				end
			end
			ctx.window_done = nil
			to, cost, halted = walk(g, rules, ctx.path)
			ctx.path = nil
		end
		if to == ctx.cell then
			return -- the war closed the first jump: nothing moved, choose again (GE 7.2.3)
		end
		local group = {}
		local letter -- what others see of a moving fleet's letter (F.public_letter)
		if ctx.marker then
			group = { ctx.marker }
			letter = g:face(ctx.marker) == "D" and "D" or "?"
			if letter == "D" then
				g:set_prop(ctx.marker, "d_used", 1) -- GE 6.1.4.1: cannot be dissolved until next round
			end
		elseif ctx.group then
			group = ctx.group
		else
			local ships = unmoved_ships(g, seat, ctx.cell)
			for i = 1, ctx.count do
				group[i] = ships[i]
			end
			ctx.group = group
		end
		-- The group is the fleet's marker, or basic ships.
		for _, e in ipairs(group) do
			g:move(e, to)
			if ctx.marker then
				F.mark_moved(g, e)
			else
				g:set_prop(e, "moved", 1)
			end
		end
		g:set(seat, "moved_any", 1)
		g:log(SEAT_MOVES_FROM_TO(seat, ctx.marker and (letter == "?" and U.TEXT["movement.a_fleet"] or U.text("movement.fleet_letter", letter)) or U.counted(#group, U.TEXT["noun.basic_ship_s"]), U.cell_label(g, ctx.cell), U.cell_label(g, to)))
		if explored then
			update_exploration_after_step(g, ctx.cell, to)
		else
			M.update_exploration(g)
		end
		ctx.explored = true
		ctx.cell = to
		ctx.moved = true
		if ctx.left >= 0 then
			ctx.left -= cost
		end
		if ctx.left == 0 or halted then
			ctx.done = true
		end
	end,
}

-- The fleet operations of one cell as menu options (GE 6.1.2.9). Each ship keeps its
-- own state: basic ships that have moved and ones that have not are offered apart, and
-- so are the units of a fleet that holds both.
local function reorganise_options(g, seat, cell)
	local fleets = F.fleets_at(g, seat, cell)
	local fresh, moved = #F.basic_ships(g, seat, cell, false), #F.basic_ships(g, seat, cell, true)
	local can_split = not g:get(seat, "moved_any") and U.controller(g, cell) == seat and #F.free_markers(g, seat) > 0
	local options = {}
	for _, m in ipairs(fleets) do
		local name, v, locked = g:face(m), U.fleet_value(g, m), g:prop(m, "d_used")
		local m_moved = F.moved_units(g, m)
		if fresh > 0 then
			table.insert(options, { label = ADD_BASIC_SHIPS_TO_FLEET(name), value = { a = "grow", m = m, moved = false } })
		end
		if moved > 0 then
			table.insert(options, { label = ADD_BASIC_SHIPS_THAT_HAVE(name), value = { a = "grow", m = m, moved = true } })
		end
		if not locked then
			if m_moved == 0 or m_moved == v then
				table.insert(options, { label = TAKE_SHIPS_OUT_FLEET(name, v), value = { a = "shrink", m = m, moved = m_moved > 0 } })
			else
				table.insert(options, { label = TAKE_SHIPS_THAT_HAVE_NOT(name, v - m_moved), value = { a = "shrink", m = m, moved = false } })
				table.insert(options, { label = TAKE_SHIPS_THAT_HAVE_MOVED(name, m_moved), value = { a = "shrink", m = m, moved = true } })
			end
			table.insert(options, { label = DISSOLVE_FLEET(name), value = { a = "dissolve", m = m } })
			if can_split and v >= 2 and m_moved == 0 then
				table.insert(options, { label = SPLIT_FLEET(name), value = { a = "split", m = m } })
			end
			for _, other in ipairs(fleets) do
				if other ~= m then
					table.insert(options, { label = MERGE_FLEET_INTO_FLEET(name, g:face(other)), value = { a = "merge", m = m, into = other } })
				end
			end
		end
	end
	return options
end

-- GE 6.1.2.9: reorganise the fleets and basic ships of one cell.
M.reorganise = {
	run = function(g, ctx)
		local seat, cell = ctx.seat, ctx.cell
		if ctx.done then
			return nil
		end
		local op = ctx.op
		if op then
			local max
			if op.a == "grow" then
				max = #F.basic_ships(g, seat, cell, op.moved)
			elseif op.a == "shrink" then
				local m_moved = F.moved_units(g, op.m)
				max = op.moved and m_moved or U.fleet_value(g, op.m) - m_moved
			else
				max = U.fleet_value(g, op.m) - 1 -- split: both fleets keep a ship
			end
			return { seat = seat, kind = "number", min = 1, max = math.max(1, max), prompt = HOW_MANY_SHIP_UNITS, rule = "GE 6.1.2.9",
				help = HOW_MANY_SHIPS_NUMBER_TOKEN }
		end
		return { seat = seat, prompt = U.text("movement.reorganise_at", U.cell_label(g, cell)), rule = "GE 6.1.2.9", options = reorganise_options(g, seat, cell), pass = DONE,
			help = FLEETS_MAY_GROW_FROM_BASIC }
	end,
	resolve = function(g, ctx, choice)
		if choice == nil then
			ctx.done = true
			return
		end
		if not ctx.op then
			if choice.a == "dissolve" then
				F.break_up(g, choice.m)
				g:log(U.text("movement.seat_dissolves_fleet_at", ctx.seat, U.cell_label(g, ctx.cell)))
			elseif choice.a == "merge" then
				F.merge(g, choice.m, choice.into)
			else
				ctx.op = choice
			end
			return
		end
		local op = ctx.op
		ctx.op = nil
		if op.a == "grow" then
			F.absorb_ships(g, op.m, choice, op.moved)
		elseif op.a == "shrink" then
			local m_moved = F.moved_units(g, op.m)
			local have = op.moved and m_moved or U.fleet_value(g, op.m) - m_moved
			F.release_ships(g, op.m, math.min(choice, have), op.moved)
		elseif op.a == "split" then
			-- Only before any ship moves (GE 6.1.2.9 *), so no unit has moved.
			local marker = F.free_markers(g, ctx.seat)[1]
			F.remove_units(g, op.m, choice, false)
			g:move(marker, ctx.cell)
			F.add_units(g, marker, choice, false)
			g:log(U.text("movement.seat_splits_fleet_at", ctx.seat, U.cell_label(g, ctx.cell)))
		end
	end,
}

-- The label of what a vision may look at (M.vision): a token on the board, a fleet, or
-- the top domination card; made only when a person reads the menu.
function M.vision_label(g, v, seat)
	local kind = g:kind(v)
	if kind == "neutral" or kind == "relic" then
		return U.text("movement.look_at_token_on", kind, U.cell_label(g, g:cell_of(v)))
	elseif kind == "marker" then
		return U.text("movement.look_at_fleet_seat_on", g:owner(v), U.cell_label(g, g:cell_of(v)))
	end
	return U.TEXT["movement.look_at_top_domination_card"]
end

-- GE 6.1.2.3: a vision looks at one token, the top domination card, or one fleet of
-- a seat with lower Spirituality; the sight is a private log line, not lasting access.
M.vision = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local seat = ctx.seat
		-- Labelled by M.vision_label, only when a person reads the menu.
		local options = {}
		for _, kind in ipairs({ "neutral", "relic" }) do
			for _, t in ipairs(g:entities({ kind = kind })) do
				local c = g:cell_of(t)
				if c and g:hidden(t) and not g:knows(seat, t) then
					table.insert(options, t) -- a bare value: labelled by M.vision_label
				end
			end
		end
		local deck = g:entities({ zone = "domination_deck" })
		if #deck > 0 then
			table.insert(options, deck[#deck])
		end
		if ctx.ray then
			return { seat = seat, prompt = U.TEXT["movement.planet_destroyer_ray_destroy_what"], rule = "GE A7.4",
				options = Relics.ray_targets(g, seat), pass = CANCEL,
				help = U.TEXT["movement.destroyer_ray_help"] }
		end
		-- GE 6.1.2.3: fleets of seats with lower Spirituality; any fleet with the
		-- Pyramid's own vision while it is unspent (GE A7.3).
		local pyramid = (g:get(seat, "pyramid_visions_left") or 0) > 0
		for s = 1, g:seats() do
			if s ~= seat and (pyramid or g:get(s, "spi") < g:get(seat, "spi")) then
				for _, m in ipairs(g:entities({ kind = "marker", owner = s })) do
					local c = g:cell_of(m)
					if c then
						table.insert(options, m)
					end
				end
			end
		end
		return { seat = seat, prompt = WHAT_DOES_VISION_SHOW, rule = "GE 6.1.2.3", options = options, labels = "movement.vision_label",
			pass = CANCEL, help = VISION_LOOKS_AT_ONE_THING }
	end,
	resolve = function(g, ctx, target)
		ctx.done = true
		if target == nil then
			return
		end
		local seat = ctx.seat
		if ctx.ray then
			Relics.fire_ray(g, seat, target)
			return
		end
		-- GE A7.3: a look at a fleet the seat's own visions cannot reach uses the Pyramid's
		-- vision; any other target uses the seat's own visions first, so the Pyramid's
		-- power is kept as long as possible.
		local own = g:get(seat, "visions_left") - (g:get(seat, "pyramid_visions_left") or 0)
		local out_of_reach = g:kind(target) == "marker" and g:get(g:owner(target), "spi") >= g:get(seat, "spi")
		if out_of_reach or own <= 0 then
			g:add(seat, "pyramid_visions_left", -1)
		end
		g:add(seat, "visions_left", -1)
		if g:kind(target) == "marker" then
			local values = {}
			for _, t in ipairs(g:entities({ inside = target })) do
				g:peek(seat, t, "")
				table.insert(values, g:face(t))
			end
			g:peek(seat, target, U.text("movement.vision_seat_fleet_holds_tokens", g:owner(target), g:face(target), table.concat(values, "+"), U.count(U.fleet_value(g, target), U.TEXT["noun.ship"])))
		else
			local at = g:cell_of(target)
			g:peek(seat, target, U.text("movement.vision_planet_token_is", at and U.text("movement.on", U.cell_label(g, at)) or U.TEXT["movement.seen"], U.token_name(g, target)))
		end
		g:log(U.text("movement.seat_spends_vision", seat))
	end,
}

return M

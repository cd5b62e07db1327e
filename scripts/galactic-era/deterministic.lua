--!strict
-- Galactic Era: the deterministic setup variant (GE 8.1). From a random first seat and
-- going round the table, each seat takes one of four things it does not have yet — a
-- star people (any of the 17), a sector (tile, face, rotation, place; the first also
-- turns the central sector), a turn-order marker, or a domination card (draw 5, keep
-- 1) — until every seat has all four. The board is assembled once the draft is done.
local U = require("util")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Setup = require("setup")
local D = {}

local THINGS = { people = U.TEXT["setup.take_star_people"], sector = U.TEXT["setup.take_sector"], order = U.TEXT["setup.take_turn_order_marker"], card = U.TEXT["setup.draw_5_domination_cards_and"] }

local function complete(ctx, s)
	local p = ctx.picks[s]
	return p.people and p.sector and p.order and p.card
end

D.draft = {
	enter = function(g, ctx)
		local tiles = g:shuffle(def_ids.sector_tile)
		ctx.central = { tile = tiles[1], side = g:roll(2) == 1 and "side_a" or "side_b", rotation = g:roll(6) - 1 }
		ctx.tiles = {}
		for i = 2, #tiles do
			table.insert(ctx.tiles, tiles[i])
		end
		-- All 17 tiles are on offer, face up (GE 8.1 option 1).
		for _, tile in ipairs(g:entities({ zone = "people_box" })) do
			g:reveal(tile)
		end
		ctx.turn = g:roll(g:seats())
		ctx.picks = {}
		for s = 1, g:seats() do
			ctx.picks[s] = {}
		end
		g:log(U.text("setup.deterministic_setup_central_sector_is", defs.sector_tile[ctx.central.tile].name, ctx.turn))
	end,
	run = function(g, ctx)
		local all = true
		for s = 1, g:seats() do
			all = all and complete(ctx, s)
		end
		if all then
			D.assemble(g, ctx)
			return nil
		end
		while complete(ctx, ctx.turn) do
			ctx.turn = ctx.turn % g:seats() + 1
		end
		local s, pick = ctx.turn, ctx.picks[ctx.turn]
		local options = {}
		if not ctx.sub then
			for _, thing in ipairs({ "people", "sector", "order", "card" }) do
				if not pick[thing] then
					table.insert(options, { label = THINGS[thing], value = thing })
				end
			end
			return { seat = s, prompt = U.TEXT["setup.deterministic_setup_what_do_you"], rule = "GE 8.1", options = options,
				help = U.TEXT["setup.deterministic_take_help"] }
		end
		local sub = ctx.sub
		local help = U.TEXT["setup.deterministic_sector_help"]
		if sub.thing == "people" then
			help = U.TEXT["setup.deterministic_people_help"]
			for _, tile in ipairs(g:entities({ zone = "people_box" })) do
				table.insert(options, { label = defs.star_people[g:face(tile)].name, value = tile })
			end
		elseif sub.thing == "order" then
			help = U.TEXT["setup.deterministic_order_help"]
			for n = 1, g:seats() do
				local taken = false
				for o = 1, g:seats() do
					taken = taken or ctx.picks[o].order == n
				end
				if not taken then
					table.insert(options, { label = U.text("setup.turn_order_marker", n), value = n })
				end
			end
		elseif sub.thing == "card" then
			help = U.TEXT["setup.deterministic_card_help"]
			for _, c in ipairs(g:entities({ zone = "draft_cards", seat = s })) do
				table.insert(options, { label = U.text("setup.keep", defs.domination_card[g:face(c)].name), value = c })
			end
		elseif not sub.tile then
			for _, t in ipairs(ctx.tiles) do
				table.insert(options, { label = defs.sector_tile[t].name, value = t })
			end
		elseif not sub.side then
			options = { { label = U.TEXT["setup.face_a"], value = "side_a" }, { label = U.TEXT["setup.face_b"], value = "side_b" } }
		elseif not sub.rotation then
			for r = 0, 5 do
				table.insert(options, { label = U.text("setup.rotation", r), value = r })
			end
		elseif not sub.position then
			for _, pos in ipairs(defs.layout["players_" .. g:seats()].positions) do
				local taken = false
				for o = 1, g:seats() do
					taken = taken or (ctx.picks[o].sector and ctx.picks[o].sector.position == pos)
				end
				if not taken then
					table.insert(options, { label = U.text("setup.place_around_central_sector", pos), value = pos })
				end
			end
		else
			help = U.TEXT["setup.deterministic_central_help"]
			for r = 0, 5 do
				table.insert(options, { label = U.text("setup.turn_central_sector_to_rotation", r), value = r })
			end
		end
		return { seat = s, prompt = U.TEXT["setup.deterministic_setup_choose"], rule = "GE 8.1", options = options, help = help }
	end,
	resolve = function(g, ctx, v)
		local s = ctx.turn
		local pick = ctx.picks[s]
		if not ctx.sub then
			ctx.sub = { thing = v }
			if v == "card" then
				for _ = 1, 5 do
					local deck = g:entities({ zone = "domination_deck" })
					local card = deck[#deck]
					g:move(card, { zone = "draft_cards", seat = s })
					g:hide(card, s)
				end
			end
			return
		end
		local sub = ctx.sub
		local done = true
		if sub.thing == "people" then
			g:move(v, { zone = "people", seat = s })
			g:reveal(v)
			g:set(s, "people", g:face(v))
			g:add_global("usage.star_people." .. g:face(v), 1)
			pick.people = true
		elseif sub.thing == "order" then
			pick.order = v
			g:set(s, "order", v)
		elseif sub.thing == "card" then
			g:move(v, { zone = "domination_hand", seat = s })
			for _, c in ipairs(g:entities({ zone = "draft_cards", seat = s })) do
				g:move(c, "domination_deck")
				g:hide(c)
			end
			g:shuffle_zone("domination_deck")
			g:hide(v, s)
			pick.card = true
		elseif not sub.tile then
			sub.tile, done = v, false
		elseif not sub.side then
			sub.side, done = v, false
		elseif not sub.rotation then
			sub.rotation, done = v, false
		elseif not sub.position then
			sub.position = v
			-- The first seat to take a sector may also turn the central sector.
			done = ctx.central_turned ~= nil
			if not done then
				ctx.central_turned = true
			end
		else
			ctx.central.rotation = v
		end
		if sub.thing == "sector" and done then
			pick.sector = { tile = sub.tile, side = sub.side, rotation = sub.rotation, position = sub.position }
			local left = {}
			for _, t in ipairs(ctx.tiles) do
				if t ~= sub.tile then
					table.insert(left, t)
				end
			end
			ctx.tiles = left
		end
		if done then
			ctx.sub = nil
			ctx.turn = ctx.turn % g:seats() + 1
		end
	end,
}

-- Builds the board, tokens and kits from the draft (GE 8.1: then setup goes on).
function D.assemble(g, ctx)
	local S = Setup
	local seats = {}
	for s = 1, g:seats() do
		seats[s] = ctx.picks[s].sector
	end
	local home, central = S.build_board(g, { central = ctx.central, seats = seats })
	S.place_tokens(g, home, central)
	S.give_kits(g, home, true)
	g:log(U.TEXT["setup.galaxy_is_assembled_from_draft"])
end

return D

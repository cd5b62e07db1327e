--!strict
-- Space Gate Odyssey: the Space Workshop (SGO §5.4) and adding modules to a station
-- (SGO §5.5): the Modules room's action point by action point, and setup step S11 where
-- each player adds 2 modules from two different piles. The piles show only their top
-- tile; a returned tile goes under its pile, its place there hidden again (SGO §13.14).
local U = require("util")
local ST = require("station")
local W = {}

-- The top tile of a pile, or nil when the pile is empty.
function W.top(g, pile: string)
	return g:last({ zone = U.pile_zone(pile) })
end

-- After a tile left the top of a pile, the next one is seen.
local function show_top(g, pile: string)
	local top = W.top(g, pile)
	if top ~= nil then
		g:reveal(top)
	end
end

-- SGO §5.4: return a drawn tile to the bottom of its pile.
local function return_tile(g, s: number, e, pile: string)
	g:log(U.text("workshop.returned", U.seat_name(s), U.mod(g, e).name))
	g:move_to_bottom(e, U.pile_zone(pile))
	g:hide(e)
	show_top(g, pile)
end

-- The piles seat s may draw from now: not empty and not placed from this turn.
local function drawable(g, placed: { string }): { string }
	local out = {}
	for _, pile in ipairs(U.piles()) do
		if W.top(g, pile) ~= nil and not table.find(placed, pile) then
			table.insert(out, pile)
		end
	end
	return out
end

function W.pile_label(g, pile: string): string
	local top = W.top(g, pile)
	return U.text("workshop.pile", defs.module[g:face(top)].name, g:count({ zone = U.pile_zone(pile) }))
end

function W.placement_label(g, value): string
	if value == "return" then
		return U.text("workshop.return")
	end
	local d = defs.module[value.id]
	return U.text("workshop.place_at", ST.cell_label(value.x, value.y), ST.corridor_words(d, value.rot))
end

function W.label(g, value, seat): string
	if type(value) == "string" and value ~= "return" then
		return W.pile_label(g, value)
	end
	if type(value) == "table" and value.pile ~= nil then
		local d = defs.module[value.id]
		return U.text("workshop.searched", d.name, ST.corridor_words(d, 0), g:count({ zone = U.pile_zone(value.pile) }))
	end
	return W.placement_label(g, value)
end

-- SGO §12 A12, the alternative: at set-up a player looks through the piles it may take
-- from and picks any tile of them. Returns one option per kind of tile (tiles with the
-- same name and corridors are alike), pile by pile, after showing the seat the piles'
-- faces.
local function searched(g, s: number, piles: { string })
	local options = {}
	for _, pile in ipairs(piles) do
		local seen = {}
		for _, e in ipairs(g:entities({ zone = U.pile_zone(pile) })) do
			g:reveal(e, s)
			local d = U.mod(g, e)
			local alike = d.name .. ST.corridor_words(d, 0)
			if not seen[alike] then
				seen[alike] = true
				table.insert(options, { value = { pile = pile, id = d.id } })
			end
		end
	end
	return options
end

-- The `workshop` step: ctx.seat draws ctx.ap times (SGO §5.4). ctx.setup: S11, where
-- both tiles must be added (from two different piles) and there is no passing.
-- ctx.placed: the piles added from this turn; ctx.drawn: the tile in hand and its pile.
W.step = {
	run = function(g, ctx)
		if g:global("ending") then
			return nil
		end
		ctx.placed = ctx.placed or {}
		if ctx.drawn ~= nil then
			local e = ctx.drawn
			local id = g:face(e)
			local options = {}
			for _, p in ipairs(ST.placements(g, ctx.seat, id)) do
				table.insert(options, { value = { id = id, x = p[1], y = p[2], rot = p[3] } })
			end
			if not ctx.setup or #options == 0 then
				table.insert(options, { value = "return" })
			end
			return {
				seat = ctx.seat,
				prompt = U.text("workshop.where", U.mod(g, e).name),
				rule = "SGO §5.4, §5.5",
				help = U.text(ctx.setup and "workshop.where_help_setup" or "workshop.where_help"),
				options = options,
				labels = "workshop.label",
			}
		end
		if ctx.ap <= 0 then
			return nil
		end
		local piles = drawable(g, ctx.placed)
		if #piles == 0 then
			if not ctx.setup then
				g:log(U.text("workshop.nothing", U.seat_name(ctx.seat)))
			end
			return nil
		end
		local search = ctx.setup and U.alt(g, "setup_search_piles")
		local options = {}
		if search then
			options = searched(g, ctx.seat, piles)
		else
			for _, pile in ipairs(piles) do
				table.insert(options, { value = pile })
			end
		end
		return {
			seat = ctx.seat,
			prompt = search and U.text("workshop.search_setup", ctx.ap)
				or ctx.setup and U.text("workshop.draw_setup", ctx.ap)
				or U.room_prompt(g, ctx.seat, U.text("workshop.draw", U.count(ctx.ap, "action_point"))),
			rule = search and "SGO §3 S11, §12 A12" or ctx.setup and "SGO §3 S11" or "SGO §5.4",
			help = U.text(search and "workshop.search_help_setup" or ctx.setup and "workshop.draw_help_setup" or "workshop.draw_help"),
			options = options,
			pass = (not ctx.setup) and U.text("workshop.stop") or nil,
			labels = "workshop.label",
		}
	end,
	resolve = function(g, ctx, answer)
		if ctx.drawn ~= nil then
			local e = ctx.drawn
			local pile = ctx.drawn_pile
			ctx.drawn = nil
			ctx.drawn_pile = nil
			if answer == "return" then
				return_tile(g, ctx.seat, e, pile)
				return
			end
			ST.place(g, ctx.seat, e, answer.x, answer.y, answer.rot)
			table.insert(ctx.placed, pile)
			g:log(U.text("workshop.added", U.seat_name(ctx.seat), ST.label(g, e), ST.corridor_words(U.mod(g, e), answer.rot)))
			return
		end
		-- 1 action point: the top tile of the chosen pile, or (A12's alternative) the
		-- tile picked from it, after which the pile is shuffled.
		if not U.spend_action_point(ctx, answer) then
			return
		end
		local pile = if type(answer) == "table" then answer.pile else answer
		local e = if type(answer) == "table" then g:last({ zone = U.pile_zone(pile), face = answer.id }) else W.top(g, pile)
		g:move(e, { zone = "hand", seat = ctx.seat })
		g:reveal(e)
		if type(answer) == "table" then
			-- face down again, the shown top tile included, then mixed
			for _, tile in ipairs(g:entities({ zone = U.pile_zone(pile) })) do
				g:hide(tile)
			end
			g:shuffle_zone({ zone = U.pile_zone(pile) })
		end
		show_top(g, pile)
		ctx.drawn = e
		ctx.drawn_pile = pile
		g:log(U.text("workshop.drew", U.seat_name(ctx.seat), U.mod(g, e).name))
	end,
}

-- SGO §3 S11: from the start player, clockwise, each adds 2 modules from 2 piles.
W.first_modules = {
	run = function(g, ctx)
		if ctx.i > #ctx.order then
			return nil
		end
		local s = ctx.order[ctx.i]
		ctx.i += 1
		g:push("workshop", { seat = s, ap = 2, setup = true })
		return nil
	end,
}

return W

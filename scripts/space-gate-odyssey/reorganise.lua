--!strict
-- Space Gate Odyssey: the reorganisation token (SGO §5.7, §9.2, first-game aid). Used
-- once, on the player's own turn before the engineer moves (reconstructed timing, the
-- digest's recommendation): the player moves modules of the station one at a time to
-- new places. Reconstructed validity (SGO §11.9): the white starting module stays put,
-- each module moves at most once, a module may be lifted only if the rest stays joined
-- by corridors, and it goes back down joining at least one corridor (SGO §5.5), so the
-- station is one corridor-connected whole at every moment. Modules keep their side and
-- their settlers.
local U = require("util")
local ST = require("station")
local RE = {}

-- Whether every module but m is still reachable from the starting module by corridors.
local function connected_without(g, s: number, m): boolean
	local grid = ST.grid(g, s)
	local start = nil
	for _, x in ipairs(grid.list) do
		if U.mod(g, x).type == "starting" then
			start = x
		end
	end
	local seen = { [start] = true }
	local queue = { start }
	local reached = 1
	while #queue > 0 do
		local x = table.remove(queue)
		for _, y in ipairs(ST.joined(g, s, x)) do
			if y ~= m and not seen[y] then
				seen[y] = true
				reached += 1
				table.insert(queue, y)
			end
		end
	end
	return reached == #grid.list - 1
end

-- The modules seat s may lift now.
function RE.movable(g, s: number, moved: { number }): { number }
	local out = {}
	for _, m in ipairs(ST.grid(g, s).list) do
		if U.mod(g, m).type ~= "starting" and not table.find(moved, m) and connected_without(g, s, m) then
			table.insert(out, m)
		end
	end
	return out
end

function RE.label(g, value, seat): string
	if type(value) == "number" then
		return U.text("reorganise.lift", ST.label(g, value))
	end
	local d = defs.module[value.id]
	return U.text("workshop.place_at", ST.cell_label(value.x, value.y), ST.corridor_words(d, value.rot))
end

-- The `reorganise` step: ctx.seat, ctx.moved (modules moved), ctx.lifted (in hand).
RE.step = {
	enter = function(g, ctx)
		g:set(ctx.seat, "reorganisation", 0)
		ctx.moved = {}
		g:log(U.text("reorganise.used", U.seat_name(ctx.seat)))
	end,
	run = function(g, ctx)
		if ctx.finished then
			return nil
		end
		local options = {}
		if ctx.lifted ~= nil then
			local id = g:face(ctx.lifted)
			for _, p in ipairs(ST.placements(g, ctx.seat, id)) do
				table.insert(options, { value = { id = id, x = p[1], y = p[2], rot = p[3] } })
			end
			return {
				seat = ctx.seat,
				prompt = U.text("reorganise.where", U.mod(g, ctx.lifted).name),
				rule = "SGO §5.7",
				help = U.text("reorganise.where_help"),
				options = options,
				labels = "reorganise.label",
			}
		end
		for _, m in ipairs(RE.movable(g, ctx.seat, ctx.moved)) do
			table.insert(options, { value = m, free = true })
		end
		if #options == 0 then
			return nil
		end
		return {
			seat = ctx.seat,
			prompt = U.text("reorganise.prompt"),
			rule = "SGO §5.7",
			help = U.text("reorganise.help"),
			options = options,
			pass = U.text("reorganise.done"),
			labels = "reorganise.label",
		}
	end,
	resolve = function(g, ctx, answer)
		if answer == nil then
			ctx.finished = true
			return
		end
		if ctx.lifted ~= nil then
			local m = ctx.lifted
			ctx.lifted = nil
			g:move(m, U.station(ctx.seat))
			g:set_prop(m, "x", answer.x)
			g:set_prop(m, "y", answer.y)
			g:set_prop(m, "rot", answer.rot)
			g:log(U.text("reorganise.moved", U.seat_name(ctx.seat), ST.label(g, m)))
			return
		end
		table.insert(ctx.moved, answer)
		ctx.lifted = answer
		g:move(answer, { zone = "hand", seat = ctx.seat })
	end,
}

return RE

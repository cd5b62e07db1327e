--!strict
-- Space Gate Odyssey: the Influence Wheel and the government ranks (SGO §6.7). A seat's
-- Influence is 10 per rank held plus its wheel space (0-9). Passing the arrow forward
-- fills the next rank — with a settler from the reserve, or, on ranks 3 and 6, with an
-- engineer taken off the Odyssey board (step `rank_engineer`); passing it backward
-- (only the end's penalty does) returns the figure on the highest rank to the reserve.
local U = require("util")
local I = {}

local HAWKING = defs.hawking.hawking

local function engineer_rank(rank: number): boolean
	return table.find(HAWKING.engineer_ranks, rank) ~= nil
end

-- The distinct engineers seat s could give up: one per (room, plain or chief).
function I.offerable(g, s: number): { number }
	local out, seen = {}, {}
	for _, e in ipairs(U.board_engineers(g, s)) do
		local k = (U.room_of(g, e) or "") .. (U.is_chief(g, e) and "+" or "")
		if not seen[k] then
			seen[k] = true
			table.insert(out, e)
		end
	end
	return out
end

-- Puts figure e on seat s's rank.
local function to_rank(g, s: number, e, rank: number)
	g:move(e, { zone = "ranks", seat = s })
	g:set_prop(e, "rank", rank)
end

function I.take_engineer(g, s: number, e, rank: number)
	local room = U.room_of(g, e) or "modules"
	if g:global("post_engineer") == e then
		g:set_global("post_engineer", nil)
	end
	to_rank(g, s, e, rank)
	g:log(U.text("rank.engineer", U.seat_name(s), U.figure_name(g, e), U.room_name(room), rank))
end

-- SGO §6.7: the next rank of seat s is filled. Returns the rank when its owner must
-- choose the engineer that takes it (the caller pushes the choice), else nil.
local function gain_rank(g, s: number): number?
	local rank = g:add(s, "rank", 1)
	if engineer_rank(rank) then
		local choices = I.offerable(g, s)
		if #choices == 1 or (#choices > 1 and g:global("ending")) then
			I.take_engineer(g, s, choices[1], rank)
			return nil
		elseif #choices > 1 then
			return rank
		end
		-- reconstructed (SGO §6.7 [not in source]): no engineer left on the board, a
		-- settler from the reserve takes the rank instead.
	end
	local settler = U.reserve_settler(g, s)
	if settler ~= nil then
		to_rank(g, s, settler, rank)
		g:log(U.text("rank.settler", U.seat_name(s), rank))
	else
		-- reconstructed: the rank counts even without a figure to mark it.
		g:log(U.text("rank.no_figure", U.seat_name(s), rank))
	end
	return nil
end

-- SGO §6.7: seat s gains n Influence points (n >= 0); `why` is a text already made.
function I.gain(g, s: number, n: number, why: string)
	if n <= 0 then
		return
	end
	local total = (g:get(s, "wheel") or 0) + n
	g:set(s, "wheel", total % 10)
	g:log(U.text("influence.gain", U.seat_name(s), n, why, U.influence(g, s) + 10 * (total // 10)))
	-- the engineer choices, lowest rank first (pushed last, so it runs first)
	local choices = {}
	for _ = 1, total // 10 do
		local rank = gain_rank(g, s)
		if rank ~= nil then
			table.insert(choices, rank)
		end
	end
	for k = #choices, 1, -1 do
		g:push("rank_engineer", { seat = s, rank = choices[k] })
	end
end

-- SGO §6.7, §8.4: seat s loses n points, one space at a time; each pass from 0 back to 9
-- returns the figure on its highest rank to the reserve. With no rank left the wheel
-- stops at 0 (reconstructed, the digest's recommendation).
function I.lose(g, s: number, n: number, why: string)
	local lost = 0
	for _ = 1, n do
		local wheel = g:get(s, "wheel") or 0
		if wheel > 0 then
			g:set(s, "wheel", wheel - 1)
		elseif (g:get(s, "rank") or 0) > 0 then
			local rank = g:get(s, "rank")
			g:set(s, "wheel", 9)
			g:set(s, "rank", rank - 1)
			for _, e in ipairs(g:entities({ zone = "ranks", seat = s })) do
				if g:prop(e, "rank") == rank then
					for _, suit in ipairs(g:entities({ kind = "suit", inside = e })) do
						g:move(suit, U.reserve(s))
					end
					g:set_prop(e, "rank", nil)
					g:move(e, U.reserve(s))
				end
			end
			g:log(U.text("rank.lost", U.seat_name(s), rank))
		else
			break
		end
		lost += 1
	end
	g:log(U.text("influence.lose", U.seat_name(s), lost, why, U.influence(g, s)))
end

function I.label(g, value, seat): string
	return U.text("rank.option", U.figure_label(g, value), U.room_name(U.room_of(g, value) or "modules"))
end

-- The `rank_engineer` step: seat ctx.seat picks the engineer that takes rank ctx.rank.
I.rank_engineer = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local choices = I.offerable(g, ctx.seat)
		if #choices == 0 then
			return nil
		end
		local options = {}
		for _, e in ipairs(choices) do
			table.insert(options, { value = e })
		end
		return {
			seat = ctx.seat,
			prompt = U.text("rank.prompt", ctx.rank),
			rule = "SGO §6.7",
			help = U.text("rank.help"),
			options = options,
			labels = "influence.label",
		}
	end,
	resolve = function(g, ctx, answer)
		ctx.done = true
		I.take_engineer(g, ctx.seat, answer, ctx.rank)
	end,
}

return I

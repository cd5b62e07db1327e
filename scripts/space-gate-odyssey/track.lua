--!strict
-- Space Gate Odyssey: the Predominance track on Hawking (SGO §3 S6, §6.3, §7.4, §8.3):
-- five slots worth 7, 4, 2, 1, 0 holding the five tokens (global `track`, top slot
-- first); swaps of any two tokens (predominance spaces) or of two adjacent ones (the
-- Fermi centre winner); and the end's predominance scoring.
local U = require("util")
local ST = require("station")
local P = {}

local VALUES = defs.hawking.hawking.slot_values

function P.track(g): { string }
	return g:global("track")
end

-- SGO §8.3: what each seat would score for predominance now: { [seat] = IP } and one
-- line per award { seat, ip, token }.
function P.scores(g)
	local track = P.track(g)
	local counts = {}
	for s = 1, g:seats() do
		counts[s] = ST.activated_by_sector(g, s)
	end
	local points, awards = {}, {}
	for s = 1, g:seats() do
		points[s] = 0
	end
	for slot, token in ipairs(track) do
		local d = defs.predominance_token[token]
		if d.scores ~= "nothing" then
			local measure = {}
			for s = 1, g:seats() do
				local c = counts[s]
				measure[s] = d.scores == "sector" and c[d.sector] or math.min(c.water, c.wildlife, c.energy)
			end
			local best = 0
			for s = 1, g:seats() do
				best = math.max(best, measure[s])
			end
			-- reconstructed: a majority needs at least one module (or set); ties all score
			if best > 0 then
				for s = 1, g:seats() do
					if measure[s] == best then
						points[s] += VALUES[slot]
						table.insert(awards, { seat = s, ip = VALUES[slot], token = token })
					end
				end
			end
		end
	end
	return points, awards
end

function P.swap(g, i: number, j: number)
	local track = table.clone(P.track(g))
	track[i], track[j] = track[j], track[i]
	g:set_global("track", track)
end

local function token_at(g, slot: number): string
	return U.text("track.token", defs.predominance_token[P.track(g)[slot]].name, slot, VALUES[slot])
end

function P.label(g, value, seat): string
	return U.text("track.swap_option", token_at(g, value.i), token_at(g, value.j))
end

-- The `swap` step: ctx.seat must swap two tokens, any two or (ctx.adjacent) neighbours.
P.swap_step = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local options = {}
		for i = 1, #VALUES - 1 do
			for j = i + 1, #VALUES do
				if not ctx.adjacent or j == i + 1 then
					table.insert(options, { value = { i = i, j = j } })
				end
			end
		end
		return {
			seat = ctx.seat,
			prompt = U.text(ctx.adjacent and "track.adjacent_prompt" or "track.any_prompt"),
			rule = ctx.adjacent and "SGO §7.4" or "SGO §6.3",
			help = U.text("track.help"),
			options = options,
			labels = "track.label",
		}
	end,
	resolve = function(g, ctx, answer)
		ctx.done = true
		local a, b = P.track(g)[answer.i], P.track(g)[answer.j]
		P.swap(g, answer.i, answer.j)
		g:log(U.text("track.swapped", U.seat_name(ctx.seat), defs.predominance_token[a].name, defs.predominance_token[b].name))
	end,
}

return P

--!strict
-- Galactic Era: relocating population discs between one's own planets (GE 7.5, 7.2.4),
-- a free action of the progress turn from Propulsion V (1 disc) and VI (3), and the
-- Espacial card's effect (3 discs, ignoring blockades).
local U = require("util")
local W = require("war")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Actions = require("actions")
local R = {}

R.step = {
	enter = function(g, ctx)
		-- GE 7.1.1, 7.2.4: present STS seats may declare war to block relocations.
		if not ctx.ignore_blockade then
			local A = Actions
			local blockers = A.blockers(g, ctx.seat, U.controlled_planets(g, ctx.seat), false)
			if #blockers > 0 then
				g:window({ seats = blockers, offer = "actions.offer_war", respond = "actions.respond_war",
					data = { actor = ctx.seat, what = U.TEXT["relocate.relocate_population_discs"] } })
			end
		end
	end,
	run = function(g, ctx)
		if ctx.left <= 0 or ctx.done then
			return nil
		end
		local seat = ctx.seat
		local planets = {}
		for _, c in ipairs(U.controlled_planets(g, seat)) do
			if ctx.ignore_blockade or not W.blockaded(g, seat, c) then
				table.insert(planets, c)
			end
		end
		local options = {}
		for _, from in ipairs(planets) do
			if U.discs_at(g, from) > 0 then
				for _, to in ipairs(planets) do
					if to ~= from then
						table.insert(options, { label = U.text("relocate.move_disc_from_to", U.cell_label(g, from), U.cell_label(g, to)), value = { from = from, to = to } })
					end
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = seat, prompt = U.text("relocate.relocate_discs_left", ctx.left), rule = "GE 7.5", options = options, pass = U.TEXT["relocate.stop_relocating"],
			help = U.TEXT["relocate.relocate_help"] }
	end,
	resolve = function(g, ctx, move)
		if move == nil then
			ctx.done = true
			return
		end
		local disc = g:first({ kind = "disc", cell = move.from })
		g:move(disc, move.to)
		ctx.left -= 1
		g:log(U.text("relocate.seat_relocates_disc_from_to", ctx.seat, U.cell_label(g, move.from), U.cell_label(g, move.to)))
		if U.discs_at(g, move.from) == 0 and not U.capital_at(g, move.from) then
			g:log(U.text("relocate.becomes_uninhabited", U.cell_label(g, move.from)))
		end
	end,
}

return R

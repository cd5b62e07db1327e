--!strict
-- Twilight Imperium 4: hits an ability produces outside the combat dice (Mentak's Ambush), as
-- a step of their own so that each resolves in full in its owner's turn of a timing window
-- (TI4 §19.7, §19.19) rather than after the window. One job: their owner assigns them one
-- at a time as combat hits (§23.6, Sustain Damage allowed, §87), after the "before you
-- assign hits" cards (Shields Holding, digest F-25), with Direct Hit's window after each
-- Sustain Damage (F-27) and the registry's `combat_loss` after each unit destroyed.
-- ctx: seat (assigns them), by (produced them), cell, hits, active (for the card order).
local U = require("util")
local Hits = require("hits")
local A = require("abilities")
local M = require("moments")
local S = {}

S.ability_hits = {
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		if ctx.just_sustained then
			local e = ctx.just_sustained
			ctx.just_sustained = nil
			if M.open(g, "after_sustain", { active = ctx.active, shooter = ctx.by, target = e, cell = ctx.cell }) then
				return nil
			end
		end
		if ctx.hits <= 0 or #Hits.ships(g, ctx.seat, ctx.cell) == 0 then
			return nil
		end
		if not ctx.shields_asked then
			ctx.shields_asked = true
			if M.open(g, "assign_hits", { active = ctx.active, seat = ctx.seat, hits = ctx.hits, cell = ctx.cell }) then
				return nil
			end
		end
		local cancel = g:global("card_cancel_hits_" .. ctx.seat)
		if cancel then
			g:set_global("card_cancel_hits_" .. ctx.seat, nil)
			ctx.hits = math.max(0, ctx.hits - cancel)
			g:log(U.text("combat.hits_cancelled", ctx.seat, cancel))
			if ctx.hits == 0 then
				return nil
			end
		end
		return { seat = ctx.seat, prompt = U.text("combat.assign_prompt", ctx.hits), rule = "TI4 §19, §23.2, §87",
			help = U.text("combat.assign_help"), options = Hits.options(g, ctx.seat, ctx.cell) }
	end,
	resolve = function(g, ctx, v)
		local n, e = Hits.apply(g, ctx.seat, ctx.cell, v, ctx.by)
		ctx.hits = math.max(0, ctx.hits - n)
		if string.sub(v, 1, 1) == "s" then
			ctx.just_sustained = e
		else
			A.at(g, "combat_loss", { seat = ctx.seat, foe = ctx.by, cell = ctx.cell })
		end
	end,
}

return S

--!strict
-- Twilight Imperium 4: the Sardakk N'orr — its entries in the faction registry (abilities.lua)
-- and the steps they push (see faction_letnev.lua for how a faction module is built).
-- Unrelenting (+1 on every combat die) and the flagship C'Morran N'orr (+1 to the other
-- ships in its system) are data modifiers (factions.ron `combat_roll`, units.ron
-- `combat_roll_others`, read by dice.lua and invasion.lua); Tekklar Legion is the entry's part
-- `note` below (notes.lua plays it).
local U = require("util")
local K = require("ability_kit")
local F = {}
local E = {}

-- The Exotrireme II of a seat in a system.
local function exotriremes(g, seat: number, c: number): { number }
	return g:entities({ kind = "dreadnought", face = "norr_exotrireme_2", owner = seat, cell = c })
end

-- Exotrireme II (its card, TI4 §62): once a space combat round is over, its retreat done
-- (the window "combat_round_end" of timing.lua, §23.7-8), the N'orr may destroy one of them in the combat's system
-- to destroy up to 2 of its opponent's ships there (step `exotrireme` below).
E.norr_exotrireme_2 = {
	-- Its card: Direct Hit cannot destroy it (ac_combat.lua).
	flags = { direct_hit_immune = { norr_exotrireme_2 = true } },
	-- The stalemate test (stalemate.lua, F-02): it can strike only while one is in the system.
	can_strike = function(g, seat: number, foe: number, c: number): boolean
		return #exotriremes(g, seat, c) > 0
	end,
	-- Optional, with its own "can use" check: the N'orr choose its place among their notes
	-- and cards of that timing (timing.lua, §19.19).
	can_at = {
		combat_round_end = function(g, seat: number, info): boolean
			if not table.find(info.seats, seat) or #exotriremes(g, seat, info.cell) == 0 then
				return false
			end
			local foe = info.seats[1] == seat and info.seats[2] or info.seats[1]
			return g:count({ kind = U.SHIP_TYPES, owner = foe, cell = info.cell }) > 0
		end,
	},
	at = {
		combat_round_end = function(g, seat: number, info)
			if not E.norr_exotrireme_2.can_at.combat_round_end(g, seat, info) then
				return false
			end
			local foe = info.seats[1] == seat and info.seats[2] or info.seats[1]
			g:push("exotrireme", { seat = seat, foe = foe, cell = info.cell })
			return true
		end,
	},
}

-- Valkyrie Particle Weave (its card): in a ground combat round, once both sides have
-- rolled, 1 hit more for its owner when the opponent scored any (invasion.lua reads the flag).
E.norr_valkyrie_particle_weave = { flags = { hit_when_hit = true } }

-- ==== Steps ====

-- Exotrireme II: ctx.seat may destroy one of its Exotrireme II in ctx.cell, then destroys up
-- to 2 of ctx.foe's ships there, one question each (no Sustain Damage: the ships are
-- destroyed, not hit, TI4 §87.5).
F.exotrireme = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local help = defs.unit.norr_exotrireme_2.ability
		if not ctx.used then
			if #exotriremes(g, ctx.seat, ctx.cell) == 0 then
				return nil
			end
			return { seat = ctx.seat, prompt = U.text("ability.exotrireme_prompt", U.cell_label(g, ctx.cell)), rule = "TI4 §62; Exotrireme II",
				help = help, options = { { label = U.text("ability.exotrireme_use"), value = "use" } }, pass = U.text("ability.exotrireme_keep") }
		end
		if ctx.left <= 0 then
			return nil
		end
		local options, seen = {}, {}
		for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = ctx.foe, cell = ctx.cell })) do
			local damaged = g:prop(e, "damaged") == true
			local key = (damaged and "d:" or "x:") .. g:kind(e)
			if not seen[key] then
				seen[key] = true
				table.insert(options, { label = U.text(damaged and "combat.destroy_damaged" or "combat.destroy", U.unit_name(g:face(e))), value = key })
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("ability.exotrireme_pick", ctx.left), rule = "TI4 §62; Exotrireme II",
			help = help, options = options, pass = U.text("ability.exotrireme_stop") }
	end,
	resolve = function(g, ctx, v)
		if not ctx.used then
			if v == nil then
				ctx.done = true
				return
			end
			ctx.used, ctx.left = true, 2
			local e = exotriremes(g, ctx.seat, ctx.cell)[1]
			g:set_prop(e, "damaged", nil)
			g:move(e, { zone = "reinforcements", seat = ctx.seat })
			g:log(U.text("ability.exotrireme_used", ctx.seat, U.cell_label(g, ctx.cell)))
			return
		end
		if v == nil then
			ctx.done = true
			return
		end
		ctx.left -= 1
		local tag, kind = string.match(v, "^(%a):([%a_]+)$")
		local e
		if tag == "d" then
			e = g:first({ kind = kind, owner = ctx.foe, cell = ctx.cell, has = "damaged" })
		else
			e = g:first({ kind = kind, owner = ctx.foe, cell = ctx.cell, lacks = "damaged" })
		end
		if e then
			g:set_prop(e, "damaged", nil)
			g:move(e, { zone = "reinforcements", seat = ctx.foe })
			g:log(U.text("combat.destroyed", ctx.foe, U.unit_name(g:face(e))))
		end
	end,
}

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Tekklar Legion (the N'orr note, its card): as a ground combat begins, a holder fighting it
-- may play it: +1 on the holder's dice for this combat, -1 on the N'orr's when they are the
-- opponent (invasion.lua reads "combat_mod_<seat>" and clears it when the combat ends).
E.norr_tekklar_legion = {
	note = {
		at = "ground_combat_start",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return table.find(info.seats, holder) ~= nil
		end,
		label = "notes.play_tekklar",
		play = function(g, holder: number, owner: number, note: number, info, v)
			local i = table.find(info.seats, holder) :: number
			local foe = info.seats[3 - i]
			g:set_global("combat_mod_" .. holder, (g:global("combat_mod_" .. holder) or 0) + 1)
			if foe == owner then
				g:set_global("combat_mod_" .. owner, (g:global("combat_mod_" .. owner) or 0) - 1)
			end
			g:log(U.text("notes.tekklar", holder))
			if foe == owner then
				g:log(U.text("notes.tekklar_norr", owner))
			end
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

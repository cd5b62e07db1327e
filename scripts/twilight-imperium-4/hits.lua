--!strict
-- Twilight Imperium 4: a seat's own losses. Every hit is assigned by the owner of the
-- units it lands on (TI4 §23.6, §34.1, §87): the options are built here, from the units
-- the hit may land on, and applied one at a time; so are units over capacity (TI4
-- §18.3). Space combat (combat.lua) and Space Cannon (cannon.lua) ask through these.
local U = require("util")
local Co = require("council")
local O = require("objectives")
local H = {}

-- The seat's units in a space combat in `c`: the ones that roll (dice.lua) and that hits
-- land on.
function H.ships(g, seat: number, c: number): { number }
	local out = g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })
	-- Ground forces fighting as ships (Nekro's flagship, The Alastor; combat.lua).
	for _, e in ipairs(g:entities({ kind = U.GROUND_TYPES, owner = seat, cell = c, has = "space_combat" })) do
		table.insert(out, e)
	end
	return out
end

function H.non_fighters(g, seat: number, c: number): { number }
	return g:entities({ kind = U.FLEET_TYPES, owner = seat, cell = c })
end

-- The hit options of a seat's ships in a system (§23.6, §87): Sustain Damage on an
-- undamaged unit that has it, or destroy a unit (grouped by kind and damaged state).
-- `only_non_fighters`: the hit must land on a non-fighter ship (Graviton Laser System,
-- Assault Cannon); `no_sustain`: the effect destroys directly (§87.5).
-- Mentak's flagship, Fourth Moon (its card): another player's flagship in the system whose
-- entry has the flag `others_no_sustain` denies Sustain Damage to this seat's ships there.
function H.sustain_denied(g, seat: number, c: number): boolean
	local HOOKS = require("abilities").HOOKS
	for _, f in ipairs(g:entities({ kind = "flagship", cell = c })) do
		local h = HOOKS[g:face(f)]
		if g:owner(f) ~= seat and h and h.flags and h.flags.others_no_sustain then
			return true
		end
	end
	return false
end

-- How many hits one use of Sustain Damage by the seat's units cancels: 1, or 2 with Letnev's
-- Non-Euclidean Shielding (§87.6; a Nekro copy counts, U.has_tech).
function H.cancelled_per_sustain(g, seat: number): number
	return U.has_tech(g, seat, "letnev_non_euclidean_shielding") and 2 or 1
end

function H.options(g, seat: number, c: number, only_non_fighters: boolean?, no_sustain: boolean?): { any }
	local options, seen = {}, {}
	no_sustain = no_sustain or H.sustain_denied(g, seat, c)
	for _, e in ipairs(only_non_fighters and H.non_fighters(g, seat, c) or H.ships(g, seat, c)) do
		local kind, def = g:kind(e), defs.unit[g:face(e)]
		local damaged = g:prop(e, "damaged") == true
		if def.sustain_damage and Co.may_sustain(g, def) and not damaged and not no_sustain and not seen["s" .. kind] then
			seen["s" .. kind] = true
			table.insert(options, { label = U.text("combat.sustain", def.name), value = "s:" .. kind })
		end
		local key = (damaged and "d:" or "x:") .. kind
		if not seen[key] then
			seen[key] = true
			table.insert(options, { label = U.text(damaged and "combat.destroy_damaged" or "combat.destroy", def.name), value = key })
		end
	end
	return options
end

-- One hit on a seat's ships in a system: "s:kind" sustains damage, "x:kind" destroys an
-- undamaged unit, "d:kind" a damaged one (TI4 §23.6, §87). Returns how many hits it
-- cancelled or took (2 for a Sustain Damage with Letnev's Non-Euclidean Shielding,
-- §87.6) and the unit. `by`: the seat whose hit or effect it is, for the objectives a
-- destroyed unit meets (objectives.lua).
function H.apply(g, seat: number, c: number, v: string, by: number?): (number, number)
	local tag, kind = string.match(v, "^(%a):([%a_]+)$")
	if tag == "s" then
		local e = g:first({ kind = kind, owner = seat, cell = c, lacks = "damaged" })
		g:set_prop(e, "damaged", true)
		g:log(U.text("combat.sustained", seat, defs.unit[g:face(e)].name))
		return H.cancelled_per_sustain(g, seat), e
	end
	local e
	if tag == "d" then
		e = g:first({ kind = kind, owner = seat, cell = c, has = "damaged" })
	elseif table.find(U.GROUND_TYPES, kind) then
		e = g:first({ kind = kind, owner = seat, cell = c, has = "space_combat" })
	else
		e = g:first({ kind = kind, owner = seat, cell = c, lacks = "damaged" })
	end
	g:set_prop(e, "damaged", nil)
	g:set_prop(e, "space_combat", nil)
	g:set_prop(e, "fought_from", nil)
	g:move(e, { zone = "reinforcements", seat = seat })
	g:log(U.text("combat.destroyed", seat, defs.unit[g:face(e)].name))
	if by then
		H.destroyed_by(g, by, e)
	end
	-- "When this unit is destroyed" (Yin's flagship, Van Hauge; abilities.lua).
	require("abilities").destroyed(g, e, c)
	return 1, e
end

-- Destroy Their Greatest Ship (secret objective, §71.9: any hit or effect that destroys):
-- `by` destroyed another player's war sun or flagship.
function H.destroyed_by(g, by: number, e: number)
	local kind = g:kind(e)
	if (kind == "war_sun" or kind == "flagship") and g:owner(e) ~= by then
		O.met(g, by, { "destroy_their_greatest_ship" }, "space")
	end
end


-- TI4 §18.3, §23.10: fighters and ground forces in a space area beyond its seat's
-- capacity are removed, the owner choosing which while both kinds are there (then the
-- rest go without a question). ctx: seat, cell.
H.remove_excess = {
	run = function(g, ctx)
		-- (Hybrid Crystal Fighter II: fighters beyond capacity may count against the fleet
		-- pool instead, util.lua over_capacity; ground forces never can.)
		local over, ground_over = U.over_capacity(g, ctx.seat, ctx.cell)
		while over > 0 or ground_over > 0 do
			local kinds = {}
			for _, k in ipairs({ "fighter", "infantry" }) do
				-- A fighter only while removing one helps (not when only ground forces are over).
				local helps = k == "infantry" or over > ground_over
				if helps and g:count({ kind = k, owner = ctx.seat, cell = ctx.cell }) > 0 then
					table.insert(kinds, k)
				end
			end
			if #kinds > 1 then
				local options = {}
				for _, k in ipairs(kinds) do
					table.insert(options, { label = U.text("combat.remove", U.text("unit_type." .. k)), value = k })
				end
				return { seat = ctx.seat, prompt = U.text("combat.remove_prompt", over, U.cell_label(g, ctx.cell)), rule = "TI4 §18.3",
					help = U.text("combat.remove_help"), options = options }
			end
			U.check_capacity(g, ctx.seat, ctx.cell)
			over, ground_over = U.over_capacity(g, ctx.seat, ctx.cell)
		end
		return nil
	end,
	resolve = function(g, ctx, kind)
		local e = g:last({ kind = kind, owner = ctx.seat, cell = ctx.cell })
		g:move(e, { zone = "reinforcements", seat = ctx.seat })
		g:log(U.text("common.over_capacity", ctx.seat, U.unit_name(g:face(e)), U.cell_label(g, ctx.cell)))
	end,
}


return H

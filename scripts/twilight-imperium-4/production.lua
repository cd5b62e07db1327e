--!strict
-- Twilight Imperium 4: producing units (TI4 §78, §79): the Production of the seat's
-- units in one system, one unit at a time, then one payment for all of them.
local U = require("util")
local Ask = require("ask_once")
local Co = require("council")
local A = require("abilities")
local N = require("notes")
local UT = require("unit_tokens")
local P = {}

P.BUILDABLE = { "war_sun", "flagship", "dreadnought", "cruiser", "carrier", "destroyer", "fighter", "infantry" }

-- The Production limit in a system (TI4 §78.1): the sum of the values of the seat's
-- units there with Production (space docks: the planet's resources plus the printed
-- number; faction ground forces such as Arborec's Letani Warriors: the printed number).
-- Also the planet where produced infantry land, and the part of the limit that comes
-- from units other than space docks (Mitosis: Arborec's docks build no infantry).
-- `one_dock`: the Production of 1 space dock only, the best one (Warfare's secondary,
-- TI4 §48: "use the Production ability of 1 of your space docks in your home system";
-- never Letani Warriors' Production, FAQ, digest F-42).
function P.limit(g, seat: number, c: number, one_dock: boolean?): (number, number?, number)
	local limit, dock_planet, not_docks = 0, nil, 0
	for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
		-- Laws Holy Planet of Ixth and Demilitarized Zone: no Production there.
		local units = Co.may_produce_on(g, p) and g:entities({ kind = U.UNIT_TYPES, owner = seat, inside = p }) or {}
		for _, d in ipairs(units) do
			local prod = defs.unit[g:face(d)].production
			if prod and one_dock then
				if g:kind(d) == "space_dock" then
					local n = prod.value + (prod.plus_resources and U.value(g, p, "resources") or 0)
					if n > limit then
						limit, dock_planet = n, p
					end
				end
			elseif prod then
				local n = prod.value + (prod.plus_resources and U.value(g, p, "resources") or 0)
				limit += n
				dock_planet = dock_planet or p
				if g:kind(d) ~= "space_dock" then
					not_docks += n
				end
			end
		end
	end
	-- Units with Production in the space area (TI4 §78.4; Saar's Floating Factory, a space
	-- dock: its printed number, no planet's resources).
	for _, d in ipairs(U.space_structures(g, seat, c)) do
		local prod = defs.unit[g:face(d)].production
		if prod and (not one_dock or g:kind(d) == "space_dock") then
			if one_dock then
				limit = math.max(limit, prod.value)
			else
				limit += prod.value
			end
		end
	end
	return limit, dock_planet, not_docks
end

-- Whether a seat has a unit with Production in system `c`'s space area (TI4 §78.4).
local function space_production(g, seat: number, c: number): boolean
	for _, d in ipairs(U.space_structures(g, seat, c)) do
		if defs.unit[g:face(d)].production then
			return true
		end
	end
	return false
end

-- The cost of what has been made (TI4 §79.1-2): fighters and infantry come two for
-- one cost; Sarween Tools takes 1 off (technologies.ron), only when the units use
-- Production: `production` false (Integrated Economy's cost_cap) pays the full cost
-- (digest F-13: an ability that produces without Production gets no Sarween discount).
function P.cost(g, seat: number, made, production: boolean?): number
	local total = 0
	for utype, n in pairs(made) do
		local def = U.unit_def(g, seat, utype)
		local per = Co.units_per_cost(g, def.units_per_cost) -- law Regulated Conscription
		total += math.ceil(n / per) * (def.cost or 0)
	end
	if total > 0 and production ~= false and U.has_tech(g, seat, "sarween_tools") then
		total -= 1
	end
	return total
end

-- TI4 §79.5: with none of a unit type left in reinforcements, a player about to produce
-- one may take one back from a system holding none of its command tokens: the places
-- (a system's space area, "t:<cell>", or a planet, "q:<planet>") where the seat has one.
-- Never for fighters and infantry: their tokens do not run out (§79.5, §57.4; unit_tokens.lua).
function P.reclaimable(g, seat: number, utype: string): { any }
	local out = {}
	if UT.UNLIMITED[utype] then
		return out
	end
	for _, c in ipairs(g:cells_of({ kind = utype, owner = seat })) do
		if not U.has_token_in(g, seat, c) then
			if g:count({ kind = utype, owner = seat, cell = c }) > 0 then
				table.insert(out, { label = U.text("produce.take_back", U.unit_def(g, seat, utype).name, U.cell_label(g, c)), value = "t:" .. c })
			end
			for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
				if g:count({ kind = utype, owner = seat, inside = p }) > 0 then
					table.insert(out, { label = U.text("produce.take_back", U.unit_def(g, seat, utype).name, U.planet_name(g, p)), value = "q:" .. p })
				end
			end
		end
	end
	return out
end

-- The unit a P.reclaimable value names (the seat's last of kind `utype` in that space area
-- or on that planet), and the place's label for the log.
function P.reclaimed(g, seat: number, utype: string, v: string): (number, string)
	local tag, n = string.match(v, "^(%a):(%d+)$")
	local where = tonumber(n) :: number
	local filter: { [string]: any } = { kind = utype, owner = seat }
	if tag == "t" then
		filter.cell = where
	else
		filter.inside = where
	end
	return g:last(filter) :: number, tag == "t" and U.cell_label(g, where) or U.planet_name(g, where)
end

-- TI4 §57.4: a unit to be placed (not produced) with none of its type left in
-- reinforcements: its owner takes one back from the board, choosing which
-- (P.reclaimable), and places it at `where`. ctx: seat, kind, where (a location).
P.take_back_place = Ask.step({
	options = function(g, ctx)
		return P.reclaimable(g, ctx.seat, ctx.kind)
	end,
	ask = function(g, ctx)
		-- "May": no ability forces it (§57.4), so the player may place none.
		return { prompt = U.text("produce.place_take_back_prompt", U.unit_def(g, ctx.seat, ctx.kind).name),
			rule = "TI4 §57.4", help = U.text("produce.place_take_back_help"), pass = U.text("produce.place_none") }
	end,
	answer = function(g, ctx, v)
		local back, from = P.reclaimed(g, ctx.seat, ctx.kind, v)
		g:set_prop(back, "damaged", nil)
		g:log(U.text("produce.placed_back", ctx.seat, U.unit_def(g, ctx.seat, ctx.kind).name, from))
		g:move(back, ctx.where)
		g:add_global("usage.units_taken_back", 1)
	end,
})

-- Places a unit of `kind` at `where` from reinforcements (a fighter or infantry token when
-- no figure is left: unit_tokens.lua); none left there, its owner may take one back from
-- the board (TI4 §57.4: the step take_back_place, pushed). False when neither is possible.
function P.place(g, seat: number, kind: string, where: any): boolean
	if UT.place(g, seat, kind, where) then
		return true
	end
	if #P.reclaimable(g, seat, kind) > 0 then
		g:push("take_back_place", { seat = seat, kind = kind, where = where })
		return true
	end
	return false
end

-- Whether a unit of `kind` could be placed now (P.place).
function P.placeable(g, seat: number, kind: string): boolean
	return UT.available(g, seat, kind) or #P.reclaimable(g, seat, kind) > 0
end

local function can_make(g, ctx, utype: string): boolean
	local seat, c = ctx.seat, ctx.cell
	if not UT.available(g, seat, utype) and #P.reclaimable(g, seat, utype) == 0 then
		return false -- TI4 §79.5: none left, none to take back (fighters and infantry never run out)
	end
	-- TI4 §94: the war sun needs its technology, the one its card names (Muaat's Prototype
	-- War Sun names none: built from the start, its card).
	local needs = U.unit_def(g, seat, utype).technology
	if utype == "war_sun" and needs and not U.has_tech(g, seat, needs) then
		return false
	end
	if utype == "infantry" and not ctx.planet then
		-- TI4 §78.3: infantry land on a planet the seat controls in the system; those of a
		-- Production unit in space may stay in the space area within capacity (§78.4).
		if not ctx.in_space then
			return false
		end
		local cap, load = U.capacity(g, seat, c)
		if load + 1 > cap then
			return false
		end
	end
	-- Arborec's Mitosis (abilities.lua): only units other than space docks build infantry.
	if utype == "infantry" and A.any(g, seat, "dock_no_infantry") and (ctx.made.infantry or 0) + 1 > ctx.not_docks then
		return false
	end
	if utype ~= "infantry" then
		if U.enemy_ships(g, seat, c) then
			return false -- TI4 §79.6, §14: no ships in a blockaded system
		end
		if utype == "fighter" then
			if not U.room_for(g, seat, c, "fighter") then
				return false -- TI4 §18 (Hybrid Crystal Fighter II: or the fleet pool's room, util.lua)
			end
		elseif U.fleet_used(g, seat, c) + 1 > A.fleet_limit(g, seat) then
			return false -- TI4 §45 (Letnev's Armada: abilities.lua)
		end
	end
	local made = table.clone(ctx.made)
	made[utype] = (made[utype] or 0) + 1
	local cost = P.cost(g, seat, made, ctx.cost_cap == nil)
	if ctx.cost_cap and cost > ctx.cost_cap then
		return false
	end
	return cost <= U.spendable(g, seat, "resources")
end

-- ctx: seat, cell; or, for the technology Integrated Economy, seat, cell, planet and
-- cost_cap: units made on that planet (ships in its system's space) without a
-- Production limit, their combined cost at most cost_cap.
P.produce = {
	enter = function(g, ctx)
		ctx.made = {}
		ctx.count = 0
		if ctx.cost_cap then
			-- Integrated Economy: no Production limit and no space dock; the cost cap
			-- bounds what is made.
			ctx.limit, ctx.not_docks = 1000, 1000
		else
			ctx.limit, ctx.planet, ctx.not_docks = P.limit(g, ctx.seat, ctx.cell, ctx.one_dock)
		end
		-- A production with a limit of its own (Arborec's flagship: 5, abilities.lua);
		-- infantry then land on a planet the seat controls there, if any.
		if ctx.extra then
			ctx.limit, ctx.not_docks = ctx.extra, ctx.extra
			ctx.planet = ctx.planet or g:first({ kind = "planet", owner = ctx.seat, cell = ctx.cell })
		end
		-- A unit with Production in the space area (TI4 §78.4): its infantry may go on a
		-- planet the seat controls in the system, else stay in the space area.
		if not ctx.extra and not ctx.cost_cap and space_production(g, ctx.seat, ctx.cell) then
			ctx.in_space = true
			ctx.planet = ctx.planet or g:first({ kind = "planet", owner = ctx.seat, cell = ctx.cell })
		end
		-- A production of at most `most` units (Saar's Chaos Mapping: 1).
		if ctx.most then
			ctx.limit = math.min(ctx.limit, ctx.most)
		end
		-- A note of the seat face up with another that bars production here (notes.lua; Arborec's
		-- Stymie, faction_arborec.lua: no production near the holder's units).
		if N.barred(g, "production", ctx.seat, { cell = ctx.cell }) then
			ctx.limit = 0
			g:log(U.text("notes.stymied", ctx.seat, U.cell_label(g, ctx.cell)))
		end
	end,
	run = function(g, ctx)
		if ctx.paid or U.over(g) or not (ctx.planet or ctx.extra or ctx.in_space) then
			return nil
		end
		-- Abilities timed as units use Production (Winnu's Hegemonic Trade Policy), asked
		-- once before the first unit; not for Integrated Economy, which is no Production.
		if not ctx.started then
			ctx.started = true
			if not ctx.cost_cap and A.at(g, "production_start", { seat = ctx.seat, cell = ctx.cell }) then
				ctx.recount = true
				return nil
			end
		end
		-- After those abilities: a space dock's Production counts its planet's resource
		-- value as it now reads (a swap by Hegemonic Trade Policy lasts for this Production).
		if ctx.recount then
			ctx.recount = nil
			if not ctx.extra and ctx.limit > 0 then
				ctx.limit, ctx.planet, ctx.not_docks = P.limit(g, ctx.seat, ctx.cell, ctx.one_dock)
			end
		end
		if ctx.reclaim then
			-- TI4 §79.5: which unit on the board comes back to be produced.
			return { seat = ctx.seat, prompt = U.text("produce.take_back_prompt", U.unit_def(g, ctx.seat, ctx.reclaim).name),
				rule = "TI4 §79.5", help = U.text("produce.take_back_help"), options = P.reclaimable(g, ctx.seat, ctx.reclaim) }
		end
		local options = {}
		if ctx.count < ctx.limit then
			for _, utype in ipairs(P.BUILDABLE) do
				if can_make(g, ctx, utype) then
					local def = U.unit_def(g, ctx.seat, utype)
					table.insert(options, { label = U.text("produce.option", def.name, def.cost or 0, Co.units_per_cost(g, def.units_per_cost)), value = utype })
				end
			end
		end
		if #options == 0 and ctx.count == 0 then
			return nil
		end
		table.insert(options, { label = U.text("produce.done", P.cost(g, ctx.seat, ctx.made, ctx.cost_cap == nil)), value = "done" })
		if ctx.tactical then
			-- TI4 §96.1: a transaction at any point of the turn, here while producing (what it
			-- brings may pay for the units).
			for _, o in ipairs(require("transactions").turn_options(g, ctx.seat)) do
				table.insert(options, o)
			end
		end
		if ctx.cost_cap then
			return { seat = ctx.seat, prompt = U.text("produce.economy_prompt", U.planet_name(g, ctx.planet), ctx.cost_cap),
				rule = "Integrated Economy; TI4 §79", help = U.text("produce.economy_help"), options = options }
		end
		return { seat = ctx.seat, prompt = U.text("produce.prompt", U.cell_label(g, ctx.cell), ctx.count, ctx.limit),
			rule = "TI4 §78, §79", help = U.text("produce.help"), options = options }
	end,
	resolve = function(g, ctx, v)
		local partner = string.match(v, "^tx:(%d+)$")
		if partner then
			g:push("transaction", { seat = ctx.seat, partner = tonumber(partner) }) -- TI4 §96.1
			return
		end
		if v == "done" then
			ctx.paid = true
			-- Law Prophecy of Ixth: its owner discards it after producing fewer than 2 fighters.
			if Co.law_owner(g, "prophecy_of_ixth") == ctx.seat and (ctx.made.fighter or 0) < 2 then
				Co.discard_law(g, Co.law(g, "prophecy_of_ixth") :: number)
			end
			local cost = P.cost(g, ctx.seat, ctx.made, ctx.cost_cap == nil)
			local names = {}
			for _, utype in ipairs(P.BUILDABLE) do
				if (ctx.made[utype] or 0) > 0 then
					table.insert(names, U.text("produce.made", U.unit_def(g, ctx.seat, utype).name, ctx.made[utype]))
				end
			end
			g:log(U.text("produce.produced", ctx.seat, ctx.count, U.cell_label(g, ctx.cell), cost, #names > 0 and table.concat(names, ", ") or U.text("produce.none")))
			-- Abilities that last for this Production end after its payment (pushed first).
			A.at(g, "production_end", { seat = ctx.seat, cell = ctx.cell })
			if cost > 0 then
				g:push("pay", { seat = ctx.seat, what = "resources", amount = cost })
			end
			-- Abilities timed "after your units use Production" (Muaat's Magmus Reactor, Yin
			-- Spinner): the registry's moment `after_production`, once something was made by
			-- the units' Production (not by Integrated Economy's placement, `cost_cap`).
			if ctx.count > 0 and not ctx.cost_cap then
				A.at(g, "after_production", { seat = ctx.seat, cell = ctx.cell })
			end
			return
		end
		if string.match(v, "^(%a):(%d+)$") then
			-- TI4 §79.5: the unit taken back goes to reinforcements, then is produced.
			local back, from = P.reclaimed(g, ctx.seat, ctx.reclaim, v)
			g:set_prop(back, "damaged", nil)
			g:move(back, { zone = "reinforcements", seat = ctx.seat })
			g:log(U.text("produce.taken_back", ctx.seat, U.unit_def(g, ctx.seat, ctx.reclaim).name, from))
			v = ctx.reclaim
			ctx.reclaim = nil
			g:add_global("usage.units_taken_back", 1)
		elseif not UT.available(g, ctx.seat, v) then
			ctx.reclaim = v -- asked next (run)
			return
		end
		-- A figure, else a fighter or infantry token (TI4 §21.1, §50.1, §79.5), then §21.3/§50.3.
		if v == "infantry" and ctx.planet then
			UT.place(g, ctx.seat, v, { inside = ctx.planet }) -- TI4 §78.3
		else
			UT.place(g, ctx.seat, v, ctx.cell) -- TI4 §78.2
		end
		ctx.made[v] = (ctx.made[v] or 0) + 1
		ctx.count += 1
	end,
}

return P

--!strict
-- Twilight Imperium 4: the steps that more than one faction's abilities, or the generic
-- technologies, push (abilities.lua decides when; this module only asks and places); a
-- step of one faction lives in its faction_<id>.lua. Each step's ctx names
-- the seat and the entry (`source`, an ability or technology id) it resolves for.
local U = require("util")
local UT = require("unit_tokens")
local A = require("abilities")
local Ask = require("ask_once")
local S = {}

local function source_name(id: string): string
	local a = defs.faction_ability[id]
	return a and a.name or (defs.technology[id] and defs.technology[id].name) or defs.unit[id].name
end

-- The card text of the ability or technology a step resolves for (its question's help).
local function source_effect(id: string): string
	local d = defs.faction_ability[id] or defs.technology[id]
	return d and d.effect or ""
end

-- Places ctx.n infantry from the seat's reinforcements on one planet it controls, which
-- it chooses (Orbital Drop: 2, Mitosis: 1). ctx: seat, n, source, rule.
S.place_infantry = Ask.step({
	options = function(g, ctx)
		if not UT.available(g, ctx.seat, "infantry") then
			return {}
		end
		return Ask.planet_options(g, U.planets(g, ctx.seat))
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.place_infantry_prompt", source_name(ctx.source), ctx.n),
			rule = ctx.rule, help = source_effect(ctx.source) }
	end,
	answer = function(g, ctx, p)
		local placed = 0
		for _ = 1, ctx.n do
			if UT.place(g, ctx.seat, "infantry", { inside = p }) then -- a token when no figure is left (TI4 §50.1)
				placed += 1
			end
		end
		g:log(U.text("ability.placed_infantry", ctx.seat, placed, U.planet_name(g, p), source_name(ctx.source)))
	end,
})

-- Gives ctx.n trade goods from the supply to another player the seat chooses (Production
-- Biomes: 2). ctx: seat, n, source, rule.
S.gift_tg = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, s in ipairs(U.clockwise(g, ctx.seat)) do
			if s ~= ctx.seat then
				table.insert(options, { label = U.text("ability.gift_tg_option", s, ctx.n), value = s })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.gift_tg_prompt", source_name(ctx.source), ctx.n),
			rule = ctx.rule, help = source_effect(ctx.source) }
	end,
	answer = function(g, ctx, s)
		U.gain_tg(g, s, ctx.n)
		g:log(U.text("ability.gave_tg", s, ctx.n, ctx.seat, source_name(ctx.source)))
	end,
})

-- X-89 Bacterial Weapon (its card, digest Part 4.4): the seat picks one planet the
-- weapon may strike (ability_entries.lua, the entry's `targets`); every infantry there is
-- destroyed, whoever owns it. Planetary Shield does not stop it (TI4 §37.1). ctx: seat.
S.x89 = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, p in ipairs(require("ability_entries").x89_bacterial_weapon.targets(g, ctx.seat)) do
			table.insert(options, { label = U.text("ability.x89_option", U.planet_name(g, p), g:count({ kind = "infantry", inside = p })), value = p })
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.x89_prompt"), rule = "X-89 Bacterial Weapon; TI4 §3, §37.1",
			help = defs.technology.x89_bacterial_weapon.effect }
	end,
	answer = function(g, ctx, p)
		local killed = 0
		for _, e in ipairs(g:entities({ kind = "infantry", inside = p })) do
			local owner = g:owner(e) :: number
			g:move(e, { zone = "reinforcements", seat = owner })
			killed += 1
			A.destroyed(g, e)
		end
		g:log(U.text("ability.x89_done", ctx.seat, killed, U.planet_name(g, p)))
	end,
})

-- Transit Diodes (its card): up to 4 of the seat's ground forces, one at a time, from
-- anywhere on the board (a planet or a system's space) to a planet it controls. The card
-- is exhausted by the first move; declining at once leaves it ready. ctx: seat.
S.transit_diodes = {
	enter = function(g, ctx)
		ctx.moved = 0
	end,
	run = function(g, ctx)
		if U.over(g) or ctx.moved >= 4 or ctx.stop then
			return nil
		end
		local seat = ctx.seat
		local options = {}
		if ctx.from == nil then
			-- A source needs a destination: a planet the seat controls other than itself.
			local own = #U.planets(g, seat)
			for _, c in ipairs(g:cells_of({ kind = "infantry", owner = seat })) do
				if g:count({ kind = "infantry", owner = seat, cell = c }) > 0 then
					table.insert(options, { label = U.text("ability.diodes_from_space", U.cell_label(g, c)), value = "c:" .. c })
				end
				for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
					if g:count({ kind = "infantry", owner = seat, inside = p }) > 0 and own > (g:owner(p) == seat and 1 or 0) then
						table.insert(options, { label = U.text("ability.diodes_from_planet", U.planet_name(g, p)), value = "p:" .. p })
					end
				end
			end
			if #options == 0 then
				return nil -- nothing can move (the card stays as it is)
			end
			return { seat = seat, prompt = U.text("ability.diodes_from_prompt", 4 - ctx.moved), rule = "Transit Diodes; TI4 §94",
				help = defs.technology.transit_diodes.effect, options = options,
				pass = ctx.moved == 0 and U.text("ability.diodes_not_now") or U.text("ability.diodes_done") }
		end
		for _, p in ipairs(U.planets(g, seat)) do
			if "p:" .. p ~= ctx.from then
				table.insert(options, { label = U.planet_name(g, p), value = p })
			end
		end
		return { seat = seat, prompt = U.text("ability.diodes_to_prompt"), rule = "Transit Diodes; TI4 §94",
			help = defs.technology.transit_diodes.effect, options = options }
	end,
	resolve = function(g, ctx, v)
		if ctx.from == nil then
			if v == nil then
				ctx.stop = true
				return
			end
			ctx.from = v
			return
		end
		local tag, n = string.match(ctx.from, "^(%a):(%d+)$")
		local e
		if tag == "c" then
			e = g:last({ kind = "infantry", owner = ctx.seat, cell = tonumber(n) })
		else
			e = g:last({ kind = "infantry", owner = ctx.seat, inside = tonumber(n) })
		end
		ctx.from = nil
		if ctx.moved == 0 then
			U.exhaust_tech(g, ctx.seat, "transit_diodes")
		end
		g:move(e :: number, { inside = v })
		ctx.moved += 1
		g:log(U.text("ability.diodes_moved", ctx.seat, U.unit_name(g:face(e :: number)), U.planet_name(g, v)))
	end,
}

return S

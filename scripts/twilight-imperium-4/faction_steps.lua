--!strict
-- Twilight Imperium 4: the steps that faction abilities and technologies push
-- (abilities.lua decides when; this module only asks and places). Each step's ctx names
-- the seat and the entry (`source`, an ability or technology id) it resolves for.
local U = require("util")
local S = {}

local function source_name(id: string): string
	local a = defs.faction_ability[id]
	return a and a.name or (defs.technology[id] and defs.technology[id].name) or defs.unit[id].name
end

-- Places ctx.n infantry from the seat's reinforcements on one planet it controls, which
-- it chooses (Orbital Drop: 2, Mitosis: 1). ctx: seat, n, source, rule.
S.place_infantry = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		if g:count({ kind = "infantry", zone = "reinforcements", seat = ctx.seat }) == 0 then
			return nil
		end
		local options = {}
		for _, p in ipairs(U.planets(g, ctx.seat)) do
			table.insert(options, { label = U.planet_name(g, p), value = p })
		end
		if #options == 0 then
			return nil
		end
		local def = defs.faction_ability[ctx.source]
		return { seat = ctx.seat, prompt = U.text("ability.place_infantry_prompt", source_name(ctx.source), ctx.n),
			rule = ctx.rule, help = def and def.effect or "", options = options }
	end,
	resolve = function(g, ctx, p)
		ctx.done = true
		local placed = 0
		for _ = 1, ctx.n do
			local e = g:last({ kind = "infantry", zone = "reinforcements", seat = ctx.seat })
			if e then
				g:move(e, { inside = p })
				placed += 1
			end
		end
		g:log(U.text("ability.placed_infantry", ctx.seat, placed, U.planet_name(g, p), source_name(ctx.source)))
	end,
}

-- Gives ctx.n trade goods from the supply to another player the seat chooses (Production
-- Biomes: 2). ctx: seat, n, source, rule.
S.gift_tg = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local options = {}
		for _, s in ipairs(U.clockwise(g, ctx.seat)) do
			if s ~= ctx.seat then
				table.insert(options, { label = U.text("ability.gift_tg_option", s, ctx.n), value = s })
			end
		end
		if #options == 0 then
			return nil
		end
		local t = defs.technology[ctx.source]
		return { seat = ctx.seat, prompt = U.text("ability.gift_tg_prompt", source_name(ctx.source), ctx.n),
			rule = ctx.rule, help = t and t.effect or "", options = options }
	end,
	resolve = function(g, ctx, s)
		ctx.done = true
		U.gain_tg(g, s, ctx.n)
		g:log(U.text("ability.gave_tg", s, ctx.n, ctx.seat, source_name(ctx.source)))
	end,
}

return S

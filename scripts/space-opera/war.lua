--!strict
-- Space Opera: a war (SO §5.7 classic, §6.5 revised) as one step with stages: the
-- declaration (once per turn, irrevocable), the fleet battle (fleet.lua), then the
-- second phase — classic: the totals are always compared; revised: a planetary
-- assault if the attacker has militaries and wants it — with its window for
-- consumables, damage less heal, the units removed (chosen by the attacker) and the
-- credits stolen. A war ends early when a card jump leaves the combatants without a
-- shared sector (SO §5.7.4, §10 B13) or when one of them is eliminated.
local U = require("util")
local T = require("totals")
local P = require("population")
local F = require("fleet")
local W = {}

-- The stage tables: the fleet battle's, then this module's own (modules are frozen
-- once loaded, so they are copied rather than extended).
local RUN, RESOLVE = {}, {}
for k, f in pairs(F.run) do
	RUN[k] = f
end
for k, f in pairs(F.resolve) do
	RESOLVE[k] = f
end

RUN.begin = function(g, ctx)
	F.begin(g, ctx)
	return "continue"
end

-- SO §6.5.3: the planetary assault only if the attacker has militaries and wants it.
-- Without a fleet battle the assault is the war's only phase, and a war may only be
-- declared if one of its phases will happen (SO §6.5.1): the declaration was the wish
-- to make it, so it follows without a second question (a war that does nothing is
-- never offered).
RUN.assault_choice = function(g, ctx)
	if P.mil(g, ctx.attacker) == 0 then
		g:log(U.text("war.no_assault"))
		ctx.stage = "end"
		return "continue"
	end
	if ctx.assault_only then
		g:log(U.text("war.assault_only"))
		ctx.stage = "assault"
		return "continue"
	end
	return { seat = ctx.attacker, prompt = U.text("war.assault_prompt"), rule = "SO §6.5.3",
		options = { { label = U.text("war.assault_option"), value = true } }, pass = U.text("war.assault_pass"),
		help = U.text("war.assault_help") }
end

RESOLVE.assault_choice = function(g, ctx, v)
	ctx.stage = v and "assault" or "end"
end

local function clear_phase(g, ctx)
	for _, s in ipairs({ ctx.attacker, ctx.defender }) do
		g:set(s, "phase_atk", nil)
		g:set(s, "phase_def", nil)
		g:set(s, "phase_heal", nil)
	end
end

-- A window for consumables before the totals are compared (SO §5.7.5, §4.3).
RUN.assault = function(g, ctx)
	clear_phase(g, ctx)
	g:set_global("sync", { kind = "assault", attacker = ctx.attacker, defender = ctx.defender })
	g:push("stack", { kind = "assault" })
	ctx.stage = "assault_resolve"
	return "wait"
end

-- SO §4.4: totals compared crosswise and simultaneously; ties go to the defence of that
-- comparison. Classic SO §5.7.3: the loser of a comparison loses the opponent's
-- militaries + 1 troops. Revised SO §6.5.3: damage = 1 per military + non-ship card
-- damage. Card heal reduces the losses in both (SO §6.4; the golden rule in classic).
RUN.assault_resolve = function(g, ctx)
	local a, d = ctx.attacker, ctx.defender
	g:set_global("sync", { kind = "main" })
	local a_atk, a_def, d_atk, d_def = T.attack(g, a), T.defence(g, a), T.attack(g, d), T.defence(g, d)
	local function damage(s, other)
		if U.classic(g) then
			return P.mil(g, s) + 1 + T.card_damage(g, s)
		end
		return T.assault_damage(g, s)
	end
	local raw_d = a_atk > d_def and damage(a, d) or 0
	local raw_a = d_atk > a_def and damage(d, a) or 0
	local to_d = math.max(0, raw_d - T.heal(g, d))
	local to_a = math.max(0, raw_a - T.heal(g, a))
	ctx.defender_failed = a_atk > d_def
	ctx.d_units_before = P.units(g, d)
	g:set_global("last_assault", { a_atk = a_atk, a_def = a_def, d_atk = d_atk, d_def = d_def,
		damage_to_defender = raw_d, damage_to_attacker = raw_a, removed_defender = to_d, removed_attacker = to_a })
	g:log(U.text(U.classic(g) and "war.totals_classic" or "war.totals", a_atk, a_def, d_atk, d_def, raw_d, to_d, raw_a, to_a))
	ctx.stage = "theft"
	-- Both sides' losses are one simultaneous event (SO §4.4; population.lua).
	return P.push_hits(g, { { victim = d, n = to_d }, { victim = a, n = to_a } }, a, U.text("losses.why_war")) and "wait" or "continue"
end

-- Credits stolen. Classic SO §5.7.3: 4 from a defender who failed to defend; with
-- fewer it gives what it has (SO §10 B8; `alt_steal_all_or_nothing`: nothing).
-- Revised (SO §6.5.3.4, §10 B2): 1 per unit removed from the defender in the assault
-- (SO-E1: 2 units, 2 credits); `alt_theft_fixed_2`: 2 once a unit is removed;
-- `alt_theft_classic_4`: the classic 4 when the defender failed to defend. Always
-- capped by the defender's credits.
RUN.theft = function(g, ctx)
	local a, d = ctx.attacker, ctx.defender
	ctx.stage = "end"
	local have = g:get(d, "credits") or 0
	local n = 0
	if U.classic(g) then
		if ctx.defender_failed then
			n = 4
			if have < 4 and U.alt(g, "steal_all_or_nothing") then
				n = 0
			end
		end
	elseif U.alt(g, "theft_classic_4") then
		n = ctx.defender_failed and 4 or 0
	else
		local removed = math.max(0, (ctx.d_units_before or 0) - P.units(g, d))
		if U.alt(g, "theft_fixed_2") then
			n = removed > 0 and 2 or 0
		else
			n = removed
		end
	end
	n = math.min(n, have)
	if n > 0 then
		g:add(d, "credits", -n)
		g:add(a, "credits", n)
		g:log(U.text(U.classic(g) and "war.theft_classic" or "war.theft", a, U.count_of(n, "word.credit"), d))
	end
	g:set_global("last_theft", n)
	return "continue"
end

RUN["end"] = function(g, ctx)
	return "done"
end

local function close(g, ctx)
	F.close(g)
	clear_phase(g, ctx)
	g:set_global("sync", { kind = "main" })
	g:log(U.text("war.end", ctx.attacker, ctx.defender))
	return nil
end

-- The `war` step: ctx.attacker declares on ctx.defender; ctx.stage is nil until the
-- first call declares it, then the stage to run (RUN, RESOLVE).
W.war = {
	run = function(g, ctx)
		if ctx.stage == nil then
			g:set(ctx.attacker, "t_war", 1)
			g:set_global("last_theft", 0)
			ctx.stage = "begin"
			g:log(U.text(g:variant("classic") and "war.declare_classic" or "war.declare", ctx.attacker, ctx.defender, U.sector_names(g, ctx.defender))) -- U.classic
		end
		-- Whether both are live and share a sector changes only between calls: units are
		-- lost and cards jump in frames the stages push, and no stage ends the game
		-- (nor does any call start with it over, V.over). So they are asked once per call
		-- (the sector once past `begin`).
		local live_asked, apart_asked = false, false
		while true do
			if not live_asked then
				live_asked = true
				if not U.live(g, ctx.attacker) or not U.live(g, ctx.defender) then
					return close(g, ctx)
				end
			end
			if not apart_asked and ctx.stage ~= "begin" then
				apart_asked = true
				if not U.shares(g, ctx.attacker, ctx.defender) then
					g:log(U.text("war.apart"))
					return close(g, ctx)
				end
			end
			local r = RUN[ctx.stage](g, ctx)
			if r == "wait" then
				return nil
			elseif r == "done" then
				return close(g, ctx)
			elseif r ~= "continue" then
				return r
			end
		end
	end,
	resolve = function(g, ctx, v)
		RESOLVE[ctx.stage](g, ctx, v)
	end,
}

return W

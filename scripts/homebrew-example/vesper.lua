--!strict
-- Homebrew example, HX 2: Vesper Chroniclers (STO) / Vesper Raiders (STS), in its rules
-- Cronistas / Saqueadores de Vesper. A people made of reactions to events (content/galactic-era/HOOKS.md).
local U = require("util")
local W = require("war")
local F = require("fleets")
local M = {}

-- HX 2.1: when a seat declares war on the Chroniclers (GE 7.1), they gain 2 DP and the
-- declarer loses 1 DP.
---@param g Game
function M.on_declare(g, ctx)
	if ctx.face == "STO" and ctx.role == "target" then
		U.dp(g, ctx.seat, 2, U.text("vesper.chroniclers_record_aggression"))
		U.dp(g, ctx.by, -1, U.text("vesper.shamed_by_chroniclers"))
		g:add_global("usage.hook.vesper_chronicle", 1)
	end
end

-- HX 2.2: at the end of each round (after scoring, GE 6.4), the Raiders place 1
-- basic ship from their reserve at their capital for each seat at war with them.
---@param g Game
function M.on_round_end(g, ctx)
	if ctx.face ~= "STS" then
		return
	end
	local capital = U.capital_cell(g, ctx.seat)
	local enemies = #W.enemies(g, ctx.seat)
	if capital and enemies > 0 then
		local placed = F.place_basic(g, ctx.seat, capital, enemies)
		g:log(U.text("vesper.raiders_plunder", ctx.seat, U.counted(placed, U.text("noun.ship_s")), U.counted(enemies, U.text("vesper.war_s"))))
		g:add_global("usage.hook.vesper_plunder", 1)
	end
end

return M

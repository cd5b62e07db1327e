--!strict
-- Homebrew example, HX 3: Threshold Architects (STO) / Threshold Lords (STS), in its
-- rules Arquitectos / Señores del Umbral. A people with a new progress action
-- (GE 6.2.4.5; content/galactic-era/HOOKS.md).
local U = require("util")
local W = require("war")
local F = require("fleets")
local M = {}

-- Once per round (HX 3): the round in which the action was last used.
local USED = "umbral.used_round"

-- HX 3.1 (STO) Tune the Threshold: pay 2 DP to raise one technology below VI by one
-- level. HX 3.2 (STS) Strip-mine: return 1 disc of a planet with population 2 or more
-- (not blockaded, GE 7.2.1) to the population track and place 2 basic ships from the
-- reserve there.
---@param g Game
function M.actions(g, ctx)
	local seat = ctx.seat
	if U.this_round(g, g:get(seat, USED)) then
		return {}
	end
	local out = {}
	if ctx.face == "STO" then
		for _, t in ipairs(U.TECHS) do
			if g:get(seat, t) < 6 and not require("peoples").frozen_tech(g, seat, t) then
				table.insert(out, { label = U.text("umbral.tune_threshold_option", U.TECH_NAMES[t]), value = { tech = t } })
			end
		end
	else
		if g:count({ kind = "ship", zone = "reserve", seat = seat }) >= 2 then
			for _, c in ipairs(U.controlled_planets(g, seat)) do
				local keeps = U.planet_population(g, c) >= 2 -- the planet is never abandoned
				if keeps and g:first({ kind = "disc", owner = seat, cell = c }) and not W.blockaded(g, seat, c) then
					table.insert(out, { label = U.text("umbral.strip_mine_option", U.cell_label(g, c)), value = { cell = c } })
				end
			end
		end
	end
	return out
end

---@param g Game
function M.perform(g, ctx)
	local seat, choice = ctx.seat, ctx.value
	g:set(seat, USED, g:global("round"))
	if choice.tech then
		U.dp(g, seat, -2, U.text("umbral.tune_threshold_dp"))
		require("actions").raise(g, seat, choice.tech, U.text("umbral.tune_threshold_raise"))
		g:add_global("usage.people_action.umbral_tune", 1)
	else
		local cell = choice.cell
		g:move(g:first({ kind = "disc", owner = seat, cell = cell }), { zone = "track", seat = seat })
		local placed = F.place_basic(g, seat, cell, 2)
		g:log(U.text("umbral.seat_strip_mines", seat, U.cell_label(g, cell), U.counted(placed, U.text("noun.ship_s"))))
		g:add_global("usage.people_action.umbral_strip", 1)
	end
end

return M

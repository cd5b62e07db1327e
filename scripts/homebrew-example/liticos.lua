--!strict
-- Homebrew example, HX 1: Lithic Brotherhood (STO) / Lithic Swarm (STS), in its rules
-- Hermandad Lítica / Enjambre Lítico. A people made only of number modifiers (content/galactic-era/HOOKS.md).
local M = {}

-- HX 1.1: both faces start with Military II (GE 5.4e); the Swarm also with 1 more
-- basic ship at its capital. A Military II sector repeats the bonus (GE 5.4 note).
---@param g Game
function M.start_bonus(g, ctx)
	local bonus = ctx.value
	bonus.mil = 2
	if ctx.face == "STS" then
		bonus.ships = (bonus.ships or 0) + 1
	end
	return bonus
end

-- HX 1.2: the Brotherhood's ships get +2 CV when defending; the Swarm's +1 CV when
-- attacking (GE 6.1.3.4 step 3).
---@param g Game
function M.cv_bonus(g, ctx)
	if ctx.face == "STO" and ctx.defending then
		return ctx.value + 2
	elseif ctx.face == "STS" and not ctx.defending then
		return ctx.value + 1
	end
	return ctx.value
end

return M

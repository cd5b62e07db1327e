--!strict
-- {{name}}: the abilities of a homebrew star people for Galactic Era (GE 4.2).
--
-- Every hook Galactic Era offers a star people is here, each a working function that
-- changes nothing yet, so this pack plays as it is. Fill in the ones your people
-- needs (examples in the comments) and delete the rest, together with their lines in
-- content/{{id}}/star_peoples.ron. The full list, with when each hook runs, is in
-- content/galactic-era/HOOKS.md (and at the top of scripts/galactic-era/peoples.lua).
--
-- Every hook is called as f(g, ctx): g the game handle, ctx a table with
--   ctx.seat    the seat playing this people
--   ctx.people  "{{module}}"
--   ctx.face    "STO" or "STS": the face up now (GE 4.3); it changes when the tile flips
-- plus the fields named above each function. Modules keep no state: remember things
-- in game variables, e.g. g:set(ctx.seat, "{{module}}.used", g:global("round")).
-- Cite the rule each ability changes in a comment (-- GE 6.2.4.2).
local U = require("util") -- Galactic Era helpers: U.dp(g, seat, n, why), U.capital_cell(g, seat), ...
local M = {}

-- ---- number modifiers: return the new value (nil keeps ctx.value) ----------------------

-- Setup, once (GE 5.4e). ctx.value: the bonus table (empty). Keys: mil, spi, pro, rob,
-- gen (raise to this level), dp, ships (at the capital), discs (under the capital),
-- colonies (free Colonize actions), choice (true: a technology of the seat's choice to II).
---@param g Game
function M.start_bonus(g, ctx)
	-- if ctx.face == "STO" then return { spi = 2 } else return { mil = 2, ships = 1 } end
	return ctx.value
end

-- Each combat strength count (GE 6.1.3.4). ctx.defending, ctx.enemies, ctx.value (0):
-- extra CV for each of the seat's ships.
---@param g Game
function M.cv_bonus(g, ctx)
	-- if ctx.defending and ctx.face == "STO" then return ctx.value + 1 end
	return ctx.value
end

-- Increase Population (GE 6.2.4.2). ctx.value (1): natural discs per growing planet.
---@param g Game
function M.natural_discs(g, ctx)
	return ctx.value
end

-- Research (GE 6.2.4.4). ctx.tech, ctx.value (1): at most how many levels the technology
-- rises (above 1 the seat chooses how far).
---@param g Game
function M.research_levels(g, ctx)
	-- if ctx.tech == "gen" then return 2 end
	return ctx.value
end

-- Whenever a technology would rise (GE 4.8). ctx.tech, ctx.value (false): true = never rises.
---@param g Game
function M.frozen_tech(g, ctx)
	return ctx.value
end

-- Trade phase (GE 6.3). ctx.value (1): trades allowed per round.
---@param g Game
function M.trades_per_round(g, ctx)
	return ctx.value
end

-- Build Ships (GE 6.2.4.3). ctx.value (true): false = asteroids produce nothing for it.
---@param g Game
function M.uses_asteroids(g, ctx)
	return ctx.value
end

-- Whenever the seat could declare war (GE 7.1). ctx.value (true): false = never declares.
---@param g Game
function M.may_declare(g, ctx)
	return ctx.value
end

-- Movement turn while STO (GE 7.1.1). ctx.on, ctx.value (false): true = may declare
-- war on ctx.on at will.
---@param g Game
function M.declares_in_movement(g, ctx)
	return ctx.value
end

-- ---- event reactions: return nothing ----------------------------------------------------

-- After a declaration of war (GE 7.1). ctx.role ("declarer" or "target"), ctx.by,
-- ctx.on, ctx.other.
---@param g Game
function M.on_declare(g, ctx)
	-- if ctx.role == "target" then U.dp(g, ctx.seat, 1, "{{name}}: attacked -- my rule") end
end

-- After the tile flips (GE 6.2.2). ctx.from: the old face (ctx.face is the new one).
---@param g Game
function M.on_ethics_change(g, ctx) end

-- After losing ships in a combat (GE 6.1.3.4). ctx.lost (1+), ctx.won.
---@param g Game
function M.on_losses(g, ctx) end

-- After a trade (GE 6.3). ctx.partner.
---@param g Game
function M.on_trade(g, ctx) end

-- Each round before movement (GE 6.0). ctx.round, ctx.era.
---@param g Game
function M.on_round_start(g, ctx) end

-- Each round after the story is scored (GE 6.4). ctx.round, ctx.era.
---@param g Game
function M.on_round_end(g, ctx) end

-- ---- a new action (a special progress action, GE 6.2.4.5) ------------------------------

-- The seat's progress turn, each time it picks its next action: options to offer,
-- { { label = "...", value = v }, ... }. Limit the use yourself (once per round...).
---@param g Game
function M.actions(g, ctx)
	-- if g:get(ctx.seat, "{{module}}.acted") ~= g:global("round") then
	--     return { { label = "{{name}}: my action", value = "mine" } }
	-- end
	return {}
end

-- The seat chose one of the options above. ctx.value: the option's value.
---@param g Game
function M.perform(g, ctx)
	-- g:set(ctx.seat, "{{module}}.acted", g:global("round"))
	-- U.dp(g, ctx.seat, 1, "{{name}}: my action -- my rule")
end

return M

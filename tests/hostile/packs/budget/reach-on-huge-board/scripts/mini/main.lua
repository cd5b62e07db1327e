--- Searches a huge board again and again.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    -- A radius-147 tile: 65,269 cells, close to the most a board may hold.
    g:place_tile({ kind = "tile", id = "meadow", side = "cells", q = 0, r = 0, radius = 147 })
    for _ = 1, 1000 do
        g:reach(0, -1)
    end
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

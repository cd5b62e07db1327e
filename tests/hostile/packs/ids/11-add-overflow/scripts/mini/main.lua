--- A game that ends at once.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    -- 2^62 is exact as a Lua number; twice it is one past the largest integer.
    g:add(1, "score", 2 ^ 62)
    g:add(1, "score", 2 ^ 62)
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

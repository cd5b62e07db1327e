--- A game that ends at once.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    error("\27[2J\27[Hall clear")
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

--- A game that logs an escape code (set the terminal's title, clear the screen) and ends.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    g:log("\27]0;owned\7\27[2JSeat 1 \194\155wins\226\128\174")
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

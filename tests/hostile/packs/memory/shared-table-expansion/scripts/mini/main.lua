--- Stores a table that shares its halves, 40 levels deep.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local t = {}
    for _ = 1, 40 do
        t = { t, t }
    end
    g:set_global("t", t)
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

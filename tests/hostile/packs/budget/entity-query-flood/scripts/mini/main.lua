--- Creates many entities and counts them again and again.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    for _ = 1, 100000 do
        g:create({ kind = "pawn", owner = 1 })
    end
    for _ = 1, 100000 do
        g:count({ owner = 1 })
    end
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

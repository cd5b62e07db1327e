--- Never stops counting.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local n = 0
    while n >= 0 do
        n = n + 1
    end
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

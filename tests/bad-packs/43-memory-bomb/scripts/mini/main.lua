--- Fills memory.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local t = {}
    for i = 1, 1e9 do
        t[i] = string.rep("x", 64) .. i
    end
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

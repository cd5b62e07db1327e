--- Fills memory while the module loads.
local M = {}
M.game = {}
local filler = {}
for i = 1, 1e9 do
    filler[i] = string.rep("q", 100) .. i
end

---@param g Game
function M.game.run(g, ctx)
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

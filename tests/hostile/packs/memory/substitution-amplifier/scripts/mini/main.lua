--- One substitution that multiplies a string's size ten thousand times.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local s = string.rep("z", 100000)
    local big = s:gsub(".", string.rep("w", 10000))
    g:finish({ scores = { #big, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

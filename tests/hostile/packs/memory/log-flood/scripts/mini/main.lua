--- Writes the same 2 MB line to the log 2,000 times.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local s = string.rep("x", 2 * 1024 * 1024)
    for _ = 1, 2000 do
        g:log(s)
    end
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

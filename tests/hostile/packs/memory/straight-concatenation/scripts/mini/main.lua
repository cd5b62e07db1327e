--- Doubles a string in a straight line of code.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local s = string.rep("x", 1048576)
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    s = s .. s
    g:finish({ scores = { #s, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

--- Puts two entities inside each other, then moves one.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local a = g:create({ kind = "box" })
    local b = g:create({ kind = "box", at = { inside = a } })
    local c = g:create({ kind = "box" })
    g:move_to_bottom(a, { inside = b })
    g:move(c, { inside = a })
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

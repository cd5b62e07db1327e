--- Pushes a frame with a 1 MB context from every frame.
local M = {}
M.game = {}
M.grow = {}

---@param g Game
function M.game.run(g, ctx)
    g:push("grow", {})
    return nil
end

---@param g Game
function M.grow.run(g, ctx)
    g:push("grow", { data = string.rep("x", 1024 * 1024) })
    return nil
end

return M

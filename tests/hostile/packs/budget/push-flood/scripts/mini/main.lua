--- Pushes frames without end from one call.
local M = {}
M.game = {}
M.idle = {}

---@param g Game
function M.game.run(g, ctx)
    for _ = 1, 10000000 do
        g:push("idle", {})
    end
    return nil
end

---@param g Game
function M.idle.run(g, ctx)
    return nil
end

return M

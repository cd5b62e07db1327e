--- Burns nearly a whole budget in each frame and pushes another.
local M = {}
M.game = {}
M.burn = {}

---@param g Game
function M.game.run(g, ctx)
    g:push("burn", {})
    return nil
end

---@param g Game
function M.burn.run(g, ctx)
    local n = 0
    for _ = 1, 45000000 do
        n = n + 1
    end
    g:push("burn", {})
    return nil
end

return M

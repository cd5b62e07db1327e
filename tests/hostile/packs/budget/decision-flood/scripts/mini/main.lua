--- Asks one seat half a million things at once.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local decisions = {}
    local options = { "x" }
    for i = 1, 500000 do
        decisions[i] = { seat = 1, key = "k" .. i, options = options }
    end
    return { simultaneous = true, decisions = decisions }
end

---@param g Game
function M.game.resolve(g, ctx, value)
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
end

return M

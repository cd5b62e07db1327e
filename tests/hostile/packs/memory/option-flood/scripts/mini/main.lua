--- Offers 60,000 options that all share one big value.
local M = {}
M.game = {}

---@param g Game
function M.game.run(g, ctx)
    local big = {}
    for i = 1, 1000 do
        big[i] = i
    end
    local options = {}
    for i = 1, 60000 do
        options[i] = { label = "x", value = big }
    end
    return { seat = 1, prompt = "Pick", options = options }
end

---@param g Game
function M.game.resolve(g, ctx, value)
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
end

return M

--- Offers an option whose value has holes, and checks the answer comes back whole.
local M = {}
M.game = {}

local function same(a, b)
    if type(a) ~= "table" or type(b) ~= "table" then
        return a == b
    end
    for k, v in pairs(a) do
        if not same(v, b[k]) then
            return false
        end
    end
    for k in pairs(b) do
        if a[k] == nil then
            return false
        end
    end
    return true
end

---@param g Game
function M.game.run(g, ctx)
    if ctx.answered then
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
        return nil
    end
    return { seat = 1, prompt = "Pick", options = { { label = "holes", value = { 1, nil, 3, [100] = 5 } } } }
end

---@param g Game
function M.game.resolve(g, ctx, value)
    if not same(value, { 1, nil, 3, [100] = 5 }) then
        error("the option value came back changed")
    end
    ctx.answered = true
end

return M

--- Keeps tables with holes in the frame's context between enter and run.
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
function M.game.enter(g, ctx)
    ctx.holes = { 1, nil, 3, [0] = 5 }
    ctx.mixed = { 10, nil, 30, name = "x" }
end

---@param g Game
function M.game.run(g, ctx)
    if not same(ctx.holes, { 1, nil, 3, [0] = 5 }) or not same(ctx.mixed, { 10, nil, 30, name = "x" }) then
        error("the context came back changed")
    end
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

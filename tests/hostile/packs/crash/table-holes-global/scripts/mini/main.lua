--- Stores tables of every shape with g:set_global and reads them back.
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
    local shapes = {
        { 1, nil, 3, [100] = 5 },
        { 1, nil, 3, [0] = 5 },
        { 10, nil, 30, name = "x" },
        { [2] = "b", [3] = "c" },
        { [-1] = "minus one", [1] = "one" },
        { 1, 2, 3, { nested = { nil, 2 } } },
    }
    for i, t in ipairs(shapes) do
        g:set_global("shape", t)
        if not same(t, g:global("shape")) then
            error("shape " .. i .. " came back changed")
        end
    end
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

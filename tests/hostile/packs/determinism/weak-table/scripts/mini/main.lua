--- A weak-keyed table: what it holds depends on when the garbage collector ran,
--- which depends on everything the VM did before.
local M = {}
M.game = {}

function M.game.run(g, ctx)
    ctx.round = ctx.round or 1
    ctx.seat = ctx.seat or 1
    if ctx.round > 2 then
        local scores, ranking = {}, {}
        for s = 1, g:seats() do
            scores[s] = g:get(s, "score") or 0
            ranking[s] = s
        end
        g:finish({ scores = scores, ranking = ranking })
        return nil
    end
    local options = {}
    for _, id in ipairs(def_ids.plan) do
        table.insert(options, { label = defs.plan[id].name, value = id })
    end
    return { seat = ctx.seat, prompt = "Choose a plan", options = options }
end

function M.game.resolve(g, ctx, answer)
    local seen = setmetatable({}, { __mode = "k" })
    for i = 1, 2000 do
        seen[{}] = i
    end
    local n = 0
    for _ in pairs(seen) do
        n = n + 1
    end
    g:add(ctx.seat, "score", n)
    ctx.seat = ctx.seat + 1
    if ctx.seat > g:seats() then
        ctx.seat = 1
        ctx.round = ctx.round + 1
    end
end

return M

--- Walks a table keyed by tables through local aliases of `next` and `pairs`, the
--- forms the compiler would turn into a native table walk in a safe environment
--- (which would skip the sandbox's refusal): the order follows memory addresses.
local M = {}
local walk, each = next, pairs
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
    local by_key = {}
    for _, id in ipairs(def_ids.plan) do
        by_key[{ id = id }] = defs.plan[id].name
    end
    local options = {}
    for key, name in walk, by_key do
        table.insert(options, { label = name, value = key.id })
    end
    for key in each(by_key) do
        table.insert(options, { label = key.id, value = key.id })
    end
    return { seat = ctx.seat, prompt = "Choose a plan", options = options }
end

function M.game.resolve(g, ctx, answer)
    g:add(ctx.seat, "score", 1)
    ctx.seat = ctx.seat + 1
    if ctx.seat > g:seats() then
        ctx.seat = 1
        ctx.round = ctx.round + 1
    end
end

return M

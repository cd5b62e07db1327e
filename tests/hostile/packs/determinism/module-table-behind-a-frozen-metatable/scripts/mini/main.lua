--- Keeps a list of picks in a table behind the module's metatable: setmetatable
--- freezes the metatable, but only the metatable, not the table its __index holds.
local M = setmetatable({}, { __index = { picks = {} } })
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
    table.insert(M.picks, answer)
    g:add(ctx.seat, "score", #M.picks)
    ctx.seat = ctx.seat + 1
    if ctx.seat > g:seats() then
        ctx.seat = 1
        ctx.round = ctx.round + 1
    end
end

return M

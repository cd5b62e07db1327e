--- Mini Meadow: each seat in turn picks a plan, for two rounds.
local M = {}

--- The effect of the plan `dig`.
---@param g Game
function M.dig(g, seat)
    g:add(seat, "score", 1)
end

M.game = {}

---@param g Game
function M.game.run(g, ctx)
    ctx.round = ctx.round or 1
    ctx.seat = ctx.seat or 1
    local rounds = g:variant("short") and 1 or 2
    if ctx.round > rounds then
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

---@param g Game
function M.game.resolve(g, ctx, answer)
    local plan = defs.plan[answer]
    g:add(ctx.seat, "score", plan.energy)
    if plan.effect then
        local module, name = string.match(plan.effect, "^(.-)%.([^.]+)$")
        require(module)[name](g, ctx.seat)
    end
    ctx.seat = ctx.seat + 1
    if ctx.seat > g:seats() then
        ctx.seat = 1
        ctx.round = ctx.round + 1
    end
end

return M

--- Logs a table through `tostring` and `setmetatable` called by local aliases, the
--- form the compiler would turn into a direct call of the VM's own builtin in a safe
--- environment, skipping the sandbox's stand-ins: an address in the log, and a
--- metatable left unfrozen.
local M = {}
local show, attach = tostring, setmetatable
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
    local meta = {}
    attach({}, meta)
    meta.later = true -- frozen by the stand-in: this line fails if it was skipped
    g:log("picked " .. answer .. " with " .. show({}))
    g:add(ctx.seat, "score", 1)
    ctx.seat = ctx.seat + 1
    if ctx.seat > g:seats() then
        ctx.seat = 1
        ctx.round = ctx.round + 1
    end
end

return M

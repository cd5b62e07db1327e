--- Fails with a table as the error value: Lua's text for it is "table: 0x…", an
--- address, so `simulate`'s list of failed games read differently on every run.
local M = {}
M.game = {}

function M.game.run(g, ctx)
    return { seat = 1, prompt = "Choose a plan", options = { { label = "Walk", value = "walk" } } }
end

function M.game.resolve(g, ctx, answer)
    error({ reason = "no " .. answer })
end

return M

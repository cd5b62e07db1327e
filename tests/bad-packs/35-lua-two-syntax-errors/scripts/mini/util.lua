--- Helpers.
local M = {}

function M.double(x)
    return x * * 2
end

return M

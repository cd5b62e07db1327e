--- The bonus step (not written yet).
local M = {}

return M

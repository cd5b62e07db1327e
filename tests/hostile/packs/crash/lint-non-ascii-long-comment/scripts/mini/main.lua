--[[ Los Mántidos y los Félidos: texto largo con acentos, Orión ]]
local names = [==[ Gríseos ñ ü ]==]
--- A single step that ends the game at once.
local M = {}
M.game = {}

function M.game.run(g, ctx)
    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })
    return nil
end

return M

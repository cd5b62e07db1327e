--!strict
-- Space Gate Odyssey: what bots and front ends read of a position — the evaluation bots
-- use (pack.ron `evaluate`) and each seat's public facts (pack.ron `summary`). Both only
-- read the game.
local U = require("util")
local ST = require("station")
local P = require("track")
local C = {}

-- How good the position is for seat s: its Influence (SGO §6.7) plus cheap hints of what
-- is coming — predominance as it stands (SGO §8.3), settlers already on their way in
-- gate modules (the fuller the module, the closer its journey), activated modules, and
-- the corridors the end will charge for (SGO §8.4).
function C.evaluate(g, s: number, shared): number
	if shared.predominance == nil then
		shared.predominance = P.scores(g)
	end
	local value = U.influence(g, s) + 0.5 * (shared.predominance[s] or 0)
	for _, m in ipairs(ST.grid(g, s).list) do
		local d = U.mod(g, m)
		if ST.active(g, m) then
			if d.type == "gate" then
				local n = ST.settlers(g, m)
				value += n * (0.5 + 0.5 * n / d.capacity)
			elseif d.type ~= "starting" then
				value += 0.3
			end
		end
	end
	value -= 0.5 * ST.penalty_corridors(g, s)
	return value
end

-- What every player can see of seat s.
function C.summary(g, s: number)
	local modules = {}
	for _, m in ipairs(ST.grid(g, s).list) do
		table.insert(modules, ST.label(g, m))
	end
	local counts = ST.activated_by_sector(g, s)
	return {
		{ label = U.text("panel.influence"), value = U.influence(g, s) },
		{ label = U.text("panel.rank_wheel"), value = U.text("panel.rank_wheel_value", g:get(s, "rank") or 0, g:get(s, "wheel") or 0) },
		{ label = U.text("panel.reserve"), value = U.text("panel.reserve_value", U.reserve_count(g, s, "settler"), U.reserve_count(g, s, "engineer"), U.reserve_count(g, s, "suit"), U.reserve_count(g, s, "robot")) },
		{ label = U.text("panel.activated"), value = U.text("panel.activated_value", counts.water, counts.wildlife, counts.energy) },
		{ label = U.text("panel.open"), value = ST.penalty_corridors(g, s) },
		{ label = U.text("panel.station"), value = table.concat(modules, U.text("list.separator")) },
	}
end

return C

--!strict
--- What every player can see of a seat, for the front ends' seat panels (pack.ron
--- `summary`): what the victory conditions measure (classic troops and raised
--- technologies, SO §5.8; revised civilisation level, SO §6.6), how many cards the
--- seat holds (their faces stay hidden) and the sectors it is in (SO §4.1).
local U = require("util")
local C = require("cards")
local P = require("population")

local M = {}

function M.seat(g, s)
	local facts = {}
	if not U.live(g, s) then
		return { { label = U.text("panel.out"), value = U.text("panel.yes") } }
	end
	if U.classic(g) then
		table.insert(facts, { label = U.text("panel.troops"), value = P.units(g, s) })
		table.insert(facts, { label = U.text("panel.raised"), value = C.raised_count(g, s) })
	else
		table.insert(facts, { label = U.text("panel.level"), value = P.level(g, s) })
		table.insert(facts, { label = U.text("panel.units"), value = P.units(g, s) })
	end
	table.insert(facts, { label = U.text("panel.hand"), value = g:count({ zone = "hand", seat = s }) })
	local names = {}
	for _, id in ipairs(def_ids.sector) do
		if U.sectors(g, s)[id] then
			table.insert(names, defs.sector[id].name)
		end
	end
	table.insert(facts, { label = U.text("panel.in"), value = #names == 0 and U.text("panel.no_sector") or table.concat(names, U.text("list.separator")) })
	return facts
end

return M

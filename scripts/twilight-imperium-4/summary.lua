--!strict
-- What every player can see of a seat (pack.ron `summary`): only public facts. The
-- number of action cards and secret objectives held is public (TI4 §1.3, §71.17);
-- which ones is not.
local U = require("util")
local M = {}

function M.seat(g, seat)
	local cards = {}
	for _, c in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = seat })) do
		table.insert(cards, defs.strategy_card[g:face(c)].name)
	end
	return {
		{ label = U.text("summary.faction"), value = U.faction(g, seat).name },
		{ label = U.text("summary.vp"), value = g:get(seat, "vp") or 0 },
		{ label = U.text("summary.tokens"), value = U.text("tokens.split", U.pool(g, seat, "tactic"), U.pool(g, seat, "fleet"), U.pool(g, seat, "strategy")) },
		{ label = U.text("summary.tg"), value = U.text("summary.tg_value", g:get(seat, "tg") or 0, g:get(seat, "commodities") or 0) },
		{ label = U.text("summary.planets"), value = #U.planets(g, seat) },
		{ label = U.text("summary.cards"), value = U.text("summary.cards_value", g:count({ kind = "action_card", zone = "hand", seat = seat }), g:count({ kind = "secret_objective", zone = "secrets", seat = seat })) },
		{ label = U.text("summary.strategy"), value = #cards == 0 and U.text("summary.none") or table.concat(cards, ", ") },
	}
end

return M

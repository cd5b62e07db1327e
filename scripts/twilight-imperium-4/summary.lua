--!strict
-- What every player can see of a seat (pack.ron `summary`): only public facts. The
-- number of action cards and secret objectives held is public (TI4 §1.3, §71.17);
-- which ones is not. The faction (which the panels then explain), victory points, trade
-- goods and commodities are ui.ron statistics, listed after these facts.
local U = require("util")
local M = {}

function M.seat(g, seat)
	local cards = {}
	for _, c in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = seat })) do
		table.insert(cards, defs.strategy_card[g:face(c)].name)
	end
	-- The laws the seat owns (TI4 §26.4) and the custodians token it took (TI4 §31.3).
	local held = {}
	for _, law in ipairs(g:entities({ kind = "agenda", zone = "laws", owner = seat })) do
		table.insert(held, defs.agenda[g:face(law)].name)
	end
	if g:count({ kind = "custodians", zone = "play_area", seat = seat }) > 0 then
		table.insert(held, U.text("summary.custodians"))
	end
	return {
		{ label = U.text("summary.tokens"), value = U.text("tokens.split", U.pool(g, seat, "tactic"), U.pool(g, seat, "fleet"), U.pool(g, seat, "strategy")) },
		{ label = U.text("summary.planets"), value = #U.planets(g, seat) },
		{ label = U.text("summary.cards"), value = U.text("summary.cards_value", g:count({ kind = "action_card", zone = "hand", seat = seat }), g:count({ kind = "secret_objective", zone = "secrets", seat = seat })) },
		{ label = U.text("summary.strategy"), value = #cards == 0 and U.text("summary.none") or table.concat(cards, ", ") },
		{ label = U.text("summary.play_area"), value = #held == 0 and U.text("summary.none") or table.concat(held, ", ") },
	}
end

return M

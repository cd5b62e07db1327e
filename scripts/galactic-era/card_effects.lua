--!strict
-- Galactic Era: the optional immediate effects of domination cards' section A (GE A3),
-- applied when the moment of play allows them (`moment.phase`).
local U = require("util")
local E = {}

local function push_choice(g, seat, id, prompt, help, options)
	g:push("card_choice", { seat = seat, card = id, prompt = prompt, help = help, options = options })
end

function E.immediate(g, seat, id, moment)
	local phase = moment.phase
	if id == "adquisidor" and g:get(seat, "turn_victims") then
		-- GE A3.1: one more theft level from any one of the seats taken from this turn.
		g:push("tech_theft", { seat = seat, victims = g:get(seat, "turn_victims"), left = 1 })
	elseif id == "belico" and phase == "battle" then
		push_choice(g, seat, id, U.TEXT["cards.warlike_which_effect_in_this"], U.TEXT["cards.warlike_help"], {
			{ label = U.TEXT["cards.enemy_ships_cannot_retreat"], value = "no_retreat" },
			{ label = U.TEXT["cards.you_suffer_no_ship_losses"], value = "no_losses" },
		})
	elseif id == "centrico" and phase == "progress" then
		-- GE A3.3: a free Gain a Planet in the central sector, ships counting double.
		g:push("gain_planet", { seat = seat, central_only = true, double = true })
	elseif id == "cientifico" and phase == "trade" then
		g:set(seat, "extra_trade", 1) -- GE A3.4: one more trade, for both partners
	elseif id == "constructor" then
		-- GE A3.5: 6 more ships, on any own planet, even blockaded.
		g:push("build_ships", { seat = seat, left = 6, anywhere = true, bonus = true })
	elseif id == "defensivo" and phase == "battle" then
		local cap = U.capital_cell(g, seat)
		if cap and g:region(cap) == g:region(moment.cell) then
			g:set(seat, "battle_bonus", 20) -- GE A3.6: +20 CS in this battle
		end
	elseif id == "denso" then
		-- GE A3.7: one more disc on each planet with 5+ discs, ignoring limits and blockades.
		for _, c in ipairs(U.controlled_planets(g, seat)) do
			if U.planet_population(g, c) >= 5 then
				local d = U.take_disc(g, seat)
				if d then
					g:move(d, c)
				end
			end
		end
	elseif id == "diplomatico" then
		g:set(seat, "no_war_round", g:global("round")) -- GE A3.8: no war on you this round
	elseif id == "espacial" then
		g:push("relocate", { seat = seat, left = 3, ignore_blockade = true })
	elseif id == "especializado" and phase == "progress" then
		local options = {}
		for _, t in ipairs(U.TECHS) do
			if not U.contains(g:get(seat, "squares") or {}, t) and g:get(seat, t) < 6 then
				table.insert(options, { label = U.text("cards.research", U.TECH_NAMES[t]), value = t })
			end
		end
		if #options > 0 then
			push_choice(g, seat, id, U.TEXT["cards.specialised_free_research_with_unused"], U.TEXT["cards.specialised_help"], options)
		end
	elseif id == "eterico" then
		g:set(seat, "etheric_round", g:global("round")) -- GE A3.11: +4 range from nebulae
	elseif id == "explorador" then
		-- GE A3.12: look at another seat's domination cards (two seats with 5+ players).
		local looks = g:seats() >= 5 and 2 or 1
		for _ = 1, looks do
			local options = {}
			for o = 1, g:seats() do
				if o ~= seat then
					table.insert(options, { label = U.text("cards.look_at_seat_hand", o), value = o })
				end
			end
			push_choice(g, seat, id, U.TEXT["cards.explorer_whose_domination_cards_do"], U.TEXT["cards.explorer_help"], options)
		end
	elseif id == "moral" then
		local tokens = g:global("r_ethics_tokens") or 0
		if tokens > 0 then
			require("cards").award(g, seat, 2 * tokens, U.text("cards.this_round", U.counted(tokens, U.TEXT["noun.change_ethics_token_s"])))
		end
	end
end

-- A choice inside an immediate effect.
E.choice = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		return { seat = ctx.seat, prompt = ctx.prompt, rule = "GE A3", options = ctx.options, help = ctx.help }
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		local seat = ctx.seat
		if ctx.card == "belico" then
			g:set(seat, "battle_" .. v, 1)
		elseif ctx.card == "especializado" then
			if require("actions").raise(g, seat, v, U.TEXT["cards.specialised"]) then
				g:set(seat, "r_raised_" .. v, 1)
			end
		elseif ctx.card == "explorador" then
			for _, card in ipairs(require("cards").hand(g, v)) do
				g:peek(seat, card, U.text("cards.explorer_seat_holds", v, defs.domination_card[g:face(card)].name))
			end
		end
	end,
}

return E

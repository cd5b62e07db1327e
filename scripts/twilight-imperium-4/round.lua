--!strict
-- Twilight Imperium 4: the game round (TI4 §88; digest §1.3): strategy, action and
-- status phases, then the agenda phase (agenda.lua), which runs only once the custodians
-- token has left Mecatol Rex (TI4 §31.4, §27.1; it decides that itself when it starts,
-- so a token removed this round gives this round its agenda phase).
local U = require("util")
local Ask = require("ask_once")
local O = require("objectives")
local Co = require("council")
local E = require("agendas")
local X = require("transactions")
local N = require("notes")
local A = require("abilities")
local M = require("moments")
local UT = require("unit_tokens")
local R = {}

R.game = {
	enter = function(g, ctx)
		ctx.round = 0
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		-- Trade goods gained in the last steps of a round (Pillage); the status and agenda
		-- phases drain their own gains as they go, so this is a last safety net.
		if A.drain_tg_gained(g) then
			return nil
		end
		if ctx.round >= U.MAX_ROUNDS then
			g:log(U.text("round.cap", U.MAX_ROUNDS))
			U.finish(g)
			return nil
		end
		ctx.round += 1
		g:set_global("round", ctx.round)
		g:log(U.text("round.start", ctx.round))
		g:push("agenda_phase", {})
		g:push("status_phase", {})
		g:push("action_phase", {})
		g:push("strategy_phase", {})
		return nil
	end,
}

-- How many strategy cards each seat takes (TI4 §40; 3-4 players take two).
function R.picks(g): number
	return g:seats() <= 4 and 2 or 1
end

-- TI4 §40, §76.1: from the speaker clockwise, each seat takes a card (a second pass
-- with 3-4 players), gaining the trade goods on it; then a trade good on each card
-- nobody took (TI4 §40.2).
R.strategy_phase = {
	enter = function(g, ctx)
		g:set_global("phase", "strategy")
		-- TI4 §21.3, §50.3 after the agenda phase's effects (unit_tokens.lua).
		UT.settle_all(g)
		ctx.i = 0
		-- Political Stability (ac_status.lua): a seat that kept its cards picks none.
		ctx.order = {}
		for _, s in ipairs(U.clockwise(g, g:global("speaker"))) do
			if g:global("card_kept_strategy_" .. s) then
				g:set_global("card_kept_strategy_" .. s, nil)
				g:log(U.text("strategy.kept", s))
			else
				table.insert(ctx.order, s)
			end
		end
		ctx.total = #ctx.order * R.picks(g)
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		if not ctx.started then
			-- Agenda outcomes that act "at the start of the next strategy phase".
			ctx.started = true
			if E.strategy_start(g) then
				return nil
			end
		end
		if not ctx.cards_asked then
			-- "As the strategy phase begins" action cards (Summit), from the speaker (§19.20).
			ctx.cards_asked = true
			if M.open(g, "strategy_start", {}) then
				return nil
			end
		end
		if ctx.picked then
			-- Public Disgrace may send the card just taken back (ac_status.lua).
			local pick = ctx.picked
			ctx.picked = nil
			if g:global("card_disgrace") then
				g:set_global("card_disgrace", nil)
				ctx.forbidden = pick
				g:log(U.text("strategy.disgraced", ctx.order[ctx.i % #ctx.order + 1], defs.strategy_card[pick].name))
			else
				ctx.forbidden = nil
				R.take(g, ctx, pick)
			end
		end
		-- "After a player gains trade goods" abilities (Pillage): the trade goods on the card
		-- just taken.
		if A.drain_tg_gained(g) then
			return nil
		end
		if #ctx.order == 0 then
			ctx.i = ctx.total
		end
		if ctx.i >= ctx.total and not ctx.ended then
			ctx.ended = true
			-- Law Imperial Arbiter: at the end of the strategy phase its owner may discard
			-- it to swap one of its strategy cards with one of another player's.
			local arbiter = Co.law_owner(g, "imperial_arbiter")
			if arbiter then
				g:push("arbiter", { seat = arbiter })
			end
			for _, card in ipairs(g:entities({ kind = "strategy_card", zone = "strategy_common" })) do
				g:add_prop(card, "tg", 1)
			end
			-- Abilities acting once every card is chosen (Naalu's Telepathic, TI4 §72.1).
			A.at(g, "strategy_end")
			-- Gift of Prescience: its holder may now take the "0" token (notes.lua).
			N.strategy_end(g)
			return nil
		end
		if ctx.ended then
			return nil
		end
		local seat = ctx.order[ctx.i % #ctx.order + 1]
		local options = {}
		local common = g:entities({ kind = "strategy_card", zone = "strategy_common" })
		for _, card in ipairs(common) do
			local def = defs.strategy_card[g:face(card)]
			if g:face(card) == ctx.forbidden and #common > 1 then
				continue -- Public Disgrace: a different card, if one is available
			end
			local tg = g:prop(card, "tg") or 0
			table.insert(options, { label = tg == 1 and U.text("strategy.card_tg1", def.initiative, def.name)
				or tg > 0 and U.text("strategy.card_tg", def.initiative, def.name, tg) or U.text("strategy.card", def.initiative, def.name),
				value = g:face(card), initiative = def.initiative })
		end
		-- In initiative order, as the cards lie on the table.
		table.sort(options, function(a, b) return a.initiative < b.initiative end)
		for _, o in ipairs(options) do
			o.initiative = nil
		end
		return { seat = seat, prompt = U.text("strategy.prompt"), rule = "TI4 §40, §39", help = U.text("strategy.help"), options = options }
	end,
	resolve = function(g, ctx, face)
		local seat = ctx.order[ctx.i % #ctx.order + 1]
		-- "As a player picks a strategy card" (Public Disgrace): the pick waits for it.
		if M.open(g, "strategy_pick", { seat = seat, card = face }) then
			ctx.picked = face
			return
		end
		ctx.forbidden = nil
		R.take(g, ctx, face)
	end,
}

-- A seat takes the strategy card `face` with its trade goods (TI4 §40.1-40.2).
function R.take(g, ctx, face: string)
	local seat = ctx.order[ctx.i % #ctx.order + 1]
	ctx.i += 1
	local card = g:first({ kind = "strategy_card", face = face })
	g:move(card, { zone = "strategy", seat = seat })
	local tg = g:prop(card, "tg") or 0
	g:set_prop(card, "tg", 0)
	U.gain_tg(g, seat, tg)
	if tg > 0 then
		g:log(U.text("strategy.took", seat, defs.strategy_card[face].name, tg))
	else
		g:log(U.text("strategy.took_plain", seat, defs.strategy_card[face].name))
	end
end

-- Whether a seat still has a strategy card it has not used (TI4 §2.4).
local function unused_cards(g, seat: number): { number }
	return g:entities({ kind = "strategy_card", zone = "strategy", seat = seat, lacks = "exhausted" })
end

-- TI4 §2, §53: turns in initiative order, skipping seats that passed, until all passed.
R.action_phase = {
	enter = function(g, ctx)
		g:set_global("phase", "action")
		ctx.passed = {}
		ctx.last = 0
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		if ctx.turn_seat then
			if g:global("passed_" .. ctx.turn_seat) then
				ctx.passed[tostring(ctx.turn_seat)] = true
			end
			ctx.turn_seat = nil
		end
		local order = U.initiative_order(g)
		local n = #order
		for k = 1, n do
			local idx = (ctx.last + k - 1) % n + 1
			local seat = order[idx]
			if not ctx.passed[tostring(seat)] then
				ctx.last = idx
				ctx.turn_seat = seat
				g:push("turn", { seat = seat })
				return nil
			end
		end
		for s = 1, g:seats() do
			g:set_global("passed_" .. s, nil)
		end
		return nil
	end,
}

-- One turn: one action (TI4 §2.1): tactical (§5), strategic (§4), component (§3: ACTION
-- action cards, moments.lua; notes, notes.lua; faction abilities and technologies,
-- abilities.lua), or pass (§2.2-2.4); two actions with the technology Fleet Logistics.
R.turn = {
	enter = function(g, ctx)
		g:set_global("turn_seat", ctx.seat) -- whose turn it is (abilities.cannot_play_cards)
		Co.mark_all_control(g) -- TI4 §29.4 (council.lua)
		X.new_turn(g, ctx.seat)
		A.at(g, "turn_start", { seat = ctx.seat }) -- e.g. Spec Ops II coming back home
		-- TI4 §21.3, §50.3: a checkpoint for whatever moved fighters or infantry since the
		-- last one (unit_tokens.lua; a revived token included).
		UT.settle_all(g)
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		-- "After a player gains trade goods" abilities (Pillage), for the gains since the
		-- turn step last ran.
		if A.drain_tg_gained(g) then
			return nil
		end
		local seat = ctx.seat
		if ctx.card_played then
			-- An ACTION card was played: it used the action unless Sabotage cancelled it
			-- (§1.6: cancelled cards do not count as played), then the menu comes back.
			ctx.card_played = nil
			if g:global("card_cancelled") then
				g:set_global("card_cancelled", nil)
			else
				ctx.done = true
				ctx.actions = (ctx.actions or 0) + 1
				ctx.trade_after = true
			end
		end
		if ctx.done and not ctx.blockades_checked then
			-- TI4 §80.4: a strategic or component action may have placed ships beside a lone
			-- Floating Factory (Ghost Ship, Star Forge...): destroyed once the action is over.
			ctx.blockades_checked = true
			require("tactical").destroy_all_blockaded(g)
		end
		if ctx.done and ctx.trade_after then
			-- TI4 §96.1: a transaction may happen at any point of the turn, so also once its
			-- action is over (what it gave, e.g. Trade's commodities or a planet won in the
			-- last ground combat, may change hands this turn): the active player and the
			-- seats it may trade with are asked (transactions.lua; nothing is asked when no
			-- pair can trade). A tactical action also has its own points (its menus, its
			-- combats, its invasion).
			ctx.trade_after = nil
			if X.open_midturn(g, seat) then
				return nil
			end
		end
		if ctx.done then
			-- Law Minister of War: after an action its owner may discard it to return one of
			-- its command tokens from the board to reinforcements and take another action.
			if (ctx.actions or 0) > 0 and not ctx.war_asked and Co.law_owner(g, "minister_of_war") == seat then
				ctx.war_asked = true
				local options = Ask.cell_options(g, g:cells_of({ kind = "command_token", owner = seat }))
				if #options > 0 then
					ctx.stage = "war"
					return { seat = seat, prompt = U.text("law.minister_of_war_prompt"), rule = "TI4 §26.4",
						help = U.text("law.minister_of_war_help"), options = options, pass = U.text("law.minister_of_war_keep") }
				end
			end
			-- The technology Fleet Logistics: a turn may hold two actions (digest Part
			-- 4.4). Offered once after the first; ending the turn instead is allowed.
			if (ctx.actions or 0) == 1 and not ctx.second and U.has_tech(g, seat, "fleet_logistics") then
				ctx.done, ctx.second = false, true
			else
				return nil
			end
		end
		-- Digest F-37, §96: before the first menu of the turn, each seat that may trade with
		-- the active player has one chance to propose a transaction to it.
		if not ctx.proposals_asked then
			ctx.proposals_asked = true
			if X.open_proposals(g, seat) then
				return nil
			end
		end
		local options = {}
		if U.pool(g, seat, "tactic") > 0 then
			table.insert(options, { label = U.text("turn.tactical"), value = "tactical" })
		end
		local unused = unused_cards(g, seat)
		for _, card in ipairs(unused) do
			table.insert(options, { label = U.text("turn.strategic", defs.strategy_card[g:face(card)].name), value = g:face(card) })
		end
		if ctx.second then
			-- Passing is not an action (§2.2): the second action may only be declined.
			table.insert(options, { label = U.text("turn.end_turn"), value = "end" })
		elseif #unused == 0 then
			table.insert(options, { label = U.text("turn.pass"), value = "pass" })
		end
		-- Component actions (TI4 §3): action cards, promissory notes, faction abilities and
		-- technologies; transactions (TI4 §96), free.
		for _, o in ipairs(M.component_options(g, seat)) do
			table.insert(options, o)
		end
		for _, o in ipairs(N.component_options(g, seat)) do
			table.insert(options, o)
		end
		for _, o in ipairs(A.components(g, seat)) do
			table.insert(options, o)
		end
		for _, o in ipairs(X.turn_options(g, seat)) do
			table.insert(options, o)
		end
		return { seat = seat, prompt = U.text("turn.prompt", g:global("round")), rule = "TI4 §2, §3, §4, §5",
			help = U.text("turn.help"), options = options }
	end,
	resolve = function(g, ctx, v)
		if ctx.stage == "war" then
			ctx.stage = nil
			if v then
				local t = g:first({ kind = "command_token", owner = ctx.seat, cell = v })
				g:move(t, { zone = "cmd_reinforcements", seat = ctx.seat })
				g:log(U.text("law.minister_of_war_used", ctx.seat, U.cell_label(g, v)))
				Co.discard_law(g, Co.law(g, "minister_of_war") :: number)
				ctx.done = false
				ctx.blockades_checked = nil
			end
			return
		end
		-- Any choice but a transaction is the turn's action (or ends the turn): the start of
		-- the turn is over (F-08).
		if string.sub(v, 1, 3) ~= "tx:" then
			X.close_turn_start(g)
		end
		local ability = string.match(v, "^ability:(.+)$")
		if ability then
			ctx.done = true
			ctx.actions = (ctx.actions or 0) + 1
			ctx.trade_after = true
			A.play(g, ctx.seat, ability)
			return
		end
		local tag, n = string.match(v, "^(%a+):(%d+)$")
		if tag == "tx" then
			g:push("transaction", { seat = ctx.seat, partner = tonumber(n) })
			return
		end
		if tag == "ac" then
			ctx.card_played = true
			g:push("play_card", { seat = ctx.seat, card = tonumber(n), info = { active = ctx.seat } })
			return
		end
		ctx.done = true
		-- Actions taken this turn: tactical, strategic and component ones (TI4 §3: a
		-- component action is an action; Minister of War may follow it, F-21).
		if v ~= "pass" and v ~= "end" then
			ctx.actions = (ctx.actions or 0) + 1
		end
		if v == "end" then
			g:log(U.text("turn.ended", ctx.seat))
		elseif tag == "note" then
			ctx.trade_after = true
			N.play_component(g, ctx.seat, tonumber(n) :: number)
		elseif v == "pass" then
			g:set_global("passed_" .. ctx.seat, true)
			g:log(U.text("turn.passed", ctx.seat))
		else
			if v == "tactical" then
				ctx.trade_after = true
				g:push("tactical", { seat = ctx.seat })
			else
				ctx.trade_after = true
				g:push("strategic", { seat = ctx.seat, card = v })
			end
		end
	end,
}

-- TI4 §38: the status phase's 8 steps.
R.status_phase = {
	enter = function(g, ctx)
		g:set_global("phase", "status")
		UT.settle_all(g) -- TI4 §21.3, §50.3 after the action phase (unit_tokens.lua)
		ctx.stage = 0
	end,
	run = function(g, ctx)
		-- "After a player gains trade goods" abilities (Pillage) answer right after the stage
		-- that made the gain, not once the round is over (F-45: each gain is a chance).
		if A.drain_tg_gained(g) then
			return nil
		end
		while not U.over(g) do
			ctx.stage += 1
			local stage = ctx.stage
			local order = U.initiative_order(g)
			if stage == 1 then
				-- §38.1: score objectives, in initiative order.
				for i = #order, 1, -1 do
					g:push("score", { seat = order[i] })
				end
				-- Abilities acting as the status phase begins (Arborec's Mitosis), first.
				A.at(g, "status_start", nil, order)
				return nil
			elseif stage == 2 then
				-- §38.2, §71.15: reveal the next public objective; none left ends the game.
				if not O.reveal_next(g) then
					g:log(U.text("status.no_objective"))
					U.finish(g)
					return nil
				end
			elseif stage == 3 then
				-- §38.3: one action card each, in initiative order (two with the technology
				-- Neural Motivator); the hand limit (§1.4).
				for _, s in ipairs(order) do
					U.draw_action(g, s)
					if U.has_tech(g, s, "neural_motivator") then
						U.draw_action(g, s)
					end
				end
				-- Abilities timed on a draw (Yssaril's Scheming: one more, one discarded).
				local pushed = false
				for i = #order, 1, -1 do
					if A.at(g, "action_cards_drawn", { seat = order[i] }) then
						pushed = true
					end
				end
				for i = #order, 1, -1 do
					if g:count({ kind = "action_card", zone = "hand", seat = order[i] }) > A.hand_limit(g, order[i]) then
						g:push("discard", { seat = order[i] })
						pushed = true
					end
				end
				if pushed then
					return nil
				end
			elseif stage == 4 then
				-- §38.4: command tokens come off the board.
				for s = 1, g:seats() do
					for _, t in ipairs(g:entities({ kind = "command_token", owner = s })) do
						if g:cell_of(t) then
							g:move(t, { zone = "cmd_reinforcements", seat = s })
						end
					end
				end
			elseif stage == 5 then
				-- §38.5: gain 2 tokens and redistribute; 1 more for Sol (Versatile, data) and 1
				-- more with the technology Hyper Metabolism.
				for i = #order, 1, -1 do
					local s = order[i]
					local gain = 2 + A.sum(g, s, "command_tokens_gained")
					if U.has_tech(g, s, "hyper_metabolism") then
						gain += 1
					end
					g:push("redistribute", { seat = s, gain = gain })
				end
				return nil
			elseif stage == 6 then
				-- §38.6: ready every card (planets, technologies, strategy cards).
				for _, e in ipairs(g:entities({ has = "exhausted" })) do
					g:set_prop(e, "exhausted", nil)
				end
			elseif stage == 7 then
				-- §38.7: repair damaged units.
				for _, e in ipairs(g:entities({ has = "damaged" })) do
					g:set_prop(e, "damaged", nil)
				end
			elseif stage == 8 then
				-- "When strategy cards would return" (Political Stability), from the speaker.
				if not ctx.stability_asked then
					ctx.stability_asked = true
					if M.open(g, "status_return", {}) then
						ctx.stage -= 1
						return nil
					end
				end
				-- §38.8: strategy cards back to the common area (not those kept).
				for s = 1, g:seats() do
					if not g:global("card_kept_strategy_" .. s) then
						for _, card in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = s })) do
							g:move(card, "strategy_common")
						end
					end
				end
				g:move(g:first({ kind = "naalu_token" }), "box")
				N.status_end(g) -- Gift of Prescience goes back to Naalu
				A.at(g, "status_end", nil, order) -- e.g. Sol's flagship, Genesis
				-- Law Minister of Policy: its owner draws an action card at the end of the
				-- status phase.
				local minister = Co.law_owner(g, "minister_of_policy")
				if minister then
					U.draw_action(g, minister)
					g:log(U.text("law.minister_of_policy", minister))
					g:push("discard", { seat = minister })
					A.at(g, "action_cards_drawn", { seat = minister }) -- Scheming, F-10
				end
				return nil
			else
				return nil
			end
		end
		return nil
	end,
}

-- §38.1, §71.6: a seat scores at most 1 public and 1 secret objective.
R.score = {
	enter = function(g, ctx)
		ctx.stage = "public"
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		local list
		if ctx.stage == "public" then
			list = O.public_options(g, ctx.seat, "status")
		elseif ctx.stage == "secret" then
			list = O.secret_options(g, ctx.seat, "status")
		else
			return nil
		end
		if #list == 0 then
			ctx.stage = ctx.stage == "public" and "secret" or "done"
			return R.score.run(g, ctx)
		end
		local options = {}
		for _, obj in ipairs(list) do
			local def = defs.objective[g:face(obj)]
			table.insert(options, { label = U.text("objectives.option", def.name, def.vp, def.requirement), value = obj })
		end
		return { seat = ctx.seat, prompt = U.text(ctx.stage == "public" and "objectives.prompt_public" or "objectives.prompt_secret"),
			rule = "TI4 §38.1, §71.6", help = U.text("objectives.help"), options = options, pass = U.text("objectives.none") }
	end,
	resolve = function(g, ctx, obj)
		ctx.stage = ctx.stage == "public" and "secret" or "done"
		if obj then
			O.score(g, ctx.seat, obj)
		end
	end,
}

return R

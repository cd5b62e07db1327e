--!strict
-- Twilight Imperium 4: the agenda phase (TI4 §27; digest §1.3.5). Once the custodians
-- token has left Mecatol Rex (TI4 §31.4, council.lua), every round ends with it: two
-- agendas, each revealed, voted on and resolved, then every planet is readied (§27.4).
--
-- Votes are public and one at a time (PLAN.md 2.4): from the speaker's left clockwise,
-- the speaker last (§27.2.ii, §76.2). A voter first names one outcome or abstains
-- (§27.5, §27.14), then exhausts any of its ready planets; the votes are their influence
-- (§27.6, never trade goods: §27.13). Casting 0 votes is abstaining (FAQ, F-15). The
-- outcome with most votes resolves; on a tie or with no votes the speaker chooses, which
-- is not a vote (§27.19). Placing the resolved card is agendas.lua, what it does
-- agenda_effects.lua.
--
-- Action cards (moments.lua, ac_agenda.lua) are asked at five moments: before the first
-- agenda, once an agenda is revealed (after Political Secret, notes_generic.lua; Veto replaces the
-- card; riders predict, §27.22, and are paid once it resolves), after each player votes,
-- after the speaker votes, and when a player is elected. Transactions between any two
-- players (§96.6): a seat may offer them at its vote step (before it votes, or alone when it
-- cannot vote), and again once all votes are cast, before the outcome; once per pair in an
-- agenda (transactions.lua).
local U = require("util")
local Co = require("council")
local E = require("agendas")
local M = require("moments")
local N = require("notes")
local X = require("transactions")
local Ab = require("abilities")
local Timing = require("timing")
local A = {}

-- Draws the top agenda (the discard pile shuffled back when the deck is empty).
local function draw(g): number?
	local card = g:last({ kind = "agenda", zone = "agenda_deck" })
	if card then
		return card
	end
	for _, c in ipairs(g:entities({ kind = "agenda", zone = "agenda_discard" })) do
		g:hide(c)
		g:move(c, "agenda_deck")
	end
	g:shuffle_zone("agenda_deck")
	return g:last({ kind = "agenda", zone = "agenda_deck" })
end

-- Clears what action cards set for one agenda (ac_agenda.lua): barred voters, extra votes.
local function clear_cards(g, id: string)
	for s = 1, g:seats() do
		g:set_global("card_barred_" .. s, nil)
		g:set_global("card_silenced_" .. s, nil)
	end
	for _, v in ipairs(E.outcomes(g, id)) do
		g:set_global("card_votes." .. v, nil)
	end
end

-- Who may vote now: not barred this phase (Public Execution, §27.16) and with something to
-- vote with (a ready planet, or law Representative Government's 1 vote).
local function can_vote(g, seat: number): boolean
	if g:global("no_vote_" .. seat) or g:global("card_barred_" .. seat) then
		return false
	end
	if Ab.any(g, seat, "cannot_vote") then
		return false -- Nekro's Galactic Threat (TI4 §19)
	end
	return Co.law(g, "representative_government") ~= nil or #U.planets(g, seat, true) > 0
end

local function name_of(g, card: number): string
	return defs.agenda[g:face(card)].name
end

-- TI4 §27: the phase. ctx.n counts the agendas voted on.
A.agenda_phase = {
	enter = function(g, ctx)
		ctx.n = 0
		ctx.active = Co.custodians_removed(g)
		if ctx.active then
			g:set_global("phase", "agenda")
			g:log(U.text("agenda.phase"))
		end
	end,
	run = function(g, ctx)
		if not ctx.active or U.over(g) or ctx.done then
			return nil
		end
		-- "After a player gains trade goods" abilities (Pillage) answer a gain made by an
		-- agenda (its outcome, a prediction) before the next agenda is revealed (F-45).
		if Ab.drain_tg_gained(g) then
			return nil
		end
		if not ctx.opened then
			-- Action cards played "before the first agenda is revealed" (§19.20: speaker first).
			ctx.opened = true
			if M.open(g, "agenda_phase_start", {}) then
				return nil
			end
		end
		if ctx.n < 2 then
			-- §27.2-27.3: the first agenda, then the second.
			ctx.n += 1
			g:push("agenda", { n = ctx.n })
			return nil
		end
		-- §27.4: each player readies all exhausted planets (only planets: technologies and
		-- strategy cards were readied in the status phase).
		ctx.done = true
		for _, p in ipairs(g:entities({ kind = "planet", has = "exhausted" })) do
			g:set_prop(p, "exhausted", nil)
		end
		for s = 1, g:seats() do
			g:set_global("no_vote_" .. s, nil)
		end
		g:log(U.text("agenda.ready"))
		return nil
	end,
}

-- One agenda (§27.2). ctx: n; `card` and `revote` when Miscount Disclosed votes again on
-- a law in play (it stays in effect meanwhile, FAQ F-18). Stages: reveal -> committee ->
-- moment -> vote / planets (per voter) -> after_votes (transactions) -> count (-> tie) ->
-- resolve.
A.agenda = {
	enter = function(g, ctx)
		ctx.stage = ctx.card and "committee" or "reveal"
		ctx.votes = {}
		ctx.cast = {}
		ctx.i = 1
		-- §27.2.ii: from the speaker's left, clockwise; the speaker last.
		ctx.order = U.clockwise(g, g:global("speaker") % g:seats() + 1)
		-- This agenda's number: each pair of players may make one transaction in it (§96.6).
		ctx.mark = g:add_global("agenda_no", 1)
	end,
	run = function(g, ctx)
		if U.over(g) then
			return nil
		end
		if ctx.stage == "reveal" then
			-- §27.2.i: the speaker reveals the top agenda. A card whose condition fails
			-- when revealed, or with nothing to elect, is discarded for another.
			while true do
				local card = draw(g)
				if not card then
					return nil
				end
				g:reveal(card)
				g:move(card, "agenda_revealed")
				g:log(U.text("agenda.revealed", ctx.n, name_of(g, card), defs.agenda[g:face(card)].explain))
				if E.discard_on_reveal(g, g:face(card)) then
					g:move(card, "agenda_discard")
					g:log(U.text("agenda.no_target", name_of(g, card)))
				else
					ctx.card = card
					break
				end
			end
			ctx.stage = "committee"
		end
		local id = g:face(ctx.card)
		if ctx.stage == "committee" then
			ctx.stage = "moment"
			-- Law Committee Formation: before an election of a player, its owner may discard it
			-- and choose the elected player; nobody votes.
			local owner = Co.law_owner(g, "committee_formation")
			if owner and defs.agenda[id].elect == "player" then
				local options = {}
				for _, v in ipairs(E.outcomes(g, id)) do
					table.insert(options, { value = v })
				end
				ctx.stage = "committee_answer"
				return { seat = owner, prompt = U.text("agenda.committee_prompt", name_of(g, ctx.card)), rule = "TI4 §26.4",
					help = U.text("agenda.committee_help"), options = options, labels = "agenda.label", pass = U.text("agenda.committee_keep") }
			end
		end
		if ctx.stage == "moment" then
			-- §27.2.i, §19.19-20: "when/after an agenda is revealed", the speaker first.
			-- Political Secret (notes_generic.lua) first: it silences its owner's action cards.
			ctx.stage = "moment_cards"
			-- The notes, every seat's, come first ("when": Political Secret, Political Favor):
			-- a Political Secret played on a seat silences its abilities and action cards
			-- below (F-11).
			if N.agenda_revealed(g, ctx.revote == true) then
				return nil
			end
		end
		if ctx.stage == "moment_cards" then
			ctx.stage = "moment_after"
			-- Then the "when" timing window (timing.lua, §19.15-16): each seat in turn, the
			-- speaker first, is offered its abilities (Xxcha's Quash) and action cards (Veto)
			-- that replace the agenda; not once a note replaced it (Political Favor).
			if not g:global("card_veto") and Timing.open(g, "agenda_revealed_when", { card = ctx.card, revote = ctx.revote == true }) then
				return nil
			end
		end
		if ctx.stage == "moment_after" then
			ctx.stage = "moment_done"
			-- Then the "after" window, unless the agenda is already replaced: abilities (the
			-- Nekro's Galactic Threat) and action cards (Assassinate Representative, riders).
			if not g:global("card_veto") and Timing.open(g, "agenda_revealed", { card = ctx.card, revote = ctx.revote == true }) then
				return nil
			end
		end
		if ctx.stage == "moment_done" then
			ctx.stage = "vote"
			if g:global("card_veto") then
				-- Veto: this agenda is discarded and the next one revealed instead.
				g:set_global("card_veto", nil)
				clear_cards(g, id)
				M.riders(g, nil) -- predictions on the vetoed card are lost
				N.agenda_resolved(g) -- F-11: Political Secret ends with the vetoed card
				g:move(ctx.card, "agenda_discard")
				g:log(U.text("agenda.vetoed", name_of(g, ctx.card)))
				ctx.card = nil
				ctx.stage = "reveal"
				return A.agenda.run(g, ctx)
			end
		end
		if ctx.stage == "vote" then
			-- The moments after a vote step (Distinguished Councilor), then after the
			-- speaker's (Bribery).
			if ctx.voted then
				local info = ctx.voted
				ctx.voted = nil
				if info.seat == g:global("speaker") then
					ctx.speaker_voted = true
				end
				if M.open(g, "after_vote", { seat = info.seat, outcome = info.outcome }) then
					return nil
				end
			end
			if ctx.speaker_voted then
				ctx.speaker_voted = nil
				if M.open(g, "after_speaker_votes", { cast = ctx.cast }) then
					return nil
				end
			end
			while ctx.i <= #ctx.order do
				local s = ctx.order[ctx.i]
				ctx.trade_only = nil -- set below when the seat may only offer transactions
				if can_vote(g, s) then
					local options = {}
					for _, v in ipairs(E.outcomes(g, id)) do
						table.insert(options, { value = v })
					end
					-- §96.6: before voting, offers of transactions to any player (free).
					for _, o in ipairs(X.agenda_options(g, s, ctx.mark)) do
						table.insert(options, o)
					end
					return { seat = s, prompt = U.text("agenda.vote_prompt", name_of(g, ctx.card)), rule = "TI4 §27.5-27.14, §96.6",
						help = U.text("agenda.vote_help", defs.agenda[id].explain), options = options, labels = "agenda.label",
						pass = U.text("agenda.abstain") }
				end
				-- §96.6, §27.16: a seat that cannot vote may still offer transactions at its
				-- step (others may offer to it at theirs).
				local trades = X.agenda_options(g, s, ctx.mark)
				if #trades > 0 then
					ctx.trade_only = true
					return { seat = s, prompt = U.text("tx.agenda_prompt", name_of(g, ctx.card)), rule = "TI4 §96.6",
						help = U.text("tx.agenda_help"), options = trades, pass = U.text("tx.agenda_pass") }
				end
				g:log(U.text("agenda.cannot_vote", s))
				ctx.i += 1
			end
			ctx.stage = "after_votes"
			ctx.trade_i = 1
		end
		if ctx.stage == "after_votes" then
			-- §96.6: transactions may happen at any time of the agenda, so after the last
			-- vote (and its moments) and before the outcome is counted, each seat in voting
			-- order may still offer one to each seat it has not dealt with in this agenda;
			-- it is asked again after each offer, and no more once it declines. Only pairs
			-- with something to exchange are offered: when no pair can trade, nobody is asked.
			while ctx.trade_i <= #ctx.order do
				local s = ctx.order[ctx.trade_i]
				local trades = X.agenda_after_vote_options(g, s, ctx.mark)
				if #trades > 0 then
					return { seat = s, prompt = U.text("tx.after_votes_prompt", name_of(g, ctx.card)), rule = "TI4 §96.6",
						help = U.text("tx.agenda_help"), options = trades, pass = U.text("tx.agenda_pass") }
				end
				ctx.trade_i += 1
			end
			ctx.stage = "count"
		end
		if ctx.stage == "planets" then
			local s = ctx.order[ctx.i]
			local options = {}
			for _, p in ipairs(U.planets(g, s, true)) do
				table.insert(options, { label = U.text("agenda.planet_votes", U.planet_name(g, p), U.value(g, p, "influence")), value = p })
			end
			return { seat = s, kind = "many", min = 1, max = #options, prompt = U.text("agenda.planets_prompt", A.label(g, ctx.choice, s)),
				rule = "TI4 §27.6, §27.13", help = U.text("agenda.planets_help"), options = options }
		end
		if ctx.stage == "count" then
			for _, v in ipairs(E.outcomes(g, id)) do
				local extra = g:global("card_votes." .. v)
				if extra then
					ctx.votes[v] = (ctx.votes[v] or 0) + extra
				end
			end
			clear_cards(g, id)
			-- Votes are never negative, so with none cast every outcome ties.
			local tied, best = U.most(E.outcomes(g, id), function(v)
				return ctx.votes[v] or 0
			end)
			if #tied == 1 then
				ctx.result = tied[1]
				ctx.stage = "resolve"
			else
				-- §27.19: a tie, or no votes at all: the speaker chooses (not a vote).
				ctx.stage = "tie"
				local options = {}
				for _, v in ipairs(tied) do
					table.insert(options, { value = v })
				end
				return { seat = g:global("speaker"), prompt = U.text("agenda.tie_prompt", name_of(g, ctx.card), best),
					rule = "TI4 §27.19, §76.2", help = U.text("agenda.tie_help"), options = options, labels = "agenda.label" }
			end
		end
		if ctx.stage == "resolve" and not ctx.elect_asked and string.sub(ctx.result, 1, 2) == "p:" then
			-- "When you are elected" (Confusing Legal Text).
			ctx.elect_asked = true
			if M.open(g, "elected", { seat = tonumber(string.sub(ctx.result, 3)), outcome = ctx.result }) then
				return nil
			end
		end
		if ctx.stage == "resolve" and g:global("card_elect") then
			ctx.result = g:global("card_elect")
			g:set_global("card_elect", nil)
			g:log(U.text("agenda.elected_instead", A.label(g, ctx.result, 0)))
		end
		if ctx.stage == "resolve" then
			ctx.stage = "done"
			g:log(U.text("agenda.outcome", name_of(g, ctx.card), A.label(g, ctx.result, 0)))
			g:add_global("usage.agendas_resolved", 1)
			E.resolve(g, ctx.card, ctx.result, ctx.cast)
			clear_cards(g, id)
			M.riders(g, ctx.result) -- §27.22: predictions of this outcome pay off
			N.agenda_resolved(g)
			-- Abilities that read the outcome (Galactic Threat's prediction, TI4 §19).
			Ab.at(g, "agenda_resolved", { card = ctx.card, result = ctx.result, cast = ctx.cast })
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		if ctx.stage == "committee_answer" then
			if v then
				local law = Co.law(g, "committee_formation") :: number
				g:log(U.text("agenda.committee_used", g:owner(law), A.label(g, v, 0)))
				Co.discard_law(g, law)
				ctx.result = v
				ctx.stage = "resolve"
			else
				ctx.stage = "moment"
			end
		elseif ctx.stage == "vote" then
			local s = ctx.order[ctx.i]
			if X.agenda_offer(g, s, v, ctx.mark) then
				return -- a transaction (§96.6); the same voter is asked again after it
			elseif ctx.trade_only then
				-- A seat that cannot vote offered no (more) transaction: its step ends.
				ctx.trade_only = nil
				g:log(U.text("agenda.cannot_vote", s))
				ctx.i += 1
			elseif v == nil then
				g:log(U.text("agenda.abstains", s))
				ctx.voted = { seat = s }
				ctx.i += 1
			elseif Co.law(g, "representative_government") then
				-- Law Representative Government: exactly 1 vote, no planet exhausted.
				ctx.votes[v] = (ctx.votes[v] or 0) + 1
				ctx.cast[tostring(s)] = v
				g:log(U.text("agenda.votes", s, A.label(g, v, s), 1))
				ctx.voted = { seat = s, outcome = v }
				ctx.i += 1
			else
				ctx.choice = v
				ctx.stage = "planets"
			end
		elseif ctx.stage == "after_votes" then
			-- An offer (§96.6): the same seat is asked again after it; declining ends its turn
			-- to offer.
			if not X.agenda_offer(g, ctx.order[ctx.trade_i], v, ctx.mark) then
				ctx.trade_i += 1
			end
		elseif ctx.stage == "planets" then
			local s = ctx.order[ctx.i]
			local n = 0
			for _, p in ipairs(v) do
				g:set_prop(p, "exhausted", true)
				n += U.value(g, p, "influence")
			end
			if n == 0 then
				g:log(U.text("agenda.abstains", s)) -- F-15: 0 votes is abstaining
				ctx.voted = { seat = s }
			else
				ctx.votes[ctx.choice] = (ctx.votes[ctx.choice] or 0) + n
				ctx.cast[tostring(s)] = ctx.choice
				g:log(U.text("agenda.votes", s, A.label(g, ctx.choice, s), n))
				ctx.voted = { seat = s, outcome = ctx.choice }
			end
			ctx.choice = nil
			ctx.stage = "vote"
			ctx.i += 1
		elseif ctx.stage == "tie" then
			g:log(U.text("agenda.speaker_decides", g:global("speaker"), A.label(g, v, 0)))
			ctx.result = v
			ctx.stage = "resolve"
		end
	end,
}

-- TI4 §31.2-31.3: the active player spends 6 influence to take the custodians token into
-- its play area and gains 1 VP; from now on every round has an agenda phase (§31.4).
-- Returns Mecatol Rex, where it must now commit at least one ground force.
function A.remove_custodians(g, seat: number): number
	local token = g:first({ kind = "custodians" }) :: number
	local mecatol = g:first({ kind = "planet", cell = g:global("mecatol") }) :: number
	g:move(token, { zone = "play_area", seat = seat })
	g:add_global("usage.custodians_removed", 1) -- counted for simulation reports
	local cost = Co.custodians_cost(g, seat) -- 6, or less (Winnu's Blood Ties)
	g:log(U.text("agenda.custodians_removed", seat, cost))
	if cost > 0 then
		g:push("pay", { seat = seat, what = "influence", amount = cost })
	end
	U.vp(g, seat, 1, "other")
	return mecatol
end

-- Labels of outcomes: "for", "against", "p:<seat>" (a player), "e:<entity>" (a planet, a
-- law or a scored secret objective).
function A.label(g, v: string, seat: number): string
	if v == "for" or v == "against" then
		return U.text("agenda." .. v)
	end
	local tag, n = string.match(v, "^(%a):(%d+)$")
	local x = tonumber(n) :: number
	if tag == "p" then
		return U.text("common.seat", x)
	end
	local kind = g:kind(x)
	if kind == "planet" then
		local owner = g:owner(x)
		return owner and U.text("agenda.planet_of", U.planet_name(g, x), owner) or U.planet_name(g, x)
	elseif kind == "agenda" then
		return name_of(g, x)
	end
	return defs.objective[g:face(x)].name
end

-- Politics (TI4 §75.2.iii): the holder secretly looks at the top 2 agendas and puts each
-- on the top or the bottom of the deck, in the order it likes. The two cards stay known
-- to it (it knows where it put them) and hidden from the others; the options name them
-- only for the holder (a decision is seen by its seat alone).
local ARRANGEMENTS = {
	-- { where the first card goes, where the second goes, the first above the second? }
	{ "top", "top", true }, { "top", "top", false }, { "top", "bottom", true },
	{ "bottom", "top", true }, { "bottom", "bottom", true }, { "bottom", "bottom", false },
}

A.politics_look = {
	enter = function(g, ctx)
		-- The top two, set aside while the holder decides (the top one first).
		local cards = {}
		for _ = 1, 2 do
			local c = g:last({ kind = "agenda", zone = "agenda_deck" })
			if c then
				g:move_to_bottom(c, "agenda_looking")
				table.insert(cards, c)
			end
		end
		ctx.cards = cards
		for _, c in ipairs(cards) do
			g:reveal(c, ctx.seat)
		end
	end,
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		if #ctx.cards < 2 then
			for _, c in ipairs(ctx.cards) do
				g:move(c, "agenda_deck")
			end
			return nil
		end
		local a, b = name_of(g, ctx.cards[1]), name_of(g, ctx.cards[2])
		local options = {}
		for i, arr in ipairs(ARRANGEMENTS) do
			local first, second = a, b
			if not arr[3] then
				first, second = b, a
			end
			local label
			if arr[1] == arr[2] then
				label = U.text("politics.both_" .. arr[1], first, second)
			else
				label = U.text("politics.split", arr[1] == "top" and a or b, arr[1] == "top" and b or a)
			end
			table.insert(options, { label = label, value = i })
		end
		return { seat = ctx.seat, prompt = U.text("politics.look_prompt"), rule = "TI4 §75.2.iii",
			help = U.text("politics.look_help"), options = options }
	end,
	resolve = function(g, ctx, i)
		ctx.done = true
		local arr = ARRANGEMENTS[i]
		local a, b = ctx.cards[1], ctx.cards[2]
		-- Bottom: the upper card goes under first, the lower one under it. Top: the lower
		-- card goes on first, the upper one on it.
		local top_first = arr[3] and { a, b } or { b, a }
		local where = { [a] = arr[1], [b] = arr[2] }
		for k = 1, 2 do
			local c = top_first[k]
			if where[c] == "bottom" then
				g:move_to_bottom(c, "agenda_deck")
			end
		end
		for k = 2, 1, -1 do
			local c = top_first[k]
			if where[c] == "top" then
				g:move(c, "agenda_deck")
			end
		end
		local tops = (arr[1] == "top" and 1 or 0) + (arr[2] == "top" and 1 or 0)
		g:log(U.text("politics.looked", ctx.seat, tops, 2 - tops))
	end,
}

return A

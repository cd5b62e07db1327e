--!strict
-- Space Opera: one seat's turn. Its start (classic: draw 1, SO §5.5; revised: the
-- reorganisation, SO §6.2.1), the main part as a menu of every legal action until the
-- seat ends its turn (actions.lua), and its end (the hand limit, SO §5.5; the revised
-- civilisation-level check, SO §6.6). Per-turn limits are seat variables reset here.
local U = require("util")
local C = require("cards")
local P = require("population")
local T = require("totals")
local V = require("victory")
local A = require("actions")
local TU = {}

-- The menu's help, the same at every turn (looked up once).
local TURN_HELP = U.text("turn.help")

-- The prompt's pieces, around its four `%s` (sectors, credits, civilians, militaries):
-- joined with their texts in place at every menu (U.string_pieces).
local PROMPT = U.string_pieces("turn.prompt")

-- The prompt's counts of small numbers, looked up (U.counted) without a call each.
local CREDITS, CIVILIANS, MILITARIES = U.counted("word.credit"), U.counted("word.civilian"), U.counted("word.military")

-- SO §5.5, §6.2: the per-turn limits (one war, extra jumps, abilities) start afresh.
local function reset_limits(g, s)
	g:set(s, "t_war", 0)
	g:set(s, "t_jumps", 0)
	g:set(s, "t_ability", 0)
	g:set(s, "t_actives", {})
end

-- SO §6.2.1: flip own technologies; +1 civilian then 1 credit per civilian; discard own
-- star system(s); jump (which draws 1 resource). No synchronous card can be used: no
-- reaction window is opened here. TU.start has just read every seat's level as
-- observed (V.turn_start), and the reorganisation changes seat `s` alone: the level
-- checks after the flip and the growth look at `s` only (V.observe's `only`).
-- `at`: what V.turn_start read for the turn.
function TU.reorganise(g, s, at)
	local raised = C.flip(g, s, at)
	V.on_raise(g, s, raised)
	-- Whether competitive mode is played, asked once for the decline and the jump's draw.
	local competitive = g:variant("competitive") -- U.competitive
	local declining -- C.in_decline
	if competitive then
		declining = g:get(s, "decline") == true
	else
		declining = g:global("decline") == true
	end
	local civ
	if declining then
		-- SO §9.5: the revised effect of decline is not restated; as classic, no growth.
		g:log(U.text("turn.no_growth", s))
		civ = g:get(s, "civ") or 0 -- P.civ
	else
		civ = P.add_civ(g, s, 1, at)
	end
	-- P.income of the revised rules (1 credit per civilian, plus card income), with the
	-- civilians just read: nothing changes them or the militaries before the log.
	local n = civ + T.income_bonus(g, s)
	g:add(s, "credits", n)
	g:log(U.text("turn.reorganise", s, U.count_of(civ, "word.civilian"), U.count_of(g:get(s, "mil") or 0, "word.military"), U.count_of(n, "word.credit")))
	C.discard_systems(g, s)
	C.jump(g, s, true, true, competitive)
end

function TU.start(g, s)
	g:set_global("active", s)
	g:set_global("sync", { kind = "main" })
	reset_limits(g, s)
	if g:variant("classic") then -- U.classic
		C.draw(g, s, 1) -- SO §5.5
		return
	end
	TU.reorganise(g, s, V.turn_start(g, s))
	if g:variant("alt_turn_draw") then -- U.alt
		C.draw(g, s, 1) -- SO §10 B10 alternative
	end
end

-- SO §5.5: at the end of the turn the hand holds at most `storage` cards (classic;
-- revised only with `alt_hand_limit`, SO §10 B11). `classic`: as V.end_of_turn's.
function TU.hand_limit(g, s, classic)
	if classic == nil then
		classic = U.classic(g)
	end
	if classic or g:variant("alt_hand_limit") then -- U.alt
		return T.storage(g, s)
	end
	return nil
end

-- The `turn` step: ctx.seat plays; ctx.stage is nil until the turn's start has run
-- (done in the first call, not in an `enter` of its own: one call less per turn),
-- then "main", then "end". A frame pushed at "main" (testkit.turn) skips the start.
-- The start makes the seat the active one and the window context "main", and they
-- stay so while its frame runs: only a turn's start sets `active`, and a war gives
-- `sync` back ("main") whenever it ends.
TU.turn = {
	run = function(g, ctx)
		local s = ctx.seat
		if ctx.stage == nil then
			-- A seat out before its turn came has none (the round pushes its turns at
			-- once); the start removes no unit, so the seat is still live after it.
			if g:get(s, "out") == true then -- U.live
				return nil
			end
			ctx.stage = "main"
			TU.start(g, s)
			-- (Only what this call did may have ended the game, V.over.)
			if V.over(g) then
				return nil
			end
		elseif g:get(s, "out") == true then -- U.live
			return nil
		end
		if ctx.stage == "main" then
			-- What the prompt shows and the menu needs too is read once.
			-- Nothing is written from here on: the memo table is asked for once.
			-- (P.civ, P.mil and U.classic, read in place.)
			local credits, civ, mil, classic, memo = g:get(s, "credits"), g:get(s, "civ") or 0, g:get(s, "mil") or 0, g:variant("classic"), g:memo()
			local prompt = PROMPT[1] .. U.sector_names(g, s, memo, classic) .. PROMPT[2] .. (CREDITS[credits] or U.count_of(credits, "word.credit"))
				.. PROMPT[3] .. (CIVILIANS[civ] or U.count_of(civ, "word.civilian")) .. PROMPT[4] .. (MILITARIES[mil] or U.count_of(mil, "word.military")) .. PROMPT[5]
			return { seat = s, prompt = prompt, rule = classic and "SO §5.5" or "SO §6.2.2",
				help = TURN_HELP,
				options = A.options(g, s, { credits = credits, civ = civ, mil = mil, classic = classic, memo = memo }) }
		end
		-- ctx.stage == "end"
		-- Whether the classic rules are played, asked once for the limit and the check.
		local classic = g:variant("classic") -- U.classic
		local limit = TU.hand_limit(g, s, classic)
		-- The hand is read only when it has a limit.
		local hand = limit and not ctx.discarded and C.hand(g, s)
		if hand and #hand > limit then
			local options = table.create(#hand)
			for _, card in ipairs(hand) do
				table.insert(options, { label = U.name(g, card), value = card })
			end
			local n = #hand - limit
			-- SO §5.5: the owner chooses what to discard (reconstructed).
			return { seat = s, kind = "many", min = n, max = n, options = options, rule = "SO §5.5",
				prompt = U.text("turn.hand_limit", limit, U.count_of(n, "word.card")),
				help = U.text("turn.hand_limit_help") }
		end
		V.end_of_turn(g, s, classic)
		return nil
	end,
	resolve = function(g, ctx, choice)
		if ctx.stage == "main" then
			if choice == "end" then
				ctx.stage = "end"
				g:log(U.text("turn.end", ctx.seat))
			else
				A.perform(g, ctx.seat, choice)
			end
		else
			for _, card in ipairs(choice) do
				C.discard(g, card)
			end
			ctx.discarded = true
		end
	end,
}

return TU

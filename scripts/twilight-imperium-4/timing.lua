--!strict
-- Twilight Imperium 4: one timing window for everything a seat may use at a moment (TI4
-- §19.13-20; digest Part 5, "trigger and reaction windows"). One job: at a moment where the
-- registry (abilities, technologies and flagships of abilities.lua; promissory notes of
-- notes.lua) and the action cards (moments.lua) meet, the seats take their turns in the
-- rule's order (`U.resolution_order`: in the action phase the active player first, then
-- initiative order; otherwise the speaker first, then clockwise, §19.19-20), and in its turn
-- each seat is offered all it holds for that moment: first its abilities (and owned laws,
-- abilities.lua) that keep a fixed place, then, in the order it chooses (§19.19), its
-- optional abilities with a "can use" check, its notes and its action cards. A seat's
-- abilities and notes are asked once per moment (§19.18: once per occurrence of the
-- trigger); the action cards then go on in passes over every seat, as moments.lua does,
-- until a pass in which nobody played (§19.19).
--
-- Where only one kind exists the callers keep `A.at` (abilities.lua) or `M.open`
-- (moments.lua): those windows are unchanged. `T.MOMENTS` lists the moments joined here,
-- with the rule that makes each one timing (COVERAGE.md row 19 names those not joined yet,
-- and why).
local U = require("util")
local T = {}

-- A registry moment (the `at` name of abilities.lua entries) -> the names the same timing
-- has for notes (notes.lua `at`, a list) and action cards (moments.lua hooks' `at`), and, when
-- the registry knows it by several names, `abilities` (a list, asked in that order within a
-- seat, abilities.lua `A.at`). `rule` says why they are one timing.
T.MOMENTS = {
	-- §23.2: a space combat's start is also its first round's start ("start of combat" and
	-- "start of round" effects are simultaneous), and both come before the anti-fighter
	-- barrage: the note Antivirus ("as a combat starts") and War Funding (a round starts);
	-- the abilities of the start (The Alastor, Assault Cannon, Impulse Core, Ambush,
	-- Dimensional Splicer) and of round 1's start (Munitions Reserves); the round-start
	-- cards (Morale Boost, Fighter Prototype, Emergency Repairs, Skilled Retreat). combat.lua
	-- opens `combat_round` alone from round 2.
	space_combat_start = { abilities = { "space_combat_start", "combat_round" }, notes = { "combat_start", "combat_round" },
		cards = "combat_round", rule = "TI4 §19.19, §23.2" },
	-- §23.7-8, §19.13-14: a space combat round ends with its step 5, the retreat; "after a
	-- round" (Yin's Devotion, the N'orr's Exotrireme II) and "at the end of a round"
	-- (Emergency Repairs) both come once that step is done, before the next round or the
	-- combat's end. (A ground combat's round end has cards only: invasion.lua opens them.)
	combat_round_end = { cards = "combat_round_end", rule = "TI4 §19.13-14, §19.19, §23.7-8" },
	-- §23.4 / §19.13: "at the start of a combat round" (Letnev's Munitions Reserves, the note
	-- War Funding; Morale Boost, Fighter Prototype, Emergency Repairs, Skilled Retreat).
	combat_round = { notes = { "combat_round" }, cards = "combat_round", rule = "TI4 §19.13, §19.19, §23.4" },
	-- §5.1 / §19.13: "after a system is activated" (Neuroglaive, E-Res Siphons, Nullification
	-- Field, Spatial Conduit Cylinder...; the notes Ceasefire and Greyfire Mutagen; Flank
	-- Speed, Upgrade...).
	activation = { notes = { "after_activation" }, cards = "after_activation", rule = "TI4 §5.1, §19.13, §19.19" },
	-- §5.2 / §19.13: "after ships move into a system" (Naalu's Foresight; Experimental
	-- Battlestation), only when ships moved in (F-33).
	after_move = { cards = "after_movement", rule = "TI4 §5.2, §19.13, §19.19, F-33" },
	-- §23.9-10 / §19.13: "after a space combat" (Mentak's Salvage Operations; the card
	-- Salvage, "after you win a space combat").
	combat_end = { cards = "combat_won", rule = "TI4 §19.13, §19.19, §23.9-10" },
	-- §27.2, §19.15-16: "when an agenda is revealed" (Xxcha's Quash; Veto), a window of
	-- its own before the "after" one (Galactic Threat; Assassinate Representative, the
	-- riders): "when" comes first. The notes of the reveal (Political Secret, Political
	-- Favor, "when") are asked before both, every seat's (agenda.lua): a Political Secret
	-- silences its owner's abilities and cards (F-11).
	agenda_revealed_when = { cards = "agenda_revealed_when", rule = "TI4 §19.15-16, §19.20, §27.2, F-11" },
	agenda_revealed = { cards = "agenda_revealed", rule = "TI4 §19.13, §19.16, §19.20, §27.2" },
	-- §24.4: in a ground combat's first round, "start of combat" and "start of round" are
	-- simultaneous: Yin's Indoctrination, the notes Antivirus ("as a combat starts") and
	-- Tekklar Legion ("as an invasion combat starts"), the round-start card Morale Boost
	-- (invasion.lua opens later rounds' cards alone).
	ground_combat_start = { notes = { "combat_start", "ground_combat_start" }, cards = "combat_round", rule = "TI4 §19.19, §24.4" },
}

-- Whether seat `s` may have something to use at the moment (its hooks decide for sure).
-- The registry names of a moment (see `T.MOMENTS`).
local function registry_points(point: string): { string }
	return T.MOMENTS[point].abilities or { point }
end

local function has_any(g, s: number, point: string, info: any, cards: boolean): boolean
	local m = T.MOMENTS[point]
	if require("abilities").holds_at(g, s, registry_points(point)) then
		return true
	end
	if m.notes and require("notes").holds_timed(g, s, m.notes) then
		return true
	end
	return cards and m.cards ~= nil and #require("moments").playable(g, s, m.cards, info) > 0
end

-- Opens the moment `point` (a key of T.MOMENTS; info: plain data for every hook, with
-- `active` for the order; `without_cards`: the action cards have no say this time, e.g. a
-- space combat without a winner). Returns true when it pushed the window (the caller
-- returns and runs again after it), false when no seat has anything (nothing is asked).
function T.open(g, point: string, info: any, without_cards: boolean?): boolean
	if U.over(g) then
		return false
	end
	local order = U.resolution_order(g, info.active)
	for _, s in ipairs(order) do
		if has_any(g, s, point, info, not without_cards) then
			g:push("timing_window", { point = point, info = info, order = order, i = 1, stage = "registry",
				cards = not without_cards, played = g:global("usage.action_cards_played") or 0 })
			return true
		end
	end
	return false
end

-- What seat `s` may still use in its turn of the window and choose the order of (§19.19):
-- its optional abilities that say they can be used now (`can_at`, abilities.lua
-- `A.choosable`) and its notes, both not yet offered in this turn, then its playable action
-- cards, with labels for the order question.
local function choosable(g, ctx, s: number): { any }
	local m = T.MOMENTS[ctx.point]
	local items = {}
	for _, a in ipairs(require("abilities").choosable(g, s, registry_points(ctx.point), ctx.info)) do
		local key = "a:" .. a.id .. ":" .. a.point
		if not ctx.asked[key] then
			table.insert(items, { kind = "ability", key = key, id = a.id, point = a.point, label = U.text("timing.use_ability", a.name) })
		end
	end
	if m.notes then
		local N = require("notes")
		for _, note in ipairs(N.usable(g, m.notes, ctx.info, s)) do
			if not ctx.asked["n:" .. note] then
				table.insert(items, { kind = "note", id = note, key = "n:" .. note,
					label = U.text("notes.play_option", N.name(g, note), g:owner(note) :: number) })
			end
		end
	end
	if ctx.cards then
		for _, card in ipairs(require("moments").playable(g, s, m.cards, ctx.info)) do
			local def = defs.action_card[g:face(card)]
			table.insert(items, { kind = "card", id = card, key = "c:" .. card, label = U.text("moment.play_option", def.name, def.effect) })
		end
	end
	return items
end

-- The next seat's turn of the window.
local function next_seat(ctx)
	ctx.i += 1
	ctx.stage = "registry"
	ctx.asked = {}
end

-- Resolves one of the seat's choosable items (see `choosable`; `key` names it): an
-- ability's hook runs (it pushes its own question), a note is played (`chosen`: its own
-- question only when it has several ways to be played), a card is played as from
-- moments.lua's window.
local function use_item(g, ctx, s: number, item, chosen: boolean?)
	ctx.asked[item.key] = true
	if item.kind == "ability" then
		if chosen then
			-- Picked in the order question: the one-question step the hook pushes answers
			-- itself when it has one option (ask_once.lua reads this mark and clears it; the
			-- window clears it when the hook pushed none), so the seat is not asked twice.
			g:set_global("ability_chosen_by", s)
		end
		require("abilities").use_at(g, s, item.id, item.point, ctx.info)
	elseif item.kind == "note" then
		g:push("note_play", { seat = s, note = item.id, info = ctx.info, chosen = true })
	else
		g:push("play_card", { seat = s, card = item.id, info = ctx.info })
	end
end

-- The question "which first?" among a seat's choosable items; "none" ends its turn.
local function order_question(g, ctx, s: number, items: { any })
	local options = {}
	for _, it in ipairs(items) do
		table.insert(options, { label = it.label, value = it.key })
	end
	return { seat = s, prompt = U.text("timing.order_prompt", U.text("moment." .. T.MOMENTS[ctx.point].cards)), rule = "TI4 §19.19",
		help = U.text("timing.order_help"), options = options, pass = U.text("timing.order_none") }
end

-- The window (ctx: point, info, order, i, stage, cards, played, asked). Seat by seat: its
-- abilities and owned laws (their hooks push their own questions or act at once, in the
-- entries' `at_order`: a hook has no separate "can use" check, so they keep that fixed
-- order, which F-43 needs — The Alastor before Assault Cannon), then its notes and action
-- cards in the order it chooses (§19.19: a player resolves its own simultaneous effects in
-- any order): with two or more, it is asked which first, resolves it, and is asked again
-- among the rest, until it says none or nothing is left; with one, that one is offered as
-- usual. Then, if anyone played a card, the passes of moments.lua go on until nobody plays.
T.timing_window = {
	run = function(g, ctx)
		local m = T.MOMENTS[ctx.point]
		local M = require("moments")
		ctx.asked = ctx.asked or {}
		-- A chosen ability whose hook pushed no one-question step leaves its mark unread.
		if g:global("ability_chosen_by") ~= nil then
			g:set_global("ability_chosen_by", nil)
		end
		while not U.over(g) and ctx.i <= #ctx.order do
			local s = ctx.order[ctx.i]
			-- A turn ended at this moment (Nullification Field, Minister of Peace: global
			-- "turn_ended", tactical.lua) leaves the later seats nothing to act on: neither
			-- their abilities, laws and notes nor the action's cards.
			if g:global("turn_ended") then
				next_seat(ctx)
			elseif ctx.stage == "registry" then
				ctx.stage = "choice"
				local Ab = require("abilities")
				local points = registry_points(ctx.point)
				if Ab.holds_at(g, s, points) then
					-- A hook may push a step without saying so: a no-op step first, under
					-- whatever the hooks push, so that this window always runs again after them.
					-- Only the fixed entries here; the optional ones with `can_at` come in the
					-- seat's choice below.
					g:push("timing_resume", {})
					Ab.at(g, points, ctx.info, { s }, true)
					return nil
				end
			else
				local items = choosable(g, ctx, s)
				if #items >= 2 then
					return order_question(g, ctx, s, items)
				elseif #items == 1 and items[1].kind == "note" then
					-- One note: offered as usual, with its own "play it?" question.
					ctx.asked[items[1].key] = true
					g:push("note_play", { seat = s, note = items[1].id, info = ctx.info })
					return nil
				elseif #items == 1 and items[1].kind == "ability" then
					-- One ability: its hook, whose step asks its own question as usual.
					g:push("timing_resume", {})
					use_item(g, ctx, s, items[1])
					return nil
				end
				next_seat(ctx)
				if #items == 1 then
					-- One card left: the seat's own card window, as moments.lua asks it.
					g:window({ seats = { s }, offer = "moments.offer", respond = "moments.respond",
						data = { point = m.cards, info = ctx.info }, quiet = true })
					return nil
				end
			end
		end
		if not ctx.done then
			ctx.done = true
			-- Somebody played: more passes over every seat, until one in which nobody played.
			if ctx.cards and not g:global("turn_ended") and (g:global("usage.action_cards_played") or 0) ~= ctx.played then
				M.open(g, m.cards, ctx.info)
			end
		end
		return nil
	end,
	resolve = function(g, ctx, v)
		local s = ctx.order[ctx.i]
		if v == nil then
			next_seat(ctx) -- none of them now
			return
		end
		for _, it in ipairs(choosable(g, ctx, s)) do
			if it.key == v then
				g:push("timing_resume", {})
				use_item(g, ctx, s, it, true)
				return
			end
		end
	end,
}

-- The no-op step under a seat's pushed hooks (see `T.timing_window`).
T.timing_resume = {
	run = function(g, ctx)
		return nil
	end,
}

return T

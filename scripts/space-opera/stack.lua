--!strict
-- Space Opera: the LIFO stack of synchronous effects (SO §4.5) and its reaction windows.
--
-- A played consumable or active effect becomes an item of the global list `stack`
-- (its card waits face up in the `stack` zone). The `stack` step then offers a kernel
-- reaction window: each eligible seat in turn (the active seat first, then the others
-- in turn order) may answer with a card or pass. An answer closes the window and goes
-- on top; the window reopens. When everyone passes, the top item resolves, and the
-- window reopens after every resolution, so a new answer lands on top and resolution
-- restarts from it (SO §4.5, D9). Both rulebooks say so: revised "mientras se resuelve
-- la pila se pueden añadir nuevos sincrónicos y se volverá a iniciar su resolución";
-- classic synchronous cards "se pueden usar en cualquier momento de la ronda", and the
-- moments between two resolutions are moments of the round (nothing in the classic
-- text closes the stack once it starts resolving). An annulled item stays on the
-- stack marked `cancelled` and
-- is discarded without effect when its turn comes. No window is ever opened during a
-- revised reorganisation (it is not a context anyone plays in).
--
-- Window contexts (`kind`): `duel` and `assault` inside a war, `response` after a play
-- in the main part of a turn. The active seat may use any consumable there; the others
-- only synchronous ones (SO §4.3, §4.5).
local U = require("util")
local C = require("cards")
local E = require("effects")
local S = {}

function S.items(g)
	return g:global("stack") or {}
end

local function items_now(g)
	return g:global("stack") or {}
end

-- S.items, read once while the game does not change (g:memo): a window asks whether the
-- stack holds something, then every possible answer looks at it. Shared: do not change
-- the list or its items (S.items gives a list of one's own to change). `memo`: the
-- table g:memo() gave, when the caller has it (nil: asked here).
function S.items_seen(g, memo)
	return U.recall(g, memo or g:memo(), "stack_items", 0, items_now)
end

-- What an effect is told of a card (E.SOURCE, made once).
local function source(d)
	return E.SOURCE[d]
end

-- Calls `each(card, d, opt)` for every answer `seat` may give now: a consumable in
-- hand, affordable, with a target; stops early when `each` returns true.
local function each_response(g, seat, kind, each)
	if not U.live(g, seat) then
		return
	end
	local hand = C.hand(g, seat)
	if #hand == 0 then
		return
	end
	local active = g:global("active")
	local credits = g:get(seat, "credits") or 0
	for _, card in ipairs(hand) do
		local d = U.def(g, card)
		if d.type == "consumable" and d.effect and d.price <= credits and (seat == active or U.has_keyword(d, "synchronous")) then
			for _, opt in ipairs(E.options(g, seat, d.effect, source(d), kind)) do
				if each(card, d, opt) then
					return
				end
			end
		end
	end
end

-- What `seat` may answer with now, as options.
function S.responses(g, seat, kind)
	local out = {}
	each_response(g, seat, kind, function(card, d, opt)
		table.insert(out, { label = U.text("stack.response", d.name, opt.label), value = { card = card, target = opt.target } })
		return false
	end)
	return out
end

-- The consumables that could answer in a window, worked out once from the card data:
-- ANSWERS[kind][stacked][who] lists, in file order, the ids whose effect E.options
-- lets be used in context `kind` (its own contexts, or `stack` while the stack holds
-- something: `stacked` is 2, else 1); `who` is "any" for the active seat and "sync"
-- (synchronous cards only) for the others (SO §4.3, §4.5).
local ANSWERS = {}
do
	local kinds, known = { "response" }, { response = true }
	for _, id in ipairs(def_ids.resource) do
		local d = defs.resource[id]
		local e = d.type == "consumable" and d.effect and E[d.effect]
		if e then
			for k in pairs(e.when) do
				if not known[k] then
					known[k] = true
					table.insert(kinds, k)
				end
			end
		end
	end
	for _, kind in ipairs(kinds) do
		local by_stack = {}
		for stacked = 1, 2 do
			local any, sync = {}, {}
			for _, id in ipairs(def_ids.resource) do
				local d = defs.resource[id]
				local e = d.type == "consumable" and d.effect and E[d.effect]
				if e and (e.when[kind] == true or (e.when.stack and kind ~= "main" and stacked == 2)) then
					table.insert(any, id)
					if U.has_keyword(d, "synchronous") then
						table.insert(sync, id)
					end
				end
			end
			by_stack[stacked] = { any = any, sync = sync }
		end
		ANSWERS[kind] = by_stack
	end
end

-- Whether live `seat` has any answer now (the options' texts are not made), as
-- each_response would find; `active` is the global `active`, read once by the caller,
-- and `stacked` whether the stack holds something. Only the cards that could answer in
-- this context are looked for, each counted in the hand by its face (a few counts
-- cost less than listing the hand and reading every card's face; no possible answer
-- needs no look). A context no card names asks each_response.
local function may_respond(g, seat, kind, active, stacked, memo)
	local answers = ANSWERS[kind]
	local ids = answers and answers[stacked and 2 or 1][seat == active and "any" or "sync"]
	if ids then
		if #ids == 0 then
			return false
		end
		local credits = g:get(seat, "credits") or 0
		for _, id in ipairs(ids) do
			local d = defs.resource[id]
			-- ANSWERS has decided what E.options would of the context (`stacked` is
			-- what it would find): the targets are asked directly.
			if d.price <= credits and g:count({ zone = "hand", seat = seat, face = id }) > 0
				and #E[d.effect].targets(g, seat, source(d), memo) > 0 then
				return true
			end
		end
		return false
	end
	local any = false
	each_response(g, seat, kind, function()
		any = true
		return true
	end)
	return any
end

-- Puts an item on the stack. `spec`: {card=} for a consumable, or {effect=, amount=,
-- price=, name=} for an active effect or ability; plus `target`.
function S.play(g, seat, spec)
	local item = { seat = seat, target = spec.target or {}, cancelled = false }
	local price
	if spec.card then
		local d = U.def(g, spec.card)
		item.card, item.effect, item.amount, item.name = spec.card, d.effect, d.amount or 0, d.name
		price = d.price
		g:move(spec.card, "stack")
		g:set_owner(spec.card, seat)
		g:reveal(spec.card)
	else
		item.effect, item.amount, item.name = spec.effect, spec.amount, spec.name
		price = spec.price
	end
	g:add(seat, "credits", -price)
	item.id = g:add_global("stack_ids", 1)
	local items = S.items(g)
	table.insert(items, item)
	g:set_global("stack", items)
	g:set_global("stack_added", true)
	g:log(U.text("stack.play", seat, item.name, U.count_of(price, "word.credit"), #items))
end

function S.cancel(g, id, by)
	local items = S.items(g)
	for _, item in ipairs(items) do
		if item.id == id then
			item.cancelled = true
			g:log(U.text("stack.annulled", item.seat, item.name, by))
		end
	end
	g:set_global("stack", items)
end

-- Resolves the top item (LIFO) and discards its card; returns the item.
function S.resolve_top(g)
	local items = S.items(g)
	local item = table.remove(items)
	g:set_global("stack", items)
	-- The last few resolutions, newest last, for tests and front ends.
	local done = g:global("stack_log") or {}
	table.insert(done, string.format("%d:%s%s", item.seat, item.name, item.cancelled and " (annulled)" or ""))
	if #done > 8 then
		table.remove(done, 1)
	end
	g:set_global("stack_log", done)
	if item.cancelled then
		g:log(U.text("stack.resolve_annulled", item.seat, item.name))
	else
		g:log(U.text("stack.resolve", item.seat, item.name))
		E[item.effect].apply(g, item)
	end
	if item.card then
		C.discard_played(g, item.card)
	end
	return item
end

function S.offer(g, data, seat)
	local options = S.responses(g, seat, data.kind)
	if #options == 0 then
		return nil
	end
	local items = S.items_seen(g)
	local top = items[#items]
	local question = top and U.text("stack.answer", top.seat, top.name)
		or (data.kind == "duel" and U.text("stack.before_duel"))
		or (data.kind == "assault" and U.text("stack.before_assault"))
		or U.text("stack.play_card")
	return { prompt = question, rule = "SO §4.5", options = options, pass = U.text("stack.pass"),
		help = U.text("stack.help") }
end

function S.respond(g, data, seat, value)
	S.play(g, seat, value)
	return true -- close the window: it reopens with the new item on top
end

-- Pushes a window for the seats that could answer and returns true; returns false
-- when none can (nobody is asked: as a window in which everyone passed).
local function open(g, ctx)
	g:set_global("stack_added", false)
	-- Nothing is written from here until the window: the memo is asked for once.
	local memo = g:memo()
	local seats = {}
	local stacked = #S.items_seen(g, memo) > 0
	ctx.state = "window"
	-- No card could answer in this context (ANSWERS; the active seat's list holds the
	-- others'): may_respond would say no for every seat, so none is asked.
	local answers = ANSWERS[ctx.kind]
	if answers and #answers[stacked and 2 or 1].any == 0 then
		return false
	end
	local active = g:global("active")
	-- Who could answer is found first (mostly nobody can); only then is the order of
	-- play read, to ask them in turn (U.responders, which lists the live seats).
	local able = nil
	for s = 1, g:seats() do
		if g:get(s, "out") ~= true and may_respond(g, s, ctx.kind, active, stacked, memo) then -- U.live
			able = able or {}
			able[s] = true
		end
	end
	if able == nil then
		return false
	end
	for _, s in ipairs(U.responders(g, active or 1)) do
		if able[s] then
			table.insert(seats, s)
		end
	end
	-- Only the seats holding a card that answers are asked, so the window is quiet: every
	-- seat sees all the others as waiting, never which one is asked (the hand is secret).
	g:window({ seats = seats, offer = "stack.offer", respond = "stack.respond", data = { kind = ctx.kind }, quiet = true })
	return true
end

-- Resolves the top item; returns true when the step must wait: the effect may have
-- pushed frames (E[effect].pushes: losses), which run first (a tick keeps this frame
-- under them), or the game is over.
local function resolve_one(g, ctx)
	local item = S.resolve_top(g)
	ctx.state = "resolved"
	local e = E[item.effect]
	if (e and e.pushes) or require("victory").over(g) then
		g:push("tick", {})
		return true
	end
	return false
end

-- The `stack` step: ctx.kind is the window context. A window opens (state `window`);
-- once it closes, a new answer opens another, else the top item resolves (state
-- `resolved`) and a window opens again, until the stack is empty. What asks nobody —
-- a window no seat can answer in, a resolution that pushes nothing — goes on in the
-- same call, as the calls after it would have (a tick frame between them did nothing).
S.step = {
	run = function(g, ctx)
		-- (No call starts with the game over, V.over.)
		-- Whether the last window closed with everyone passing (no answer was added).
		local passed = ctx.state == "window" and g:global("stack_added") ~= true
		while true do
			if passed then
				if #S.items_seen(g) == 0 then
					return nil
				end
				if resolve_one(g, ctx) then
					return nil
				end
			end
			-- State nil, `resolved`, or a window that closed on an answer.
			if open(g, ctx) then
				return nil
			end
			passed = true
		end
	end,
}

-- A no-op step: pushing it keeps the caller's frame alive for one more `run`.
S.tick = {
	run = function(g, ctx)
		return nil
	end,
}

return S

--!strict
-- Twilight Imperium 4: promissory notes (TI4 §44). A note is an entity of kind
-- `promissory_note`: its face is the card (promissory_notes.ron), its owner the seat whose
-- colour or faction it belongs to, and it lies in `{zone = "notes", seat = holder}` (the
-- holder's hand, hidden: only the holder and the seat that last handed it over know its
-- face, §44.6) or, for notes played face up, in `{zone = "note_play", seat = holder}`
-- (public). This module deals, gives, gives back and plays notes at the moments the pack
-- has built; transactions.lua decides when a note changes hands. It names no note: what a
-- note does is its registry entry (abilities.lua), keyed by the note's id, in its owner's
-- module (faction_<id>.lua for a faction's note, notes_generic.lua for the colour notes
-- every seat has), so a homebrew faction's note is data plus its entry, like the rest.
--
-- An entry's part `note` (every function gets `holder`, the seat holding the note, `owner`,
-- the seat it belongs to, `note`, the entity, and `info`, what the moment knows):
-- * `at`: the moment (or a list of moments) at which its holder may play it; the rule points
--   call the functions below named after them: "after_activation" (info: seat, the active
--   one, and cell), "agenda_revealed" (revote), "after_replenish" (seat), "turn_start" (seat:
--   the start of the holder's own turn), "owner_turn_start" (seat: the start of the owner's
--   turn; also offered when received then, digest F-08), "after_research" (seat, tech),
--   "combat_round" (seats), "combat_start" (seats), "ground_combat_start" (seats),
--   "units_committed" (seat, planets), "strategy_end" ({}). At the moments shared with
--   abilities and action cards (timing.lua `T.MOMENTS`: after_activation, combat_round,
--   combat_start — a space or ground combat's start — and ground_combat_start) timing.lua offers them instead,
--   seat by seat, in the order each seat chooses among its own things (`N.usable`).
-- * `can(g, holder, owner, note, info) -> boolean`: whether it may be played now (asked for
--   notes held by another seat than their owner only, §44.2). Optional: yes.
-- * `order`: at one moment the notes are offered by `order` (default 0), then by id: the
--   first offered is pushed last (steps run last pushed first); several seats' notes of one
--   id are pushed for owners 1, 2, …
-- * `options(g, holder, owner, note, info) -> { {label, value} }`: the ways to play it now
--   (none: it is not offered). Optional: one option, value "play", labelled by `label`.
-- * `label`: the id of that one option's text, given the owner's seat (most notes: "Play it:
--   seat %d ..."). Optional: "notes.play_option", with the note's name.
-- * `play(g, holder, owner, note, info, choice)`: the effect, once the note is revealed and
--   its play logged. It returns where the note goes: nil or "back" (to its owner, §44.3),
--   "face_up" (the holder's play area; `play` may move it there itself first, when that
--   must come before the effect) or "done" (`play` put it where it belongs).
-- * `component = true`: played as a component action (TI4 §3; `can` with info {seat}),
--   `play` with choice nil.
-- * `returns_on_activation = true`: face up, it goes back to its owner when its holder
--   activates a system holding 1 or more of the owner's units (the card's `returns_when`).
-- * `expires = "<moment>"`: face up, it goes back to its owner then ("status_end",
--   "agenda_resolved"), after `expire(g, holder, owner, note)` if given.
-- * `flags`: rule switches of the holder while the note lies face up in its play area
--   (`N.any`, e.g. `trade_anyone`); `bars = { <what> = function(g, holder, owner, note,
--   info) -> boolean }`: what the owner may not do while it lies face up there (`N.barred`,
--   e.g. "production").
-- * `received(g, holder, owner, note)`: it was just handed to a seat other than its owner
--   (N.give); `left_play(g, holder, owner, note)`: it is about to leave the play area of a
--   holder other than its owner (given back, or boxed as its owner is eliminated).
-- * `action_ends(g)`: effects lasting "this action" end (asked as every turn starts).
local U = require("util")
local Ask = require("ask_once")
local A = require("abilities")
local N = {}

-- The `note` part of the registry entry of a note id, if any.
local function part(face: string): any
	local h = A.HOOKS[face]
	return h and h.note
end
N.part = part

-- The ids with a `note` part, sorted (the registry is complete once abilities.lua loads).
local NOTE_IDS: { string } = {}
for id, h in pairs(A.HOOKS) do
	if type(h) == "table" and h.note then
		table.insert(NOTE_IDS, id)
	end
end
table.sort(NOTE_IDS)
local function note_ids(): { string }
	return NOTE_IDS
end

-- Whether a note part names `moment` in its `at`.
local function timed(p: any, moment: string): boolean
	if p.at == moment then
		return true
	end
	return type(p.at) == "table" and table.find(p.at, moment) ~= nil
end

-- The ids timed at any of `moments`, in the order they are pushed: by `order` and id,
-- descending (the last pushed is offered first).
local function ids_at(moments: { string }): { string }
	local out = {}
	for _, id in ipairs(note_ids()) do
		local p = part(id)
		for _, m in ipairs(moments) do
			if timed(p, m) then
				table.insert(out, id)
				break
			end
		end
	end
	table.sort(out, function(a, b)
		local oa, ob = part(a).order or 0, part(b).order or 0
		if oa ~= ob then
			return oa > ob
		end
		return a > b
	end)
	return out
end

function N.name(g, note: number): string
	return defs.promissory_note[g:face(note)].name
end

-- The notes in a seat's hand (not those face up in its play area).
function N.hand(g, seat: number): { number }
	return g:entities({ kind = "promissory_note", zone = "notes", seat = seat })
end

-- Whether a seat has a note of `face` face up in its play area.
function N.in_play(g, seat: number, face: string): boolean
	return g:count({ kind = "promissory_note", face = face, zone = "note_play", seat = seat }) > 0
end

-- Whether a note the seat holds face up (another's, §44.2) gives it flag `flag`.
function N.any(g, seat: number, flag: string): boolean
	for _, note in ipairs(g:entities({ kind = "promissory_note", zone = "note_play", seat = seat })) do
		local p = part(g:face(note))
		if p and p.flags and p.flags[flag] and g:owner(note) ~= seat then
			return true
		end
	end
	return false
end

-- Whether a note of `seat`'s lying face up in another's play area bars it from `what` now
-- (the entry's `bars[what]`, with `info`; Stymie: "production", info {cell}).
function N.barred(g, what: string, seat: number, info: any): boolean
	for _, note in ipairs(g:entities({ kind = "promissory_note", owner = seat })) do
		local at = g:where(note)
		local p = part(g:face(note))
		if at.zone == "note_play" and at.seat ~= seat and p and p.bars and p.bars[what]
			and p.bars[what](g, at.seat, seat, note, info) then
			return true
		end
	end
	return false
end

-- Whether `seat` may not produce in `cell` because a note of its lies face up with another
-- seat that bars it (`N.barred(g, "production", …)`; production.lua asks that directly).
function N.stymied(g, seat: number, cell: number): boolean
	return N.barred(g, "production", seat, { cell = cell })
end

-- The notes timed at one of `moments` that may be played now: held by another seat than
-- their owner, whose entry's `can` says yes; with `holder`, only the notes that seat holds
-- (timing.lua asks seat by seat, TI4 §19.19-20, and names them in its order question).
-- A list of { note, holder }, in the registry's id order.
local function usable(g, moments: { string }, info: any, holder: number?): { any }
	local out = {}
	for _, id in ipairs(ids_at(moments)) do
		local p = part(id)
		for owner = 1, g:seats() do
			local note = g:first({ kind = "promissory_note", face = id, owner = owner })
			if note then
				local at = g:where(note)
				if at.zone == "notes" and at.seat ~= owner and (holder == nil or at.seat == holder)
					and (p.can == nil or p.can(g, at.seat, owner, note, info)) then
					table.insert(out, { note = note, holder = at.seat })
				end
			end
		end
	end
	return out
end

-- The notes `holder` may play now at `moments` (see `usable`), for timing.lua's order question.
function N.usable(g, moments: { string }, info: any, holder: number): { number }
	local notes = {}
	for _, u in ipairs(usable(g, moments, info, holder)) do
		table.insert(notes, u.note)
	end
	return notes
end

-- Offers every note timed at one of `moments` to its holder (see `usable`): pushes
-- `note_play` (ctx: seat, note, info). Returns whether it pushed.
local function offer(g, moments: { string }, info: any, holder: number?): boolean
	local pushed = false
	for _, u in ipairs(usable(g, moments, info, holder)) do
		g:push("note_play", { seat = u.holder, note = u.note, info = info })
		pushed = true
	end
	return pushed
end

-- Setup step 4 (TI4 §44.6): a seat's notes start in its hand, seen only by it.
function N.deal(g, seat: number, face: string)
	local note = g:create({ kind = "promissory_note", face = face, owner = seat, at = { zone = "notes", seat = seat }, hidden = true })
	g:hide(note, seat)
end

-- Returns a note to its owner's hand (TI4 §44.3-44.4), hidden again from the others; a
-- note leaving a holder's play area tells its entry first (`left_play`: Support for the
-- Throne takes its victory point back).
function N.give_back(g, note: number)
	local owner = g:owner(note)
	local at = g:where(note)
	local holder = at.seat
	local p = part(g:face(note))
	if p and p.left_play and at.zone == "note_play" and holder ~= owner then
		p.left_play(g, holder, owner, note)
	end
	g:move(note, { zone = "notes", seat = owner })
	g:hide(note, { owner, holder })
	g:log(U.text("notes.returned", N.name(g, note), holder, owner))
end

-- Hands a note from one seat to another in a transaction (TI4 §96.2, §44.5). Only the two
-- seats learn its face; a note that acts as it is received says so (`received`: Support for
-- the Throne goes face up at once and scores).
function N.give(g, note: number, from: number, to: number)
	g:move(note, { zone = "notes", seat = to })
	g:hide(note, { from, to })
	local p = part(g:face(note))
	if p and p.received and g:owner(note) ~= to then
		p.received(g, to, g:owner(note) :: number, note)
	end
end


-- Whether a seat holds a note timed at one of `moments` (another seat's, in its hand):
-- timing.lua opens its window only when some seat may have something to use.
function N.holds_timed(g, holder: number, moments: { string }): boolean
	for _, note in ipairs(g:entities({ kind = "promissory_note", zone = "notes", seat = holder })) do
		local p = part(g:face(note))
		if p and g:owner(note) ~= holder then
			for _, m in ipairs(moments) do
				if timed(p, m) then
					return true
				end
			end
		end
	end
	return false
end

-- After a seat activates a system (TI4 §5.1): the notes it holds face up that return when
-- it activates their owner's units go back (`returns_on_activation`), and the notes timed
-- "after_activation" are offered (Ceasefire, Greyfire Mutagen).
function N.after_activation(g, seat: number, cell: number)
	N.return_on_activation(g, seat, cell)
	offer(g, { "after_activation" }, { seat = seat, cell = cell })
end

-- The part of that moment that is no choice: the notes `seat` holds face up that go back
-- when it activates a system holding their owner's units (timing.lua offers the rest).
function N.return_on_activation(g, seat: number, cell: number)
	for _, note in ipairs(g:entities({ kind = "promissory_note", zone = "note_play", seat = seat })) do
		local owner = g:owner(note)
		local p = part(g:face(note))
		if p and p.returns_on_activation and owner ~= seat and g:count({ kind = U.UNIT_TYPES, owner = owner, cell = cell }) > 0 then
			N.give_back(g, note)
		end
	end
end

-- As an agenda is revealed (`revote`: a law voted again, not really revealed): the notes
-- timed "agenda_revealed" (Political Secret, Political Favor). Returns whether it pushed.
function N.agenda_revealed(g, revote: boolean?): boolean
	return offer(g, { "agenda_revealed" }, { revote = revote == true })
end

-- The face-up notes that expire at `moment` go back to their owners (`expires`).
local function expire(g, moment: string)
	for holder = 1, g:seats() do
		for _, note in ipairs(g:entities({ kind = "promissory_note", zone = "note_play", seat = holder })) do
			local p = part(g:face(note))
			if p and p.expires == moment then
				if p.expire then
					p.expire(g, holder, g:owner(note) :: number, note)
				end
				N.give_back(g, note)
			end
		end
	end
end

-- Once that agenda is resolved (or replaced, F-11): Political Secret goes back to its owner.
function N.agenda_resolved(g)
	expire(g, "agenda_resolved")
end

-- After a seat replenishes its commodities (TI4 §43.3): Trade Agreement.
function N.after_replenish(g, seat: number)
	offer(g, { "after_replenish" }, { seat = seat })
end

-- At the start of a seat's turn: the notes timed at the start of their holder's turn (Spy
-- Net, Cybernetic Enhancements, Creuss Iff) or of their owner's (Military Support).
function N.turn_start(g, seat: number)
	offer(g, { "turn_start", "owner_turn_start" }, { seat = seat })
end

-- Digest F-08: a note received in a transaction while the start of `seat`'s turn is still
-- open (transactions.lua decides that) may be played at once if it is timed at that turn's
-- start: its owner's turn ("owner_turn_start") or its holder's own ("turn_start", the
-- literal F-08: the active player receives it); its holder was not asked when the turn
-- began, as it did not hold it then (the entry's `can` says whose turn it is for).
-- Returns whether it pushed `note_play`.
function N.received_at_turn_start(g, note: number, seat: number): boolean
	local p = part(g:face(note))
	local at = g:where(note)
	local owner = g:owner(note)
	local info = { seat = seat }
	if not p or not (timed(p, "owner_turn_start") or timed(p, "turn_start")) or at.zone ~= "notes" or at.seat == owner
		or (p.can and not p.can(g, at.seat, owner, note, info)) then
		return false
	end
	g:push("note_play", { seat = at.seat, note = note, info = info })
	return true
end

-- After a seat researches a technology (TI4 §94.2): Research Agreement.
function N.after_research(g, seat: number, tid: string)
	offer(g, { "after_research" }, { seat = seat, tech = tid })
end

-- As a space combat round begins (`seats`: defender, attacker): War Funding. Returns
-- whether it pushed anything.
function N.combat_round(g, seats: { number }): boolean
	return offer(g, { "combat_round" }, { seats = seats })
end

-- Once a seat has committed units to land on `planets` (TI4 §52.2): Ragh's Call. Returns
-- whether it pushed.
function N.units_committed(g, seat: number, planets: { number }): boolean
	return offer(g, { "units_committed" }, { seat = seat, planets = planets })
end

-- Once every strategy card has been chosen (end of the strategy phase): Acquiescence, Gift
-- of Prescience.
function N.strategy_end(g)
	offer(g, { "strategy_end" }, {})
end

-- At the end of the status phase: Gift of Prescience face up goes back to Naalu.
function N.status_end(g)
	expire(g, "status_end")
end

-- TI4 §36.4, §44.7: when a seat is eliminated, the notes of its colour or faction leave the
-- game (into the box; one face up with another holder tells its entry, `left_play`), and
-- the notes of others it holds go back to their owners. For the elimination step to call.
function N.on_eliminated(g, seat: number)
	for _, note in ipairs(g:entities({ kind = "promissory_note", owner = seat })) do
		local at = g:where(note)
		local p = part(g:face(note))
		if p and p.left_play and at.zone == "note_play" and at.seat ~= seat then
			p.left_play(g, at.seat, seat, note)
		end
		g:move(note, "box")
	end
	for _, zone in ipairs({ "notes", "note_play" }) do
		for _, note in ipairs(g:entities({ kind = "promissory_note", zone = zone, seat = seat })) do
			N.give_back(g, note)
		end
	end
end

-- Where a played note goes once its effect is done (`play`'s answer; see the top).
local function settle(g, note: number, holder: number, where: string?)
	if where == nil or where == "back" then
		N.give_back(g, note)
	elseif where == "face_up" then
		local at = g:where(note)
		if at.zone ~= "note_play" or at.seat ~= holder then
			g:move(note, { zone = "note_play", seat = holder })
		end
	end
end

-- The notes a seat may play as a component action now (TI4 §3, §44.2: not its own).
function N.component_options(g, seat: number): { any }
	local options = {}
	for _, note in ipairs(N.hand(g, seat)) do
		local p = part(g:face(note))
		local owner = g:owner(note) :: number
		if p and p.component and owner ~= seat and (p.can == nil or p.can(g, seat, owner, note, { seat = seat })) then
			table.insert(options, { label = U.text("notes.play_option", N.name(g, note), owner), value = string.format("note:%d", note) })
		end
	end
	return options
end

-- Plays a component-action note (the turn's action; round.lua).
function N.play_component(g, seat: number, note: number)
	local owner = g:owner(note) :: number
	g:reveal(note)
	g:log(U.text("notes.played", seat, N.name(g, note), owner))
	settle(g, note, seat, part(g:face(note)).play(g, seat, owner, note, { seat = seat }, nil))
end

-- A holder's choice to play a note at the moment its card names (TI4 §44.1: optional).
-- ctx: seat (the holder), note, info (what the moment knew), chosen (picked already in
-- timing.lua's order question: with one way to play it, no second "play it?" question).
N.note_play = Ask.step({
	-- None (e.g. Acquiescence with a strategy card gone): nothing it could do now.
	options = function(g, ctx)
		local owner = g:owner(ctx.note) :: number
		local p = part(g:face(ctx.note))
		if p.options then
			return p.options(g, ctx.seat, owner, ctx.note, ctx.info or {})
		end
		if p.label then
			return { { label = U.text(p.label, owner), value = "play" } }
		end
		return { { label = U.text("notes.play_option", defs.promissory_note[g:face(ctx.note)].name, owner), value = "play" } }
	end,
	chosen = function(g, ctx)
		return ctx.chosen == true
	end,
	ask = function(g, ctx)
		local def = defs.promissory_note[g:face(ctx.note)]
		return { prompt = U.text("notes.play_prompt", def.name, g:owner(ctx.note)), rule = "TI4 §44", help = def.effect,
			pass = U.text("notes.keep") }
	end,
	answer = function(g, ctx, v)
		local note = ctx.note
		local owner = g:owner(note) :: number
		g:reveal(note)
		g:log(U.text("notes.played", ctx.seat, N.name(g, note), owner))
		settle(g, note, ctx.seat, part(g:face(note)).play(g, ctx.seat, owner, note, ctx.info or {}, v))
	end,
})

-- Per turn: effects that last "this action" end (round.lua calls this as a turn starts;
-- the entries' `action_ends`, in id order).
function N.new_turn(g)
	for _, id in ipairs(note_ids()) do
		local p = part(id)
		if p.action_ends then
			p.action_ends(g)
		end
	end
end

return N

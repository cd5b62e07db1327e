--!strict
-- Twilight Imperium 4: the registry of faction abilities and technologies that change a
-- rule (TI4 §19, §94, §3). The rule points (movement, production, combat, phases, the
-- turn menu) ask this module, never `if faction == …`: a faction added to factions.ron
-- adds entries to `HOOKS` (or only `modifiers` data), and nothing at the rule points.
--
-- What a seat "holds" is its faction's abilities (factions.ron), its researched
-- technologies, its flagship on the board and the laws it owns. Three kinds of answer:
-- * `A.sum(g, seat, what)`: plain numbers, read from the data's `modifiers` of the
--   abilities held (`what` is the schema's modifier name), so most numbers need no Lua;
-- * `A.any(g, seat, flag, arg)`: yes/no rule switches from `HOOKS[id].flags`;
-- * `A.at(g, point, info)`: moments; each holder's `HOOKS[id].at[point](g, seat, info)`
--   runs (it may push steps), and `A.components` / `A.play` the component actions.
-- This module sits just above util.lua and ability_entries.lua (which gathers the entries of
-- each faction's faction_<id>.lua and of the generic cards); the steps the hooks push live
-- in those faction modules, or in faction_steps.lua when several use them.
local U = require("util")
local A = {}

-- The ids a seat holds: its faction's abilities, its researched technologies, and its
-- flagship while on the board (a flagship's ability acts only from the board, TI4 §98).
local function held(g, seat: number): { string }
	local out = table.clone(U.faction(g, seat).abilities)
	for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = seat })) do
		table.insert(out, g:face(e))
		-- A card carrying another technology's text (Nekro's Valefar Assimilator, TI4 §94.16).
		local copied = g:prop(e, "copies")
		if copied then
			table.insert(out, copied)
		end
	end
	for _, e in ipairs(g:entities({ kind = "flagship", owner = seat })) do
		if g:cell_of(e) then
			table.insert(out, g:face(e))
		end
	end
	-- The laws it owns (TI4 §26.4: an elected law is its owner's to use, e.g. Minister of
	-- Peace at an activation), so that they take their place in timing windows like abilities.
	for _, e in ipairs(g:entities({ kind = "agenda", zone = "laws", owner = seat })) do
		table.insert(out, g:face(e))
	end
	-- Greyfire Mutagen (Yin's note, faction_yin.lua): no faction ability or faction technology of
	-- the seat for the rest of the action.
	if g:global("faction_silenced_" .. seat) then
		local kept = {}
		for _, id in ipairs(out) do
			local t = defs.technology[id]
			if not defs.faction_ability[id] and not (t and t.faction) then
				table.insert(kept, id)
			end
		end
		out = kept
	end
	return out
end
A.held = held

-- Sum of the `amount`s of the data modifiers named `what` over the abilities a seat holds
-- (factions.ron `modifiers`; util.lua): e.g. Fragile's -1 on combat rolls, Versatile's +1
-- command token, Armada's +2 to the fleet limit.
A.sum = U.modifier_sum

-- The behaviour the data cannot say, keyed by ability, technology or unit id (the entries
-- are in the faction_<id>.lua modules and ability_entries.lua). Each entry may have `flags` (rule switches), `at` (moments:
-- function(g, seat, info), true when it pushed a step; `at_order`: their order within a seat
-- when several are asked at one timing, see `A.at`), `component` (a component action,
-- TI4 §3: `can(g, seat)` and `play(g, seat)`, which pushes its step), `skips(g, seat,
-- tid)` (prerequisites a research may ignore), `destroyed(g, seat, e)` (by unit face) and
-- `cancel_card` (cancelling an action card another seat plays, `A.card_cancels`),
-- `can_at` (by moment: whether its optional `at` hook can be used now, so that its owner may
-- choose its order at a timing, `A.choosable`),
-- `can_strike(g, seat, foe, c)` (an entry timed at `combat_round_end`: whether it can still
-- destroy `foe`'s units in system `c`, read by stalemate.lua) and, for
-- a promissory note's id, `note` (how and when its holder plays it: notes.lua lists its
-- parts — `at`, `can`, `order`, `options`, `play`, `component`, `returns_on_activation`,
-- `expires`, `flags`, `bars`, `received`, `left_play`, `action_ends` — and asks them).
local HOOKS = require("ability_entries")
A.HOOKS = HOOKS

-- Whether a seat holds an entry with flag `flag` (for flags keyed by a value, `arg`).
function A.any(g, seat: number, flag: string, arg: string?): boolean
	for _, id in ipairs(held(g, seat)) do
		local h = HOOKS[id]
		local f = h and h.flags and h.flags[flag]
		if f == true or (type(f) == "table" and arg and f[arg]) then
			return true
		end
	end
	return false
end

-- A moment: every seat still in the game that holds an entry with `at[point]` runs it,
-- in `order`: by default the rule's order for simultaneous abilities (TI4 §19.19-20; the
-- active player is `info.active`, else `info.seat`), as action cards at a moment are. Hooks that push steps push in reverse, so that
-- callers get them in order: the hooks run from the last seat to the first. A hook
-- returns true when it pushed a step; so does `A.at` when any did (a step whose `run`
-- must return nil to let pushed steps run, and would otherwise end, asks this). At the
-- moments action cards share (timing.lua `T.MOMENTS`), the rule points call `Timing.open`
-- instead, whose window calls `A.at` for one seat at a time, before that seat's cards.
-- `point` may be a list of moment names that are one timing (a space combat's start is
-- also its first round's start, §23.2): within one seat the entries are then taken point
-- by point, and at every point by the entry's `at_order[point]` (default 0, lower first:
-- e.g. The Alastor's ground forces join before Assault Cannon counts ships), then in the
-- order the seat holds them. Such hooks must push their step rather than act at once, so
-- that what they do comes in that order.
local function as_list(point: string | { string }): { string }
	if type(point) == "table" then
		return point
	end
	return { point :: string }
end

-- The hooks of a seat's entries at `points`, in the order they are to resolve (`fixed_only`:
-- without the entries whose owner may choose their order, `can_at`, see `A.choosable`).
local function seat_hooks(g, s: number, points: { string }, fixed_only: boolean?): { any }
	local calls = {}
	for pi, point in ipairs(points) do
		for k, id in ipairs(held(g, s)) do
			local h = HOOKS[id]
			if h and h.at and h.at[point] and not (fixed_only and h.can_at and h.can_at[point]) then
				table.insert(calls, { fn = h.at[point], pi = pi, ord = (h.at_order and h.at_order[point]) or 0, k = k })
			end
		end
	end
	table.sort(calls, function(x, y): boolean
		if x.ord ~= y.ord then
			return x.ord < y.ord
		elseif x.pi ~= y.pi then
			return x.pi < y.pi
		end
		return x.k < y.k
	end)
	return calls
end

function A.at(g, point: string | { string }, info: any?, order: { number }?, fixed_only: boolean?): boolean
	local seats = order or U.resolution_order(g, info and (info.active or info.seat))
	local points = as_list(point)
	local pushed = false
	for i = #seats, 1, -1 do
		local s = seats[i]
		if not U.eliminated(g, s) then
			local calls = seat_hooks(g, s, points, fixed_only)
			for k = #calls, 1, -1 do
				if calls[k].fn(g, s, info) then
					pushed = true
				end
			end
		end
	end
	return pushed
end

-- Whether a seat still in the game holds an entry timed at `point` (one name or a list;
-- timing.lua opens its window only when some seat may have something to use; the hook itself
-- decides).
function A.holds_at(g, seat: number, point: string | { string }): boolean
	if U.eliminated(g, seat) then
		return false
	end
	return #seat_hooks(g, seat, as_list(point)) > 0
end

-- The name of a registry entry: a faction ability, a technology, a unit (a flagship's
-- component action, e.g. Muaat's The Inferno) or an owned law.
local function entry_name(id: string): string
	local def = defs.faction_ability[id] or defs.technology[id] or defs.unit[id] or defs.agenda[id]
	return def.name
end

-- The entries of a seat at `points` whose use is optional and whose entry says, apart from
-- its hook, whether it can be used now (`can_at[point](g, seat, info)`): timing.lua lets the
-- seat choose their order among its notes and cards (§19.19). A list of { id, point, name }.
-- The other entries (no `can_at`: mandatory ones, or hooks that act at once) keep their
-- fixed order, `A.at(..., fixed_only)`.
function A.choosable(g, seat: number, points: { string }, info: any): { any }
	local out = {}
	if U.eliminated(g, seat) then
		return out
	end
	for _, point in ipairs(points) do
		for _, id in ipairs(held(g, seat)) do
			local h = HOOKS[id]
			if h and h.at and h.at[point] and h.can_at and h.can_at[point] and h.can_at[point](g, seat, info) then
				table.insert(out, { id = id, point = point, name = entry_name(id) })
			end
		end
	end
	return out
end

-- Uses a seat's entry `id` at `point` (one `A.choosable` gave): runs its hook.
function A.use_at(g, seat: number, id: string, point: string, info: any)
	HOOKS[id].at[point](g, seat, info)
end

-- The component actions (TI4 §3) a seat's abilities and technologies offer now, as turn
-- menu options (value "ability:<id>").
function A.components(g, seat: number): { any }
	local options = {}
	for _, id in ipairs(held(g, seat)) do
		local h = HOOKS[id]
		if h and h.component and h.component.can(g, seat) then
			local name = entry_name(id)
			table.insert(options, { label = U.text("ability.component_option", name), value = "ability:" .. id })
		end
	end
	return options
end

-- Resolves the component action of entry `id` for a seat (the turn's action).
function A.play(g, seat: number, id: string)
	g:log(U.text("ability.used", seat, entry_name(id)))
	HOOKS[id].component.play(g, seat)
end

-- How many missing prerequisites a seat's entries let it ignore for technology `tid`
-- (TI4 §94.7), besides the Research Team laws.
function A.skips(g, seat: number, tid: string): number
	local n = 0
	for _, id in ipairs(held(g, seat)) do
		local h = HOOKS[id]
		if h and h.skips then
			n += h.skips(g, seat, tid)
		end
	end
	return n
end

-- The entries a seat holds that may buy a research of technology `tid` free of its
-- prerequisites now (`research.can`; L1Z1X's Inheritance Systems, TI4 §94.7): their ids.
function A.research_aids(g, seat: number, tid: string): { string }
	local out = {}
	for _, id in ipairs(held(g, seat)) do
		local h = HOOKS[id]
		if h and h.research and h.research.can(g, seat, tid) then
			table.insert(out, id)
		end
	end
	return out
end

-- The trade goods gains queued by util.lua `gain_tg` since the last call: for each, the
-- moment "tg_gained" ({ seat, had = its trade goods right after that gain }), in the order of
-- the gains (Mentak's Pillage). Called where pushing steps is safe: the runs of the turn,
-- the tactical action, the strategy, status and agenda phases and the game step (util.lua
-- gain_tg lists them). Returns whether a hook pushed a step.
function A.drain_tg_gained(g): boolean
	local q = g:global("tg_gained")
	if q == nil or #q == 0 then
		return false
	end
	g:set_global("tg_gained", nil)
	local pushed = false
	for i = #q, 1, -1 do
		if A.at(g, "tg_gained", { seat = q[i].seat, had = q[i].had }) then
			pushed = true
		end
	end
	return pushed
end

-- The fleet limit in each system (TI4 §45): fleet-pool tokens, plus Armada's 2.
function A.fleet_limit(g, seat: number): number
	return U.pool(g, seat, "fleet") + A.sum(g, seat, "fleet_limit")
end

-- The entries a seat may use now to cancel an action card `player` just played (TI4 §1.8;
-- Xxcha's Instinct Training): ids whose `cancel_card.can(g, seat, player)` holds; their
-- `cancel_card.pay(g, seat)` pays for it (moments.lua's Sabotage window offers them).
function A.card_cancels(g, seat: number, player: number): { string }
	local out = {}
	if U.eliminated(g, seat) then
		return out
	end
	for _, id in ipairs(held(g, seat)) do
		local h = HOOKS[id]
		if h and h.cancel_card and h.cancel_card.can(g, seat, player) then
			table.insert(out, id)
		end
	end
	return out
end

-- The hand limit of a seat (TI4 §1.4): the council's (7, or a law's), none at all for a
-- seat holding an entry with flag `no_hand_limit` (Yssaril's Crafty, which no game effect
-- can take away).
function A.hand_limit(g, seat: number): number
	if A.any(g, seat, "no_hand_limit") then
		return math.huge
	end
	return require("council").hand_limit(g)
end

-- Whether `seat` may not play action cards now because the player whose action-phase
-- turn it is holds an entry with flag `passed_cannot_play_cards` (Yssaril's Transparasteel
-- Plating) and `seat` has passed (TI4 §2.2; global "turn_seat", round.lua).
function A.cannot_play_cards(g, seat: number): boolean
	local active = g:global("turn_seat")
	return g:global("phase") == "action" and active ~= nil and active ~= seat and g:global("passed_" .. seat) == true
		and A.any(g, active, "passed_cannot_play_cards")
end

-- Whether the unit face `face` has the registry flag `flag` (a rule of that unit only,
-- e.g. Yssaril's flagship moving through other players' ships).
function A.unit_flag(face: string, flag: string): boolean
	local h = HOOKS[face]
	return h ~= nil and h.flags ~= nil and h.flags[flag] == true
end

-- The name of an entry's card (ability, technology or unit).
function A.name(id: string): string
	local d = defs.faction_ability[id] or defs.technology[id] or defs.unit[id]
	return d.name
end

-- A unit of the seat was just destroyed (moved to reinforcements): the entry keyed by the
-- unit's face, if any, may act on it (Spec Ops II, Letani Warrior II; with the cell it was
-- in when the caller knows it: Yin's Van Hauge).
function A.destroyed(g, e: number, cell: number?)
	local h = HOOKS[g:face(e)]
	if h and h.destroyed then
		h.destroyed(g, g:owner(e) :: number, e, cell)
	end
end

return A

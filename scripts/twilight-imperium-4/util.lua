--!strict
-- Twilight Imperium 4: shared helpers over the kernel API: texts, seat orders
-- (clockwise, initiative), planets, units, command tokens, payments' arithmetic,
-- victory points and the end of the game. No state is kept here.
local U = {}

local TEXTS = defs.text or {}

-- The player-facing text `id` of text.ron, its directives filled by string.format.
function U.text(id: string, ...: any): string
	local entry = TEXTS[id]
	if entry == nil then
		error(string.format('no text "%s" in text.ron', tostring(id)), 2)
	end
	if select("#", ...) == 0 then
		return entry.text
	end
	return string.format(entry.text, ...)
end

-- TI4 §81: the first player to 10 victory points wins; a cap on rounds for
-- simulations, where random players may never get there (the objectives run out
-- first in a real game: TI4 §71.15).
U.VP_TO_WIN = 10
U.MAX_ROUNDS = 20
U.HAND_LIMIT = 7 -- TI4 §1.4
U.MAX_SECRETS = 3 -- TI4 §71.21

-- Planets by id, with the system they are in (systems.ron), built once at load.
U.PLANETS = {}
U.SYSTEM_OF_PLANET = {}
for _, sid in ipairs(def_ids.system) do
	for _, p in ipairs(defs.system[sid].planets) do
		U.PLANETS[p.id] = p
		U.SYSTEM_OF_PLANET[p.id] = sid
	end
end

-- A placed system's region label, which the map's cell panel shows ("Jord (tile 1)"),
-- and the system id back from it.
function U.system_label(sid: string): string
	return U.text("galaxy.tile_name", defs.system[sid].name, defs.system[sid].tile)
end
U.SYSTEM_OF_LABEL = {}
for _, sid in ipairs(def_ids.system) do
	U.SYSTEM_OF_LABEL[U.system_label(sid)] = sid
end

-- The unit types (units.ron `type`) in the order menus list them.
U.UNIT_TYPES = { "war_sun", "flagship", "dreadnought", "cruiser", "carrier", "destroyer", "fighter", "infantry", "pds", "space_dock" }
U.SHIP_TYPES = { "war_sun", "flagship", "dreadnought", "cruiser", "carrier", "destroyer", "fighter" }
-- Ships that count against the fleet pool (TI4 §45: fighters do not).
U.FLEET_TYPES = { "war_sun", "flagship", "dreadnought", "cruiser", "carrier", "destroyer" }
U.GROUND_TYPES = { "infantry" }
U.STRUCTURE_TYPES = { "pds", "space_dock" }
-- The base unit of each type (units.ron), whose `figures` gives the pieces per colour.
U.BASE_UNIT = { war_sun = "war_sun", flagship = "flagship", dreadnought = "dreadnought", cruiser = "cruiser",
	carrier = "carrier", destroyer = "destroyer", fighter = "fighter", infantry = "infantry", pds = "pds", space_dock = "space_dock" }

U.POOLS = { "tactic", "fleet", "strategy" }

-- Whether the game has ended (U.finish sets it), so loops stop asking.
function U.over(g): boolean
	return g:global("over") == true
end

-- Whether a seat has been eliminated (TI4 §36; elimination.lua).
function U.eliminated(g, seat: number): boolean
	return g:get(seat, "eliminated") == true
end

-- Seats clockwise starting with `from` (TI4 §76: seats are numbered clockwise),
-- leaving out eliminated seats (TI4 §36).
function U.clockwise(g, from: number): { number }
	local out = {}
	local n = g:seats()
	for i = 0, n - 1 do
		local s = (from - 1 + i) % n + 1
		if not U.eliminated(g, s) then
			table.insert(out, s)
		end
	end
	return out
end

-- A seat's initiative (TI4 §72): the Naalu "0" token, else its lowest strategy card
-- taken this round; nil when it holds none.
function U.initiative(g, seat: number): number?
	if g:count({ kind = "naalu_token", zone = "strategy", seat = seat }) > 0 then
		return 0
	end
	local best = nil
	for _, card in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = seat })) do
		local i = defs.strategy_card[g:face(card)].initiative
		if best == nil or i < best then
			best = i
		end
	end
	return best
end

-- Seats in initiative order (TI4 §72); seats holding no card (outside the action and
-- status phases) follow clockwise from the speaker. Eliminated seats are left out.
function U.initiative_order(g): { number }
	local memo = g:memo()
	if memo.order then
		return memo.order
	end
	local speaker = g:global("speaker") or 1
	local rank = {}
	for i, s in ipairs(U.clockwise(g, speaker)) do
		rank[s] = i
	end
	local seats = {}
	local init = {}
	for s = 1, g:seats() do
		if rank[s] then
			table.insert(seats, s)
			init[s] = U.initiative(g, s) or (100 + rank[s])
		end
	end
	table.sort(seats, function(a, b)
		if init[a] ~= init[b] then
			return init[a] < init[b]
		end
		return rank[a] < rank[b]
	end)
	memo.order = seats
	return seats
end

-- The order in which several seats' abilities or cards at one moment resolve (TI4
-- §19.19-20, §1.9-1.10): in the action phase the active player first, then the others in
-- initiative order from it; otherwise from the speaker clockwise.
function U.resolution_order(g, active: number?): { number }
	if g:global("phase") == "action" and active then
		local order = U.initiative_order(g)
		local out = {}
		local start = table.find(order, active) or 1
		for i = 0, #order - 1 do
			table.insert(out, order[(start - 1 + i) % #order + 1])
		end
		return out
	end
	return U.clockwise(g, g:global("speaker") or 1)
end

function U.faction(g, seat: number)
	return defs.faction[g:get(seat, "faction")]
end

function U.has_ability(g, seat: number, ability: string): boolean
	for _, a in ipairs(U.faction(g, seat).abilities) do
		if a == ability then
			return true
		end
	end
	return false
end

-- Sum of the `amount`s of the data modifiers named `what` (schema.ron `modifier`) over the
-- faction abilities a seat has (factions.ron); abilities.lua calls it `A.sum`.
function U.modifier_sum(g, seat: number, what: string): number
	local n = 0
	for _, id in ipairs(U.faction(g, seat).abilities) do
		for _, m in ipairs(defs.faction_ability[id].modifiers) do
			if m.what == what then
				n += m.amount
			end
		end
	end
	return n
end

function U.has_tech(g, seat: number, tech: string): boolean
	if g:count({ kind = "technology", face = tech, zone = "researched", seat = seat }) > 0 then
		return true
	end
	-- A card carrying another technology's text (Nekro's Valefar Assimilator, TI4 §94.16).
	for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = seat, has = "copies" })) do
		if g:prop(e, "copies") == tech then
			return true
		end
	end
	return false
end

-- A seat's researched technology `tech` if it is readied (not exhausted), else nil.
function U.ready_tech(g, seat: number, tech: string): number?
	local e = g:first({ kind = "technology", face = tech, zone = "researched", seat = seat, lacks = "exhausted" })
	if e then
		return e
	end
	-- A card carrying that technology's text is exhausted in its place (Nekro's Valefar
	-- Assimilator, TI4 §94.16).
	for _, c in ipairs(g:entities({ kind = "technology", zone = "researched", seat = seat, has = "copies", lacks = "exhausted" })) do
		if g:prop(c, "copies") == tech then
			return c
		end
	end
	return nil
end

-- Exhausts the seat's ready card `tech` (U.ready_tech: the technology, or a card carrying
-- its text), as a technology's use does; the caller has checked that it is ready.
function U.exhaust_tech(g, seat: number, tech: string)
	g:set_prop(U.ready_tech(g, seat, tech) :: number, "exhausted", true)
end

-- The cell of a seat's home system.
function U.home_cell(g, seat: number): number
	return g:get(seat, "home_cell")
end

-- A cell's code and system name, as players read them ("D4 Mecatol Rex").
function U.cell_label(g, c: number): string
	local info = g:cell_info(c)
	local region = g:region_info(info.region)
	local sys = region and defs.system[U.SYSTEM_OF_LABEL[region.label] or region.label]
	return U.text("common.cell", info.code, sys and sys.name or "")
end

function U.system_of_cell(g, c: number)
	local region = g:region_info(g:region(c))
	return region and defs.system[U.SYSTEM_OF_LABEL[region.label] or region.label]
end

function U.planet_name(g, p: number): string
	return U.PLANETS[g:face(p)].name
end

function U.unit_name(face: string): string
	return defs.unit[face].name
end

function U.is_home_planet(g, p: number): boolean
	return defs.system[U.SYSTEM_OF_PLANET[g:face(p)]].home_of ~= nil
end

-- Planets a seat controls (TI4 §29), ready ones only with `ready`.
function U.planets(g, seat: number, ready: boolean?): { number }
	if ready then
		return g:entities({ kind = "planet", owner = seat, lacks = "exhausted" })
	end
	return g:entities({ kind = "planet", owner = seat })
end

-- A planet's resource or influence value (TI4 §73): the printed value plus what laws
-- attached to it add (prop `plus_resources` / `plus_influence`, council.enact).
-- A planet with prop `values_swapped` (Winnu's Hegemonic Trade Policy, for one Production)
-- reads its influence as resources and its resources as influence.
function U.value(g, p: number, what: string): number
	if g:prop(p, "values_swapped") and (what == "resources" or what == "influence") then
		what = what == "resources" and "influence" or "resources"
	end
	return U.PLANETS[g:face(p)][what] + (g:prop(p, "plus_" .. what) or 0)
end

-- What a seat could spend now (TI4 §83, §51, §63): its ready planets' resources or
-- influence, plus its trade goods.
function U.spendable(g, seat: number, what: string): number
	local total = g:get(seat, "tg") or 0
	-- Mirror Computing (Mentak, its card): each trade good is worth 2 resources or influence.
	if what ~= "tg" and require("abilities").any(g, seat, "trade_goods_doubled") then
		total *= 2
	end
	for _, p in ipairs(U.planets(g, seat, true)) do
		total += U.value(g, p, what)
	end
	return total
end

-- The unit definition a seat's piece of `type` uses now (its face).
function U.unit_def(g, seat: number, utype: string)
	local e = g:first({ kind = utype, owner = seat })
	return defs.unit[g:face(e)]
end

-- Command tokens in a seat's pool (TI4 §58).
-- The pools are the zones "tactic_pool", "fleet_pool" and "strategy_pool" of the seat.
local POOL_ZONE = { tactic = "tactic_pool", fleet = "fleet_pool", strategy = "strategy_pool" }
function U.pool(g, seat: number, pool: string): number
	return g:count({ kind = "command_token", zone = POOL_ZONE[pool], seat = seat })
end

-- Moves one command token of a seat from `from` (a pool or "cmd_reinforcements") to
-- `to`; false when there was none.
function U.move_token(g, seat: number, from: string, to: any): boolean
	local t = g:last({ kind = "command_token", zone = POOL_ZONE[from] or from, seat = seat })
	if not t then
		return false
	end
	if type(to) == "string" then
		g:move(t, { zone = POOL_ZONE[to] or to, seat = seat })
	else
		g:move(t, to)
	end
	return true
end

function U.has_token_in(g, seat: number, c: number): boolean
	return g:count({ kind = "command_token", owner = seat, cell = c }) > 0
end

-- Non-fighter ships of a seat in a system's space area (TI4 §45).
function U.fleet_count(g, seat: number, c: number): number
	return g:count({ kind = U.FLEET_TYPES, owner = seat, cell = c })
end

-- TI4 §45.3: while a seat has more non-fighter ships in system `c` than its fleet limit (its
-- fleet pool, plus Armada's 2), the last one placed there goes back to reinforcements —
-- removed, not destroyed. Every system of the seat's when `c` is nil (its pool shrank).
-- A ship removed may have carried fighters or ground forces: those beyond the capacity
-- left go too (TI4 §18.3; found when Fires of the Gashlai shrank Muaat's pool).
function U.remove_fleet_excess(g, seat: number, c: number?)
	local limit = U.pool(g, seat, "fleet") + U.modifier_sum(g, seat, "fleet_limit")
	for _, at in ipairs(c and { c } or g:cells_of({ kind = U.FLEET_TYPES, owner = seat })) do
		local removed = false
		while U.fleet_count(g, seat, at) > limit do
			local e = g:last({ kind = U.FLEET_TYPES, owner = seat, cell = at })
			g:move(e, { zone = "reinforcements", seat = seat })
			g:log(U.text("retreat.fleet_pool", seat, U.unit_name(g:face(e))))
			removed = true
		end
		if removed then
			U.check_capacity(g, seat, at)
		end
	end
end

-- Capacity of a seat's ships in a system (TI4 §18.2), with the fighters its space
-- docks there hold without capacity (TI4 §80), and what uses it: fighters and ground
-- forces in the space area.
function U.capacity(g, seat: number, c: number): (number, number)
	local cap = 0
	for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })) do
		cap += defs.unit[g:face(e)].capacity or 0
	end
	for _, e in ipairs(U.space_structures(g, seat, c)) do
		cap += defs.unit[g:face(e)].capacity or 0 -- a Floating Factory carries (TI4 §41.1)
	end
	for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
		for _, d in ipairs(g:entities({ kind = "space_dock", owner = seat, inside = p })) do
			cap += defs.unit[g:face(d)].fighters_without_capacity or 0
		end
	end
	local load = g:count({ kind = { "fighter", "infantry" }, owner = seat, cell = c })
	return cap, load
end

-- Structures in a space area, not on a planet (TI4 §41.1: the Clan of Saar's Floating
-- Factory; a structure whose unit data has a move value is placed so): they move and
-- retreat as ships do, carry units with their capacity, and are destroyed when blockaded
-- (TI4 §80.4, §14). A seat's ones in system `c`.
function U.space_structures(g, seat: number, c: number): { number }
	return g:entities({ kind = U.STRUCTURE_TYPES, owner = seat, cell = c })
end

-- Whether a seat's pieces of `kind` go in a space area instead of on a planet (TI4 §41.1):
-- its face for that structure type has a move value.
function U.placed_in_space(g, seat: number, kind: string): boolean
	local e = g:first({ kind = kind, owner = seat })
	return e ~= nil and defs.unit[g:face(e)].category == "structure" and defs.unit[g:face(e)].move ~= nil
end

-- Hybrid Crystal Fighter II (Naalu's unit upgrade, technologies.ron): the seat's fighters
-- beyond its ships' capacity in a system count as half a ship each against its fleet pool
-- (TI4 §45), so they may stay there instead of being removed (§18.3). Keyed by the face
-- the upgrade gives every fighter of the seat (E-03).
local HALF_SHIP_FIGHTERS = { naalu_hybrid_crystal_fighter_2 = true }

local function half_ship_fighters(g, seat: number): boolean
	local f = g:first({ kind = "fighter", owner = seat })
	return f ~= nil and HALF_SHIP_FIGHTERS[g:face(f)] == true
end

-- What a seat's space area in a system may hold: its capacity, the fighters beyond it its
-- fleet pool holds (two per fleet-limit place no non-fighter ship uses: half a ship each),
-- and the fighters and ground forces there.
local function holding(g, seat: number, c: number): (number, number, number, number)
	local cap = U.capacity(g, seat, c)
	local room = 0
	if half_ship_fighters(g, seat) then
		local limit = U.pool(g, seat, "fleet") + U.modifier_sum(g, seat, "fleet_limit") -- §45, Armada
		room = 2 * math.max(0, limit - U.fleet_count(g, seat, c))
	end
	return cap, room, g:count({ kind = "fighter", owner = seat, cell = c }), g:count({ kind = "infantry", owner = seat, cell = c })
end

-- TI4 §18.3, §45: what is over the limits in a system's space area: fighters and ground
-- forces together beyond the capacity and the fleet pool's room for fighters, and ground
-- forces beyond the capacity alone (they never count against the fleet pool).
function U.over_capacity(g, seat: number, c: number): (number, number)
	local cap, room, fighters, ground = holding(g, seat, c)
	return math.max(0, fighters + ground - cap - room), math.max(0, ground - cap)
end

-- Whether one more fighter or ground force (`kind`) of the seat fits in a system's space.
function U.room_for(g, seat: number, c: number, kind: string): boolean
	local cap, room, fighters, ground = holding(g, seat, c)
	if kind ~= "fighter" then
		return ground + 1 <= cap and fighters + ground + 1 <= cap + room
	end
	return fighters + ground + 1 <= cap + room
end

-- The places a seat's units take in a system against its fleet pool (TI4 §45):
-- non-fighter ships, and half a ship for each fighter beyond capacity (Hybrid Crystal
-- Fighter II; ground forces use the capacity first). Rounded up: the pool holds whole ships.
function U.fleet_used(g, seat: number, c: number): number
	local n = U.fleet_count(g, seat, c)
	if not half_ship_fighters(g, seat) then
		return n
	end
	local cap = U.capacity(g, seat, c)
	local fighters, ground = g:count({ kind = "fighter", owner = seat, cell = c }), g:count({ kind = "infantry", owner = seat, cell = c })
	local beyond = math.max(0, fighters - math.max(0, cap - ground))
	return n + math.ceil(beyond / 2)
end

-- A seat's ships in system `c` whose unit data has `field` (a move value, Bombardment…).
function U.ships_with(g, seat: number, c: number, field: string): { number }
	local out = {}
	for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })) do
		if defs.unit[g:face(e)][field] then
			table.insert(out, e)
		end
	end
	return out
end

-- Whether a cell's space area holds ships of a seat other than `seat`.
-- Whether one more non-fighter ship of a seat fits in a system under its fleet pool (TI4
-- §45): the cards that place ships (War Effort, Ghost Ship, Warfare Rider) ask this.
function U.fleet_room(g, seat: number, c: number): boolean
	return g:count({ kind = U.FLEET_TYPES, owner = seat, cell = c }) < U.pool(g, seat, "fleet")
end

function U.enemy_ships(g, seat: number, c: number): boolean
	for _, o in ipairs(g:owners({ kind = U.SHIP_TYPES, cell = c })) do
		if o ~= seat then
			return true
		end
	end
	return false
end

-- TI4 §18.3: fighters and ground forces in a space area beyond capacity go back to
-- reinforcements (fighters first, unless only ground forces are over: U.over_capacity).
function U.check_capacity(g, seat: number, c: number)
	local over, ground_over = U.over_capacity(g, seat, c)
	while over > 0 or ground_over > 0 do
		local e = nil
		if over > ground_over then
			e = g:last({ kind = "fighter", owner = seat, cell = c })
		end
		e = e or g:last({ kind = "infantry", owner = seat, cell = c })
		if not e then
			break
		end
		g:move(e, { zone = "reinforcements", seat = seat })
		g:log(U.text("common.over_capacity", seat, U.unit_name(g:face(e)), U.cell_label(g, c)))
		over, ground_over = U.over_capacity(g, seat, c)
	end
end

-- Trade goods and commodities (TI4 §63, §43).
-- A gain is also queued (global "tg_gained") for abilities that answer "after a player
-- gains trade goods" (Mentak's Pillage): abilities.lua `drain_tg_gained` runs them at the
-- next safe point (the tactical action between its stages, the turn step, the strategy
-- phase after each pick, the status phase between its stages, the agenda phase between
-- agendas, the game step between rounds), not inside whatever step is
-- resolving. A transaction adds its trade goods itself and is answered by its own moment
-- ("transaction_done", transactions.lua): one chance per transaction, not two.
function U.gain_tg(g, seat: number, n: number)
	g:add(seat, "tg", n)
	if n > 0 then
		-- With the count it reached: Pillage's "if it has 3 or more" is read at the gain,
		-- though answered later (F-45: each gain is judged on its own).
		local q = g:global("tg_gained") or {}
		table.insert(q, { seat = seat, had = g:get(seat, "tg") or 0 })
		g:set_global("tg_gained", q)
	end
end

-- Victory points (TI4 §81): `source` is "public", "secret" or "other" for the reports.
-- Reaching the goal ends the game at once (TI4 §81.3).
function U.vp(g, seat: number, n: number, source: string)
	g:add(seat, "vp", n)
	g:add(seat, "vp_" .. source, n)
	if g:get(seat, "vp") >= U.VP_TO_WIN and not U.over(g) then
		g:log(U.text("common.wins", seat, g:get(seat, "vp")))
		U.finish(g)
	end
end

-- The items of `list` with the highest `score`, all of them when tied, in list order
-- (none for an empty list), and that score.
function U.most(list: { any }, score: (any) -> number): ({ any }, number)
	local best, out = -math.huge, {}
	for _, x in ipairs(list) do
		local v = score(x)
		if v > best then
			best, out = v, { x }
		elseif v == best then
			table.insert(out, x)
		end
	end
	return out, best
end

-- The seats in the game no other seat has more victory points than (Spark a Rebellion:
-- "the player with the most"; a tie for the most counts, our reading).
function U.vp_leaders(g): { number }
	local seats = {}
	for s = 1, g:seats() do
		if not U.eliminated(g, s) then
			table.insert(seats, s)
		end
	end
	return (U.most(seats, function(s)
		return g:get(s, "vp") or 0
	end))
end

-- Victory points gained by several seats at the same time (TI4 §81.5, §81.7): all are
-- added before the win is checked, so a tie at the goal goes to U.finish's order.
function U.vp_together(g, seats: { number }, n: number, source: string)
	for _, s in ipairs(seats) do
		g:add(s, "vp", n)
		g:add(s, "vp_" .. source, n)
	end
	local winner = nil
	for _, s in ipairs(U.initiative_order(g)) do
		if g:get(s, "vp") >= U.VP_TO_WIN and (winner == nil or g:get(s, "vp") > g:get(winner, "vp")) then
			winner = s
		end
	end
	if winner and not U.over(g) then
		g:log(U.text("common.wins", winner, g:get(winner, "vp")))
		U.finish(g)
	end
end

-- Ends the game (TI4 §81.7-8, §71.15): most VP first, ties by initiative order.
function U.finish(g)
	if U.over(g) then
		return
	end
	local order = U.initiative_order(g)
	local rank = {}
	for i, s in ipairs(order) do
		rank[s] = i
	end
	local scores, ranking = {}, {}
	for s = 1, g:seats() do
		scores[s] = g:get(s, "vp") or 0
		table.insert(ranking, s)
		-- TI4 §36: an eliminated seat is out of the game: it ranks after the others.
		rank[s] = rank[s] or (1000 + s)
	end
	table.sort(ranking, function(a, b)
		if (rank[a] > 1000) ~= (rank[b] > 1000) then
			return rank[a] < rank[b]
		end
		if scores[a] ~= scores[b] then
			return scores[a] > scores[b]
		end
		return rank[a] < rank[b]
	end)
	g:set_global("over", true)
	g:finish({ scores = scores, ranking = ranking })
end

-- A card drawn into a seat's own `zone` (its hand, its secrets): hidden from the others,
-- and only that seat is told its name (`text` takes the name).
local function take_hidden(g, card: number, seat: number, zone: string, text: string, name: string)
	g:move(card, { zone = zone, seat = seat })
	g:hide(card, seat)
	g:log_to(seat, U.text(text, name))
end

-- Draws an action card for a seat (TI4 §1.1): hidden from everyone else; the discard
-- pile is shuffled back when the deck is empty.
function U.draw_action(g, seat: number): boolean
	local card = g:last({ zone = "action_deck" })
	if not card then
		for _, c in ipairs(g:entities({ zone = "action_discard" })) do
			g:hide(c)
			g:move(c, "action_deck")
		end
		g:shuffle_zone("action_deck")
		card = g:last({ zone = "action_deck" })
	end
	if not card then
		return false
	end
	take_hidden(g, card, seat, "hand", "cards.you_draw", defs.action_card[g:face(card)].name)
	return true
end

-- Draws a secret objective for a seat (TI4 §71.22), hidden from the others.
function U.draw_secret(g, seat: number): boolean
	local card = g:last({ zone = "secret_deck" })
	if not card then
		return false
	end
	take_hidden(g, card, seat, "secrets", "objectives.you_draw_secret", defs.objective[g:face(card)].name)
	-- TI4 §71.21: over the limit, one goes back (cards.return_secret) before play goes on.
	if g:count({ kind = "secret_objective", zone = "secrets", seat = seat }) + g:count({ kind = "secret_objective", zone = "scored", seat = seat }) > U.MAX_SECRETS then
		g:set(seat, "returning_secret", true)
	end
	return true
end

return U

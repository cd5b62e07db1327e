--!strict
-- Twilight Imperium 4: objectives (TI4 §71): revealing public objectives, what each
-- objective asks, and scoring. Status-phase objectives are read from the position
-- (`O.REQ`); action-phase secret objectives are events (a ship destroyed, a combat won):
-- the step where one happens calls `O.met`, and the player may score it at once (§71.5).
local U = require("util")
local Tech = require("tech")
local Co = require("council")
local O = {}

-- Adjacent systems (TI4 §8): neighbours and wormhole links (and law Wormhole
-- Reconstruction's).
function O.adjacent(g, c: number): { number }
	local out = {}
	for _, n in ipairs(g:neighbors(c)) do
		table.insert(out, n)
	end
	for _, k in ipairs(Co.adjacency_links(g)) do
		for _, n in ipairs(g:links(c, k)) do
			table.insert(out, n)
		end
	end
	return out
end

local function ship_cells(g, seat: number): { number }
	return g:cells_of({ kind = U.SHIP_TYPES, owner = seat })
end

-- How many of the planets the seat controls pass `test`.
local function planets_where(g, seat: number, test: (number) -> boolean): number
	local n = 0
	for _, p in ipairs(U.planets(g, seat)) do
		if test(p) then
			n += 1
		end
	end
	return n
end

local function trait_count(g, seat: number, trait: string): number
	return planets_where(g, seat, function(p)
		return U.PLANETS[g:face(p)].trait == trait
	end)
end

local function max_trait(g, seat: number): number
	local best = 0
	for _, t in ipairs({ "cultural", "hazardous", "industrial" }) do
		best = math.max(best, trait_count(g, seat, t))
	end
	return best
end

local function non_home(g, seat: number): number
	return planets_where(g, seat, function(p)
		return not U.is_home_planet(g, p)
	end)
end

local function specialties(g, seat: number): number
	return planets_where(g, seat, function(p)
		return U.PLANETS[g:face(p)].specialty ~= nil
	end)
end

local function colours_with(g, seat: number, k: number): number
	local n = 0
	for _, v in pairs(Tech.colours(g, seat)) do
		if v >= k then
			n += 1
		end
	end
	return n
end

-- Systems with the seat's ships that are next to a cell satisfying `pred`.
local function ships_next_to(g, seat: number, pred): number
	local n = 0
	for _, c in ipairs(ship_cells(g, seat)) do
		for _, a in ipairs(O.adjacent(g, c)) do
			if pred(a) then
				n += 1
				break
			end
		end
	end
	return n
end

local function units_in_play(g, seat: number, kind: string): number
	return g:count({ kind = kind, owner = seat }) - g:count({ kind = kind, zone = "reinforcements", seat = seat })
end

local function home_of_other(g, seat: number, c: number): boolean
	for s = 1, g:seats() do
		if s ~= seat and U.home_cell(g, s) == c then
			return true
		end
	end
	return false
end

local function has_wormhole(g, c: number, w: string): boolean
	for _, x in ipairs(U.system_of_cell(g, c).wormholes) do
		if x == w then
			return true
		end
	end
	return false
end

-- What each objective asks: `check(g, seat)` for the ones met by a position, `spend`
-- (resources, influence, trade goods), `tokens` (command tokens from the tactic and
-- strategy pools) or `discard` (action cards) for the ones paid when scored.
O.REQ = {
	-- Stage I (TI4 §71; objectives.ron)
	corner_the_market = { check = function(g, s) return max_trait(g, s) >= 4 end },
	develop_weaponry = { check = function(g, s) return Tech.upgrades(g, s) >= 2 end },
	diversify_research = { check = function(g, s) return colours_with(g, s, 2) >= 2 end },
	erect_a_monument = { spend = "resources", n = 8 },
	expand_borders = { check = function(g, s) return non_home(g, s) >= 6 end },
	found_research_outposts = { check = function(g, s) return specialties(g, s) >= 3 end },
	intimidate_council = { check = function(g, s)
		local mecatol = g:global("mecatol")
		return ships_next_to(g, s, function(a) return a == mecatol end) >= 2
	end },
	lead_from_the_front = { tokens = 3 },
	negotiate_trade_routes = { spend = "tg", n = 5 },
	sway_the_council = { spend = "influence", n = 8 },
	-- Stage II
	centralize_galactic_trade = { spend = "tg", n = 10 },
	conquer_the_weak = { check = function(g, s)
		for _, p in ipairs(U.planets(g, s)) do
			if home_of_other(g, s, g:cell_of(p)) then
				return true
			end
		end
		return false
	end },
	form_galactic_brain_trust = { check = function(g, s) return specialties(g, s) >= 5 end },
	found_a_golden_age = { spend = "resources", n = 16 },
	galvanize_the_people = { tokens = 6 },
	manipulate_galactic_law = { spend = "influence", n = 16 },
	master_the_sciences = { check = function(g, s) return colours_with(g, s, 2) >= 4 end },
	revolutionize_warfare = { check = function(g, s) return Tech.upgrades(g, s) >= 3 end },
	subdue_the_galaxy = { check = function(g, s) return non_home(g, s) >= 11 end },
	unify_the_colonies = { check = function(g, s) return max_trait(g, s) >= 6 end },
	-- Secret objectives scored in the status phase
	adapt_new_strategies = { check = function(g, s)
		local n = 0
		for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = s })) do
			if defs.technology[g:face(e)].faction then
				n += 1
			end
		end
		return n >= 2
	end },
	become_the_gatekeeper = { check = function(g, s)
		local a, b = false, false
		for _, c in ipairs(ship_cells(g, s)) do
			a = a or has_wormhole(g, c, "alpha")
			b = b or has_wormhole(g, c, "beta")
		end
		return a and b
	end },
	control_the_region = { check = function(g, s) return #ship_cells(g, s) >= 6 end },
	cut_supply_lines = { check = function(g, s)
		for _, c in ipairs(ship_cells(g, s)) do
			for _, o in ipairs(g:owners({ kind = "space_dock" })) do
				if o ~= s and #g:cells_of({ kind = "space_dock", owner = o }) > 0 then
					for _, d in ipairs(g:cells_of({ kind = "space_dock", owner = o })) do
						if d == c then
							return true
						end
					end
				end
			end
		end
		return false
	end },
	establish_a_perimeter = { check = function(g, s) return units_in_play(g, s, "pds") >= 4 end },
	forge_an_alliance = { check = function(g, s) return trait_count(g, s, "cultural") >= 4 end },
	form_a_spy_network = { discard = 5 },
	fuel_the_war_machine = { check = function(g, s) return units_in_play(g, s, "space_dock") >= 3 end },
	gather_a_mighty_fleet = { check = function(g, s) return units_in_play(g, s, "dreadnought") >= 5 end },
	learn_the_secrets_of_the_cosmos = { check = function(g, s)
		return ships_next_to(g, s, function(a) return g:terrain(a) ~= "space" end) >= 3
	end },
	master_the_laws_of_physics = { check = function(g, s)
		for _, v in pairs(Tech.colours(g, s)) do
			if v >= 4 then
				return true
			end
		end
		return false
	end },
	mine_rare_metals = { check = function(g, s) return trait_count(g, s, "hazardous") >= 4 end },
	monopolize_production = { check = function(g, s) return trait_count(g, s, "industrial") >= 4 end },
	occupy_the_seat_of_the_empire = { check = function(g, s)
		local m = g:global("mecatol")
		local p = g:first({ kind = "planet", cell = m })
		return g:owner(p) == s and g:count({ kind = U.SHIP_TYPES, owner = s, cell = m }) >= 3
	end },
	threaten_enemies = { check = function(g, s)
		return ships_next_to(g, s, function(a) return home_of_other(g, s, a) end) >= 1
	end },
}

-- TI4 §71.16: public objectives need every planet of the seat's home system.
function O.holds_home(g, seat: number): boolean
	-- Saar's Nomadic (TI4 §19, faction_saar.lua): its home planets are not required.
	if require("abilities").any(g, seat, "score_without_home") then
		return true
	end
	for _, p in ipairs(g:entities({ kind = "planet", cell = U.home_cell(g, seat) })) do
		if g:owner(p) ~= seat then
			return false
		end
	end
	return true
end

function O.scored(g, obj: number, seat: number): boolean
	return g:prop(obj, "by" .. seat) == true
end

-- Whether the seat meets (or can pay for) the objective now.
function O.can_score(g, seat: number, id: string): boolean
	local req = O.REQ[id]
	if not req then
		return false
	end
	if req.check then
		return req.check(g, seat)
	elseif req.spend == "tg" then
		return (g:get(seat, "tg") or 0) >= req.n
	elseif req.spend then
		return U.spendable(g, seat, req.spend) >= req.n
	elseif req.tokens then
		return U.pool(g, seat, "tactic") + U.pool(g, seat, "strategy") >= req.tokens
	elseif req.discard then
		return g:count({ kind = "action_card", zone = "hand", seat = seat }) >= req.discard
	end
	return false
end

-- Public objectives a seat may score now (revealed, not yet scored by it).
function O.public_options(g, seat: number, phase: string): { number }
	local out = {}
	if not O.holds_home(g, seat) then
		return out
	end
	for _, obj in ipairs(g:entities({ zone = "objectives" })) do
		local id = g:face(obj)
		if defs.objective[id].phase == phase and not O.scored(g, obj, seat) and O.can_score(g, seat, id) then
			table.insert(out, obj)
		end
	end
	return out
end

function O.secret_options(g, seat: number, phase: string): { number }
	local out = {}
	for _, obj in ipairs(g:entities({ kind = "secret_objective", zone = "secrets", seat = seat })) do
		local id = g:face(obj)
		if defs.objective[id].phase == phase and O.can_score(g, seat, id) then
			table.insert(out, obj)
		end
	end
	return out
end

-- TI4 §71.14: the next public objective face up (stage II once stage I is out);
-- false when none is left.
function O.reveal_next(g): boolean
	local obj = g:last({ zone = "stage_1_row" }) or g:last({ zone = "stage_2_row" })
	if not obj then
		return false
	end
	g:move(obj, "objectives")
	g:reveal(obj)
	g:log(U.text("objectives.revealed", defs.objective[g:face(obj)].name, defs.objective[g:face(obj)].requirement))
	return true
end

-- Scoring (TI4 §71.12, §71.18): pays what the objective asks (pushing a payment or a
-- discard), marks it and gains its VP.
function O.score(g, seat: number, obj: number)
	local id = g:face(obj)
	local def = defs.objective[id]
	local req = O.REQ[id] or {} -- (action-phase objectives are events: nothing to pay)
	if req.spend == "tg" then
		g:add(seat, "tg", -req.n)
	elseif req.spend then
		g:push("pay", { seat = seat, what = req.spend, amount = req.n })
	elseif req.tokens then
		g:push("pay_tokens", { seat = seat, n = req.tokens })
	elseif req.discard then
		g:push("discard", { seat = seat, n = req.discard })
	end
	g:set_prop(obj, "by" .. seat, true)
	-- A secret objective made public by law Classified Document Leaks is scored as public.
	local secret = def.stage == "secret" and not g:prop(obj, "leaked")
	if secret then
		g:move(obj, { zone = "scored", seat = seat })
		g:reveal(obj)
	end
	g:log(U.text("objectives.scored", seat, def.name, def.vp))
	U.vp(g, seat, def.vp, secret and "secret" or "public")
end

-- Action-phase objectives (TI4 §71.5, §71.7) ------------------------------------------
-- Their conditions are events, raised where they happen (the objective ids they meet):
--   destroy_their_greatest_ship  hits.lua apply, ac_combat.lua Direct Hit: another
--                                player's war sun or flagship destroyed by the seat;
--   turn_their_fleets_to_dust    cannon.lua: a Space Cannon hit destroys a player's last ship
--                                in the system (not Direct Hit, not capacity: digest F-12);
--   make_an_example_of_their_world  invasion.lua roll: Bombardment destroys a player's last
--                                ground forces on a planet;
--   spark_a_rebellion            combat.lua, invasion.lua: a combat won against a player no
--                                one has more VP than;
--   unveil_flagship              combat.lua: a space combat won with the seat's flagship
--                                there (so not destroyed in it).
-- Every one of them happens inside a tactical action (so in the action phase).

-- §71.7: one objective during or after each combat. A combat is named by the tactical
-- action (its serial, tactical.lua) and its area: "space" (Space Cannon offense and the
-- space combat) or "ground:<planet>" (its bombardment and ground combat).
function O.combat_key(g, area: string): string
	return string.format("%d:%s", g:global("tactical_serial") or 0, area)
end

local function combat_used(g, seat: number, key: string): boolean
	return g:global("objective_combat_" .. seat) == key
end

-- The objectives `seat` may score for the event meeting `ids`: its own unscored secret
-- ones (§71.19), and one made public by Classified Document Leaks that it has not scored
-- (as a public objective: §71.16, its home planets).
local function met_options(g, seat: number, ids: { string }): { number }
	local out = {}
	for _, obj in ipairs(g:entities({ kind = "secret_objective", zone = "secrets", seat = seat })) do
		if table.find(ids, g:face(obj)) then
			table.insert(out, obj)
		end
	end
	if O.holds_home(g, seat) then
		for _, obj in ipairs(g:entities({ kind = "secret_objective", zone = "objectives" })) do
			if table.find(ids, g:face(obj)) and not O.scored(g, obj, seat) then
				table.insert(out, obj)
			end
		end
	end
	return out
end

-- §71.5: the event meeting `ids` just happened for `seat` in the combat `area`; when it
-- holds one of them and has scored nothing in this combat yet, it is asked (quietly, so
-- nobody learns it was asked) whether to score one now. Returns whether it pushed.
function O.met(g, seat: number, ids: { string }, area: string): boolean
	local key = O.combat_key(g, area)
	if U.over(g) or U.eliminated(g, seat) or combat_used(g, seat, key) or #met_options(g, seat, ids) == 0 then
		return false
	end
	g:push("score_action", { seat = seat, ids = ids, key = key })
	return true
end

-- The question: one window for the seat alone.
O.score_action = {
	run = function(g, ctx)
		if ctx.asked or U.over(g) then
			return nil
		end
		ctx.asked = true
		g:window({ seats = { ctx.seat }, offer = "objectives.offer_action", respond = "objectives.respond_action",
			data = { ids = ctx.ids, key = ctx.key }, quiet = true })
		return nil
	end,
}

function O.offer_action(g, data, seat: number)
	if combat_used(g, seat, data.key) then
		return nil
	end
	local options = {}
	for _, obj in ipairs(met_options(g, seat, data.ids)) do
		local def = defs.objective[g:face(obj)]
		table.insert(options, { label = U.text("objectives.option", def.name, def.vp, def.requirement), value = obj })
	end
	if #options == 0 then
		return nil
	end
	return { prompt = U.text("objectives.prompt_action"), rule = "TI4 §71.5, §71.7", help = U.text("objectives.help_action"),
		options = options, pass = U.text("objectives.not_now") }
end

function O.respond_action(g, data, seat: number, obj: number): boolean
	g:set_global("objective_combat_" .. seat, data.key) -- §71.7
	g:add_global("usage.action_objectives_scored", 1) -- (for `orrery simulate`'s report)
	O.score(g, seat, obj)
	return true
end

-- TI4 §71.21: at most 3 secret objectives, scored and unscored; an extra one goes back.
function O.secret_count(g, seat: number): number
	return g:count({ kind = "secret_objective", zone = "secrets", seat = seat }) + g:count({ kind = "secret_objective", zone = "scored", seat = seat })
end

return O

--!strict
-- Twilight Imperium 4: the effect of each agenda card's outcomes (TI4 §26; the cards'
-- data and their outcomes in our words are in agendas.ron), keyed by agenda id. An entry
-- does what happens when the card resolves; laws that change another rule while in play
-- are read there through council.lua (their entry here may be empty). agendas.lua places
-- or discards the card first, then calls the entry. Cards with a partial entry, or none,
-- are listed in COVERAGE.md with the reason.
local U = require("util")
local UT = require("unit_tokens")
local Co = require("council")
local O = require("objectives")
local F = {}

-- Seats that cast votes for `outcome` (ctx.cast: seat -> outcome).
local function voters(g, cast, outcome: string): { number }
	local out = {}
	for s = 1, g:seats() do
		if cast[tostring(s)] == outcome then
			table.insert(out, s)
		end
	end
	return out
end

-- Units of any kind a seat has on a planet or in a space area, to reinforcements (TI4 §34).
local UNIT_KINDS = U.UNIT_TYPES
local function destroy_on_planet(g, p: number, kinds): number
	local n = 0
	for _, e in ipairs(g:entities({ kind = kinds or UNIT_KINDS, inside = p })) do
		g:move(e, { zone = "reinforcements", seat = g:owner(e) })
		n += 1
	end
	return n
end

local function discard_hand(g, seat: number)
	for _, c in ipairs(g:entities({ kind = "action_card", zone = "hand", seat = seat })) do
		g:move(c, "action_discard")
		g:reveal(c)
	end
	g:log(U.text("law.discards_hand", seat))
end

-- Delayed effects "at the start of the next strategy phase": a global list that
-- agendas.strategy_start applies and clears (round.lua's strategy phase calls it).
local function at_strategy_start(g, what: string, seats: { number })
	local list = g:global("at_strategy_start") or {}
	table.insert(list, { what = what, seats = seats })
	g:set_global("at_strategy_start", list)
end

local function all_seats(g): { number }
	local out = {}
	for s = 1, g:seats() do
		table.insert(out, s)
	end
	return out
end

local function vp_all(g, seats: { number }, n: number)
	-- Gains at the same time: all added, then the win checked once (TI4 §81.7, R-10).
	U.vp_together(g, seats, n, "other")
end

-- Units of a seat in a system: ships and ground forces in space, and on its planets.
function F.units_in_system(g, seat: number, c: number): { number }
	local out = g:entities({ kind = UNIT_KINDS, owner = seat, cell = c })
	for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
		for _, e in ipairs(g:entities({ kind = UNIT_KINDS, owner = seat, inside = p })) do
			table.insert(out, e)
		end
	end
	return out
end

-- The effects, keyed by agenda id: f(g, o) with o = { card, outcome ("for", "against"
-- or the elected "p:"/"e:" value), target (the elected seat or entity), cast }.
local EFFECT = {}
F.EFFECT = EFFECT

EFFECT.anti_intellectual_revolution = function(g, o)
	-- For: the law (tech.lua asks for a ship after each research).
	if o.outcome == "against" then
		at_strategy_start(g, "exhaust_per_technology", all_seats(g))
	end
end

EFFECT.archived_secret = function(g, o)
	U.draw_secret(g, o.target)
	g:push("return_secret", { seat = o.target })
end

EFFECT.arms_reduction = function(g, o)
	if o.outcome == "for" then
		for i = g:seats(), 1, -1 do
			local s = U.clockwise(g, g:global("speaker"))[i]
			for _, k in ipairs({ { "cruiser", 4 }, { "dreadnought", 2 } }) do
				local excess = g:count({ kind = k[1], owner = s }) - g:count({ kind = k[1], zone = "reinforcements", seat = s }) - k[2]
				if excess > 0 then
					g:push("destroy_units", { seat = s, kinds = { k[1] }, n = excess })
				end
			end
		end
	else
		at_strategy_start(g, "exhaust_specialties", all_seats(g))
	end
end

EFFECT.classified_document_leaks = function(g, o)
	-- The elected secret objective becomes public (objectives.lua scores it as one); its
	-- scorer keeps the VP and it no longer counts among that seat's secrets.
	local obj = o.target
	g:set_prop(obj, "leaked", true)
	g:set_prop(o.card, "objective", obj)
	g:move(obj, "objectives")
	g:log(U.text("law.leaked", defs.objective[g:face(obj)].name))
end

EFFECT.colonial_redistribution = function(g, o)
	local p = o.target
	destroy_on_planet(g, p)
	g:log(U.text("law.units_destroyed_on", U.planet_name(g, p)))
	g:push("colonial", { seat = g:owner(p), planet = p })
end

EFFECT.committee_formation = function(g, o) end -- its owner uses it (agenda.lua)

EFFECT.compensated_disarmament = function(g, o)
	local p = o.target
	local n = destroy_on_planet(g, p, U.GROUND_TYPES)
	U.gain_tg(g, g:owner(p), n)
	g:log(U.text("law.disarmament", U.planet_name(g, p), n, g:owner(p)))
end

EFFECT.conventions_of_war = function(g, o)
	-- For: the law stays in play; council.may_bombard forbids bombarding cultural planets.
	if o.outcome == "against" then
		for _, s in ipairs(voters(g, o.cast, "against")) do
			discard_hand(g, s)
		end
	end
end

EFFECT.core_mining = function(g, o)
	local inf = g:last({ kind = "infantry", inside = o.target })
	if inf then
		g:move(inf, { zone = "reinforcements", seat = g:owner(inf) })
	end
end

EFFECT.demilitarized_zone = function(g, o)
	destroy_on_planet(g, o.target)
	g:log(U.text("law.units_destroyed_on", U.planet_name(g, o.target)))
end

EFFECT.economic_equality = function(g, o)
	for s = 1, g:seats() do
		g:set(s, "tg", o.outcome == "for" and 5 or 0)
	end
end

EFFECT.enforced_travel_ban = function(g, o)
	if o.outcome == "against" then
		-- Every PDS in or next to a system with a wormhole is destroyed.
		local near = {}
		for _, c in ipairs(g:cells()) do
			local sys = U.system_of_cell(g, c)
			if sys and #sys.wormholes > 0 then
				near[c] = true
				for _, n in ipairs(O.adjacent(g, c)) do
					near[n] = true
				end
			end
		end
		for _, e in ipairs(g:entities({ kind = "pds" })) do
			local c = g:cell_of(e)
			if c and near[c] then
				g:move(e, { zone = "reinforcements", seat = g:owner(e) })
			end
		end
	end
end

EFFECT.executive_sanctions = function(g, o)
	for s = 1, g:seats() do
		local hand = g:entities({ kind = "action_card", zone = "hand", seat = s })
		if o.outcome == "for" then
			if #hand > require("abilities").hand_limit(g, s) then
				g:push("discard", { seat = s })
			end
		elseif #hand > 0 then
			local c = hand[g:roll(#hand)]
			g:move(c, "action_discard")
			g:reveal(c)
			g:log(U.text("law.random_discard", s, defs.action_card[g:face(c)].name))
		end
	end
end

EFFECT.fleet_regulations = function(g, o)
	if o.outcome == "against" then
		for s = 1, g:seats() do
			U.move_token(g, s, "cmd_reinforcements", "fleet")
		end
		return
	end
	-- For: at most 4 fleet tokens (council.fleet_cap, tokens.lua); ships beyond 4 in a
	-- system are removed first (TI4 §45.3), then the extra tokens.
	g:push("fleet_cap", {})
	for s = g:seats(), 1, -1 do
		for _, c in ipairs(g:cells_of({ kind = U.FLEET_TYPES, owner = s })) do
			local excess = U.fleet_count(g, s, c) - Co.fleet_cap(g)
			if excess > 0 then
				g:push("destroy_units", { seat = s, kinds = U.FLEET_TYPES, n = excess, cell = c })
			end
		end
	end
end

EFFECT.holy_planet_of_ixth = function(g, o)
	local owner = g:owner(o.target)
	g:log(U.text("law.holy_planet_gained", owner))
	U.vp(g, owner, 1, "other")
end

EFFECT.homeland_defense_act = function(g, o)
	if o.outcome == "against" then
		for s = g:seats(), 1, -1 do
			if g:count({ kind = "pds", owner = s }) > g:count({ kind = "pds", zone = "reinforcements", seat = s }) then
				g:push("destroy_units", { seat = s, kinds = { "pds" }, n = 1 })
			end
		end
	end
end

EFFECT.incentive_program = function(g, o)
	local zone = o.outcome == "for" and "stage_1_deck" or "stage_2_deck"
	local obj = g:last({ zone = zone })
	if obj then
		g:move(obj, "objectives")
		g:reveal(obj)
		g:log(U.text("objectives.revealed", defs.objective[g:face(obj)].name, defs.objective[g:face(obj)].requirement))
	end
end

EFFECT.ixthian_artifact = function(g, o)
	if o.outcome ~= "for" then
		return
	end
	local roll = g:roll(10)
	local order = U.clockwise(g, g:global("speaker"))
	if roll >= 6 then
		g:log(U.text("law.artifact_research", roll))
		for i = #order, 1, -1 do
			g:push("research", { seat = order[i] })
			g:push("research", { seat = order[i] })
		end
		return
	end
	g:log(U.text("law.artifact_destroys", roll))
	local mecatol = g:global("mecatol")
	for _, e in ipairs(g:entities({ kind = UNIT_KINDS, cell = mecatol })) do
		g:move(e, { zone = "reinforcements", seat = g:owner(e) })
	end
	for _, p in ipairs(g:entities({ kind = "planet", cell = mecatol })) do
		destroy_on_planet(g, p)
	end
	for i = #order, 1, -1 do
		local s = order[i]
		for _, c in ipairs(O.adjacent(g, mecatol)) do
			local n = #F.units_in_system(g, s, c)
			if n > 0 then
				g:push("destroy_units", { seat = s, n = math.min(3, n), cell = c })
			end
		end
	end
end

EFFECT.judicial_abolishment = function(g, o)
	Co.discard_law(g, o.target)
end

EFFECT.minister_of_policy = function(g, o) end -- round.lua draws at the status phase's end
EFFECT.minister_of_exploration = function(g, o) end -- council.gain_control
EFFECT.minister_of_sciences = function(g, o) end -- cards.lua
EFFECT.minister_of_commerce = function(g, o) end -- cards.lua, replenishing
EFFECT.minister_of_industry = function(g, o) end -- cards.lua, Construction
EFFECT.minister_of_war = function(g, o) end -- round.lua, after an action

EFFECT.miscount_disclosed = function(g, o)
	-- The elected law is voted on again as though just revealed; it stays in effect
	-- until that vote resolves (FAQ F-18).
	g:push("agenda", { n = 0, card = o.target, revote = true })
end

EFFECT.mutiny = function(g, o)
	local seats = voters(g, o.cast, "for")
	if o.outcome == "for" then
		vp_all(g, seats, 1)
	else
		for _, s in ipairs(seats) do
			if (g:get(s, "vp") or 0) > 0 then
				U.vp(g, s, -1, "other")
			end
		end
	end
end

EFFECT.new_constitution = function(g, o)
	if o.outcome == "for" then
		for _, card in ipairs(g:entities({ kind = "agenda", zone = "laws" })) do
			Co.discard_law(g, card)
		end
		at_strategy_start(g, "exhaust_home", all_seats(g))
	end
end

EFFECT.public_execution = function(g, o)
	local s = o.target
	discard_hand(g, s)
	if g:global("speaker") == s then
		g:set_global("speaker", s % g:seats() + 1)
		g:log(U.text("law.speaker_passes", s % g:seats() + 1))
	end
	g:set_global("no_vote_" .. s, true)
end

EFFECT.publicize_weapon_schematics = function(g, o)
	if o.outcome == "against" then
		for s = 1, g:seats() do
			if U.has_tech(g, s, "war_sun") then
				discard_hand(g, s)
			end
		end
	end
end

EFFECT.representative_government = function(g, o)
	if o.outcome == "against" then
		at_strategy_start(g, "exhaust_cultural", voters(g, o.cast, "against"))
	end
end

EFFECT.seed_of_an_empire = function(g, o)
	local best = nil
	for s = 1, g:seats() do
		local v = g:get(s, "vp") or 0
		if best == nil or (o.outcome == "for" and v > best) or (o.outcome == "against" and v < best) then
			best = v
		end
	end
	local seats = {}
	for s = 1, g:seats() do
		if (g:get(s, "vp") or 0) == best then
			table.insert(seats, s)
		end
	end
	vp_all(g, seats, 1)
end

EFFECT.shard_of_the_throne = function(g, o)
	U.vp(g, o.target, 1, "other")
end

EFFECT.the_crown_of_emphidia = function(g, o)
	U.vp(g, o.target, 1, "other")
end

EFFECT.shared_research = function(g, o)
	if o.outcome == "against" then
		for s = 1, g:seats() do
			local home = U.home_cell(g, s)
			if not U.has_token_in(g, s, home) then
				U.move_token(g, s, "cmd_reinforcements", home)
			end
		end
	end
end

EFFECT.swords_to_plowshares = function(g, o)
	for s = 1, g:seats() do
		local gained = 0
		for _, p in ipairs(U.planets(g, s)) do
			if o.outcome == "for" then
				local inf = g:entities({ kind = "infantry", owner = s, inside = p })
				for k = 1, math.ceil(#inf / 2) do
					g:move(inf[k], { zone = "reinforcements", seat = s })
					gained += 1
				end
			elseif Co.may_land(g, p) then
				UT.place(g, s, "infantry", { inside = p }) -- a token when no figure is left (TI4 §50.1)
			end
		end
		U.gain_tg(g, s, gained)
	end
end

EFFECT.unconventional_measures = function(g, o)
	for _, s in ipairs(voters(g, o.cast, "for")) do
		if o.outcome == "for" then
			U.draw_action(g, s)
			U.draw_action(g, s)
			g:push("discard", { seat = s })
			require("abilities").at(g, "action_cards_drawn", { seat = s }) -- Scheming (F-10)
		else
			discard_hand(g, s)
		end
	end
end

EFFECT.wormhole_reconstruction = function(g, o)
	if o.outcome == "against" then
		for s = 1, g:seats() do
			for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES, owner = s })) do
				local sys = U.system_of_cell(g, c)
				if sys and #sys.wormholes > 0 and not U.has_token_in(g, s, c) then
					U.move_token(g, s, "cmd_reinforcements", c)
				end
			end
		end
	end
end

EFFECT.wormhole_research = function(g, o)
	local order = U.clockwise(g, g:global("speaker"))
	if o.outcome == "for" then
		local wormhole_cells = {}
		for _, c in ipairs(g:cells()) do
			local sys = U.system_of_cell(g, c)
			if sys and #sys.wormholes > 0 then
				table.insert(wormhole_cells, c)
			end
		end
		-- The ships go once the researches are done: a step pushed first runs last.
		g:push("destroy_ships_in", { cells = wormhole_cells })
		for i = #order, 1, -1 do
			for _, c in ipairs(wormhole_cells) do
				if g:count({ kind = U.SHIP_TYPES, owner = order[i], cell = c }) > 0 then
					g:push("research", { seat = order[i] })
					break
				end
			end
		end
	else
		for _, s in ipairs(voters(g, o.cast, "against")) do
			g:push("return_token", { seat = s })
		end
	end
end


return F

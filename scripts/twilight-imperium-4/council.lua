--!strict
-- Twilight Imperium 4: what the galactic council has changed, as queries the other
-- rules ask: the custodians token (TI4 §31, §61), laws in force (TI4 §26.3); putting a
-- law into play and taking it out (enact, discard_law: what it adds to planets and
-- links); and the few hooks a law adds to a rule that is not the agenda's own (gaining
-- control of a planet, a won combat, neighbours). The agenda phase itself is agenda.lua; what each agenda does when
-- it resolves is agenda_effects.lua. This module pushes no step, so any rule
-- may require it (layering: util -> council -> rules -> steps).
--
-- State: a law in play is its agenda card in the public zone "laws"; an owned law
-- (TI4 §26.4) has the elected seat as its owner; a law attached to a planet keeps the
-- planet in its prop `planet`. A discarded law is in "agenda_discard" and has no effect
-- (TI4 §26.5). The custodians token is on Mecatol Rex's cell until it goes to the
-- remover's zone "play_area" (TI4 §31.3).
local U = require("util")
local Co = {}

-- TI4 §31.3-31.4, §27.1: the agenda phase runs once the token has left Mecatol Rex.
function Co.custodians_removed(g): boolean
	return g:cell_of(g:first({ kind = "custodians" })) == nil
end

-- The agenda card `id` if it is a law in play (TI4 §26.3), else nil.
function Co.law(g, id: string): number?
	local card = g:first({ kind = "agenda", face = id, zone = "laws" })
	return card
end

-- The seat owning the law `id` (TI4 §26.4), nil when it is not in play or unowned.
function Co.law_owner(g, id: string): number?
	local card = Co.law(g, id)
	return card and g:owner(card) or nil
end

-- Laws in play attached to a planet (TI4 §26.3: "attach this card").
function Co.attached(g, p: number, id: string): boolean
	local card = Co.law(g, id)
	return card ~= nil and g:prop(card, "planet") == p
end

function Co.is_mecatol(g, p: number): boolean
	return g:cell_of(p) == g:global("mecatol")
end

-- TI4 §31.1, §61.1: no ground forces committed to Mecatol Rex while the token is on it;
-- law Demilitarized Zone: no units land on, are produced on or placed on its planet.
function Co.may_land(g, p: number): boolean
	if Co.is_mecatol(g, p) and not Co.custodians_removed(g) then
		return false
	end
	return not Co.attached(g, p, "demilitarized_zone")
end

-- TI4 §31.2: the active player may remove the token before committing ground forces if
-- it can spend 6 influence and has a ground force in the system to commit to it.
Co.CUSTODIANS_COST = 6
-- What the removal costs a seat: 6, less its abilities' `custodians_cost` modifiers (data;
-- Winnu's Blood Ties: all of it), never below 0.
function Co.custodians_cost(g, seat: number): number
	return math.max(0, Co.CUSTODIANS_COST + U.modifier_sum(g, seat, "custodians_cost"))
end
function Co.may_remove_custodians(g, seat: number, c: number): boolean
	return c == g:global("mecatol") and not Co.custodians_removed(g)
		and g:count({ kind = U.GROUND_TYPES, owner = seat, cell = c }) > 0
		and U.spendable(g, seat, "influence") >= Co.custodians_cost(g, seat)
end

-- Link kinds ships move along (TI4 §10): law Enforced Travel Ban takes alpha and beta
-- wormholes out of movement; law Wormhole Reconstruction adds its links.
function Co.movement_links(g): { string }
	if Co.law(g, "enforced_travel_ban") then
		-- The ban stops alpha and beta wormholes only (its card); delta still links.
		return { "delta", "gamma" }
	end
	local kinds = Co.adjacency_links(g)
	-- Lost Star Chart (ac_combat.lua): alpha and beta systems adjacent for this action.
	if g:global("card_star_chart") then
		kinds = table.clone(kinds)
		table.insert(kinds, "star_chart")
	end
	return kinds
end

-- Link kinds that make systems adjacent (TI4 §8.2).
function Co.adjacency_links(g): { string }
	if Co.law(g, "wormhole_reconstruction") then
		return { "alpha", "beta", "delta", "gamma", "reconstruction" }
	end
	return { "alpha", "beta", "delta", "gamma" }
end

-- The cost of passing through a nebula: impassable (TI4 §69.1), 1 under law Shared
-- Research.
function Co.nebula_cost(g): any
	return Co.law(g, "shared_research") and 1 or false
end

-- TI4 §1.4: 7 action cards; 3 under law Executive Sanctions.
function Co.hand_limit(g): number
	return Co.law(g, "executive_sanctions") and 3 or U.HAND_LIMIT
end

-- TI4 §90: 2 PDS per planet; any number under law Homeland Defense Act.
function Co.pds_limit(g): number
	return Co.law(g, "homeland_defense_act") and 99 or 2
end

-- Fighters and infantry per cost (TI4 §79.2): 1 under law Regulated Conscription.
function Co.units_per_cost(g, per: number): number
	return Co.law(g, "regulated_conscription") and 1 or per
end

-- TI4 §45: a fleet pool of any size; at most 4 tokens under law Fleet Regulations.
function Co.fleet_cap(g): number
	return Co.law(g, "fleet_regulations") and 4 or 99
end

-- A bonus to a unit's combat rolls: law Prophecy of Ixth, +1 to its owner's fighters.
function Co.roll_bonus(g, seat: number, def): number
	return (def.type == "fighter" and Co.law_owner(g, "prophecy_of_ixth") == seat) and 1 or 0
end

-- Whether a seat may choose combat dice to reroll (TI4 §86): law The Crown of Thalnos,
-- its owner, in each combat round (dice.lua asks, and destroys the units whose rerolled
-- dice all missed).
function Co.rerolls_any(g, seat: number): boolean
	return Co.law_owner(g, "the_crown_of_thalnos") == seat
end

-- Whether a unit with Sustain Damage may use it: not war suns under law Publicize Weapon
-- Schematics once any player owns a war sun technology.
function Co.may_sustain(g, def): boolean
	if def.type ~= "war_sun" or not Co.law(g, "publicize_weapon_schematics") then
		return true
	end
	for s = 1, g:seats() do
		if g:count({ kind = "technology", face = "war_sun", zone = "researched", seat = s }) > 0 then
			return false
		end
	end
	return true
end

-- Whether units on a planet may be bombarded: not a cultural planet under law Conventions
-- of War (read by the bombardment targets in invasion.lua).
function Co.may_bombard(g, p: number): boolean
	return not (Co.law(g, "conventions_of_war") and U.PLANETS[g:face(p)].trait == "cultural")
end

-- After a combat (space or ground) `winner` won against `loser`: law Shard of the Throne
-- goes to the winner, with its VP, when the loser owns it.
function Co.combat_won(g, winner: number, loser: number)
	local shard = Co.law(g, "shard_of_the_throne")
	if shard and g:owner(shard) == loser then
		g:set_owner(shard, winner)
		g:log(U.text("law.shard_taken", winner, loser))
		U.vp(g, loser, -1, "other")
		U.vp(g, winner, 1, "other")
	end
end

-- Whether a system holds units (in space or on its planets) of a player other than `seat`.
function Co.others_units_in(g, seat: number, c: number): boolean
	for _, o in ipairs(g:owners({ kind = U.UNIT_TYPES, cell = c })) do
		if o ~= seat then
			return true
		end
	end
	for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
		for _, o in ipairs(g:owners({ kind = U.UNIT_TYPES, inside = p })) do
			if o ~= seat then
				return true
			end
		end
	end
	return false
end

-- Whether a planet's units may use Production: not under law Holy Planet of Ixth.
function Co.may_produce_on(g, p: number): boolean
	return not Co.attached(g, p, "holy_planet_of_ixth") and not Co.attached(g, p, "demilitarized_zone")
end

-- What laws attached to a planet add to its values (the cards' texts).
local PLUS = {
	core_mining = { resources = 2 },
	senate_sanctuary = { influence = 2 },
	terraforming_initiative = { resources = 1, influence = 1 },
}

-- Puts a law in play (TI4 §26.3): in the common area or its owner's (`seat`), attached
-- to planet `p` when the card says so.
function Co.enact(g, card: number, seat: number?, p: number?)
	g:move(card, "laws")
	g:set_owner(card, seat)
	if p then
		g:set_prop(card, "planet", p)
		for what, n in pairs(PLUS[g:face(card)] or {}) do
			g:add_prop(p, "plus_" .. what, n)
		end
	end
	if g:face(card) == "wormhole_reconstruction" then
		-- Every system with an alpha or beta wormhole next to every other one.
		local cells = {}
		for _, c in ipairs(g:cells()) do
			local sys = U.system_of_cell(g, c)
			for _, w in ipairs(sys and sys.wormholes or {}) do
				if w == "alpha" or w == "beta" then
					table.insert(cells, c)
					break
				end
			end
		end
		for i = 1, #cells do
			for j = i + 1, #cells do
				g:add_link(cells[i], cells[j], "reconstruction")
			end
		end
	end
end

-- Discards a law (TI4 §26.5): on top of the agenda discard pile, its effects gone (what
-- it added to a planet, Wormhole Reconstruction's links); VP it gave are kept (FAQ 3.5).
function Co.discard_law(g, card: number)
	local p = g:prop(card, "planet")
	if p then
		for what, n in pairs(PLUS[g:face(card)] or {}) do
			g:add_prop(p, "plus_" .. what, -n)
		end
		g:set_prop(card, "planet", nil)
	end
	if g:face(card) == "wormhole_reconstruction" then
		g:remove_links("reconstruction")
	end
	-- FAQ F-17: a leaked secret objective stays scored by its owner, but is no longer
	-- public, nor one of its owner's secrets.
	local leaked = g:prop(card, "objective")
	if leaked then
		g:move(leaked, "leaks_withdrawn")
		g:set_prop(card, "objective", nil)
	end
	g:set_prop(card, "exhausted", nil)
	g:set_owner(card, nil)
	g:move(card, "agenda_discard")
	g:log(U.text("law.discarded", defs.agenda[g:face(card)].name))
end

-- Gaining control of a planet (TI4 §29), with what laws in play add: Holy Planet of Ixth
-- (its VP changes hands), Minister of Exploration (a trade good), The Crown of Emphidia
-- (a planet in its owner's home system takes the card and its VP).
-- TI4 §29.4, §29.7: a planet its controller holds with none of its units on it carries the
-- controller's control token; the token goes back to its owner's reinforcements once the
-- controller has units there again or loses the planet. The token is a marker: control
-- itself is the planet's owner.
function Co.mark_control(g, p: number)
	local owner = g:owner(p)
	local wanted = owner and g:count({ kind = U.UNIT_TYPES, owner = owner, inside = p }) == 0 and owner or nil
	for _, t in ipairs(g:entities({ kind = "control_token", inside = p })) do
		if g:owner(t) ~= wanted then
			g:move(t, { zone = "control_reinforcements", seat = g:owner(t) })
		end
	end
	if wanted and g:count({ kind = "control_token", inside = p }) == 0 then
		local t = g:last({ kind = "control_token", zone = "control_reinforcements", seat = wanted })
		if t then
			g:move(t, { inside = p })
		end
	end
end

-- Every planet's control token brought up to date (at the end of a tactical action and at
-- the start of each turn: units may have left planets).
function Co.mark_all_control(g)
	for _, p in ipairs(g:entities({ kind = "planet" })) do
		if g:owner(p) or g:count({ kind = "control_token", inside = p }) > 0 then
			Co.mark_control(g, p)
		end
	end
end

function Co.gain_control(g, p: number, seat: number)
	local before = g:owner(p)
	if before == seat then
		return
	end
	g:set_owner(p, seat)
	Co.mark_control(g, p) -- §29.7: the former controller's token leaves
	if Co.attached(g, p, "holy_planet_of_ixth") then
		if before then
			g:log(U.text("law.holy_planet_lost", before))
			U.vp(g, before, -1, "other")
		end
		g:log(U.text("law.holy_planet_gained", seat))
		U.vp(g, seat, 1, "other")
	end
	if Co.law_owner(g, "minister_of_exploration") == seat then
		U.gain_tg(g, seat, 1)
		g:log(U.text("law.minister_of_exploration", seat))
	end
	local crown = Co.law(g, "the_crown_of_emphidia")
	local holder = crown and g:owner(crown)
	if crown and holder and holder ~= seat and g:cell_of(p) == U.home_cell(g, holder) then
		g:set_owner(crown, seat)
		g:log(U.text("law.crown_taken", seat, holder))
		U.vp(g, holder, -1, "other")
		U.vp(g, seat, 1, "other")
	end
	-- The technology Integrated Economy (digest Part 4.4): units on the planet just
	-- gained, up to its resource value in cost (production.lua).
	local resources = U.value(g, p, "resources")
	if resources > 0 and U.has_tech(g, seat, "integrated_economy") then
		g:push("produce", { seat = seat, cell = g:cell_of(p), planet = p, cost_cap = resources })
	end
	-- Abilities timed "after you gain control of a planet" (TI4 §29; e.g. Saar's Scavenge):
	-- the registry's moment `gained_control` (required when it runs: this module sits below it).
	require("abilities").at(g, "gained_control", { seat = seat, planet = p })
end

return Co

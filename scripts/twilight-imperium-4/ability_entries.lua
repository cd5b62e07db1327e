--!strict
-- Twilight Imperium 4: the entries of the faction registry (abilities.lua), one per
-- ability, technology or unit id, grouped by faction in the order of factions.ron (generic
-- cards last). Each says in code what its card says in our own words (factions.ron,
-- technologies.ron, units.ron) and cites its rule; abilities.lua decides when each part
-- (`flags`, `at`, `component`, `skips`, `destroyed`) is asked. A new faction adds its
-- entries here. Only util.lua below: the steps they push live in faction_steps.lua.
local U = require("util")
local E = {}

-- Infantry II, Spec Ops II and Letani Warrior II (their cards): a destroyed one is set
-- aside on its card (zone "revive") on a die of `at_least` or more; at the start of its owner's next turn
-- the units set aside go to a planet the owner controls in its home system (back to
-- reinforcements if it controls none).
local function revive(at_least: number)
	return {
		destroyed = function(g, seat: number, e: number)
			local die = g:roll(10)
			if die >= at_least then
				g:move(e, { zone = "revive", seat = seat })
				g:log(U.text("ability.revive_saved", seat, U.unit_name(g:face(e)), die))
			end
		end,
		at = {
			turn_start = function(g, seat: number, info)
				if info.seat ~= seat then
					return
				end
				local home = g:first({ kind = "planet", owner = seat, cell = U.home_cell(g, seat) })
				for _, e in ipairs(g:entities({ zone = "revive", seat = seat })) do
					if home then
						g:move(e, { inside = home })
						g:log(U.text("ability.revive_back", seat, U.unit_name(g:face(e)), U.planet_name(g, home)))
					else
						g:move(e, { zone = "reinforcements", seat = seat })
					end
				end
			end,
		},
	}
end

-- Sol's flagship, Genesis (TI4 §98, its card): as the status phase ends, 1 infantry from
-- reinforcements into its space area.
E.sol_flagship = {
	at = {
		status_end = function(g, seat: number)
			local ship = g:first({ kind = "flagship", owner = seat, face = "sol_flagship" })
			local e = g:last({ kind = "infantry", zone = "reinforcements", seat = seat })
			local c = ship and g:cell_of(ship)
			if e and c then
				g:move(e, c)
				g:log(U.text("ability.genesis", seat, U.cell_label(g, c)))
			end
		end,
	},
}

-- Sol, Orbital Drop (TI4 §19, §3): a component action; one strategy-pool token for 2
-- infantry from reinforcements on a planet Sol controls.
E.sol_orbital_drop = {
	component = {
		can = function(g, seat: number): boolean
			return U.pool(g, seat, "strategy") > 0 and #U.planets(g, seat) > 0
				and g:count({ kind = "infantry", zone = "reinforcements", seat = seat }) > 0
		end,
		play = function(g, seat: number)
			U.move_token(g, seat, "strategy", "cmd_reinforcements")
			g:push("place_infantry", { seat = seat, n = 2, source = "sol_orbital_drop", rule = "TI4 §19, §3" })
		end,
	},
}

-- Sol, Spec Ops II (its card): comes back home on 5+.
E.sol_spec_ops_2 = revive(5)

-- Hacan, Arbiters (TI4 §19, §96.3): action cards may be part of Hacan's transactions.
E.hacan_arbiters = { flags = { trade_action_cards = true } }

-- Hacan's flagship, Wrath of Kenara (TI4 §98, its card): in space combat in its system,
-- a trade good buys +1 on a die Hacan rolled (combat.lua "boost" stage).
E.hacan_flagship = { flags = { buy_roll_bonus = true } }

-- Hacan, Guild Ships (TI4 §19, §96, §99): transactions with any player.
E.hacan_guild_ships = { flags = { trade_anyone = true } }

-- Hacan, Masters of Trade (TI4 §19, §25): Trade's secondary costs no command token.
E.hacan_masters_of_trade = { flags = { free_secondary = { trade = true } } }

-- Hacan, Production Biomes (its card, TI4 §3): a component action exhausting the card and
-- a strategy-pool token: 4 trade goods, and 2 for another player Hacan chooses.
E.hacan_production_biomes = {
	component = {
		can = function(g, seat: number): boolean
			return U.ready_tech(g, seat, "hacan_production_biomes") ~= nil and U.pool(g, seat, "strategy") > 0
		end,
		play = function(g, seat: number)
			g:set_prop(U.ready_tech(g, seat, "hacan_production_biomes") :: number, "exhausted", true)
			U.move_token(g, seat, "strategy", "cmd_reinforcements")
			U.gain_tg(g, seat, 4)
			g:push("gift_tg", { seat = seat, n = 2, source = "hacan_production_biomes", rule = "TI4 §3, §94" })
		end,
	},
}

-- Hacan, Quantum Datahub Node (its card): once every strategy card is chosen, Hacan may pay
-- a strategy-pool token and 3 trade goods to another player to swap one of its strategy
-- cards for one of that player's (faction_steps.lua `datahub`).
E.hacan_quantum_datahub_node = {
	at = {
		strategy_end = function(g, seat: number)
			if U.pool(g, seat, "strategy") > 0 and (g:get(seat, "tg") or 0) >= 3 then
				g:push("datahub", { seat = seat })
			end
		end,
	},
}

-- Jol-Nar, Analytical (TI4 §19, §94.7): researching a technology that is no unit
-- upgrade, 1 prerequisite may be ignored.
E.jol_nar_analytical = {
	skips = function(g, seat: number, tid: string): number
		return defs.technology[tid].kind ~= "unit_upgrade" and 1 or 0
	end,
}

-- Jol-Nar, Brilliant (TI4 §19, §95): following Technology for a strategy token, Jol-Nar
-- resolves the primary instead (cards.lua).
E.jol_nar_brilliant = { flags = { follow_as_primary = { technology = true } } }

-- Jol-Nar, E-Res Siphons (its card): another player activating a system with Jol-Nar's
-- ships pays Jol-Nar 4 trade goods (tactical.lua runs the "activation" moment).
E.jol_nar_e_res_siphons = {
	at = {
		activation = function(g, seat: number, info)
			if info.seat ~= seat and g:count({ kind = U.SHIP_TYPES, owner = seat, cell = info.cell }) > 0 then
				U.gain_tg(g, seat, 4)
				g:log(U.text("ability.e_res_siphons", seat))
			end
		end,
	},
}

-- Jol-Nar, Spatial Conduit Cylinder (its card): after Jol-Nar activates a system holding its
-- units, it may exhaust the card: for that activation the system is adjacent to every other
-- system holding its units (links of kind "conduit", which tactical.lua's movement search
-- follows for the seat in global "conduit"); they go as the next turn starts.
E.jol_nar_spatial_conduit_cylinder = {
	at = {
		activation = function(g, seat: number, info)
			if info.seat ~= seat or not U.ready_tech(g, seat, "jol_nar_spatial_conduit_cylinder") then
				return
			end
			for _, c in ipairs(g:cells_of({ kind = U.UNIT_TYPES, owner = seat })) do
				if c == info.cell then
					g:push("conduit", { seat = seat, cell = info.cell })
					return
				end
			end
		end,
		turn_start = function(g, seat: number, info)
			if g:global("conduit") then
				g:remove_links("conduit")
				g:set_global("conduit", nil)
			end
		end,
	},
}

-- Letnev, Munitions Reserves (TI4 §19, §86): as each space combat round begins, Letnev may
-- pay 2 trade goods to reroll its dice this round (faction_steps.lua `munitions`).
E.letnev_munitions_reserves = {
	at = {
		combat_round = function(g, seat: number, info)
			if table.find(info.seats, seat) and (g:get(seat, "tg") or 0) >= 2 then
				g:push("munitions", { seat = seat })
				return true
			end
			return false
		end,
	},
}

-- Arborec, Bioplasmosis (its card): as the status phase ends, Arborec may move infantry
-- between planets it controls in the same or neighbouring systems (faction_steps.lua).
E.arborec_bioplasmosis = {
	at = {
		status_end = function(g, seat: number)
			g:push("bioplasmosis", { seat = seat })
		end,
	},
}

-- Arborec's flagship, Duha Menaimon (TI4 §98, its card): after Arborec activates the system
-- holding it, a production of up to its data `production` modifier (5) units there, with
-- or without a space dock (production.lua `extra`).
E.arborec_flagship = {
	at = {
		activation = function(g, seat: number, info)
			if info.seat ~= seat or g:count({ kind = "flagship", face = "arborec_flagship", owner = seat, cell = info.cell }) == 0 then
				return
			end
			local n = 0
			for _, m in ipairs(defs.unit.arborec_flagship.modifiers) do
				if m.what == "production" then
					n += m.amount
				end
			end
			g:log(U.text("ability.flagship_production", seat, defs.unit.arborec_flagship.name, n))
			g:push("produce", { seat = seat, cell = info.cell, extra = n })
		end,
	},
}

-- Arborec, Letani Warrior II (its card): comes back home on 6+.
E.arborec_letani_warrior_2 = revive(6)

-- Arborec, Mitosis (TI4 §19, §38): as the status phase begins, 1 infantry from
-- reinforcements on a planet Arborec controls; its space docks build no infantry (§78).
E.arborec_mitosis = {
	flags = { dock_no_infantry = true },
	at = {
		status_start = function(g, seat: number)
			g:push("place_infantry", { seat = seat, n = 1, source = "arborec_mitosis", rule = "TI4 §19, §38" })
		end,
	},
}

-- Naalu, Foresight (TI4 §19): after another player moves ships into a system holding Naalu
-- ships, Naalu may place a strategy-pool token in a neighbouring system without other
-- players' ships and withdraw its ships there (faction_steps.lua `foresight`).
E.naalu_foresight = {
	at = {
		after_move = function(g, seat: number, info)
			if info.seat ~= seat and U.pool(g, seat, "strategy") > 0
				and g:count({ kind = U.SHIP_TYPES, owner = seat, cell = info.cell }) > 0 then
				g:push("foresight", { seat = seat, cell = info.cell })
			end
		end,
	},
}

-- Naalu's flagship, Matriarch (TI4 §98, its card): in an invasion in its system, fighters
-- may be committed to planets as if ground forces, and go back to space after the combat
-- (tactical.lua land stage, invasion.lua).
E.naalu_flagship = { flags = { fighters_land = true } }

-- Naalu, Neuroglaive (its card): another player activating a system with Naalu's ships
-- loses a fleet-pool token; ships beyond its fleet limit then go back to reinforcements
-- (TI4 §45.3; the last to arrive first, as retreat.lua does).
E.naalu_neuroglaive = {
	at = {
		activation = function(g, seat: number, info)
			local active = info.seat
			if active == seat or g:count({ kind = U.SHIP_TYPES, owner = seat, cell = info.cell }) == 0 then
				return
			end
			if U.move_token(g, active, "fleet", "cmd_reinforcements") then
				g:log(U.text("ability.neuroglaive", active, seat))
			end
			for _, c in ipairs(g:cells_of({ kind = U.FLEET_TYPES, owner = active })) do
				while U.fleet_count(g, active, c) > U.pool(g, active, "fleet") + U.modifier_sum(g, active, "fleet_limit") do
					local e = g:last({ kind = U.FLEET_TYPES, owner = active, cell = c })
					g:move(e, { zone = "reinforcements", seat = active })
					g:log(U.text("retreat.fleet_pool", active, U.unit_name(g:face(e))))
				end
			end
		end,
	},
}

-- Naalu, Telepathic (TI4 §19, §72.1): once every strategy card is chosen, the "0" token
-- goes on the Naalu player's card.
E.naalu_telepathic = {
	at = {
		strategy_end = function(g, seat: number)
			g:move(g:first({ kind = "naalu_token" }), { zone = "strategy", seat = seat })
			g:log(U.text("strategy.naalu_token", seat))
		end,
	},
}

-- Infantry II (its card): comes back home on 6+.
E.infantry_2 = revive(6)

-- ==== Generic technologies with a component action or a moment ====

-- The planets X-89 Bacterial Weapon may strike for a seat: those holding infantry in a
-- system where the seat has a ship with Bombardment (digest Part 4.4; §37.1: Planetary
-- Shield does not stop it).
local function x89_targets(g, seat: number): { number }
	local out = {}
	for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES, owner = seat })) do
		local bombards = false
		for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c })) do
			bombards = bombards or defs.unit[g:face(e)].bombardment ~= nil
		end
		if bombards then
			for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
				if g:count({ kind = "infantry", inside = p }) > 0 then
					table.insert(out, p)
				end
			end
		end
	end
	return out
end

-- X-89 Bacterial Weapon (its card): a component action, exhausting the card, that
-- destroys every infantry on one planet within reach of the seat's bombarding ships
-- (faction_steps.lua `x89`).
E.x89_bacterial_weapon = {
	targets = x89_targets,
	component = {
		can = function(g, seat: number): boolean
			return U.ready_tech(g, seat, "x89_bacterial_weapon") ~= nil and #x89_targets(g, seat) > 0
		end,
		play = function(g, seat: number)
			g:set_prop(U.ready_tech(g, seat, "x89_bacterial_weapon") :: number, "exhausted", true)
			g:push("x89", { seat = seat })
		end,
	},
}

-- Transit Diodes (its card): as an action-phase turn starts, the seat may exhaust it to
-- move up to 4 of its ground forces from anywhere on the board to planets it controls
-- (faction_steps.lua `transit_diodes`, which exhausts the card on the first move).
E.transit_diodes = {
	at = {
		turn_start = function(g, seat: number)
			if U.ready_tech(g, seat, "transit_diodes") and #g:cells_of({ kind = "infantry", owner = seat }) > 0
				and #U.planets(g, seat) > 0 and g:global("phase") == "action" then
				g:push("transit_diodes", { seat = seat })
				return true
			end
			return false
		end,
	},
}

return E

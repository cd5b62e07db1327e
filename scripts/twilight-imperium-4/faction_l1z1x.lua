--!strict
-- Twilight Imperium 4: the L1Z1X Mindnet — its entries in the faction registry (abilities.lua)
-- (see faction_letnev.lua for how a faction module is built). Assimilate and Harrow are rule
-- switches read by invasion.lua; the flagship's rule by combat.lua; Inheritance Systems by
-- tech.lua's research; Cybernetic Enhancements is the entry's part `note` below (notes.lua
-- plays it).
local U = require("util")
local K = require("ability_kit")
local F = {}
local E = {}

-- Assimilate (TI4 §19, digest E-10): as the L1Z1X gain control of a planet, other players'
-- PDS and space docks on it are swapped for theirs from reinforcements instead of being
-- destroyed (invasion.lua control, before §52.5's destruction: the card wins, §19.2, §19.15).
E.l1z1x_assimilate = { flags = { takes_over_structures = true } }

-- Harrow (TI4 §19, digest Part 3.2 erratum, §15.1, §37.2): as each ground combat round ends,
-- the L1Z1X ships in the active system use Bombardment against the opponent's ground forces
-- on that planet (invasion.lua ground_combat).
E.l1z1x_harrow = { flags = { bombards_each_ground_round = true } }

-- [0.0.1] (the L1Z1X flagship, TI4 §98, its card): in a space combat in its system, the hits
-- of the flagship and of the L1Z1X dreadnoughts there must land on non-fighter ships while
-- the opponent has any (combat.lua reads the unit kinds named here).
E.l1z1x_flagship = { flags = { hits_on_non_fighters = { flagship = true, dreadnought = true } } }

-- Super-Dreadnought II (its card): Direct Hit cannot destroy it (ac_combat.lua).
E.l1z1x_super_dreadnought_2 = { flags = { direct_hit_immune = { l1z1x_super_dreadnought_2 = true } } }

-- Inheritance Systems (its card, TI4 §94.7): when researching, the L1Z1X may exhaust it and
-- pay 2 resources to ignore every prerequisite of the technology (tech.lua research asks
-- `research.can` for each technology whose prerequisites are not met, and `research.use`
-- once it is chosen that way).
E.l1z1x_inheritance_systems = {
	research = {
		can = function(g, seat: number, tid: string): boolean
			return U.ready_tech(g, seat, "l1z1x_inheritance_systems") ~= nil and U.spendable(g, seat, "resources") >= 2
		end,
		use = function(g, seat: number)
			U.exhaust_tech(g, seat, "l1z1x_inheritance_systems")
			g:log(U.text("ability.inheritance_used", seat))
			g:push("pay", { seat = seat, what = "resources", amount = 2 })
		end,
	},
}

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Cybernetic Enhancements (the L1Z1X note, its card): at the start of its holder's turn,
-- with a command token in reinforcements: the L1Z1X lose a strategy-pool token (if they
-- have one); the holder gains one from its reinforcements.
E.l1z1x_cybernetic_enhancements = {
	note = {
		at = "turn_start",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return holder == info.seat and g:count({ kind = "command_token", zone = "cmd_reinforcements", seat = holder }) > 0
		end,
		label = "notes.play_cybernetic",
		play = function(g, holder: number, owner: number, note: number, info, v)
			local lost = U.move_token(g, owner, "strategy", "cmd_reinforcements")
			U.move_token(g, holder, "cmd_reinforcements", "strategy")
			g:log(U.text(lost and "notes.cybernetic" or "notes.cybernetic_none", owner, holder))
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

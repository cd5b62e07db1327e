--!strict
-- Twilight Imperium 4: the Embers of Muaat — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_muaat.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed` — is asked), and pack.ron names the steps
-- ("faction_muaat.<step>").
--
-- Its war sun from the start needs no entry: Prototype War Sun I names no technology in
-- units.ron, so production.lua lets Muaat build it (TI4 §62.1, its card).
local U = require("util")
local Ask = require("ask_once")
local UT = require("unit_tokens")
local K = require("ability_kit")
local F = {}
local E = {}

-- Muaat, Gashlai Physiology (TI4 §19, §92): its ships pass through supernovas
-- (tactical.lua's movement search).
E.muaat_gashlai_physiology = { flags = { pass_supernova = true } }

-- Muaat, Magmus Reactor (its card): its ships may end their move in a supernova
-- (tactical.lua), and after its units use Production in a system holding a war sun or next
-- to a supernova it takes 1 trade good (the moment "after_production" of production.lua).
E.muaat_magmus_reactor = {
	flags = { enter_supernova = true },
	at = {
		after_production = function(g, seat: number, info)
			if info.seat ~= seat then
				return false
			end
			local hot = g:count({ kind = "war_sun", cell = info.cell }) > 0
			for _, c in ipairs(require("objectives").adjacent(g, info.cell)) do
				hot = hot or g:terrain(c) == "supernova"
			end
			if hot then
				U.gain_tg(g, seat, 1)
				g:log(U.text("ability.magmus_reactor", seat))
			end
			return false
		end,
	},
}


-- The systems holding one of a seat's war suns (Star Forge).
local function war_sun_cells(g, seat: number): { number }
	return g:cells_of({ kind = "war_sun", owner = seat })
end

-- Muaat, Star Forge (TI4 §19, §3): a component action paying a strategy-pool token: 2
-- fighters or 1 destroyer from reinforcements into a system with a Muaat war sun (step
-- `star_forge` below).
E.muaat_star_forge = {
	component = K.component({
		token = true,
		can = function(g, seat: number): boolean
			return #war_sun_cells(g, seat) > 0
		end,
		play = function(g, seat: number)
			g:push("star_forge", { seat = seat })
		end,
	}),
}

-- Muaat's flagship, The Inferno (TI4 §98, its card): a component action paying a
-- strategy-pool token: 1 cruiser from reinforcements into its system.
E.muaat_flagship = {
	component = K.component({
		token = true,
		can = function(g, seat: number): boolean
			return g:count({ kind = "cruiser", zone = "reinforcements", seat = seat }) > 0
		end,
		play = function(g, seat: number)
			local ship = g:first({ kind = "flagship", face = "muaat_flagship", owner = seat })
			local c = ship and g:cell_of(ship)
			local e = g:last({ kind = "cruiser", zone = "reinforcements", seat = seat })
			if c and e then
				g:move(e, c)
				g:log(U.text("ability.inferno", seat, U.cell_label(g, c)))
				U.remove_fleet_excess(g, seat, c)
			end
		end,
	}),
}

-- ==== Steps ====

-- Star Forge: ctx.seat picks a system with its war sun and what is forged there: 2 fighters
-- (as many as its reinforcements hold) or 1 destroyer. Capacity and the fleet pool are
-- then checked there (TI4 §18.3, §45.3).
F.star_forge = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, c in ipairs(war_sun_cells(g, ctx.seat)) do
			if UT.available(g, ctx.seat, "fighter") then
				table.insert(options, { label = U.text("ability.star_forge_fighters", U.cell_label(g, c)), value = string.format("fighter:%d", c) })
			end
			if UT.available(g, ctx.seat, "destroyer") then
				table.insert(options, { label = U.text("ability.star_forge_destroyer", U.cell_label(g, c)), value = string.format("destroyer:%d", c) })
			end
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.star_forge_prompt"), rule = "TI4 §19, §3",
			help = defs.faction_ability.muaat_star_forge.effect }
	end,
	answer = function(g, ctx, v)
		local kind, n = string.match(v, "^(%a+):(%d+)$")
		local c = tonumber(n) :: number
		for _ = 1, (kind == "fighter" and 2 or 1) do
			UT.place(g, ctx.seat, kind :: string, c) -- fighters: tokens when no figure is left (TI4 §21.1)
		end
		local what = kind == "fighter" and U.text("ability.star_forge_fighters", U.cell_label(g, c)) or U.text("ability.star_forge_destroyer", U.cell_label(g, c))
		g:log(U.text("ability.star_forge_done", ctx.seat, what))
		U.remove_fleet_excess(g, ctx.seat, c)
		U.check_capacity(g, ctx.seat, c)
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Fires of the Gashlai (Muaat's note, its card): a component action: a token from Muaat's
-- fleet pool to its reinforcements, the War Sun technology for the holder, the note back
-- to Muaat.
E.muaat_fires_of_the_gashlai = {
	note = {
		component = true,
		play = function(g, holder: number, owner: number, note: number, info, v)
			U.move_token(g, owner, "fleet", "cmd_reinforcements")
			U.remove_fleet_excess(g, owner) -- §45.3: the smaller pool may hold fewer ships
			require("tech").gain(g, holder, "war_sun")
			g:log(U.text("notes.fires_of_the_gashlai", owner, holder))
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

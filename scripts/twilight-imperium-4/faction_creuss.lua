--!strict
-- Twilight Imperium 4: the Ghosts of Creuss — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_creuss.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed` — is asked), `setup` makes its own pieces, and
-- pack.ron names the steps ("faction_creuss.<step>").
--
-- Creuss Gate needs no entry: the faction's `board_stand_in` (factions.ron) puts the Creuss
-- Gate where its home would go and the home system off the board (setup.lua, galaxy.lua
-- off_board); their delta wormholes link them (galaxy.lua link_wormholes, TI4 §10.4).
local U = require("util")
local Ask = require("ask_once")
local K = require("ability_kit")
local F = {}
local E = {}

-- Creuss's flagship, Hil Colish (TI4 §98, its card): its system holds a delta wormhole
-- (galaxy.lua wormholes_at reads `wormhole`; the links are made again after it moves,
-- tactical.lua). Moving before or after the other ships is the free order of our movement,
-- one ship at a time.
E.creuss_flagship = { wormhole = "delta" }

-- Creuss, Quantum Entanglement (TI4 §19, §99.3): every alpha or beta system is adjacent to
-- every other for Creuss (the links "entangle", galaxy.lua), travel bans or not.
E.creuss_quantum_entanglement = { flags = { entangled_wormholes = true } }

-- Creuss, Slipstream (TI4 §19): +1 move in its tactical actions for ships starting in its
-- home system or in an alpha or beta wormhole system (tactical.lua move_value).
E.creuss_slipstream = { flags = { slipstream = true } }

-- Creuss, Wormhole Generator (its base card): as each status phase begins, Creuss must put
-- or move one of its wormhole tokens (step `place_wormhole` below).
E.creuss_wormhole_generator = {
	at = {
		status_start = function(g, seat: number)
			g:push("place_wormhole", { seat = seat, owner = seat, mandatory = true, source = "creuss_wormhole_generator" })
			return true
		end,
	},
}

-- Creuss, Dimensional Splicer (its card): as a space combat begins in a system holding a
-- wormhole and Creuss ships, Creuss may score 1 hit on an opponent's ship it chooses
-- (the window `space_combat_start` of timing.lua, §23.2; step `splicer` below).
-- Optional, with its own "can use" check (`can_at`): its owner chooses its place among its
-- notes and cards of that timing (timing.lua, §19.19).
local function splicer_can(g, seat: number, info): boolean
	return table.find(info.seats, seat) ~= nil and #require("galaxy").wormholes_at(g, info.cell) > 0
end

E.creuss_dimensional_splicer = {
	can_at = { space_combat_start = splicer_can },
	at = {
		space_combat_start = function(g, seat: number, info)
			if not splicer_can(g, seat, info) then
				return false
			end
			local foe = info.seats[1] == seat and info.seats[2] or info.seats[1]
			g:push("splicer", { seat = seat, foe = foe, cell = info.cell, attacker = info.attacker })
			return true
		end,
	},
}

-- Setup: the two Creuss wormhole tokens (alpha and beta), off the board until placed.
function F.setup(g, seat: number)
	for _, w in ipairs({ "alpha", "beta" }) do
		g:create({ kind = "wormhole_token", face = w, owner = seat, at = { zone = "wormhole_tokens", seat = seat } })
	end
end

-- Where `seat` may put a Creuss wormhole token (Wormhole Generator, Creuss Iff): a system
-- holding a planet it controls, or a non-home system without other players' ships.
local function token_cells(g, seat: number): { number }
	local out = {}
	for _, c in ipairs(g:cells()) do
		local own = g:count({ kind = "planet", owner = seat, cell = c }) > 0
		if own or (not U.system_of_cell(g, c).home_of and not U.enemy_ships(g, seat, c)) then
			table.insert(out, c)
		end
	end
	return out
end

-- The options of putting or moving one of `owner`'s wormhole tokens for `seat`.
function F.token_options(g, seat: number, owner: number): { any }
	local options = {}
	for _, t in ipairs(g:entities({ kind = "wormhole_token", owner = owner })) do
		local at = g:cell_of(t)
		for _, c in ipairs(token_cells(g, seat)) do
			if c ~= at then
				table.insert(options, { label = U.text("ability.wormhole_option", U.text("ability.wormhole_" .. g:face(t)), U.cell_label(g, c)), value = string.format("%d:%d", t, c) })
			end
		end
	end
	return options
end

-- Puts a wormhole token (value "token:cell" of token_options) and links the wormholes again.
function F.place_token(g, seat: number, v: string)
	local a, b = string.match(v, "^(%d+):(%d+)$")
	local t, c = tonumber(a) :: number, tonumber(b) :: number
	g:move(t, c)
	require("galaxy").link_wormholes(g)
	g:log(U.text("ability.wormhole_placed", seat, U.text("ability.wormhole_" .. g:face(t)), U.cell_label(g, c)))
end

-- ==== Steps ====

-- Wormhole Generator: ctx.seat puts or moves one of ctx.owner's wormhole tokens (the base
-- card: mandatory).
F.place_wormhole = Ask.step({
	options = function(g, ctx)
		return F.token_options(g, ctx.seat, ctx.owner)
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.wormhole_prompt"), rule = "TI4 §94, §10",
			help = defs.technology.creuss_wormhole_generator.effect,
			pass = (not ctx.mandatory) and U.text("ability.wormhole_no") or nil }
	end,
	answer = function(g, ctx, v)
		F.place_token(g, ctx.seat, v)
	end,
})

-- The Splicer's hit lands as `v` (a hits.lua option) on ctx.foe's ships, like any ability
-- hit (ability_hits.lua): a Sustain Damage opens Direct Hit's window for Creuss, whose hit
-- it was (digest F-27: Direct Hit may follow an ability's hit that a ship sustained); a
-- destroyed ship counts for Creuss's objectives (§71.9) and is a loss in the combat
-- (the registry's `combat_loss`).
local function hit_lands(g, ctx, v: string)
	local _, e = require("hits").apply(g, ctx.foe, ctx.cell, v, ctx.seat)
	if string.sub(v, 1, 1) == "s" then
		require("moments").open(g, "after_sustain", { active = ctx.attacker, shooter = ctx.seat, target = e, cell = ctx.cell })
	else
		require("abilities").at(g, "combat_loss", { seat = ctx.foe, foe = ctx.seat, cell = ctx.cell })
	end
end

-- Dimensional Splicer: ctx.seat picks one of ctx.foe's ships in ctx.cell (or none); the
-- foe may then answer the hit as any hit ("assign_hits" action-card window: Shields
-- Holding, FAQ F-25), and, when the ship aimed at may use Sustain Damage, chooses whether
-- it does (TI4 §87).
F.splicer = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		if ctx.target then
			if not ctx.window then
				ctx.window = true
				if require("moments").open(g, "assign_hits", { active = ctx.attacker, seat = ctx.foe, hits = 1, cell = ctx.cell }) then
					return nil
				end
			end
			local cancel = g:global("card_cancel_hits_" .. ctx.foe)
			if cancel then
				ctx.done = true
				g:set_global("card_cancel_hits_" .. ctx.foe, nil)
				g:log(U.text("combat.hits_cancelled", ctx.foe, cancel))
				return nil
			end
			local tag, kind = string.match(ctx.target, "^(%a):([%a_]+)$")
			local e = g:first({ kind = kind, owner = ctx.foe, cell = ctx.cell, lacks = tag == "x" and "damaged" or nil, has = tag == "d" and "damaged" or nil })
			if not e then
				ctx.done = true
				return nil
			end
			local def = defs.unit[g:face(e)]
			if tag == "x" and def.sustain_damage and require("council").may_sustain(g, def) then
				-- The foe's choice: Sustain Damage or lose the ship (TI4 §87).
				ctx.answering = true
				return { seat = ctx.foe, prompt = U.text("ability.splicer_sustain_prompt", def.name), rule = "TI4 §87",
					help = defs.technology.creuss_dimensional_splicer.effect, options = {
						{ label = U.text("combat.sustain", def.name), value = "s:" .. (kind :: string) },
						{ label = U.text("combat.destroy", def.name), value = ctx.target },
					} }
			end
			ctx.done = true
			hit_lands(g, ctx, ctx.target)
			return nil
		end
		local options = {}
		for _, o in ipairs(require("hits").options(g, ctx.foe, ctx.cell, false, true)) do
			table.insert(options, { label = U.text("ability.splicer_option", o.label), value = o.value })
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("ability.splicer_prompt", ctx.foe), rule = "TI4 §94, §23.2",
			help = defs.technology.creuss_dimensional_splicer.effect, options = options, pass = U.text("ability.splicer_no") }
	end,
	resolve = function(g, ctx, v)
		if ctx.answering then
			ctx.done = true
			hit_lands(g, ctx, v)
			return
		end
		if v == nil then
			ctx.done = true
			return
		end
		ctx.target = v
		g:log(U.text("ability.splicer_used", ctx.seat, ctx.foe))
	end,
}

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Creuss Iff (its card): as its holder's own turn begins, it may put or move a Creuss
-- wormhole token (`token_options`, `place_token` above; usable without Wormhole
-- Generator: FAQ, digest F-39).
E.creuss_iff = {
	note = {
		at = "turn_start",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return holder == info.seat
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			local options = {}
			for _, o in ipairs(F.token_options(g, holder, owner)) do
				table.insert(options, o)
			end
			return options
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			F.place_token(g, holder, v)
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

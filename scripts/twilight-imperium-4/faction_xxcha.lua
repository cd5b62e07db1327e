--!strict
-- Twilight Imperium 4: the Xxcha Kingdom — its entries in the faction registry (abilities.lua)
-- and the steps they push. Each faction is its data (factions.ron) plus one module like
-- this, which its `hooks` names ("faction_xxcha.register"): `register` adds the entries,
-- keyed by ability, technology or unit id (abilities.lua says when each part — `flags`,
-- `at`, `component`, `skips`, `destroyed`, `cancel_card` — is asked), and pack.ron names
-- the steps ("faction_xxcha.<step>"). Its flagship's Space Cannon is data (units.ron,
-- cannon.lua); its note, Political Favor, is its entry's part `note` below (notes.lua plays it).
local U = require("util")
local Ask = require("ask_once")
-- council.lua and objectives.lua are asked when a step runs, not at load (abilities.lua
-- requires this module through ability_entries.lua).
local K = require("ability_kit")
local F = {}
local E = {}

-- Peace Accords (TI4 §19, §29; FAQ F-38): the planets a seat may take: not Mecatol Rex, no
-- units on them, not its own, in a system that holds a planet it controls or is next to
-- one (a planet is adjacent to its own system, so one of the same system counts).
local function accord_targets(g, seat: number): { number }
	local near = {}
	for _, c in ipairs(g:cells_of({ kind = "planet", owner = seat })) do
		near[c] = true
		for _, n in ipairs(require("objectives").adjacent(g, c)) do
			near[n] = true
		end
	end
	local out = {}
	for _, p in ipairs(g:entities({ kind = "planet" })) do
		local c = g:cell_of(p)
		if c and near[c] and g:owner(p) ~= seat and c ~= g:global("mecatol")
			and g:count({ kind = U.UNIT_TYPES, inside = p }) == 0 then
			table.insert(out, p)
		end
	end
	return out
end
F.accord_targets = accord_targets

-- Xxcha, Peace Accords (TI4 §19, §35): after resolving Diplomacy's primary or secondary,
-- the Xxcha may take an empty planet near its own (cards.lua "strategy_resolved" moment,
-- whose hook pushes before the card's own steps, so `peace_accords` runs after them).
E.xxcha_peace_accords = {
	at = {
		strategy_resolved = function(g, seat: number, info)
			if info.seat == seat and info.card == "diplomacy" then
				g:push("peace_accords", { seat = seat })
				return true
			end
			return false
		end,
	},
}

-- Xxcha, Quash (TI4 §19, §27.2): when an agenda is revealed (not a law voted again), the
-- Xxcha may pay a strategy-pool token to have it replaced (the "when" moment
-- "agenda_revealed_when", before the "after" ones, §19.16, timing.lua; the replacement is
-- Veto's, global `card_veto`).
E.xxcha_quash = {
	at = {
		agenda_revealed_when = function(g, seat: number, info)
			if not info.revote and U.pool(g, seat, "strategy") > 0 then
				g:push("quash", { seat = seat })
				return true
			end
			return false
		end,
	},
}

-- Instinct Training (its card, TI4 §1.8): when another player plays an action card, the
-- Xxcha may exhaust this card and pay a strategy-pool token to cancel it (moments.lua's
-- cancel window, beside Sabotage).
E.xxcha_instinct_training = {
	cancel_card = {
		can = function(g, seat: number, player: number): boolean
			return player ~= seat and U.ready_tech(g, seat, "xxcha_instinct_training") ~= nil and U.pool(g, seat, "strategy") > 0
		end,
		pay = function(g, seat: number)
			U.exhaust_tech(g, seat, "xxcha_instinct_training")
			U.move_token(g, seat, "strategy", "cmd_reinforcements")
		end,
	},
}

-- Nullification Field (its card, TI4 §5): after another player activates a system with
-- Xxcha ships, the Xxcha may exhaust this card and pay a strategy-pool token to end that
-- player's turn at once (step `nullification`; tactical.lua ends on global `turn_ended`).
-- Optional, with its own "can use" check (`can_at`): its owner chooses its place among its
-- notes and cards of that timing (timing.lua, §19.19).
local function nullification_can(g, seat: number, info): boolean
	return info.seat ~= seat and U.ready_tech(g, seat, "xxcha_nullification_field") ~= nil and U.pool(g, seat, "strategy") > 0
		and g:count({ kind = U.SHIP_TYPES, owner = seat, cell = info.cell }) > 0
end

E.xxcha_nullification_field = {
	can_at = { activation = nullification_can },
	at = {
		activation = function(g, seat: number, info)
			if nullification_can(g, seat, info) then
				g:push("nullification", { seat = seat, active = info.seat })
				return true
			end
			return false
		end,
	},
}

-- ==== Steps ====

-- Peace Accords: ctx.seat may take control of one of accord_targets (exhausted, TI4 §29.1).
F.peace_accords = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, p in ipairs(accord_targets(g, ctx.seat)) do
			table.insert(options, { label = U.text("ability.peace_accords_option", U.planet_name(g, p), U.cell_label(g, g:cell_of(p) :: number)), value = p })
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.peace_accords_prompt"), rule = "TI4 §19, §29",
			help = defs.faction_ability.xxcha_peace_accords.effect, pass = U.text("ability.peace_accords_no") }
	end,
	answer = function(g, ctx, p)
		require("council").gain_control(g, p, ctx.seat)
		g:set_prop(p, "exhausted", true)
		g:log(U.text("ability.peace_accords_used", ctx.seat, U.planet_name(g, p)))
	end,
})

-- Quash: ctx.seat may pay a strategy-pool token to replace the revealed agenda.
F.quash = Ask.step({
	options = function(g, ctx)
		-- Political Secret (notes_generic.lua) silences the faction abilities its owner would choose to
		-- use, until the agenda resolves (FAQ, digest F-11).
		if g:global("card_veto") or U.pool(g, ctx.seat, "strategy") == 0 or g:global("card_silenced_" .. ctx.seat) then
			return {}
		end
		return { { label = U.text("ability.quash_use"), value = "quash" } }
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.quash_prompt"), rule = "TI4 §19, §27.2",
			help = defs.faction_ability.xxcha_quash.effect, pass = U.text("ability.quash_no") }
	end,
	answer = function(g, ctx, v)
		U.move_token(g, ctx.seat, "strategy", "cmd_reinforcements")
		g:set_global("card_veto", true)
		g:log(U.text("ability.quash_used", ctx.seat))
	end,
})

-- Nullification Field: ctx.seat may end ctx.active's turn.
F.nullification = Ask.step({
	options = function(g, ctx)
		if not U.ready_tech(g, ctx.seat, "xxcha_nullification_field") or U.pool(g, ctx.seat, "strategy") == 0 then
			return {}
		end
		return { { label = U.text("ability.nullification_use"), value = "use" } }
	end,
	ask = function(g, ctx)
		return { prompt = U.text("ability.nullification_prompt", ctx.active), rule = "TI4 §94, §5",
			help = defs.technology.xxcha_nullification_field.effect, pass = U.text("ability.nullification_no") }
	end,
	answer = function(g, ctx, v)
		U.exhaust_tech(g, ctx.seat, "xxcha_nullification_field")
		U.move_token(g, ctx.seat, "strategy", "cmd_reinforcements")
		g:set_global("turn_ended", true)
		g:log(U.text("ability.nullification_used", ctx.seat, ctx.active))
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Political Favor (Xxcha's note, its card, digest 3.2 erratum): when an agenda is really
-- revealed (not a law voted again) and Xxcha has a strategy-pool token, its holder may play
-- it: that token goes to Xxcha's reinforcements and the agenda is replaced as Veto does
-- (agenda.lua reads "card_veto"); nothing to do once the agenda is already being replaced.
E.xxcha_political_favor = {
	note = {
		at = "agenda_revealed",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return not info.revote and U.pool(g, owner, "strategy") > 0
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			if g:global("card_veto") or U.pool(g, owner, "strategy") == 0 then
				return {}
			end
			return { { label = U.text("notes.play_political_favor", owner), value = "play" } }
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			U.move_token(g, owner, "strategy", "cmd_reinforcements")
			g:set_global("card_veto", true)
			g:log(U.text("notes.political_favor", owner))
		end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

--!strict
-- Twilight Imperium 4: the registry entries (abilities.lua, part `note`: notes.lua says when
-- each part is asked) of the promissory notes every colour has (promissory_notes.ron,
-- `faction: None`): Ceasefire, Trade Agreement, Political Secret and Support for the
-- Throne. ability_entries.lua adds them with the generic cards. Each entry says in code
-- what its card says in our own words and cites its rule.
local U = require("util")
local G = {}
local E = {}

-- Ceasefire (TI4 §44, its card): after the owner activates a system holding 1 or more of
-- the holder's units, the holder may play it: the owner moves no units into the active
-- system this action (`G.ceasefire`, asked by tactical.lua); then it goes back.
E.ceasefire = {
	note = {
		at = "after_activation",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return owner == info.seat and g:count({ kind = U.UNIT_TYPES, owner = holder, cell = info.cell }) > 0
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			return { { label = U.text("notes.play_ceasefire", owner, U.cell_label(g, info.cell)), value = "play" } }
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			g:set_global("ceasefire", info.cell)
		end,
		action_ends = function(g)
			g:set_global("ceasefire", nil)
		end,
	},
}

-- Ceasefire: whether the active seat may not move units into `cell` this turn.
function G.ceasefire(g, cell: number): boolean
	return g:global("ceasefire") == cell
end

-- Trade Agreement (its card): when the owner replenishes commodities, the holder may play it:
-- all the owner's commodities become trade goods of the holder (§43.6); then it goes back.
E.trade_agreement = {
	note = {
		at = "after_replenish",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return owner == info.seat
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			return { { label = U.text("notes.play_trade_agreement", owner, g:get(owner, "commodities") or 0), value = "play" } }
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			local n = g:get(owner, "commodities") or 0
			g:set(owner, "commodities", 0)
			U.gain_tg(g, holder, n)
			g:log(U.text("notes.trade_agreement", owner, n, holder))
		end,
	},
}

-- Political Secret (its card): as an agenda is revealed, the holder may play it: until the
-- agenda resolves its owner cannot vote or play action cards (agenda.lua, moments.lua read
-- the globals); face up meanwhile, it goes back once the agenda is resolved (or replaced,
-- F-11).
E.political_secret = {
	note = {
		at = "agenda_revealed",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return not U.eliminated(g, owner)
		end,
		label = "notes.play_political_secret",
		play = function(g, holder: number, owner: number, note: number, info, v)
			g:move(note, { zone = "note_play", seat = holder })
			g:set_global("card_barred_" .. owner, true)
			g:set_global("card_silenced_" .. owner, true)
			g:log(U.text("notes.political_secret", owner))
			return "face_up"
		end,
		expires = "agenda_resolved",
		expire = function(g, holder: number, owner: number, note: number)
			g:set_global("card_silenced_" .. owner, nil)
		end,
	},
}

-- Support for the Throne (TI4 §44, its card): received by another seat, it goes face up in
-- its play area at once and scores 1 victory point; it goes back (the point lost) when the
-- holder activates a system holding the owner's units, or when the owner is eliminated.
E.support_for_the_throne = {
	note = {
		returns_on_activation = true,
		received = function(g, holder: number, owner: number, note: number)
			g:move(note, { zone = "note_play", seat = holder })
			g:reveal(note)
			g:log(U.text("notes.throne", holder, owner))
			U.vp(g, holder, 1, "other")
		end,
		left_play = function(g, holder: number, owner: number, note: number)
			U.vp(g, holder, -1, "other")
		end,
	},
}

-- Adds these entries to the registry (ability_entries.lua).
G.register = require("ability_kit").registrar(E)

return G

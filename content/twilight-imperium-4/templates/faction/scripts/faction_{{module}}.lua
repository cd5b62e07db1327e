--!strict
-- {{name}}: a homebrew Twilight Imperium 4 faction. Its entries in the faction registry
-- (scripts/twilight-imperium-4/abilities.lua), keyed by ability, technology, unit or note id, as
-- the base factions' modules (faction_sol.lua, faction_hacan.lua...) do; `register` adds
-- them, and factions.ron's `hooks` names it. Each entry below shows every part an entry
-- may have, doing nothing yet: delete the parts you do not need and fill in the others.
-- Cite the rule each piece follows (your faction sheet, or "TI4 §n" for the base rules).
local U = require("util")
local K = require("ability_kit")
local F = {}
local E = {}

E.{{module}}_ability = {
	-- Rule switches the base rules ask with `A.any(g, seat, flag)`; the flags the rules
	-- read are listed in the authoring guide (e.g. `trade_anyone = true`, as Hacan's Guild
	-- Ships; `free_secondary = { trade = true }`).
	flags = {},
	-- Moments: function(g, seat, info) run for each seat holding the entry, in the rule's
	-- order (TI4 §19.19-20). Return true when it pushed a step (a question).
	-- strategy_end, status_start, status_end, activation (info.seat activated info.cell),
	-- after_move (info.seat moved into info.cell), turn_start (info.seat's turn),
	-- combat_round (info.seats fight in info.cell), combat_end, ground_combat_start,
	-- agenda_revealed_when ("when" an agenda is revealed, before any "after" effect, TI4
	-- §19.16) and agenda_revealed ("after").
	-- At the moments that action cards share (timing.lua `T.MOMENTS`: activation,
	-- after_move, combat_round, combat_end, ground_combat_start, agenda_revealed_when,
	-- agenda_revealed) the seats take turns in one
	-- window: your hook runs in your turn, after the seats before you have used their
	-- abilities and cards, and before your own action cards are offered.
	at = {
		status_end = function(g, seat: number, info): boolean
			-- e.g. U.gain_tg(g, seat, 1); g:log(...)
			return false
		end,
	},
}

-- A technology with a component action (TI4 §3): offered in the turn menu when `can` says so.
E.{{module}}_tech_b = {
	component = {
		can = function(g, seat: number): boolean
			-- e.g. return U.ready_tech(g, seat, "{{module}}_tech_b") ~= nil
			return false
		end,
		play = function(g, seat: number)
			-- Exhaust the card, then do the effect or push a step (a question).
			g:set_prop(U.ready_tech(g, seat, "{{module}}_tech_b") :: number, "exhausted", true)
		end,
	},
	-- Prerequisites this entry lets its holder ignore when researching `tid` (TI4 §94.7).
	skips = function(g, seat: number, tid: string): number
		return 0
	end,
}

-- The flagship (TI4 §98): its entry acts only while it is on the board. `destroyed` runs
-- when one of the owner's units with this face is destroyed.
E.{{module}}_flagship = {
	destroyed = function(g, seat: number, e: number) end,
}

-- The faction's promissory note (TI4 §44), keyed by its id in promissory_notes.ron: its part
-- `note` says when and how a holder other than you plays it (the base pack's notes.lua
-- offers it; faction_sol.lua... and notes_generic.lua hold the base notes' entries).
E.{{module}}_note = {
	note = {
		-- The moment (or a list) at which its holder may play it: after_activation (info.seat
		-- activated info.cell), agenda_revealed (info.revote), after_replenish (info.seat),
		-- turn_start (the holder's own turn: info.seat), owner_turn_start (your turn:
		-- info.seat), after_research (info.seat, info.tech), combat_round, combat_start,
		-- ground_combat_start (info.seats fight), units_committed (info.seat lands on
		-- info.planets), strategy_end. Or `component = true`: a component action (TI4 §3).
		at = "turn_start",
		-- Whether the holder may play it now (it is offered only to a holder that is not its
		-- owner, §44.2).
		can = function(g, holder: number, owner: number, note: number, info): boolean
			return false
		end,
		-- Offered by `order` (default 0), then id, among notes timed at the same moment.
		order = 0,
		-- The ways to play it (none: not offered). Without `options`: one, "play".
		options = function(g, holder: number, owner: number, note: number, info)
			return { { label = U.text("notes.play_option", defs.promissory_note[g:face(note)].name, owner), value = "play" } }
		end,
		-- The effect (`choice`: the option's value). Return nil or "back" (the note goes back
		-- to its owner, §44.3), "face_up" (it stays face up in the holder's play area) or
		-- "done" (the effect put it where it belongs).
		play = function(g, holder: number, owner: number, note: number, info, choice)
			return "back"
		end,
		-- Face up, it goes back when the holder activates a system with your units.
		returns_on_activation = false,
		-- Face up, it goes back at this moment ("status_end", "agenda_resolved"), after
		-- `expire`.
		expires = nil,
		expire = function(g, holder: number, owner: number, note: number) end,
		-- Face up: rule switches of the holder (`trade_anyone`), and what you may not do
		-- (`production`, info.cell).
		flags = {},
		bars = {
			production = function(g, holder: number, owner: number, note: number, info): boolean
				return false
			end,
		},
		-- It was just handed to a holder other than you (a transaction).
		received = function(g, holder: number, owner: number, note: number) end,
		-- Face up, it is about to leave the holder's play area.
		left_play = function(g, holder: number, owner: number, note: number) end,
		-- Effects lasting "this action" end (every turn start).
		action_ends = function(g) end,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
function F.register(registry: { [string]: any })
	K.add(registry, E)
end

return F

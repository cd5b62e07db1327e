--!strict
-- Twilight Imperium 4: the Nekro Virus — its entries in the faction registry (abilities.lua)
-- and the steps they push (issue 18). Each faction is its data (factions.ron) plus one module
-- like this, which its `hooks` names ("faction_nekro.register"); pack.ron names the steps
-- ("faction_nekro.<step>").
--
-- The Nekro never research (Propagation: tech.lua's research step gives 3 command tokens
-- instead) and never vote (Galactic Threat: agenda.lua's `cannot_vote` flag); they take
-- technologies from other players (Galactic Threat's prediction, Technological Singularity)
-- through one step, `take_tech`, which also places the Valefar Assimilator tokens: a token is
-- the prop "copies" (the technology id) of the Nekro's Valefar card, and abilities.lua,
-- util.lua `has_tech` and tech.lua read the copied technology as the Nekro's own (§94.16).
local U = require("util")
local Ask = require("ask_once")
local K = require("ability_kit")
local F = {}
local E = {}

local VALEFAR = { "nekro_valefar_assimilator_x", "nekro_valefar_assimilator_y" }

-- The technology a Valefar card copies, if any.
local function copied_by(g, card: number): string?
	return g:prop(card, "copies")
end

-- Whether any Valefar token of the seat already lies on technology `tid` (§94.16: a
-- technology carries one token at most).
local function assimilated(g, seat: number, tid: string): boolean
	for _, v in ipairs(VALEFAR) do
		local card = g:first({ kind = "technology", face = v, zone = "researched", seat = seat })
		if card and copied_by(g, card) == tid then
			return true
		end
	end
	return false
end

-- The options `take_tech` offers for the technologies `from` owns (TI4 §19, §94.16): a
-- technology no faction owns that the Nekro lack ("g:<tid>"), or a faction technology of
-- `from` under a free Valefar token ("<valefar>|<tid>"). A unit upgrade copied over one of
-- the same unit type already copied must use that token (§62.1, §94.21, digest E-05).
local function take_options(g, seat: number, from: number): { any }
	local options = {}
	for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = from })) do
		local tid = g:face(e)
		local t = defs.technology[tid]
		if t.faction == nil then
			if g:count({ kind = "technology", face = tid, zone = "tech_deck", seat = seat }) > 0 then
				table.insert(options, { label = U.text("nekro.take_option", t.name, from), value = "g:" .. tid })
			end
		elseif t.faction ~= "nekro" and not assimilated(g, seat, tid) then
			local utype = t.unit and defs.unit[t.unit].type
			local same = nil
			for _, v in ipairs(VALEFAR) do
				local card = g:first({ kind = "technology", face = v, zone = "researched", seat = seat })
				local c = card and copied_by(g, card)
				if c and utype and defs.technology[c].unit and defs.unit[defs.technology[c].unit :: string].type == utype then
					same = v
				end
			end
			for _, v in ipairs(VALEFAR) do
				local card = g:first({ kind = "technology", face = v, zone = "researched", seat = seat })
				if card and (same == v or (same == nil and copied_by(g, card) == nil)) then
					table.insert(options, { label = U.text("nekro.assimilate_option", defs.technology[v].name, t.name, from), value = v .. "|" .. tid })
				end
			end
		end
	end
	return options
end

-- Puts the Valefar card `v`'s token on technology `tid` (§94.16): while it is there the card
-- does what `tid` does; a unit upgrade turns the Nekro units of its type into the copied
-- unit (§62.1: by type, whatever the names), replacing an upgrade of that type they had.
local function assimilate(g, seat: number, v: string, tid: string)
	local card = g:first({ kind = "technology", face = v, zone = "researched", seat = seat }) :: number
	g:set_prop(card, "copies", tid)
	local t = defs.technology[tid]
	if t.unit then
		local new = defs.unit[t.unit]
		for _, u in ipairs(g:entities({ kind = new.type, owner = seat })) do
			g:set_face(u, t.unit)
		end
	end
	g:log(U.text("nekro.assimilated", seat, defs.technology[v].name, t.name))
end

-- Galactic Threat (TI4 §19, §27): the Nekro never vote (agenda.lua reads `cannot_vote`,
-- FAQ F-34: they still play action cards). Once per agenda phase, after an agenda is
-- revealed, they may predict its outcome (step `predict`); when the agenda resolves with
-- that outcome they take a technology of a player who voted for it (step `take_tech`).
E.nekro_galactic_threat = {
	flags = { cannot_vote = true },
	at = {
		agenda_revealed = function(g, seat: number, info)
			if g:global("nekro_predicted_" .. seat) == (g:global("round") or 0) then
				return false
			end
			g:push("predict", { seat = seat, card = info.card })
			return true
		end,
		agenda_resolved = function(g, seat: number, info)
			local guess = g:global("nekro_prediction_" .. seat)
			if guess == nil or g:global("nekro_prediction_card_" .. seat) ~= info.card then
				return false
			end
			g:set_global("nekro_prediction_" .. seat, nil)
			g:set_global("nekro_prediction_card_" .. seat, nil)
			if guess ~= info.result then
				g:log(U.text("nekro.prediction_wrong", seat))
				return false
			end
			local voters = {}
			for s = 1, g:seats() do
				if s ~= seat and info.cast[tostring(s)] == guess then
					table.insert(voters, s)
				end
			end
			g:log(U.text("nekro.prediction_right", seat))
			if #voters == 0 then
				return false
			end
			g:push("take_tech", { seat = seat, from = voters, why = "nekro_galactic_threat" })
			return true
		end,
	},
}

-- Technological Singularity (TI4 §19): once per combat (the global "combat" numbers them),
-- after one of the opponent's units is destroyed (the moment `combat_loss` of combat.lua,
-- invasion.lua and the Yin's Devotion and Impulse Core), the Nekro may take a technology that
-- opponent owns, unless the opponent has Antivirus face up (its card). Taking nothing leaves
-- the ability for a later loss in the same combat.
E.nekro_technological_singularity = {
	at = {
		combat_loss = function(g, seat: number, info)
			local key = "nekro_singularity_" .. seat
			if info.foe ~= seat or g:global(key) == g:global("combat") then
				return false
			end
			local note = g:first({ kind = "promissory_note", face = "nekro_antivirus", owner = seat, zone = "note_play", seat = info.seat })
			if note then
				return false
			end
			if #take_options(g, seat, info.seat) == 0 then
				return false
			end
			g:set_global(key, g:global("combat"))
			g:push("take_tech", { seat = seat, from = { info.seat }, why = "nekro_technological_singularity" })
			return true
		end,
	},
}

-- Propagation (TI4 §19): the Nekro cannot research; tech.lua's research step gives the
-- command tokens of this ability's data modifier instead (flag `research_gives_tokens`).
E.nekro_propagation = { flags = { research_gives_tokens = true } }

-- The Alastor (TI4 §98, its card): as a space combat in its system starts (timing.lua's window
-- `space_combat_start`), the Nekro choose any of their ground forces in that system, in its
-- space area or on its planets, to fight as ships (step `alastor`; combat.lua puts them back
-- once it is over; digest FAQ F-43: they keep fighting if the flagship dies). Asked first in
-- the Nekro's turn of the window (`at_order`): the forces joining count for the Nekro's
-- Assault Cannon (F-43), and choosing none leaves everything as it was, so going first can
-- never cost the Nekro anything.
local function alastor_forces(g, seat: number, c: number): { number }
	local out = g:entities({ kind = U.GROUND_TYPES, owner = seat, cell = c })
	for _, p in ipairs(g:entities({ kind = "planet", cell = c })) do
		for _, e in ipairs(g:entities({ kind = U.GROUND_TYPES, owner = seat, inside = p })) do
			table.insert(out, e)
		end
	end
	return out
end

E.nekro_flagship = {
	at_order = { space_combat_start = -1 },
	at = {
		space_combat_start = function(g, seat: number, info)
			if not table.find(info.seats, seat) or g:count({ kind = "flagship", face = "nekro_flagship", owner = seat, cell = info.cell }) == 0
				or #alastor_forces(g, seat, info.cell) == 0 then
				return false
			end
			g:push("alastor", { seat = seat, cell = info.cell })
			return true
		end,
	},
}

-- ==== Steps ====

-- The Alastor: ctx.seat chooses which of its ground forces in ctx.cell fight as ships (any
-- number, none included). Those from a planet wait in the space area for the combat's
-- length (prop "fought_from": combat.lua puts them back).
F.alastor = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local options, n = {}, {}
		for _, e in ipairs(alastor_forces(g, ctx.seat, ctx.cell)) do
			local w = g:where(e)
			local p = type(w) == "table" and w.inside or nil
			local place = p and U.planet_name(g, p) or U.text("nekro.space_area")
			n[place] = (n[place] or 0) + 1
			table.insert(options, { label = U.text("nekro.alastor_option", U.unit_name(g:face(e)), place, n[place]), value = e })
		end
		return { seat = ctx.seat, kind = "many", min = 0, max = #options, prompt = U.text("nekro.alastor_prompt"),
			rule = "TI4 §98 (The Alastor)", help = defs.unit.nekro_flagship.ability, options = options }
	end,
	resolve = function(g, ctx, chosen)
		ctx.done = true
		for _, e in ipairs(chosen) do
			local w = g:where(e)
			local p = type(w) == "table" and w.inside or nil
			if p then
				g:set_prop(e, "fought_from", p)
				g:move(e, ctx.cell)
			end
			g:set_prop(e, "space_combat", true)
		end
		if #chosen > 0 then
			g:log(U.text("combat.ground_forces_join", ctx.seat, #chosen))
		end
	end,
}

-- Galactic Threat's prediction: ctx.seat names one outcome of the revealed agenda ctx.card,
-- or none (then it may predict on the next agenda of this phase).
F.predict = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, v in ipairs(require("agendas").outcomes(g, g:face(ctx.card))) do
			table.insert(options, { value = v })
		end
		return options
	end,
	ask = function(g, ctx)
		return { prompt = U.text("nekro.predict_prompt", defs.agenda[g:face(ctx.card)].name), rule = "TI4 §19, §27",
			help = defs.faction_ability.nekro_galactic_threat.effect, labels = "agenda.label",
			pass = U.text("nekro.predict_none") }
	end,
	answer = function(g, ctx, v)
		g:set_global("nekro_predicted_" .. ctx.seat, g:global("round") or 0)
		g:set_global("nekro_prediction_" .. ctx.seat, v)
		g:set_global("nekro_prediction_card_" .. ctx.seat, ctx.card)
		g:log(U.text("nekro.predicted", ctx.seat, require("agenda").label(g, v, ctx.seat)))
	end,
})

-- Taking another player's technology (Galactic Threat, Technological Singularity): ctx.seat
-- chooses one technology owned by a seat of ctx.from, or a Valefar token's placement, or
-- nothing. ctx.why: the ability's id.
F.take_tech = Ask.step({
	options = function(g, ctx)
		local options = {}
		for _, s in ipairs(ctx.from) do
			for _, o in ipairs(take_options(g, ctx.seat, s)) do
				table.insert(options, o)
			end
		end
		return options
	end,
	ask = function(g, ctx)
		local ability = defs.faction_ability[ctx.why]
		return { prompt = U.text("nekro.take_prompt", ability.name), rule = "TI4 §19, §94.16",
			help = ability.effect .. " " .. defs.technology.nekro_valefar_assimilator_x.effect,
			pass = U.text("nekro.take_none") }
	end,
	declined = function(g, ctx)
		if ctx.why == "nekro_technological_singularity" then
			g:set_global("nekro_singularity_" .. ctx.seat, nil) -- not used: still once this combat
		end
	end,
	answer = function(g, ctx, v)
		if string.sub(v, 1, 2) == "g:" then
			local tid = string.sub(v, 3)
			require("tech").gain(g, ctx.seat, tid)
			g:log(U.text("nekro.took", ctx.seat, defs.technology[tid].name, defs.faction_ability[ctx.why].name))
		else
			local valefar, tid = string.match(v, "^([%w_]+)|([%w_]+)$")
			assimilate(g, ctx.seat, valefar :: string, tid :: string)
		end
	end,
})

-- ==== Promissory note (notes.lua says when each part of `note` is asked) ====

-- Antivirus (Nekro's note, its card): as a combat against the Nekro starts, its holder may
-- play it: face up in its play area, Technological Singularity skips the holder (above)
-- until the holder activates a system with Nekro units.
E.nekro_antivirus = {
	note = {
		at = "combat_start",
		can = function(g, holder: number, owner: number, note: number, info): boolean
			local i = table.find(info.seats, holder)
			return i ~= nil and info.seats[3 - i] == owner
		end,
		options = function(g, holder: number, owner: number, note: number, info)
			return { { label = U.text("notes.play_antivirus", owner), value = "play" } }
		end,
		play = function(g, holder: number, owner: number, note: number, info, v)
			g:move(note, { zone = "note_play", seat = holder })
			g:log(U.text("notes.antivirus", holder, owner))
			return "face_up"
		end,
		returns_on_activation = true,
	},
}

-- Adds this faction's entries to the registry (ability_entries.lua).
F.register = K.registrar(E)

return F

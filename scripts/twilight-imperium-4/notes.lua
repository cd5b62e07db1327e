--!strict
-- Twilight Imperium 4: promissory notes (TI4 §44). A note is an entity of kind
-- `promissory_note`: its face is the card (promissory_notes.ron), its owner the seat whose
-- colour or faction it belongs to, and it lies in `{zone = "notes", seat = holder}` (the
-- holder's hand, hidden: only the holder and the seat that last handed it over know its
-- face, §44.6) or, for notes played face up, in `{zone = "note_play", seat = holder}`
-- (public). This module gives, returns and plays notes at the moments the pack has built;
-- transactions.lua decides when a note changes hands. Moments not built yet (agendas, combat
-- rounds, action-card windows) are listed in COVERAGE.md.
local U = require("util")
local Tech = require("tech")
local O = require("objectives")
local N = {}

-- Notes whose card says they go back to their owner when the holder activates a system
-- holding 1 or more of the owner's units (promissory_notes.ron `returns_when`).
local RETURN_ON_ACTIVATION = { support_for_the_throne = true, hacan_trade_convoys = true, arborec_stymie = true,
	mentak_promise_of_protection = true }
RETURN_ON_ACTIVATION.nekro_antivirus = true -- Nekro (issue 18)

-- Notes played as a component action (TI4 §3) that the pack can resolve.
local COMPONENT = { hacan_trade_convoys = true, arborec_stymie = true, mentak_promise_of_protection = true,
	muaat_fires_of_the_gashlai = true }

function N.name(g, note: number): string
	return defs.promissory_note[g:face(note)].name
end

-- The notes in a seat's hand (not those face up in its play area).
function N.hand(g, seat: number): { number }
	return g:entities({ kind = "promissory_note", zone = "notes", seat = seat })
end

-- Whether a seat has a note of `face` face up in its play area.
function N.in_play(g, seat: number, face: string): boolean
	return g:count({ kind = "promissory_note", face = face, zone = "note_play", seat = seat }) > 0
end

-- The note of `face` belonging to `owner` that another seat holds in hand, and that seat.
local function held_by_other(g, owner: number, face: string): (number?, number?)
	local note = g:first({ kind = "promissory_note", face = face, owner = owner })
	if not note then
		return nil, nil
	end
	local at = g:where(note)
	if at.zone == "notes" and at.seat ~= owner then
		return note, at.seat
	end
	return nil, nil
end

-- Setup step 4 (TI4 §44.6): a seat's notes start in its hand, seen only by it.
function N.deal(g, seat: number, face: string)
	local note = g:create({ kind = "promissory_note", face = face, owner = seat, at = { zone = "notes", seat = seat }, hidden = true })
	g:hide(note, seat)
end

-- Returns a note to its owner's hand (TI4 §44.3-44.4), hidden again from the others;
-- Support for the Throne takes its victory point back (TI4 §44, its card).
function N.give_back(g, note: number)
	local owner = g:owner(note)
	local at = g:where(note)
	local holder = at.seat
	if g:face(note) == "support_for_the_throne" and at.zone == "note_play" and holder ~= owner then
		U.vp(g, holder, -1, "other")
	end
	g:move(note, { zone = "notes", seat = owner })
	g:hide(note, { owner, holder })
	g:log(U.text("notes.returned", N.name(g, note), holder, owner))
end

-- Hands a note from one seat to another in a transaction (TI4 §96.2, §44.5). Only the two
-- seats learn its face; Support for the Throne goes face up at once and scores (its card).
function N.give(g, note: number, from: number, to: number)
	g:move(note, { zone = "notes", seat = to })
	g:hide(note, { from, to })
	if g:face(note) == "support_for_the_throne" and g:owner(note) ~= to then
		g:move(note, { zone = "note_play", seat = to })
		g:reveal(note)
		g:log(U.text("notes.throne", to, g:owner(note)))
		U.vp(g, to, 1, "other")
	end
end

-- After a seat activates a system (TI4 §5.1): the notes it holds that return when it
-- activates their owner's units go back (Support for the Throne, Trade Convoys), and the
-- holders of its Ceasefire with units there may play it (pushes `note_play`).
function N.after_activation(g, seat: number, cell: number)
	for _, note in ipairs(g:entities({ kind = "promissory_note", zone = "note_play", seat = seat })) do
		local owner = g:owner(note)
		if RETURN_ON_ACTIVATION[g:face(note)] and owner ~= seat and g:count({ kind = U.UNIT_TYPES, owner = owner, cell = cell }) > 0 then
			N.give_back(g, note)
		end
	end
	local note, holder = held_by_other(g, seat, "ceasefire")
	if note and holder and g:count({ kind = U.UNIT_TYPES, owner = holder, cell = cell }) > 0 then
		g:push("note_play", { seat = holder, note = note, cell = cell })
	end
	-- Greyfire Mutagen (Yin's note): its holder may play it after any activation where the
	-- Yin player is active or has units in the active system (when it can matter).
	for owner = 1, g:seats() do
		local gm, gh = held_by_other(g, owner, "yin_greyfire_mutagen")
		if gm and gh and (owner == seat or g:count({ kind = U.UNIT_TYPES, owner = owner, cell = cell }) > 0) then
			g:push("note_play", { seat = gh, note = gm, cell = cell })
		end
	end
end

-- Ceasefire (its card): whether the active seat may not move units into `cell` this turn.
function N.ceasefire(g, cell: number): boolean
	return g:global("ceasefire") == cell
end

-- As an agenda is revealed: the holder of another seat's Political Secret may play it
-- (pushes `note_play`); so may the holder of Xxcha's Political Favor, when the agenda was
-- really revealed (not a law voted again, `revote`) and Xxcha has a strategy-pool token.
-- Returns whether it pushed.
function N.agenda_revealed(g, revote: boolean?): boolean
	local pushed = false
	for owner = 1, g:seats() do
		local note, holder = held_by_other(g, owner, "xxcha_political_favor")
		if note and holder and not revote and U.pool(g, owner, "strategy") > 0 then
			g:push("note_play", { seat = holder, note = note })
			pushed = true
		end
	end
	for owner = 1, g:seats() do
		local note, holder = held_by_other(g, owner, "political_secret")
		if note and holder and not U.eliminated(g, owner) then
			g:push("note_play", { seat = holder, note = note })
			pushed = true
		end
	end
	return pushed
end

-- Once that agenda is resolved (or replaced, F-11), Political Secret goes back to its owner.
function N.agenda_resolved(g)
	for holder = 1, g:seats() do
		for _, note in ipairs(g:entities({ kind = "promissory_note", face = "political_secret", zone = "note_play", seat = holder })) do
			g:set_global("card_silenced_" .. g:owner(note), nil)
			N.give_back(g, note)
		end
	end
end

-- After a seat replenishes its commodities (TI4 §43.3): the holder of its Trade Agreement
-- may play it (pushes `note_play`).
function N.after_replenish(g, seat: number)
	local note, holder = held_by_other(g, seat, "trade_agreement")
	if note and holder then
		g:push("note_play", { seat = holder, note = note })
	end
end

-- Notes played by their holder "at the start of" their owner's turn: Military Support (Sol's
-- note). A list, so they are offered in a fixed order (determinism).
local TURN_START = { "sol_military_support" }

-- Offers `note` to its holder if it may be played at the start of `seat`'s turn now (not
-- its own note, §44.2; Military Support needs a planet to place on). Returns whether it
-- pushed `note_play`.
local function offer_at_turn_start(g, note: number, seat: number): boolean
	local at = g:where(note)
	local owner = g:owner(note)
	if not table.find(TURN_START, g:face(note)) or owner ~= seat or at.zone ~= "notes" or at.seat == owner then
		return false
	end
	if #U.planets(g, at.seat) == 0 then
		return false
	end
	g:push("note_play", { seat = at.seat, note = note })
	return true
end

-- At the start of a seat's turn: the holder of its Military Support (Sol's note) may play it
-- (pushes `note_play`); so may the seat itself any Spy Net (Yssaril's note) it holds, when
-- the Yssaril player has action cards.
function N.turn_start(g, seat: number)
	for _, note in ipairs(N.hand(g, seat)) do
		local owner = g:owner(note) :: number
		if g:face(note) == "yssaril_spy_net" and owner ~= seat and not U.eliminated(g, owner)
			and g:count({ kind = "action_card", zone = "hand", seat = owner }) > 0 then
			g:push("note_play", { seat = seat, note = note })
		end
	end
	for _, face in ipairs(TURN_START) do
		local note = g:first({ kind = "promissory_note", face = face, owner = seat })
		if note then
			offer_at_turn_start(g, note, seat)
		end
	end
	-- At the start of the holder's own turn: another's Cybernetic Enhancements (the L1Z1X
	-- note), when the holder has a command token in reinforcements to gain.
	for _, n in ipairs(N.hand(g, seat)) do
		if g:face(n) == "l1z1x_cybernetic_enhancements" and g:owner(n) ~= seat
			and g:count({ kind = "command_token", zone = "cmd_reinforcements", seat = seat }) > 0 then
			g:push("note_play", { seat = seat, note = n })
		end
	end
	-- Creuss Iff (its card): as the holder's own turn begins, it may put or move a Creuss
	-- wormhole token (usable without Wormhole Generator: FAQ, digest F-39).
	for _, iff in ipairs(N.hand(g, seat)) do
		if g:face(iff) == "creuss_iff" and g:owner(iff) ~= seat then
			g:push("note_play", { seat = seat, note = iff })
		end
	end
end

-- Digest F-08: a note received in a transaction while the start of `seat`'s turn is still
-- open (transactions.lua decides that) may be played at once if its timing is that turn's
-- start; its holder was not asked when the turn began, as it did not hold it then.
function N.received_at_turn_start(g, note: number, seat: number): boolean
	return offer_at_turn_start(g, note, seat)
end

-- After a seat researches a technology (TI4 §94.2): the holder of its Research Agreement
-- (Jol-Nar's note) may play it for a technology that is no faction technology and that it
-- does not have yet (pushes `note_play`).
function N.after_research(g, seat: number, tid: string)
	local note, holder = held_by_other(g, seat, "jol_nar_research_agreement")
	if note and holder and defs.technology[tid].faction == nil
		and g:count({ kind = "technology", face = tid, zone = "tech_deck", seat = holder }) > 0 then
		g:push("note_play", { seat = holder, note = note, tech = tid })
	end
end

-- As a space combat round begins: a seat in the combat holding another's War Funding
-- (Letnev's note) may play it (pushes `note_play`).
-- Returns whether it pushed anything.
function N.combat_round(g, seats: { number }): boolean
	local pushed = false
	for _, s in ipairs(seats) do
		for _, note in ipairs(N.hand(g, s)) do
			if g:face(note) == "letnev_war_funding" and g:owner(note) ~= s then
				g:push("note_play", { seat = s, note = note })
				pushed = true
			end
		end
	end
	return pushed
end

-- Once a seat has committed units to land on `planets` (TI4 §52.2): if it holds the Clan of
-- Saar's Ragh's Call and Saar has ground forces on one of them, it may play it for that
-- planet (pushes `note_play`). Returns whether it pushed.
function N.units_committed(g, seat: number, planets: { number }): boolean
	for _, note in ipairs(N.hand(g, seat)) do
		local owner = g:owner(note) :: number
		if g:face(note) == "saar_raghs_call" and owner ~= seat then
			for _, p in ipairs(planets) do
				if g:count({ kind = U.GROUND_TYPES, owner = owner, inside = p }) > 0 then
					g:push("note_play", { seat = seat, note = note, planet = p })
					return true
				end
			end
		end
	end
	return false
end

-- As a combat starts (space or ground): a seat in it holding its opponent's Antivirus (Nekro's
-- note) may play it (pushes `note_play`). Returns whether it pushed anything.
function N.combat_start(g, seats: { number }): boolean
	local pushed = false
	for i, s in ipairs(seats) do
		local foe = seats[3 - i]
		for _, note in ipairs(N.hand(g, s)) do
			if g:face(note) == "nekro_antivirus" and g:owner(note) == foe then
				g:push("note_play", { seat = s, note = note })
				pushed = true
			end
		end
	end
	return pushed
end

-- Once every strategy card has been chosen (end of the strategy phase): the holder of
-- Naalu's Gift of Prescience may play it (pushes `note_play`).
function N.strategy_end(g)
	-- Acquiescence (Winnu's note, its base-game card): its holder may swap one of its
	-- strategy cards for one the Winnu chose.
	for owner = 1, g:seats() do
		local note, holder = held_by_other(g, owner, "winnu_acquiescence")
		if note and holder and not U.eliminated(g, owner)
			and g:count({ kind = "strategy_card", zone = "strategy", seat = owner }) > 0
			and g:count({ kind = "strategy_card", zone = "strategy", seat = holder }) > 0 then
			g:push("note_play", { seat = holder, note = note })
		end
	end
	for owner = 1, g:seats() do
		local note, holder = held_by_other(g, owner, "naalu_gift_of_prescience")
		if note and holder then
			g:push("note_play", { seat = holder, note = note })
		end
	end
end

-- At the end of the status phase: a Gift of Prescience face up goes back to Naalu (its
-- card).
function N.status_end(g)
	for s = 1, g:seats() do
		for _, note in ipairs(g:entities({ kind = "promissory_note", face = "naalu_gift_of_prescience", zone = "note_play", seat = s })) do
			N.give_back(g, note)
		end
	end
end

-- TI4 §36.4, §44.7: when a seat is eliminated, the notes of its colour or faction leave the
-- game (into the box, Support for the Throne taking its point back), and the notes of
-- others it holds go back to their owners. For the elimination step to call.
function N.on_eliminated(g, seat: number)
	for _, note in ipairs(g:entities({ kind = "promissory_note", owner = seat })) do
		local at = g:where(note)
		if g:face(note) == "support_for_the_throne" and at.zone == "note_play" and at.seat ~= seat then
			U.vp(g, at.seat, -1, "other")
		end
		g:move(note, "box")
	end
	for _, zone in ipairs({ "notes", "note_play" }) do
		for _, note in ipairs(g:entities({ kind = "promissory_note", zone = zone, seat = seat })) do
			N.give_back(g, note)
		end
	end
end

-- The notes a seat may play as a component action now (TI4 §3, §44.2: not its own).
function N.component_options(g, seat: number): { any }
	local options = {}
	for _, note in ipairs(N.hand(g, seat)) do
		if COMPONENT[g:face(note)] and g:owner(note) ~= seat then
			table.insert(options, { label = U.text("notes.play_option", N.name(g, note), g:owner(note)), value = string.format("note:%d", note) })
		end
	end
	return options
end

-- Plays a component-action note (the turn's action; round.lua).
function N.play_component(g, seat: number, note: number)
	if g:face(note) == "muaat_fires_of_the_gashlai" then
		-- Fires of the Gashlai (Muaat's note, its card): a token from Muaat's fleet pool to
		-- its reinforcements, the War Sun technology for the holder, the note back to Muaat.
		local owner = g:owner(note) :: number
		g:reveal(note)
		g:log(U.text("notes.played", seat, N.name(g, note), owner))
		U.move_token(g, owner, "fleet", "cmd_reinforcements")
		U.remove_fleet_excess(g, owner) -- §45.3: the smaller pool may hold fewer ships
		Tech.gain(g, seat, "war_sun")
		g:log(U.text("notes.fires_of_the_gashlai", owner, seat))
		N.give_back(g, note)
		return
	end
	-- Trade Convoys, Stymie (their cards): face up in the play area.
	g:move(note, { zone = "note_play", seat = seat })
	g:reveal(note)
	g:log(U.text("notes.played", seat, N.name(g, note), g:owner(note)))
end

-- A holder's choice to play a note at the moment its card names (TI4 §44.1: optional).
-- ctx: seat (the holder), note, and for Ceasefire the active system `cell`.
N.note_play = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local face = g:face(ctx.note)
		local def = defs.promissory_note[face]
		local owner = g:owner(ctx.note)
		-- Political Favor: nothing to do once the agenda is already being replaced, or
		-- without a strategy-pool token of Xxcha's to remove.
		if face == "xxcha_political_favor" and (g:global("card_veto") or U.pool(g, owner, "strategy") == 0) then
			return nil
		end
		local label
		local options = {}
		if face == "trade_agreement" then
			label = U.text("notes.play_trade_agreement", owner, g:get(owner, "commodities") or 0)
		elseif face == "sol_military_support" then
			for _, p in ipairs(U.planets(g, ctx.seat)) do
				table.insert(options, { label = U.text("notes.play_military_support", U.planet_name(g, p)), value = p })
			end
		elseif face == "jol_nar_research_agreement" then
			label = U.text("notes.play_research_agreement", defs.technology[ctx.tech].name)
		elseif face == "naalu_gift_of_prescience" then
			label = U.text("notes.play_gift_of_prescience")
		elseif face == "political_secret" then
			label = U.text("notes.play_political_secret", owner)
		elseif face == "letnev_war_funding" then
			label = U.text("notes.play_war_funding", owner)
		elseif face == "nekro_antivirus" then
			label = U.text("notes.play_antivirus", owner)
		elseif face == "yin_greyfire_mutagen" then
			label = U.text("notes.play_greyfire", owner)
		elseif face == "norr_tekklar_legion" then
			label = U.text("notes.play_tekklar", owner)
		elseif face == "l1z1x_cybernetic_enhancements" then
			label = U.text("notes.play_cybernetic", owner)
		elseif face == "xxcha_political_favor" then
			label = U.text("notes.play_political_favor", owner)
		elseif face == "yssaril_spy_net" then
			label = U.text("notes.play_spy_net", owner)
		elseif face == "winnu_acquiescence" then
			-- One option per pair (a card of the holder's, a card of the Winnu's).
			for _, mine in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = ctx.seat })) do
				for _, theirs in ipairs(g:entities({ kind = "strategy_card", zone = "strategy", seat = owner })) do
					table.insert(options, { label = U.text("notes.play_acquiescence", defs.strategy_card[g:face(mine)].name,
						defs.strategy_card[g:face(theirs)].name), value = string.format("%d:%d", mine, theirs) })
				end
			end
		elseif face == "creuss_iff" then
			for _, o in ipairs(require("faction_creuss").token_options(g, ctx.seat, owner)) do
				table.insert(options, o)
			end
		elseif face == "saar_raghs_call" then
			-- Ragh's Call: the holder names where Saar's ground forces go (a planet Saar
			-- controls other than this one).
			for _, p in ipairs(U.planets(g, owner)) do
				if p ~= ctx.planet then
					table.insert(options, { label = U.text("notes.play_raghs_call", owner, U.planet_name(g, ctx.planet), U.planet_name(g, p)), value = p })
				end
			end
		else
			label = U.text("notes.play_ceasefire", owner, U.cell_label(g, ctx.cell))
		end
		if label then
			table.insert(options, { label = label, value = "play" })
		end
		if #options == 0 then
			return nil -- nothing it could do now (Acquiescence: a strategy card gone)
		end
		return { seat = ctx.seat, prompt = U.text("notes.play_prompt", def.name, owner), rule = "TI4 §44", help = def.effect,
			options = options, pass = U.text("notes.keep") }
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		if v == nil then
			return
		end
		local note = ctx.note
		local owner = g:owner(note)
		g:reveal(note)
		g:log(U.text("notes.played", ctx.seat, N.name(g, note), owner))
		if g:face(note) == "trade_agreement" then
			-- Trade Agreement: all the owner's commodities, trade goods for the holder (§43.6).
			local n = g:get(owner, "commodities") or 0
			g:set(owner, "commodities", 0)
			U.gain_tg(g, ctx.seat, n)
			g:log(U.text("notes.trade_agreement", owner, n, ctx.seat))
		elseif g:face(note) == "sol_military_support" then
			-- Military Support: the owner gives up a strategy-pool token if it has one; the
			-- holder places 2 infantry from its reinforcements on the chosen planet.
			U.move_token(g, owner, "strategy", "cmd_reinforcements")
			for _ = 1, 2 do
				local e = g:last({ kind = "infantry", zone = "reinforcements", seat = ctx.seat })
				if e then
					g:move(e, { inside = v })
				end
			end
			g:log(U.text("notes.military_support", ctx.seat, U.planet_name(g, v)))
		elseif g:face(note) == "jol_nar_research_agreement" then
			-- Research Agreement: the holder gains the technology too.
			Tech.gain(g, ctx.seat, ctx.tech)
			g:log(U.text("tech.researched", ctx.seat, defs.technology[ctx.tech].name))
		elseif g:face(note) == "letnev_war_funding" then
			-- War Funding: the owner loses 2 trade goods (as many as it has); the holder
			-- rerolls this combat round (combat.lua reads "rerolls_<seat>").
			local lost = math.min(2, g:get(owner, "tg") or 0)
			g:add(owner, "tg", -lost)
			g:set_global("rerolls_" .. ctx.seat, true)
			g:log(U.text("notes.war_funding", owner, lost, ctx.seat))
		elseif g:face(note) == "norr_tekklar_legion" then
			N.tekklar(g, ctx.seat, owner, ctx.foe)
		elseif g:face(note) == "l1z1x_cybernetic_enhancements" then
			-- Cybernetic Enhancements (its card): the L1Z1X lose a strategy-pool token (if
			-- they have one); the holder gains one from its reinforcements.
			local lost = U.move_token(g, owner, "strategy", "cmd_reinforcements")
			U.move_token(g, ctx.seat, "cmd_reinforcements", "strategy")
			g:log(U.text(lost and "notes.cybernetic" or "notes.cybernetic_none", owner, ctx.seat))
		elseif g:face(note) == "winnu_acquiescence" then
			-- Acquiescence: the two strategy cards change hands.
			local a, b = string.match(v, "^(%d+):(%d+)$")
			local mine, theirs = tonumber(a) :: number, tonumber(b) :: number
			g:move(mine, { zone = "strategy", seat = owner })
			g:move(theirs, { zone = "strategy", seat = ctx.seat })
			g:log(U.text("notes.acquiescence", ctx.seat, defs.strategy_card[g:face(mine)].name, owner, defs.strategy_card[g:face(theirs)].name))
		elseif g:face(note) == "yssaril_spy_net" then
			-- Spy Net (its card): the holder looks at the Yssaril hand and takes 1 card
			-- (faction_yssaril.lua `take_card`), once the note is back with its owner.
			g:push("take_card", { seat = ctx.seat, from = owner })
		elseif g:face(note) == "xxcha_political_favor" then
			-- Political Favor (its card, digest 3.2 erratum): a token of Xxcha's strategy pool
			-- to its reinforcements; the agenda is replaced as Veto does (agenda.lua).
			U.move_token(g, owner, "strategy", "cmd_reinforcements")
			g:set_global("card_veto", true)
			g:log(U.text("notes.political_favor", owner))
		elseif g:face(note) == "creuss_iff" then
			-- Creuss Iff: the chosen Creuss wormhole token goes to the chosen system.
			require("faction_creuss").place_token(g, ctx.seat, v)
		elseif g:face(note) == "saar_raghs_call" then
			-- Ragh's Call (its card): every Saar ground force on the planet goes to the chosen
			-- planet Saar controls, before any ground combat there.
			for _, e in ipairs(g:entities({ kind = U.GROUND_TYPES, owner = owner, inside = ctx.planet })) do
				g:move(e, { inside = v })
			end
			g:log(U.text("notes.raghs_call", owner, U.planet_name(g, ctx.planet), U.planet_name(g, v), ctx.seat))
		elseif g:face(note) == "political_secret" then
			-- Political Secret: until the agenda resolves its owner cannot vote or play
			-- action cards (agenda.lua, moments.lua); face up meanwhile (agenda_resolved).
			g:move(note, { zone = "note_play", seat = ctx.seat })
			g:set_global("card_barred_" .. owner, true)
			g:set_global("card_silenced_" .. owner, true)
			g:log(U.text("notes.political_secret", owner))
			return
		elseif g:face(note) == "yin_greyfire_mutagen" then
			-- Greyfire Mutagen: the owner's faction abilities and technologies are off until
			-- this action ends (abilities.lua; cleared as the next turn starts, new_turn).
			g:set_global("faction_silenced_" .. owner, true)
			g:log(U.text("notes.greyfire", owner))
		elseif g:face(note) == "nekro_antivirus" then
			-- Antivirus: face up in the holder's play area; the Nekro's Technological
			-- Singularity skips the holder (faction_nekro.lua) until the holder activates a
			-- system with Nekro units (RETURN_ON_ACTIVATION).
			g:move(note, { zone = "note_play", seat = ctx.seat })
			g:log(U.text("notes.antivirus", ctx.seat, owner))
			return
		elseif g:face(note) == "naalu_gift_of_prescience" then
			-- Gift of Prescience: face up in the holder's play area until the end of the
			-- status phase; the "0" token goes on the holder's strategy card, so the holder
			-- is first in initiative order and Naalu's Telepathic does not apply this round
			-- (TI4 §72.1).
			g:move(note, { zone = "note_play", seat = ctx.seat })
			local token = g:first({ kind = "naalu_token" })
			if token then
				g:move(token, { zone = "strategy", seat = ctx.seat })
			end
			g:log(U.text("notes.gift_of_prescience", ctx.seat))
			return
		else
			-- Ceasefire: the owner moves nothing into the active system this action.
			g:set_global("ceasefire", ctx.cell)
		end
		N.give_back(g, note)
	end,
}

-- Stymie (Arborec's note, its card): whether `seat` may not produce in `cell` because a
-- player holding its Stymie face up has units in that system or a neighbouring one, home
-- systems excepted (production.lua asks).
function N.stymied(g, seat: number, cell: number): boolean
	for _, note in ipairs(g:entities({ kind = "promissory_note", face = "arborec_stymie", owner = seat })) do
		local at = g:where(note)
		if at.zone == "note_play" then
			local theirs = {}
			for _, c in ipairs(g:cells_of({ kind = U.UNIT_TYPES, owner = at.seat })) do
				theirs[c] = true
			end
			local near = O.adjacent(g, cell)
			table.insert(near, cell)
			for _, c in ipairs(near) do
				if theirs[c] and not U.system_of_cell(g, c).home_of then
					return true
				end
			end
		end
	end
	return false
end

-- ==== Sardakk N'orr ====

-- As a ground combat begins (invasion.lua): a seat fighting it that holds another's Tekklar
-- Legion (the N'orr note) may play it (pushes `note_play`). Returns whether it pushed.
function N.ground_combat_start(g, seats: { number }): boolean
	local pushed = false
	for i, s in ipairs(seats) do
		for _, note in ipairs(N.hand(g, s)) do
			if g:face(note) == "norr_tekklar_legion" and g:owner(note) ~= s then
				g:push("note_play", { seat = s, note = note, foe = seats[3 - i] })
				pushed = true
			end
		end
	end
	return pushed
end

-- Tekklar Legion (its card): +1 on the holder's dice for this ground combat, -1 on the
-- N'orr's when they are the opponent (invasion.lua reads "combat_mod_<seat>" and clears it
-- when the combat ends); the note goes back.
local function tekklar(g, holder: number, owner: number, foe: number?)
	g:set_global("combat_mod_" .. holder, (g:global("combat_mod_" .. holder) or 0) + 1)
	if foe == owner then
		g:set_global("combat_mod_" .. owner, (g:global("combat_mod_" .. owner) or 0) - 1)
	end
	g:log(U.text("notes.tekklar", holder))
	if foe == owner then
		g:log(U.text("notes.tekklar_norr", owner))
	end
end
N.tekklar = tekklar

-- Per turn: effects that last "this action" end (round.lua calls this as a turn starts).
function N.new_turn(g)
	g:set_global("ceasefire", nil)
	for s = 1, g:seats() do
		g:set_global("faction_silenced_" .. s, nil) -- Greyfire Mutagen
	end
end

return N

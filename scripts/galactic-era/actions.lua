--!strict
-- Galactic Era: the progress actions (GE 6.2.4): Gain a Planet with its five options,
-- tech thefts and capital evacuation; Increase Population; Build Ships; and raising a
-- technology with its immediate level effects. Enemy ships blockade these actions
-- (GE 7.2.1), and a reaction window lets present seats declare war to block them
-- (GE 7.1.1 STS blockade, 7.1.2 STO protection of innocent planets).
local U = require("util")
local W = require("war")
local F = require("fleets")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Peoples = require("peoples")
local Techs = require("techs")
local Puppet = require("puppet")
local Milestones = require("milestones")
local A = {}

-- The reasons of a raise given as keys (A.raise).
local RAISE_KEYS = { research = true, relic = true, trade = true }

-- Raises a technology one level and applies what the new level does at once (GE 4.8).
function A.raise(g, seat, tech, why)
	local P = Peoples
	if P.frozen_tech(g, seat, tech) then
		return false -- Yowies: Robotics never rises (GE A1.17)
	end
	local level = g:get(seat, tech)
	if level >= 6 then
		-- Beyond VI: the special effect instead (GE 6.2.4.4; relics too, A7).
		if why == "research" or why == "relic" then
			Techs.special(g, seat, tech, why)
		end
		return false
	end
	g:set(seat, tech, level + 1)
	Techs.on_level(g, seat, tech, level + 1)
	-- `why` is a key for the raises of research, relics and trade (their words are in
	-- text.ron), else the text to show.
	local shown = RAISE_KEYS[why] and U.text("actions.raise_reason_" .. why) or why
	g:log(U.text("actions.seat_raises_to_level", seat, U.TECH_NAMES[tech], U.ROMAN[level + 1] or tostring(level + 1), shown))
	-- GE A2.2: reaching Spirituality V sets the tile to STO for good (an ethics change).
	if tech == "spi" and level + 1 == 5 and g:get(seat, "ethics") ~= "STO" then
		W.change_ethics(g, seat, "STO")
	end
	return true
end

-- ---- the war window around an action ------------------------------------------------

-- Who may declare war on `actor` now to block an action on `cells`: seats with ships
-- there, at peace with the actor — STS ones always (blockade, GE 7.1.1), STO ones only
-- against an STS actor invading an innocent planet (GE 7.1.2).
function A.blockers(g, actor, cells, innocent)
	if W.immune_to_blockade(g, actor) or W.protected(g, actor) then
		return {}
	end
	local out = {}
	for _, s in ipairs(U.turn_order(g)) do
		if s ~= actor and not W.at_war(g, s, actor) then
			-- Whether the seat has ships on any of `cells`: its ship cells, one call.
			local present = false
			local ships = U.ship_cells(g, s)
			if #ships > 0 then
				for _, c in ipairs(cells) do
					if U.contains(ships, c) then
						present = true
						break
					end
				end
			end
			local ethic = g:get(s, "ethics")
			local may = Peoples.may_ever_declare(g, s) and not Puppet.pact(g, s, actor)
			if may and present and (ethic == "STS" or (ethic == "STO" and innocent and g:get(actor, "ethics") == "STS")) then
				table.insert(out, s)
			end
		end
	end
	return out
end

function A.offer_war(g, data, seat)
	if W.at_war(g, seat, data.actor) then
		return nil
	end
	return { prompt = U.text("actions.seat_is_about_to_declare", data.actor, data.what),
		rule = "GE 7.1", options = { { label = U.TEXT["actions.declare_war_and_block"], value = true } }, pass = U.TEXT["actions.let_it_happen"],
		help = U.TEXT["actions.by_declaring_war_now_you"] }
end

function A.respond_war(g, data, seat, _)
	W.declare(g, seat, data.actor, U.TEXT["actions.to_block_action"])
	return false -- everyone present may declare; one is enough to block
end

-- ---- Gain a Planet --------------------------------------------------------------------

-- Ships `seat` counts on `cell` to conquer or liberate it (GE 6.2.4.1): Céntrico's free
-- action counts them double first (GE A3.3: "before the fleet B bonus"), then each fleet
-- B adds 1 per 2 of its counted ships, or 1 per ship with x2 (GE 6.1.4). `no_b`: the B
-- bonus is void (Orión STO's planets, A1.16). The same count serves neutral advanced
-- planets, whose STS option is a conquest too.
local function conquest_strength(g, seat, cell, double, no_b)
	local factor = double and 2 or 1
	local strength = U.ship_units(g, seat, cell) * factor
	if no_b then
		return strength
	end
	local x2 = Techs.tactic(g, seat, "B") == "x2"
	for _, m in ipairs(F.fleets_at(g, seat, cell)) do
		if g:face(m) == "B" then
			local counted = U.fleet_value(g, m) * factor
			strength += x2 and counted or counted // 2
		end
	end
	return strength
end

-- How each way of gaining a planet (GE 6.2.4.1 table) reads: `verb` as an option
-- ("Ally with Rigel") or what a blocker is asked about, `does` in the log.
local GAIN_WORDS = {
	colonize = { verb = U.TEXT["actions.verb_colonize"], does = U.TEXT["actions.does_colonize"] },
	subjugate = { verb = U.TEXT["actions.verb_subjugate"], does = U.TEXT["actions.does_subjugate"] },
	ally = { verb = U.TEXT["actions.verb_ally"], does = U.TEXT["actions.does_ally"] },
	conquer = { verb = U.TEXT["actions.verb_conquer"], does = U.TEXT["actions.does_conquer"] },
	liberate = { verb = U.TEXT["actions.verb_liberate"], does = U.TEXT["actions.does_liberate"] },
}

-- How many planets `seat` could gain now with a Gain a Planet action (GE 6.2.4.1):
-- what a player is told before choosing one, so an action is not chosen for nothing.
function A.gainable_planets(g, seat)
	local n = 0
	for _, cell in ipairs(U.ship_cells(g, seat)) do
		if U.is_planet(g, cell) and #A.gain_options(g, seat, cell, false) > 0 then
			n += 1
		end
	end
	return n
end

-- The ways `seat` could gain the planet on `cell` now (GE 6.2.4.1 table).
function A.gain_options(g, seat, cell, double)
	local units = U.ship_units(g, seat, cell)
	if units == 0 or W.blockaded(g, seat, cell) then
		return {}
	end
	local ethic = g:get(seat, "ethics")
	local P = Peoples
	local owner = U.controller(g, cell)
	local token = g:first({ kind = "neutral", cell = cell })
	local out = {}
	if owner == nil then
		local face = token and g:face(token) or "uninhabited"
		if g:first({ kind = "white_disc", cell = cell }) then
			face = "advanced" -- converted by the Annunaki (GE A1.2)
		end
		if face == "uninhabited" then
			table.insert(out, { how = "colonize", discs = 1, innocent = false })
		elseif face == "primitive" and ethic == "STS" then
			-- Annunaki STS: 3 discs when the natural limit is 3 or more (A1.2).
			local discs = (P.is(g, seat, "annunaki", "STS") and A.natural_limit(g, cell) >= 3) and 3 or 2
			table.insert(out, { how = "subjugate", discs = discs, innocent = true })
		elseif face == "advanced" and (ethic == "STO" or P.is(g, seat, "pleyares", "STS")) then
			-- Pleyares STS may Ally while STS; STO seats cannot block it (A1.14).
			table.insert(out, { how = "ally", discs = 3, innocent = false })
		end
		if face == "advanced" and ethic == "STS" and conquest_strength(g, seat, cell, double, false) >= 4 then
			-- Imperio Galáctico places 3 discs on an advanced planet (A1.6).
			table.insert(out, { how = "conquer", discs = P.is(g, seat, "confederacion", "STS") and 3 or 1, innocent = true })
		end
	elseif owner ~= seat then
		-- Orión STO (A1.16): its discs count double against every conqueror, and B fleets
		-- of seats at war with it lose their bonus. A conqueror not yet at war declares
		-- war with the conquest (GE 7.1.1), so both apply to it too.
		local orion_sto = P.is(g, owner, "orion", "STO")
		-- "More ships than discs" (GE 6.2.4.1).
		local strength = conquest_strength(g, seat, cell, double, orion_sto)
		local defence = U.planet_population(g, cell) * (orion_sto and 2 or 1) + require("relics").defence_bonus(g, cell)
		if P.is(g, seat, "orion", "STS") then
			defence = 0 -- Orión STS conquers with a single ship (A1.16)
		end
		if strength > defence then
			if ethic == "STO" and W.at_war(g, seat, owner) then
				-- As many discs as are removed (a capital 6): the Defense Grid and Orión's
				-- doubling raise the ships needed, not the discs placed.
				table.insert(out, { how = "liberate", discs = U.planet_population(g, cell), innocent = false, victim = owner })
			elseif ethic == "STS" and (W.at_war(g, seat, owner) or (not W.protected(g, owner) and P.may_ever_declare(g, seat) and not Puppet.pact(g, seat, owner))) then
				-- Imperio Galáctico places up to 3 discs, as many as the population (A1.6).
				local discs = P.is(g, seat, "confederacion", "STS") and math.min(3, U.planet_population(g, cell)) or 1
				table.insert(out, { how = "conquer", discs = discs, innocent = g:get(owner, "ethics") == "STO", victim = owner,
					declare = not W.at_war(g, seat, owner) })
			end
		end
	end
	return out
end

local function place_discs(g, seat, cell, n)
	local placed = 0
	for _ = 1, n do
		local d = U.take_disc(g, seat)
		if not d then
			break
		end
		g:move(d, cell)
		placed += 1
	end
	return placed
end

local function region_capital_sector(g, seat)
	local c = U.capital_cell(g, seat)
	return c and g:region(c)
end

local function execute_gain(g, seat, cell, opt)
	local label = U.cell_label(g, cell)
	-- A relic still face down is flipped now, and only then gives its reward (GE 6.2.4.1.1).
	local relic = g:first({ kind = "relic", cell = cell })
	local fresh_relic = relic and g:hidden(relic)
	for _, kind in ipairs({ "neutral", "relic" }) do
		local t = g:first({ kind = kind, cell = cell })
		if t and g:hidden(t) then
			g:reveal(t) -- GE 6.2.4.1.1: the relic is flipped when the planet is gained
			if kind == "relic" then
				g:add_global("usage.relic." .. g:face(t), 1)
			end
			g:log(U.text("actions.token_on_is", kind, label, U.token_name(g, t)))
		end
	end
	local token = g:first({ kind = "neutral", cell = cell })
	if token and not Milestones.keep_token(g, seat, token) then
		g:move(token, "box") -- GE 6.2.4.1.2 (digest ⚠): removed tokens go to the box
	end
	if opt.victim then
		local victim = opt.victim
		if opt.declare then
			W.declare(g, seat, victim, U.text("actions.to_conquer", label))
		end
		local removed = U.lose_discs(g, cell)
		local had_capital = U.capital_at(g, cell) ~= nil
		if had_capital then
			removed += 6
			-- GE 6.2.4.1.4: the capital leaves at once; it waits off the board while its
			-- owner chooses where it goes (the "evacuate" step below), so the planet is
			-- never held by two seats.
			g:move(g:first({ kind = "capital", owner = victim }), { zone = "evacuating", seat = victim })
		end
		local capital = region_capital_sector(g, seat)
		if capital ~= g:region(cell) then
			g:add(seat, "r_taken_far", 1) -- Journeys, Dark Era objective 3
		end
		g:add(seat, "r_taken", 1) -- Wars, Dark Era
		g:add(seat, "r_discs_taken", removed) -- Migrations, Dark Era
		g:add(seat, "turn_taken", 1)
		-- The seats robbed this turn: Adquisidor's extra theft may target any of them (GE A3.1).
		local victims = g:get(seat, "turn_victims") or {}
		if not U.contains(victims, victim) then
			table.insert(victims, victim)
			g:set(seat, "turn_victims", victims)
		end
		local placed = place_discs(g, seat, cell, opt.how == "liberate" and removed or opt.discs)
		if opt.how == "liberate" and Peoples.is(g, seat, "pleyares", "STO") then
			U.dp(g, seat, 2, U.TEXT["actions.pleiadian_liberation"])
		end
		-- Mayas STO: up to 3 of the removed discs move to other planets in range (A1.13).
		local removed_discs = removed - (had_capital and 6 or 0)
		if Peoples.is(g, victim, "mayas", "STO") and removed_discs > 0 then
			g:push("mayas_relocate", { seat = victim, from = cell, left = math.min(3, removed_discs) })
		end
		g:log(U.text("actions.seat_from_seat_population_removed", seat, GAIN_WORDS[opt.how].does, label, victim, removed, U.count(placed, U.TEXT["noun.disc"])))
		if (g:get(seat, "turn_taken") or 0) >= 2 then
			-- Adquisidor is played when its condition happens, and only then (GE A3.1).
			g:push("card_offer", { seat = seat, only_a = true, moment = { phase = "progress", happened = "adquisidor" } })
		end
		if had_capital then
			g:push("evacuate", { seat = victim, from = cell })
		elseif A.far_behind(g, victim) then
			A.offer_emergency(g, victim)
		end
		g:push("tech_theft", { seat = seat, victim = victim, left = removed >= 6 and 2 or 1 })
	else
		local placed = place_discs(g, seat, cell, opt.discs)
		g:log(U.text("actions.seat_gains_planet", seat, GAIN_WORDS[opt.how].does, label, U.count(placed, U.TEXT["noun.disc"])))
	end
	if fresh_relic then
		require("relics").on_gain(g, seat, cell, relic)
	end
	local white = g:first({ kind = "white_disc", cell = cell })
	if white then
		g:move(white, "white_discs")
	end
end

-- GE A1.2 Annunaki STO: Convert 1 or 2 neutral primitive planets (own ship on each)
-- into neutral advanced ones, marked by white discs, instead of gaining a planet.
local function convert_options(g, seat)
	local out = {}
	if not Peoples.is(g, seat, "annunaki", "STO") then
		return out
	end
	local cells = {}
	for _, c in ipairs(U.ship_cells(g, seat)) do
		local t = g:first({ kind = "neutral", cell = c })
		if t and g:face(t) == "primitive" and not U.controller(g, c) and not g:first({ kind = "white_disc", cell = c }) and not W.blockaded(g, seat, c) then
			table.insert(cells, c)
		end
	end
	local free = g:count({ kind = "white_disc", zone = "white_discs" })
	for i, a in ipairs(cells) do
		if free >= 1 then
			table.insert(out, { label = U.text("actions.convert_to_advanced", U.cell_label(g, a)), value = { convert = { a } } })
		end
		for j = i + 1, #cells do
			if free >= 2 then
				table.insert(out, { label = U.text("actions.convert_and", U.cell_label(g, a), U.cell_label(g, cells[j])), value = { convert = { a, cells[j] } } })
			end
		end
	end
	return out
end

A.gain_planet = {
	run = function(g, ctx)
		local seat = ctx.seat
		if ctx.done then
			return nil
		end
		if ctx.target then
			-- After the war window: blocked if the target is now blockaded (GE 7.2.1 redirect).
			local target, opt = ctx.target, ctx.opt
			ctx.target, ctx.opt = nil, nil
			if W.blockaded(g, seat, target) then
				g:log(U.text("actions.seat_gain_planet_on_is", seat, U.cell_label(g, target)))
			else
				execute_gain(g, seat, target, opt)
				ctx.done = true
				-- Confederación STO: every Gain a Planet brings a free Ally-only one (A1.6).
				if Peoples.is(g, seat, "confederacion", "STO") and not ctx.ally_only then
					g:push("gain_planet", { seat = seat, ally_only = true })
				end
				return nil
			end
		end
		local options = {}
		for _, cell in ipairs(U.ship_cells(g, seat)) do
			local allowed = not ctx.central_only or g:region(cell) == g:global("central_region")
			if allowed and U.is_planet(g, cell) and U.take_disc(g, seat) then
				for _, opt in ipairs(A.gain_options(g, seat, cell, ctx.double)) do
					local verb = GAIN_WORDS[opt.how].verb
					table.insert(options, { label = U.text("actions.gain_option", string.upper(string.sub(verb, 1, 1)), string.sub(verb, 2), U.cell_label(g, cell), U.count(opt.discs, U.TEXT["noun.disc"])),
						value = { cell = cell, opt = opt } })
				end
			end
		end
		if ctx.ally_only or ctx.colonize_only then
			local kept = {}
			for _, o in ipairs(options) do
				if o.value.opt.how == (ctx.ally_only and "ally" or "colonize") then
					table.insert(kept, o)
				end
			end
			options = kept
		elseif not ctx.central_only then
			for _, o in ipairs(convert_options(g, seat)) do
				table.insert(options, o)
			end
		end
		if #options == 0 then
			g:log(U.text("actions.seat_has_no_planet_it", seat))
			return nil
		end
		return { seat = seat, prompt = U.TEXT["actions.gain_planet_which_one"], rule = "GE 6.2.4.1", options = options, pass = U.TEXT["actions.give_up_this_action"],
			help = U.TEXT["actions.you_may_gain_planet_where"] }
	end,
	resolve = function(g, ctx, choice)
		if choice == nil then
			ctx.done = true
			return
		end
		if not ctx.counted then
			ctx.counted = true
			g:add(ctx.seat, "r_gain", 1) -- Rivalry, First Luminous Era
		end
		if choice.convert then
			for _, c in ipairs(choice.convert) do
				g:move(g:first({ kind = "white_disc", zone = "white_discs" }), c)
			end
			g:log(U.text("actions.seat_converts_into_advanced_ones", ctx.seat, U.counted(#choice.convert, U.TEXT["noun.primitive_planet_s"])))
			ctx.done = true
			return
		end
		ctx.target, ctx.opt = choice.cell, choice.opt
		local blockers = A.blockers(g, ctx.seat, { choice.cell }, choice.opt.innocent)
		if #blockers > 0 then
			g:window({ seats = blockers, offer = "actions.offer_war", respond = "actions.respond_war",
				data = { actor = ctx.seat, what = GAIN_WORDS[choice.opt.how].verb .. " " .. U.cell_label(g, choice.cell) } })
		end
	end,
}

-- GE 6.2.4.1.3: +1 level (1–5 discs removed) or +2 (6+) in technologies where the
-- conqueror is below its victim. `ctx.victims` (instead of `ctx.victim`) lets the thief
-- learn from any of several seats (Adquisidor's extra theft, GE A3.1).
A.tech_theft = {
	run = function(g, ctx)
		if ctx.left <= 0 then
			return nil
		end
		local victims = ctx.victims or { ctx.victim }
		local options = {}
		for _, t in ipairs(U.TECHS) do
			local from = {}
			for _, v in ipairs(victims) do
				if g:get(ctx.seat, t) < g:get(v, t) then
					table.insert(from, tostring(v))
				end
			end
			if #from > 0 then
				local source = #victims > 1 and (U.text("actions.from_seat", table.concat(from, U.TEXT["actions.list_or"]))) or ""
				table.insert(options, { label = U.text("actions.tech_theft_learn", U.TECH_NAMES[t], source), value = t })
			end
		end
		if #options == 0 then
			return nil
		end
		local question = #victims > 1 and U.TEXT["actions.tech_theft_learn_level_from"]
			or U.text("actions.tech_theft_from_seat", victims[1])
		return { seat = ctx.seat, prompt = question, rule = "GE 6.2.4.1.3", options = options, pass = U.TEXT["actions.learn_nothing"],
			help = U.TEXT["actions.tech_theft_help"] }
	end,
	resolve = function(g, ctx, tech)
		if tech == nil then
			ctx.left = 0
			return
		end
		A.raise(g, ctx.seat, tech, U.TEXT["actions.tech_theft"])
		ctx.left -= 1
	end,
}

-- GE 6.2.4.1.4: a seat that loses its capital planet moves the capital to its most
-- populated planet without enemy ships (ties: its choice), else to an empty hex of the
-- same sector, which becomes a planet hex. "Without enemy ships" is what the rule
-- tests, not a blockade, so it holds for Spirituality V+ too.
local function evacuation_candidates(g, seat, from)
	local best, candidates = -1, {}
	for _, c in ipairs(U.controlled_planets(g, seat)) do
		if c ~= from and not W.enemy_ships_at(g, seat, c) then
			local n = U.discs_at(g, c)
			if n > best then
				best, candidates = n, { c }
			elseif n == best then
				table.insert(candidates, c)
			end
		end
	end
	if #candidates == 0 then
		for _, c in ipairs(g:cells({ terrain = "space", region = g:region(from) })) do
			if #U.seats_with_ships(g, c) == 0 then
				table.insert(candidates, c)
			end
		end
	end
	if #candidates == 0 then
		candidates = { from }
	end
	return candidates
end

-- The evacuation itself is never blocked, but its destination may be (GE 7.2.5): STS
-- seats at peace with ships there may declare war now to block it (GE 7.1.1; each is
-- asked, one is enough). Once they have answered, a destination with enemy ships is
-- no longer valid and the next one is chosen (digest ⚠ in 6.2.4.1.4).
local function settle(g, ctx, cell)
	local blockers = A.blockers(g, ctx.seat, { cell }, false)
	if #blockers > 0 then
		ctx.dest = cell
		g:window({ seats = blockers, offer = "actions.offer_war", respond = "actions.respond_war",
			data = { actor = ctx.seat, what = U.text("actions.move_its_capital_to", U.cell_label(g, cell)) } })
		return
	end
	A.move_capital(g, ctx.seat, cell, ctx.from, ctx.voluntary)
	ctx.done = true
	A.offer_emergency(g, ctx.seat)
end

A.evacuate = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local seat = ctx.seat
		if ctx.dest then
			local dest = ctx.dest
			ctx.dest = nil
			if not W.enemy_ships_at(g, seat, dest) then
				A.move_capital(g, seat, dest, ctx.from, ctx.voluntary)
				ctx.done = true
				A.offer_emergency(g, seat)
				return nil
			end
			g:log(U.text("actions.seat_capital_cannot_be_set", seat, U.cell_label(g, dest)))
		end
		local candidates = evacuation_candidates(g, seat, ctx.from)
		if #candidates == 1 then
			settle(g, ctx, candidates[1])
			return nil
		end
		local options = {}
		for _, c in ipairs(candidates) do
			table.insert(options, { label = U.cell_label(g, c), value = c })
		end
		return { seat = seat, prompt = U.TEXT["actions.your_capital_must_be_evacuated"], rule = "GE 6.2.4.1.4", options = options,
			help = U.TEXT["actions.capital_evacuation_help"] }
	end,
	resolve = function(g, ctx, cell)
		settle(g, ctx, cell)
	end,
}

-- GE 7.4: the one-use emergency reserve, offered after a capital evacuation or when a
-- seat losing a planet is left with at least 2 planets fewer than every other seat.
function A.offer_emergency(g, seat)
	if g:get(seat, "emergency") == 1 then
		g:push("emergency", { seat = seat })
	end
end

function A.far_behind(g, seat)
	local mine = #U.controlled_planets(g, seat)
	for o = 1, g:seats() do
		if o ~= seat and #U.controlled_planets(g, o) < mine + 2 then
			return false
		end
	end
	return true
end

A.emergency = {
	run = function(g, ctx)
		if ctx.done or g:get(ctx.seat, "emergency") ~= 1 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.TEXT["actions.use_your_emergency_reserve_6"], rule = "GE 7.4",
			options = { { label = U.TEXT["actions.use_emergency_reserve"], value = true } }, pass = U.TEXT["actions.keep_it_for_later"],
			help = U.TEXT["actions.emergency_reserve_help"] }
	end,
	resolve = function(g, ctx, use)
		ctx.done = true
		if use then
			local seat = ctx.seat
			g:set(seat, "emergency", 0)
			local placed = A.place_new_ships(g, seat, U.capital_cell(g, seat), 6)
			g:log(U.text("actions.seat_spends_its_emergency_reserve", seat, U.count(placed, U.TEXT["noun.ship"])))
			g:add_global("usage.emergency", 1)
		end
	end,
}

function A.move_capital(g, seat, cell, from, voluntary)
	local capital = g:first({ kind = "capital", owner = seat })
	if from then
		-- GE 6.2.4.1.4–5: the old hex's discs go back, except 1 kept (or placed) when
		-- evacuating voluntarily, so the seat keeps the planet.
		local discs = g:entities({ kind = "disc", owner = seat, cell = from })
		for i, d in ipairs(discs) do
			if not (voluntary and i == 1) then
				g:move(d, { zone = "track", seat = seat })
			end
		end
		if voluntary and #discs == 0 then
			place_discs(g, seat, from, 1)
		end
	end
	U.return_discs(g, cell)
	local new_planet = g:terrain(cell) == "space"
	if new_planet then
		g:set_terrain(cell, "planet") -- GE 6.2.4.1.4 note 1
	end
	g:move(capital, cell)
	-- Why the capital moved, and why to an empty hex, so that nobody is surprised.
	local why = from and U.text(voluntary and "actions.capital_why_voluntary" or "actions.capital_why_lost", U.cell_label(g, from)) or ""
	local where = new_planet and U.TEXT["actions.capital_new_planet"] or ""
	g:log(U.text("actions.seat_capital_moves_to", seat, U.cell_label(g, cell), why .. where))
end

-- ---- Increase Population ---------------------------------------------------------------

-- GE 6.2.4.2: a planet grows naturally while its population is below the distance to
-- the nearest other populated planet (plain hex distance, digest ⚠ on wormholes).
function A.natural_limit(g, cell)
	local nearest = math.huge
	local P = Peoples
	local owner = U.controller(g, cell)
	for s = 1, g:seats() do
		if not (owner and P.ignores_for_limit(g, owner, s)) then
			for _, c in ipairs(U.controlled_planets(g, s)) do
				if c ~= cell then
					nearest = math.min(nearest, g:distance(cell, c))
				end
			end
		end
	end
	return nearest
end

A.increase_population = {
	enter = function(g, ctx)
		local blockers = A.blockers(g, ctx.seat, U.controlled_planets(g, ctx.seat), false)
		if #blockers > 0 then
			g:window({ seats = blockers, offer = "actions.offer_war", respond = "actions.respond_war",
				data = { actor = ctx.seat, what = U.TEXT["actions.increase_population"] } })
		end
	end,
	run = function(g, ctx)
		local seat = ctx.seat
		if ctx.done then
			return nil
		end
		if not ctx.natural_done then
			ctx.placed = ctx.placed or 0
			ctx.sacrificed = ctx.sacrificed or {}
			local grow = {}
			for _, c in ipairs(U.controlled_planets(g, seat)) do
				local population, limit = U.planet_population(g, c), A.natural_limit(g, c)
				if not W.blockaded(g, seat, c) and population < limit then
					table.insert(grow, { label = U.text("actions.population_limit", U.cell_label(g, c), population, limit), value = c })
				end
			end
			if #grow > 0 and U.take_disc(g, seat) then
				-- GE 6.2.4.2 note 1: placing each natural disc is optional.
				ctx.growing = true
				return { seat = seat, kind = "many", min = 0, max = #grow, options = grow,
					prompt = U.TEXT["actions.natural_increase_which_planets_grow"], rule = "GE 6.2.4.2",
					help = U.TEXT["actions.each_planet_whose_population_is"] }
			end
			ctx.natural_done = true
		end
		-- I.A. Rebelde STO: a basic ship sacrificed on up to 2 planets gives a replica each (A1.10).
		if not ctx.sacrifice_asked and Peoples.is(g, seat, "ia_rebelde", "STO") then
			ctx.sacrifice_asked = true
			local spots = {}
			for _, c in ipairs(U.controlled_planets(g, seat)) do
				if g:first({ kind = "ship", owner = seat, cell = c }) and not W.blockaded(g, seat, c) then
					table.insert(spots, { label = U.text("actions.sacrifice_ship_on", U.cell_label(g, c)), value = c })
				end
			end
			if #spots > 0 and U.take_disc(g, seat) then
				ctx.sacrificing = true
				return { seat = seat, kind = "many", min = 0, max = math.min(2, #spots), options = spots,
					prompt = U.TEXT["actions.rogue_ai_sacrifice_ships_for"], rule = "GE A1.10",
					help = U.TEXT["actions.as_luminous_rogue_ai_on"] }
			end
		end
		local replicas = U.tech_value(g, seat, "gen", "replicas") + (ctx.extra_replicas or 0)
		if not ctx.pyramid_done then
			-- A7.3: the Pyramid's own replica (within the one-per-planet limit).
			ctx.pyramid_done = true
			ctx.pyramid = require("relics").controlled(g, seat, "pyramid")
		end
		local options = {}
		for _, c in ipairs(U.controlled_planets(g, seat)) do
			if not W.blockaded(g, seat, c) and not U.contains(ctx.sacrificed or {}, c) then
				table.insert(options, { label = U.cell_label(g, c), value = c })
			end
		end
		local free = g:count({ kind = "disc", zone = "track", seat = seat })
		local max = math.min(replicas, #options, free)
		if max <= 0 then
			for _, c in ipairs(ctx.pyramid or {}) do
				if not W.blockaded(g, seat, c) then
					ctx.placed += place_discs(g, seat, c, 1)
				end
			end
			if ctx.placed == 0 then
				-- No silent waste: the action is spent, so say why it gave nothing.
				g:log(U.text("actions.seat_increase_population_adds_nothing", seat))
			end
			if ctx.placed > 0 then
				g:add(seat, "r_grew", 1) -- Migrations, First Luminous Era
			end
			ctx.done = true
			return nil
		end
		return { seat = seat, kind = "many", min = 0, max = max, options = options,
			prompt = U.text("actions.place_up_to_one_per", U.count(max, U.TEXT["noun.replica"])), rule = "GE 6.2.4.2, A2.5",
			help = U.TEXT["actions.replicas_are_extra_population_discs"] }
	end,
	resolve = function(g, ctx, cells)
		if ctx.growing then
			ctx.growing, ctx.natural_done = nil, true
			local grown = {}
			for _, c in ipairs(cells) do
				-- Mántidos: 2 natural discs, never above the limit (A1.12).
				local room = A.natural_limit(g, c) - U.planet_population(g, c)
				local placed = place_discs(g, ctx.seat, c, math.min(Peoples.natural_discs(g, ctx.seat), room))
				ctx.placed += placed
				if placed > 0 then
					table.insert(grown, U.cell_label(g, c))
				end
			end
			g:log(U.text("actions.seat_planets_grow_naturally_by", ctx.seat, U.count(ctx.placed, U.TEXT["noun.disc"]),
				#grown > 0 and U.text("actions.grown_where", table.concat(grown, ", ")) or ""))
			return
		end
		if ctx.sacrificing then
			ctx.sacrificing = nil
			for _, c in ipairs(cells) do
				g:move(g:first({ kind = "ship", owner = ctx.seat, cell = c }), { zone = "reserve", seat = ctx.seat })
				ctx.placed += place_discs(g, ctx.seat, c, 1)
				table.insert(ctx.sacrificed, c)
			end
			return
		end
		for _, c in ipairs(cells) do
			ctx.placed += place_discs(g, ctx.seat, c, 1)
		end
		for _, c in ipairs(ctx.pyramid or {}) do
			if not U.contains(cells, c) and not W.blockaded(g, ctx.seat, c) then
				ctx.placed += place_discs(g, ctx.seat, c, 1)
			end
		end
		if #cells > 0 then
			g:log(U.text("actions.seat_places", ctx.seat, U.counted(#cells, U.TEXT["noun.replica_disc_s"])))
		end
		ctx.done = true
		if ctx.placed > 0 then
			g:add(ctx.seat, "r_grew", 1) -- Migrations, First Luminous Era
		end
	end,
}

-- ---- Build Ships --------------------------------------------------------------------------

-- GE 6.2.4.3, 7.2.1: ships produced — population (less blockaded planets, never under
-- 6), Robotics, and unblockaded asteroid hexes with own ships.
function A.production(g, seat)
	local pop = U.population(g, seat)
	for _, c in ipairs(U.controlled_planets(g, seat)) do
		if W.blockaded(g, seat, c) then
			pop -= U.planet_population(g, c)
		end
	end
	pop = math.max(pop, 6)
	local asteroids = 0
	for _, c in ipairs(U.ship_cells(g, seat)) do
		if g:terrain(c) == "asteroids" and not W.blockaded(g, seat, c) and Peoples.uses_asteroids(g, seat) then
			asteroids += 1
		end
	end
	return U.ships_for_population(pop) + U.tech_value(g, seat, "rob", "ships") + asteroids, pop, asteroids
end

function A.shipyards(g, seat, anywhere)
	local need = anywhere and 0 or U.tech_value(g, seat, "rob", "shipyard")
	local out = {}
	for _, c in ipairs(U.controlled_planets(g, seat)) do
		if (anywhere or not W.blockaded(g, seat, c)) and U.planet_population(g, c) >= need then
			table.insert(out, c)
		end
	end
	return out
end

-- Places `n` new ships on a shipyard: basic ships, then into a fleet there, then a new
-- fleet with a free marker; the rest is lost (GE 6.2.4.3).
function A.place_new_ships(g, seat, cell, n)
	local placed = F.place_basic(g, seat, cell, n)
	local left = n - placed
	if left > 0 then
		local fleet = F.fleets_at(g, seat, cell)[1]
		if not fleet then
			fleet = F.free_markers(g, seat)[1]
			if fleet then
				g:move(fleet, cell)
			end
		end
		if fleet then
			F.add_units(g, fleet, left)
			left = 0
		end
	end
	return n - left
end

-- Places `n` of the build's new ships at its chosen shipyard, and says so.
local function place_at_yard(g, ctx, n)
	local placed = A.place_new_ships(g, ctx.seat, ctx.yard, n)
	g:log(U.text("actions.seat_places_at", ctx.seat, U.count(placed, U.TEXT["noun.new_ship"]), U.cell_label(g, ctx.yard)))
	if placed < n then
		g:log(U.text("actions.seat_has_no_room_for", ctx.seat, U.count(n - placed, U.TEXT["noun.ship"]), n - placed == 1 and U.TEXT["actions.loses_it"] or U.TEXT["actions.loses_them"]))
	end
	ctx.left -= n
	ctx.yard = nil
end

A.build_ships = {
	enter = function(g, ctx)
		if ctx.bonus then
			return -- Constructor's 6 extra ships: no new action, no blockade (GE A3.5)
		end
		local blockers = A.blockers(g, ctx.seat, U.controlled_planets(g, ctx.seat), false)
		if #blockers > 0 then
			g:window({ seats = blockers, offer = "actions.offer_war", respond = "actions.respond_war",
				data = { actor = ctx.seat, what = U.TEXT["actions.build_ships"] } })
		end
	end,
	run = function(g, ctx)
		local seat = ctx.seat
		if ctx.left == nil and not ctx.sacrifice_done and Peoples.is(g, seat, "ia_rebelde", "STS") then
			ctx.sacrifice_done = true
			g:push("rebelde_sacrifice", { seat = seat }) -- A1.10: not counted for Constructor
			return nil
		end
		if ctx.left == nil then
			local n, pop, asteroids = A.production(g, seat)
			ctx.left = n
			g:add(seat, "r_build", 1) -- Wars, First Luminous Era
			g:set(seat, "last_build", n)
			if n >= 10 then
				-- Constructor is played when its condition happens, and only then (GE A3.5).
				g:push("card_offer", { seat = seat, only_a = true, moment = { phase = "build", happened = "constructor" } })
			end
			g:log(U.text("actions.seat_builds_population_asteroids", seat, U.count(n, U.TEXT["noun.ship"]), pop, asteroids))
		end
		if ctx.left <= 0 then
			return nil
		end
		local yards = A.shipyards(g, seat, ctx.anywhere)
		if #yards == 0 then
			g:log(U.text("actions.seat_has_no_free_shipyard", seat, U.count(ctx.left, U.TEXT["noun.ship"])))
			return nil
		end
		-- No question without a choice: a single shipyard takes every new ship, and a
		-- single ship goes wherever its shipyard is chosen.
		if not ctx.yard and #yards == 1 then
			ctx.yard = yards[1]
		end
		if ctx.yard and (ctx.left == 1 or #yards == 1) then
			place_at_yard(g, ctx, ctx.left)
			return nil
		end
		if ctx.yard then
			return { seat = seat, kind = "number", min = 1, max = ctx.left, prompt = U.text("actions.how_many_new_ships_go", U.cell_label(g, ctx.yard)), rule = "GE 6.2.4.3",
				help = U.TEXT["actions.new_ships_may_be_shared"] }
		end
		local options = {}
		for _, c in ipairs(yards) do
			table.insert(options, { label = U.cell_label(g, c), value = c })
		end
		return { seat = seat, prompt = U.text("actions.place_which_shipyard", U.count(ctx.left, U.TEXT["noun.new_ship"])), rule = "GE 6.2.4.3", options = options,
			help = U.TEXT["actions.your_shipyards_are_your_planets"] }
	end,
	resolve = function(g, ctx, choice)
		if not ctx.yard then
			ctx.yard = choice
			return
		end
		place_at_yard(g, ctx, choice)
	end,
}

return A

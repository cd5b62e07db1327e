--!strict
-- Galactic Era: the decisions star peoples add to the game (GE A1): start bonuses with
-- the duplicate-bonus rule (GE 5.4e–f), and the steps of the abilities that ask
-- something of a seat.
local U = require("util")
local W = require("war")
local P = require("peoples")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Actions = require("actions")
local F = require("fleets")
local Setup = require("setup")
local S = {}

local SECTOR_TECH = { military_2 = "mil", spirituality_2 = "spi", propulsion_2 = "pro", robotics_2 = "rob", genetics_2 = "gen" }

local function raise_to(g, seat, tech, level)
	local A = Actions
	while g:get(seat, tech) < level do
		if not A.raise(g, seat, tech, U.TEXT["peoples.start_bonus"]) then
			return
		end
	end
end

local function tech_options(g, seat, exclude)
	local out = {}
	for _, t in ipairs(U.TECHS) do
		if g:get(seat, t) < 2 and not U.contains(exclude, t) and not P.frozen_tech(g, seat, t) then
			table.insert(out, { label = U.text("peoples.to_level_ii", U.TECH_NAMES[t]), value = t })
		end
	end
	return out
end

-- GE 5.4e–f: each seat, in turn order, takes its people's start bonus for the face
-- chosen, then its sector's; a bonus already given becomes level II in another
-- technology of its choice (Yowies: a Robotics sector gives another, not Spirituality).
S.setup = {
	enter = function(g, ctx)
		ctx.i, ctx.stage = 1, "people"
	end,
	run = function(g, ctx)
		local order = U.turn_order(g)
		while ctx.i <= #order do
			local s = order[ctx.i]
			if ctx.stage == "people" then
				local bonus = P.start_bonus(g, s)
				local capital = U.capital_cell(g, s)
				for _, t in ipairs(U.TECHS) do
					if bonus[t] then
						raise_to(g, s, t, bonus[t])
					end
				end
				if bonus.dp then
					U.dp(g, s, bonus.dp, U.TEXT["peoples.start_bonus_log"])
				end
				if (bonus.ships or 0) > 0 then
					F.place_basic(g, s, capital, bonus.ships)
				else
					for _ = 1, -(bonus.ships or 0) do
						local ship = g:first({ kind = "ship", owner = s, cell = capital })
						if ship then
							g:move(ship, { zone = "reserve", seat = s })
						end
					end
				end
				for _ = 1, bonus.discs or 0 do
					g:move(U.take_disc(g, s), capital)
				end
				if bonus.colonies then
					g:set(s, "free_colonies", bonus.colonies)
				end
				ctx.people_techs = {}
				for _, t in ipairs(U.TECHS) do
					if bonus[t] then
						table.insert(ctx.people_techs, t)
					end
				end
				-- Identical non-technology rewards are duplicates too (GE 5.4 note).
				if bonus.discs == 2 then
					table.insert(ctx.people_techs, "two_discs")
				end
				if bonus.ships == 2 then
					table.insert(ctx.people_techs, "two_ships")
				end
				-- Children pushed above (tactic tokens) run first; this step is re-entrant.
				ctx.stage = bonus.choice and "choice" or "sector"
			end
			if ctx.stage == "choice" then
				local name = defs.star_people[g:get(s, "people")].name
				return { seat = s, prompt = U.text("peoples.raise_one_technology_to_level", name), rule = "GE A1.4", options = tech_options(g, s, {}),
					help = U.TEXT["peoples.your_people_start_bonus_lets"] }
			end
			if ctx.stage == "sector" then
				local tile = g:global("tile_of_region_" .. g:get(s, "home_region"))
				local bonus = defs.sector_tile[tile].start_bonus
				local tech = SECTOR_TECH[bonus]
				local duplicate = U.contains(ctx.people_techs, tech or bonus) or (tech and P.frozen_tech(g, s, tech))
				if duplicate then
					ctx.stage = "duplicate"
				else
					Setup.sector_bonus(g, s)
					ctx.i += 1
					ctx.stage = "people"
				end
			end
			if ctx.stage == "duplicate" then
				-- Asked again on every run until answered: pushed steps may run first.
				local exclude = P.is(g, s, "yowies") and { "spi" } or {}
				local options = tech_options(g, s, exclude)
				if #options > 0 then
					return { seat = s, prompt = U.TEXT["peoples.your_sector_bonus_repeats_your"], rule = "GE 5.4 note, A1.17", options = options,
						help = U.TEXT["peoples.start_bonus_never_counts_twice"] }
				end
				ctx.i += 1
				ctx.stage = "people"
			end
		end
		return nil
	end,
	resolve = function(g, ctx, tech)
		local s = U.turn_order(g)[ctx.i]
		raise_to(g, s, tech, 2)
		if ctx.stage == "choice" then
			table.insert(ctx.people_techs, tech)
			ctx.stage = "sector"
		else
			g:log(U.text("peoples.seat_takes_ii_instead_repeated", s, U.TECH_NAMES[tech]))
			ctx.i += 1
			ctx.stage = "people"
		end
	end,
}

-- GE A1.13 Mayas Cósmicos STO: up to 3 discs of a conquered planet move to other own
-- unblockaded planets within Propulsion range (plain distance).
S.mayas_relocate = {
	run = function(g, ctx)
		if ctx.left <= 0 then
			return nil
		end
		local seat = ctx.seat
		local range = U.tech_value(g, seat, "pro", "range")
		local options = {}
		for _, c in ipairs(U.controlled_planets(g, seat)) do
			if c ~= ctx.from and not W.blockaded(g, seat, c) and (range < 0 or g:distance(ctx.from, c) <= range) then
				table.insert(options, { label = U.text("peoples.move_disc_to", U.cell_label(g, c)), value = c })
			end
		end
		if #options == 0 or not U.take_disc(g, seat) then
			return nil
		end
		return { seat = seat, prompt = U.text("peoples.cosmic_maya_relocate_conquered_discs", ctx.left), rule = "GE A1.13", options = options, pass = U.TEXT["peoples.stop"],
			help = U.TEXT["peoples.cosmic_maya_relocate_help"] }
	end,
	resolve = function(g, ctx, cell)
		if cell == nil then
			ctx.left = 0
			return
		end
		g:move(U.take_disc(g, ctx.seat), cell)
		ctx.left -= 1
	end,
}

-- GE A1.10 I.A. Rebelde STS: sacrifice discs (never the capital miniature) for 2 ships
-- each in the same hex, in a Build Ships action.
S.rebelde_sacrifice = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local options = {}
		for _, c in ipairs(U.controlled_planets(g, ctx.seat)) do
			if U.discs_at(g, c) > 0 and not W.blockaded(g, ctx.seat, c) then
				table.insert(options, { label = U.text("peoples.sacrifice_disc_on_for_2", U.cell_label(g, c)), value = c })
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.TEXT["peoples.rogue_ai_sacrifice_population_for"], rule = "GE A1.10", options = options, pass = U.TEXT["peoples.no_more"],
			help = U.TEXT["peoples.as_dark_rogue_ai_each"] }
	end,
	resolve = function(g, ctx, cell)
		if cell == nil then
			ctx.done = true
			return
		end
		local disc = g:first({ kind = "disc", cell = cell })
		g:move(disc, { zone = "track", seat = ctx.seat })
		Actions.place_new_ships(g, ctx.seat, cell, 2)
		g:log(U.text("peoples.seat_sacrifices_disc_on_for", ctx.seat, U.cell_label(g, cell)))
	end,
}

-- GE A1.9 Gríseos STS: after a trade phase without a trade, learn a level from a seat
-- in contact (peace not needed); an STO teacher in the Dark Era may then declare war.
S.griseos_learn = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		if ctx.teacher then
			return { seat = ctx.teacher, prompt = U.TEXT["peoples.greys_learned_from_you_declare"], rule = "GE A1.9",
				options = { { label = U.TEXT["peoples.declare_war"], value = true } }, pass = U.TEXT["battle.no_answer"],
				help = U.TEXT["peoples.greys_teacher_help"] }
		end
		local options = {}
		for _, o in ipairs(U.other_seats(g, ctx.seat)) do
			if U.in_contact(g, ctx.seat, o) then
				for _, t in ipairs(U.TECHS) do
					if g:get(ctx.seat, t) < g:get(o, t) then
						table.insert(options, { label = U.text("peoples.learn_from_seat", U.TECH_NAMES[t], o), value = { seat = o, tech = t } })
					end
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.TEXT["peoples.greys_learn_level_from_seat"], rule = "GE A1.9", options = options, pass = U.TEXT["battle.no_answer"],
			help = U.TEXT["peoples.greys_learn_help"] }
	end,
	resolve = function(g, ctx, v)
		if ctx.teacher then
			if v then
				W.declare(g, ctx.teacher, ctx.seat, U.TEXT["peoples.after_greys_learned_from_it"])
			end
			ctx.done = true
			return
		end
		if v == nil then
			ctx.done = true
			return
		end
		Actions.raise(g, ctx.seat, v.tech, U.TEXT["peoples.greys_learning"])
		if g:get(v.seat, "ethics") == "STO" and g:global("era") == "dark" and not W.at_war(g, v.seat, ctx.seat) then
			ctx.teacher = v.seat
		else
			ctx.done = true
		end
	end,
}

-- GE A1.5 Coalición de Ankara: with Change Ethics selected, one more oval token free.
S.ankara_token = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local chosen = g:get(ctx.seat, "chosen_ovals") or {}
		local options = {}
		for _, a in ipairs({ "gain", "grow", "build", "research" }) do
			if not U.contains(chosen, a) then
				table.insert(options, { label = U.text("peoples.also_take", U.ACTION_NAMES[a]), value = a })
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.TEXT["peoples.ankara_coalition_one_more_action"], rule = "GE A1.5", options = options, pass = U.TEXT["battle.no_answer"],
			help = U.TEXT["peoples.because_you_chose_change_ethics"] }
	end,
	resolve = function(g, ctx, a)
		ctx.done = true
		if a then
			local left = g:get(ctx.seat, "selected")
			left[a] = (left[a] or 0) + 1
			g:set(ctx.seat, "selected", left)
			g:log(U.text("peoples.seat_takes_free_token", ctx.seat, a))
		end
	end,
}

return S

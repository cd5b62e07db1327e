--!strict
-- Twilight Imperium 4: asking a seat one question. Mostly the step that asks it once and
-- is over once it is answered (a planet to place on, a player to give to, a system to act
-- in, "use the card or keep it") — the commonest step of this pack — or asks it again
-- (tokens to pay, planets to ready, infantry to move). A module's step names only what is its
-- own: the options, the question and what an answer does. What every such step shares
-- lives here once: nothing is asked after the step is done or once the game is over, a
-- question without options is not asked at all (the step just ends), and a pass ends
-- the step. Also the option lists and target question most of those steps build.
local U = require("util")
local Ask = {}

-- The decision of `spec` (options, then the rest of the question); nil once the step is
-- done or the game over, and without options.
local function question(spec, g, ctx)
	if ctx.done or U.over(g) then
		return nil
	end
	local options = spec.options(g, ctx)
	if #options == 0 then
		return nil
	end
	local decision = spec.ask(g, ctx)
	decision.seat = decision.seat or ctx.seat
	decision.options = options
	return decision
end

-- A one-question step (the table a step handler is) from `spec`:
--   options(g, ctx)    the choices; an empty list ends the step without asking;
--   ask(g, ctx)        the rest of the decision (prompt, rule, help, pass, kind...); its
--                      seat is ctx.seat unless it names another;
--   answer(g, ctx, v)  what a chosen option does (not called on a pass);
--   declined(g, ctx)   what a pass does, for the few steps where it does something;
--   chosen(g, ctx)     optional: true when the seat has already chosen to do this (e.g. in
--                      timing.lua's "which first?"): with one option, it is answered
--                      without asking again.
function Ask.step(spec)
	return {
		run = function(g, ctx)
			local decision = question(spec, g, ctx)
			-- An ability's step right after its seat chose the ability (abilities.lua use_at).
			local chosen_by = g:global("ability_chosen_by")
			if chosen_by ~= nil then
				g:set_global("ability_chosen_by", nil)
			end
			local chosen = decision ~= nil and #decision.options == 1
				and ((spec.chosen ~= nil and spec.chosen(g, ctx)) or chosen_by == decision.seat)
			if chosen then
				ctx.done = true
				spec.answer(g, ctx, decision.options[1].value)
				return nil
			end
			return decision
		end,
		resolve = function(g, ctx, v)
			ctx.done = true
			if v ~= nil then
				spec.answer(g, ctx, v)
			elseif spec.declined then
				spec.declined(g, ctx)
			end
		end,
	}
end

-- The same question asked again after each answer, until the seat passes or no option is
-- left; with `spec.count`, also once ctx.n answers are given (ctx[spec.count] counts them,
-- under the step's own name, e.g. "paid"). `options`, `ask` and `answer` are as for
-- Ask.step; `enter(g, ctx)`, optional, is the step's own.
function Ask.repeated(spec)
	local count = spec.count
	return {
		enter = spec.enter,
		run = function(g, ctx)
			if count then
				ctx[count] = ctx[count] or 0
				if ctx[count] >= ctx.n then
					return nil
				end
			end
			return question(spec, g, ctx)
		end,
		resolve = function(g, ctx, v)
			if v == nil then
				ctx.done = true
				return
			end
			if count then
				ctx[count] += 1
			end
			spec.answer(g, ctx, v)
		end,
	}
end

-- One option per item of `list`, its value the item, labelled by `label(g, item)`.
local function options_of(g, list: { number }, label: (any, number) -> string): { any }
	local options = {}
	for _, x in ipairs(list) do
		table.insert(options, { label = label(g, x), value = x })
	end
	return options
end

-- One option per planet, labelled with its name (the usual "choose one of your planets").
function Ask.planet_options(g, planets: { number }): { any }
	return options_of(g, planets, U.planet_name)
end

-- One option per system (board cell), labelled as the board shows it.
function Ask.cell_options(g, cells: { number }): { any }
	return options_of(g, cells, U.cell_label)
end

-- The question of an action card that needs a target (a planet, a system): `card` is the
-- card's name, `rule` what it cites.
function Ask.card_target(card: string, rule: string, options: { any })
	return { prompt = U.text("cards.choose_target", card), rule = rule, help = U.text("cards.choose_help"), options = options }
end

return Ask

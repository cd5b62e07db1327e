--!strict
-- Galactic Era: what technology levels do beyond the tables of technologies.ron —
-- advanced tactic tokens earned at Military Power II, IV and VI (GE 6.1.4.2, A2.1) and
-- each technology's special effect when it would go beyond level VI (GE 6.2.4.4, A2).
local U = require("util")
local W = require("war")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Cards = require("cards")
local T = {}

local LETTERS = { "A", "B", "C", "D", "E" }
local OVAL_ACTIONS = { "gain", "grow", "build", "research", "ethics" }

-- The side of the advanced tactic token on a fleet letter: "x2", "dp" or nil.
function T.tactic(g, seat, letter)
	return g:get(seat, "tactic_" .. letter)
end

-- GE A2.1: tokens gained when Military Power reaches II (1), IV (1), VI (3).
function T.on_level(g, seat, tech, level)
	if tech == "mil" then
		local n = (level == 2 or level == 4) and 1 or (level == 6 and 3 or 0)
		if n > 0 then
			g:push("place_tactic", { seat = seat, left = n })
		end
	end
end

-- GE 6.1.4.2: each token goes on a free slot, on the side chosen, for good.
T.place_tactic = {
	run = function(g, ctx)
		if ctx.left <= 0 then
			return nil
		end
		local options = {}
		for _, l in ipairs(LETTERS) do
			if not T.tactic(g, ctx.seat, l) then
				table.insert(options, { label = U.text("techs.fleet_x2_double_tactic", l), value = { l, "x2" } })
				table.insert(options, { label = U.text("techs.fleet_3_dp_per_combat", l), value = { l, "dp" } })
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.TEXT["techs.place_advanced_tactic_token_permanent"], rule = "GE 6.1.4.2", options = options,
			help = U.TEXT["techs.each_fleet_marker_has_slots"] }
	end,
	resolve = function(g, ctx, v)
		g:set(ctx.seat, "tactic_" .. v[1], v[2])
		local side = v[2] == "x2" and U.TEXT["techs.x2_doubling_its_tactic"] or U.TEXT["techs.3_dp_per_combat_won"]
		g:log(U.text("techs.seat_places_advanced_tactic_token", ctx.seat, v[1], side))
		ctx.left -= 1
	end,
}

-- GE 6.2.4.4, A2: the special effect of a technology already at VI. `how` is
-- "research" or "relic" (Robotics differs, A2.4 b).
function T.special(g, seat, tech, how)
	g:log(U.text("techs.seat_goes_beyond_vi_special", seat, U.TECH_NAMES[tech]))
	g:add_global("usage.special." .. tech, 1)
	if tech == "mil" then
		g:push("special_effect", { seat = seat, tech = "mil" })
	elseif tech == "spi" then
		g:push("special_effect", { seat = seat, tech = "spi" })
	elseif tech == "pro" then
		-- Two free Gain a Planet actions, resolved at once (A2.3, WE-8).
		g:push("gain_planet", { seat = seat, special = true })
		g:push("gain_planet", { seat = seat, special = true })
	elseif tech == "rob" then
		g:push("special_effect", { seat = seat, tech = "rob", how = how })
	elseif tech == "gen" then
		-- A free Increase Population with 2 extra replicas (A2.5).
		g:push("increase_population", { seat = seat, extra_replicas = 2, special = true })
	end
end

local function acted(g, seat)
	return g:get(seat, "acted_phase") == g:global("round")
end

T.special_effect = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local seat = ctx.seat
		local options = {}
		if ctx.tech == "mil" then
			-- A2.1: cancel an oval token of a seat at war (or declared on now, if STS) that has not acted yet.
			for _, t in ipairs(U.turn_order(g)) do
				if t ~= seat and not acted(g, t) and not W.immune_to_blockade(g, t)
					and (W.at_war(g, seat, t) or (g:get(seat, "ethics") == "STS" and not W.protected(g, t))) then
					local left = g:get(t, "selected") or {}
					for _, a in ipairs(OVAL_ACTIONS) do
						if (left[a] or 0) > 0 and a ~= "ethics" then
							table.insert(options, { label = U.text("techs.cancel_seat_token", t, a), value = { seat = t, action = a } })
						end
					end
				end
			end
		elseif ctx.tech == "spi" then
			if not ctx.picked then
				local chosen = g:get(seat, "chosen_ovals") or {}
				for _, a in ipairs({ "gain", "grow", "build", "research" }) do
					if not U.contains(chosen, a) then
						table.insert(options, { label = U.text("techs.resolve_extra_action", a), value = a })
					end
				end
			elseif Cards.can_play(g, seat) then
				options = { { label = U.TEXT["techs.discard_your_domination_card_and"], value = "redraw" } }
			end
		elseif ctx.tech == "rob" then
			local squares = g:get(seat, "squares") or {}
			for _, sq in ipairs(squares) do
				if sq ~= "rob" or ctx.how == "relic" then
					table.insert(options, { label = U.text("techs.pay_2_dp_to_use", sq), value = sq })
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = seat, prompt = U.text("techs.special_effect", U.TECH_NAMES[ctx.tech]), rule = "GE A2", options = options, pass = U.TEXT["techs.skip"],
			help = U.text("techs.special_" .. ctx.tech .. "_help") }
	end,
	resolve = function(g, ctx, v)
		local seat = ctx.seat
		if v == nil then
			ctx.done = true
			return
		end
		if ctx.tech == "mil" then
			if not W.at_war(g, seat, v.seat) then
				W.declare(g, seat, v.seat, U.TEXT["techs.to_cancel_action_token"])
			end
			local left = g:get(v.seat, "selected")
			left[v.action] -= 1
			g:set(v.seat, "selected", left)
			g:log(U.text("techs.seat_cancels_seat_token", seat, v.seat, v.action))
			ctx.done = true
		elseif ctx.tech == "spi" then
			if v == "redraw" then
				local C = Cards
				local card = C.hand(g, seat)[1]
				g:move_to_bottom(card, "domination_deck")
				g:hide(card)
				C.draw(g, seat)
				ctx.done = true
				return
			end
			ctx.picked = true
			local step = ({ gain = "gain_planet", grow = "increase_population", build = "build_ships" })[v]
			if step then
				g:push(step, { seat = seat, special = true })
			else
				require("progress").research(g, seat)
			end
		elseif ctx.tech == "rob" then
			U.dp(g, seat, -2, U.TEXT["techs.robotics_special_effect"])
			if U.TECH_NAMES[v] then
				-- (a) "up to twice" in all, so once more than its own research (WE-11:
				-- Military I -> III); (b) relic: once more.
				require("actions").raise(g, seat, v, U.TEXT["techs.robotics_special_effect_raise"])
			else
				require("progress").swap_once(g, seat, v)
			end
			ctx.done = true
		end
	end,
}

return T

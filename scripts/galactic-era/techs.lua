--!strict
-- Galactic Era: what technology levels do beyond the tables of technologies.ron —
-- advanced tactic tokens earned at Military Power II, IV and VI (GE 6.1.4.2, A2.1) and
-- each technology's special effect when it would go beyond level VI (GE 6.2.4.4, A2).
local U = require("util")
local W = require("war")
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
				table.insert(options, { label = "Fleet " .. l .. ": x2 (double the tactic)", value = { l, "x2" } })
				table.insert(options, { label = "Fleet " .. l .. ": +3 DP per combat won", value = { l, "dp" } })
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = "Place an advanced tactic token (permanent)", rule = "GE 6.1.4.2", options = options,
			help = "Each fleet marker has slots for advanced tactics, placed for good. x2 doubles the tactic that fleet plays in a battle; +3 DP gives 3 destiny points each time that fleet wins a combat." }
	end,
	resolve = function(g, ctx, v)
		g:set(ctx.seat, "tactic_" .. v[1], v[2])
		local side = v[2] == "x2" and "x2, doubling its tactic" or "+3 DP per combat won"
		g:log(string.format("Seat %d places an advanced tactic token on fleet %s (%s). -- GE 6.1.4.2", ctx.seat, v[1], side))
		ctx.left -= 1
	end,
}

-- GE 6.2.4.4, A2: the special effect of a technology already at VI. `how` is
-- "research" or "relic" (Robotics differs, A2.4 b).
function T.special(g, seat, tech, how)
	g:log(string.format("Seat %d goes beyond %s VI: special effect. -- GE A2", seat, U.TECH_NAMES[tech]))
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
							table.insert(options, { label = string.format("Cancel seat %d's %s token", t, a), value = { seat = t, action = a } })
						end
					end
				end
			end
		elseif ctx.tech == "spi" then
			if not ctx.picked then
				local chosen = g:get(seat, "chosen_ovals") or {}
				for _, a in ipairs({ "gain", "grow", "build", "research" }) do
					if not U.contains(chosen, a) then
						table.insert(options, { label = "Resolve an extra " .. a .. " action", value = a })
					end
				end
			elseif require("cards").can_play(g, seat) then
				options = { { label = "Discard your domination card and draw a new one", value = "redraw" } }
			end
		elseif ctx.tech == "rob" then
			local squares = g:get(seat, "squares") or {}
			for _, sq in ipairs(squares) do
				if sq ~= "rob" or ctx.how == "relic" then
					table.insert(options, { label = string.format("Pay 2 DP to use the %s square token again", sq), value = sq })
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = seat, prompt = "Special effect of " .. U.TECH_NAMES[ctx.tech], rule = "GE A2", options = options, pass = "Skip" }
	end,
	resolve = function(g, ctx, v)
		local seat = ctx.seat
		if v == nil then
			ctx.done = true
			return
		end
		if ctx.tech == "mil" then
			if not W.at_war(g, seat, v.seat) then
				W.declare(g, seat, v.seat, "to cancel an action token")
			end
			local left = g:get(v.seat, "selected")
			left[v.action] -= 1
			g:set(v.seat, "selected", left)
			g:log(string.format("Seat %d cancels seat %d's %s token. -- GE A2.1", seat, v.seat, v.action))
			ctx.done = true
		elseif ctx.tech == "spi" then
			if v == "redraw" then
				local C = require("cards")
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
			U.dp(g, seat, -2, "Robotics special effect -- GE A2.4")
			if U.TECH_NAMES[v] then
				-- (a) "up to twice" in all, so once more than its own research (WE-11:
				-- Military I -> III); (b) relic: once more.
				require("actions").raise(g, seat, v, "Robotics special effect")
			else
				require("progress").swap_once(g, seat, v)
			end
			ctx.done = true
		end
	end,
}

return T

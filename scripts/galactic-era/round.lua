--!strict
-- Galactic Era: the game as 8 rounds of four phases (GE 2, 4.9, 6.0, 6.5).
local U = require("util")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Puppet = require("puppet")
local Peoples = require("peoples")
local R = {}

-- GE 4.9: rounds 1–2 First Luminous Era, 3–6 Dark Era, 7–8 Second Luminous Era.
function R.era(round)
	if round <= 2 then
		return "first_luminous"
	elseif round <= 6 then
		return "dark"
	end
	return "second_luminous"
end

-- Per-round tallies used by the round scoring (GE 6.4, A4).
local ROUND_STATS = { "r_taken_far", "r_won_far", "r_traded", "r_raised_spi", "r_raised_pro", "r_raised_mil", "r_raised_rob",
	"r_raised_gen", "r_build", "r_grew", "r_gain", "r_taken", "r_discs_taken", "r_won", "r_destroyed", "r_retreats", "r_ethics_scored",
	"extra_trade" }

R.game = {
	enter = function(g, ctx)
		ctx.round = 0
	end,
	run = function(g, ctx)
		if ctx.finished then
			return nil
		end
		if ctx.round >= 8 then
			ctx.finished = true
			g:push("end_game", {})
			return nil
		end
		ctx.round += 1
		g:set_global("round", ctx.round)
		g:set_global("era", R.era(ctx.round))
		for s = 1, g:seats() do
			for _, stat in ipairs(ROUND_STATS) do
				g:set(s, stat, nil)
			end
		end
		g:set_global("r_ethics_tokens", 0)
		g:set_global("phase", "round")
		g:log(U.text("round.round", ctx.round, defs.era[R.era(ctx.round)].name))
		-- Pushed in reverse: movement runs first (GE 6.0).
		g:push("scoring", {})
		g:push("trade_phase", {})
		g:push("progress_phase", {})
		g:push("movement_phase", {})
		if Puppet.seat(g) then
			g:push("puppet_auction", {}) -- GE 8.3.3: before movement and combat
		end
		-- Round-start hooks of star peoples defined as data (peoples.lua); steps they
		-- push run before everything else of the round.
		Peoples.on_round(g, "on_round_start")
		return nil
	end,
}

return R

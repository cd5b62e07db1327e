--!strict
-- Galactic Era: war and peace between seats (GE 4.7, 7.1) and blockades (GE 7.2).
local U = require("util")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Peoples = require("peoples")
local Milestones = require("milestones")
local Puppet = require("puppet")
local W = {}

function W.at_war(g, a, b)
	if a == b then
		return false
	end
	return g:pair(a, b, "war") == true
end

-- Enemies of a seat: seats at war with it (W.at_war, asked directly: the menus ask
-- at every decision).
function W.enemies(g, seat)
	local out = {}
	for s = 1, g:seats() do
		if s ~= seat and g:pair(seat, s, "war") == true then
			table.insert(out, s)
		end
	end
	return out
end

-- Both diplomacy discs flip to War at once (GE 4.7).
function W.declare(g, by, on, why)
	g:set_pair(by, on, "war", true)
	g:log(U.text("war.seat_declares_war_on_seat", by, on, why and (" " .. why) or ""))
	Milestones.on_declare(g, by, on)
	Peoples.on_declare(g, by, on)
end

-- Peace: by agreement or forced by an ethics change (GE 4.7, 6.2.2).
function W.make_peace(g, a, b)
	g:set_pair(a, b, "war", nil)
	g:log(U.text("war.seats_and_sign_peace", a, b))
end

-- An ethics change signs peace with every enemy (GE 6.2.2 effect 4).
function W.change_ethics(g, seat, to)
	local from = g:get(seat, "ethics")
	g:set(seat, "ethics", to)
	Peoples.on_ethics_change(g, seat, from)
	g:log(U.text("war.seat_changes_ethics_to", seat, to))
	for _, e in ipairs(W.enemies(g, seat)) do
		W.make_peace(g, seat, e)
	end
end

-- Diplomático's section A: nobody may declare war on its player this round (GE A3.8).
function W.protected(g, seat)
	return U.this_round(g, g:get(seat, "no_war_round"))
end

-- What decides, for a seat `by` that may declare war at all, whether it may declare
-- on `on` during its own move step; `sts` is whether `by` is STS (GE 7.1.1). When
-- known already, `pleyares` (whether `by` is Pleyares STO) and `puppet` (the puppet
-- seat, false for none) are handed down; nil reads them. `enemy`, when given, is the
-- set of `by`'s enemies (W.enemies), read instead of the pair.
local function may_declare_on_in_movement(g, by, on, sts, pleyares, puppet, enemy)
	local war
	if enemy then
		war = enemy[on] == true
	else
		war = W.at_war(g, by, on)
	end
	if by == on or war or W.protected(g, on) or Puppet.pact(g, by, on, puppet) then
		return false
	end
	return sts or Peoples.declares_in_movement(g, by, on, pleyares)
end

-- Whether `by` may declare war on `on` at will during its own move step (GE 7.1.1).
function W.may_declare_in_movement(g, by, on)
	return Peoples.may_ever_declare(g, by) and may_declare_on_in_movement(g, by, on, g:get(by, "ethics") == "STS", nil, nil)
end

-- The seats `by` may declare war on during its own move step, as
-- `W.may_declare_in_movement` tells for each, with what depends on `by` alone
-- looked up once (the movement menu asks at every decision). `enemies`: `by`'s enemies
-- (W.enemies) when the caller has read them already; nil reads each pair.
function W.declarable_in_movement(g, by, enemies)
	local out = {}
	-- `by`'s people and ethics, read once for every rule below.
	local people, ethics = g:get(by, "people"), g:get(by, "ethics")
	if not Peoples.may_ever_declare(g, by, people, ethics) then
		return out
	end
	local sts = ethics == "STS"
	local pleyares = not sts and people == "pleyares" and ethics == "STO"
	-- An STO seat declares war in its own move step only as Pleyares STO (GE 7.1.1,
	-- A1.14): unless a star people's hook may say otherwise, no seat need be asked.
	if not sts and not pleyares and not Peoples.has_hook("declares_in_movement") then
		return out
	end
	local puppet = Puppet.seat(g) or false
	local enemy = nil
	if enemies then
		enemy = {}
		for _, e in ipairs(enemies) do
			enemy[e] = true
		end
	end
	for on = 1, g:seats() do
		if may_declare_on_in_movement(g, by, on, sts, pleyares, puppet, enemy) then
			table.insert(out, on)
		end
	end
	return out
end

-- Spirituality V and VI players cannot be blockaded at all (GE 7.2, A2.2).
function W.immune_to_blockade(g, seat)
	return g:get(seat, "spi") >= 5
end

-- Whether ships of a seat at war with `seat` are on `cell`: a plain fact, which some
-- rules test as such (the capital evacuation, GE 6.2.4.1.4–5), whoever can be blockaded.
function W.enemy_ships_at(g, seat, cell)
	for _, s in ipairs(U.seats_with_ships(g, cell)) do
		if W.at_war(g, seat, s) then
			return true
		end
	end
	return false
end

-- A cell is blockaded for `seat` when ships of an enemy are on it (GE 7.2.1).
function W.blockaded(g, seat, cell)
	return not W.immune_to_blockade(g, seat) and W.enemy_ships_at(g, seat, cell)
end

return W

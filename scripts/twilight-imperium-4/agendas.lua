--!strict
-- Twilight Imperium 4: agenda cards as votes (TI4 §26, §27): what players may vote for,
-- which cards are set aside when revealed, how a resolved card is placed (a law in play,
-- owned or attached, or the discard pile), and the delayed effects at the start of the
-- next strategy phase. What each card does is agenda_effects.lua.
local U = require("util")
local Co = require("council")
local F = require("agenda_effects")
local E = {}

local function owned_planets_where(g, pred): { string }
	local out = {}
	for _, p in ipairs(g:entities({ kind = "planet" })) do
		if g:owner(p) ~= nil and pred(p) then
			table.insert(out, "e:" .. p)
		end
	end
	return out
end

local function trait(g, p: number): string?
	return U.PLANETS[g:face(p)].trait
end

local function scored_secrets(g): { number }
	local out = {}
	for s = 1, g:seats() do
		for _, obj in ipairs(g:entities({ kind = "secret_objective", zone = "scored", seat = s })) do
			table.insert(out, obj)
		end
	end
	return out
end

-- The outcomes players may vote for (TI4 §27.8-27.11): for/against, or what the card
-- elects — a player, or a planet some player controls (§27.11), of the trait asked.
function E.outcomes(g, id: string): { string }
	local elect = defs.agenda[id].elect
	if elect == "for_against" then
		return { "for", "against" }
	end
	local out = {}
	if elect == "player" then
		for s = 1, g:seats() do
			table.insert(out, "p:" .. s)
		end
	elseif elect == "law" then
		for _, card in ipairs(g:entities({ kind = "agenda", zone = "laws" })) do
			table.insert(out, "e:" .. card)
		end
	elseif elect == "scored_secret_objective" then
		for _, obj in ipairs(scored_secrets(g)) do
			table.insert(out, "e:" .. obj)
		end
	elseif elect == "planet" then
		out = owned_planets_where(g, function(p) return true end)
	elseif elect == "non_home_planet_not_mecatol" then
		out = owned_planets_where(g, function(p) return not U.is_home_planet(g, p) and not Co.is_mecatol(g, p) end)
	else
		local want = string.match(elect, "^(%a+)_planet$")
		out = owned_planets_where(g, function(p) return trait(g, p) == want end)
	end
	return out
end

-- When revealed (the cards' `when_revealed`): Classified Document Leaks with no scored
-- secret objective, Judicial Abolishment, Miscount Disclosed and New Constitution with no
-- law in play are discarded and another agenda revealed; so is an election with nothing
-- to elect (no player controls a planet of the trait asked — our reading, the rules do
-- not say).
function E.discard_on_reveal(g, id: string): boolean
	return #E.outcomes(g, id) == 0 or (id == "new_constitution" and g:count({ kind = "agenda", zone = "laws" }) == 0)
end

-- TI4 §26.3-26.8, §27.20-27.21: a law resolved "for" or by an election goes into play
-- (owned by the elected player, or attached to the elected planet, as the card says); a
-- directive, or a law voted down, is discarded. Then the card's effect. A law voted on
-- again (Miscount Disclosed) leaves play first and resolves afresh.
function E.resolve(g, card: number, outcome: string, cast)
	local id = g:face(card)
	local def = defs.agenda[id]
	if g:where(card) and (g:where(card) :: any).zone == "laws" then
		Co.discard_law(g, card)
	end
	local tag, n = string.match(outcome, "^(%a):(%d+)$")
	local target = tonumber(n)
	if def.type == "law" and outcome ~= "against" then
		local owner = def.owned_by_player and tag == "p" and target or nil
		local planet = def.attaches_to_planet and tag == "e" and target or nil
		Co.enact(g, card, owner, planet)
		g:log(U.text("law.in_play", def.name))
	else
		g:move(card, "agenda_discard")
	end
	local f = F.EFFECT[id]
	if f then
		f(g, { card = card, outcome = outcome, target = target, cast = cast })
	end
end

-- Delayed effects at the start of the strategy phase (the against outcomes of
-- Anti-Intellectual Revolution, Arms Reduction, Representative Government; New
-- Constitution): planets exhausted. Returns true when it pushed a choice.
function E.strategy_start(g): boolean
	local list = g:global("at_strategy_start")
	if not list then
		return false
	end
	g:set_global("at_strategy_start", nil)
	local pushed = false
	for _, item in ipairs(list) do
		for _, s in ipairs(item.seats) do
			for _, p in ipairs(U.planets(g, s, true)) do
				local d = U.PLANETS[g:face(p)]
				if (item.what == "exhaust_specialties" and d.specialty)
					or (item.what == "exhaust_cultural" and d.trait == "cultural")
					or (item.what == "exhaust_home" and g:cell_of(p) == U.home_cell(g, s)) then
					g:set_prop(p, "exhausted", true)
				end
			end
			if item.what == "exhaust_per_technology" then
				local n = g:count({ kind = "technology", zone = "researched", seat = s })
				if n > 0 then
					g:push("exhaust_planets", { seat = s, n = n })
					pushed = true
				end
			end
		end
		g:log(U.text("law.strategy_start." .. item.what))
	end
	return pushed
end

return E

--!strict
-- Galactic Era: helpers for scenario files (tests/scenarios/galactic-era), so a
-- rulebook example can be set up in a few lines. They move pieces between their
-- reserves and the board, so every piece stays accounted for.
local U = require("util")
local F = require("fleets")
local W = require("war")
-- Required once here rather than at each use (a require is a call into the kernel);
-- a module that requires this one as it loads is still required where it is used.
local Movement = require("movement")
local T = {}

-- Clears the flow and leaves a `hold` frame at the bottom, so the game waits once the
-- pushed steps finish instead of ending.
function T.start(g)
	g:reset_flow()
	g:push("hold", {})
end

-- Every ship and fleet back to its owner's reserve.
function T.clear_units(g)
	for _, m in ipairs(g:entities({ kind = "marker" })) do
		if g:cell_of(m) then
			F.dissolve(g, m)
		end
	end
	for _, s in ipairs(g:entities({ kind = "ship" })) do
		g:move(s, { zone = "reserve", seat = g:owner(s) })
	end
end

function T.ships(g, seat, cell, n)
	assert(F.place_basic(g, seat, cell, n) == n, "not enough basic ships in the reserve")
end

function T.fleet(g, seat, cell, letter, n)
	local m = g:first({ kind = "marker", zone = "markers", seat = seat, face = letter })
	assert(m, "fleet marker " .. letter .. " is not free")
	g:move(m, cell)
	F.add_units(g, m, n)
	return m
end

function T.discs(g, seat, cell, n)
	for _ = 1, n do
		g:move(assert(U.take_disc(g, seat), "track empty"), cell)
	end
end

function T.war(g, a, b)
	W.declare(g, a, b, "(scenario)")
end

-- Any planet cell of a region other than its main one, in cell order.
function T.planets(g, region, with_main)
	local out = {}
	for _, c in ipairs(g:cells({ terrain = "planet", region = region })) do
		if with_main or g:cell_prop(c, "main") ~= 1 then
			table.insert(out, c)
		end
	end
	return out
end

-- A cell with the given terrain and no pieces, in the given region (or anywhere).
function T.empty_cell(g, terrain, region)
	for _, c in ipairs(g:cells({ terrain = terrain, region = region })) do
		if #U.seats_with_ships(g, c) == 0 and not U.controller(g, c) then
			return c
		end
	end
	return nil
end

-- Whether the decision a step would ask now offers an option whose label contains
-- `text`: `handler` is the step's table (e.g. Movement.turn) and `ctx` the
-- context it would run with. For Expect lines that check an option is NOT offered
-- (a Refused step needs an offered option); the steps it is used on only read the
-- position in `run`.
function T.offers(g, handler, ctx, text)
	local d = handler.run(g, ctx)
	for _, o in ipairs(d and d.options or {}) do
		if string.find(T.label(g, d, o), text, 1, true) then
			return true
		end
	end
	return false
end

-- An option's label as a person reads it: its own, or the one its decision's
-- labeller (`labels = "module.function"`) makes, as the kernel would.
function T.label(g, d, o): string
	if type(o) == "string" then
		return o -- its own label
	end
	-- Any other bare value (a number) is an option without a label, like {value = o}.
	local value = o
	if type(o) == "table" then
		if o.label then
			return o.label
		end
		value = o.value
	end
	if d.labels then
		local module, name = string.match(d.labels, "^(.-)%.([^.]+)$")
		return require(module)[name](g, value, d.seat)
	end
	return tostring(value)
end

-- What is wrong with a freshly set-up game (GE 5.2-5.4b), or nil: for the setup
-- scenarios of each player count, with the number of wormhole pairs expected.
function T.setup_problems(g, wormhole_pairs: number): string?
	local seats = g:seats()
	local central = g:global("central_region")
	if g:region_count() ~= seats + 1 then
		return string.format("%d regions for %d seats (GE 5.2b)", g:region_count(), seats)
	end
	-- GE 5.2c: wormhole pairs across the gaps, between two different sectors.
	local holes = {}
	for _, w in ipairs(g:entities({ kind = "wormhole" })) do
		local c = g:cell_of(w)
		if c then
			table.insert(holes, c)
			local links = g:links(c, "wormhole")
			if #links ~= 1 or g:region(links[1]) == g:region(c) or g:distance(c, links[1]) <= 1 then
				return "a wormhole is not linked to one far hex of another sector (GE 5.2c)"
			end
		end
	end
	if #holes ~= 2 * wormhole_pairs then
		return string.format("%d wormhole tokens on the board, not %d (GE 5.2c)", #holes, 2 * wormhole_pairs)
	end
	for region = 1, g:region_count() do
		local planets = g:cells({ terrain = "planet", region = region })
		if #planets < 7 or #planets > 8 then
			return string.format("region %d has %d planets (GE 4.1)", region, #planets)
		end
		local faces = { uninhabited = 0, primitive = 0, advanced = 0 }
		local mains = 0
		for _, c in ipairs(planets) do
			local main = g:cell_prop(c, "main") == 1
			mains += main and 1 or 0
			local tokens = g:entities({ kind = "neutral", cell = c })
			local relics = g:entities({ kind = "relic", cell = c })
			if region == central then
				-- GE 5.2d-e: a neutral token and a relic, face down, on every central planet.
				if #tokens ~= 1 or #relics ~= 1 or not g:hidden(relics[1]) then
					return "a central planet lacks its neutral token or its face-down relic (GE 5.2d-e)"
				end
			elseif main then
				if #tokens ~= 0 or #relics ~= 0 then
					return "a main planet holds a token (GE 5.2d)"
				end
			elseif #tokens ~= 1 or #relics ~= 0 then
				return "an outer planet lacks its neutral token, or holds a relic (GE 5.2d-e)"
			end
			for _, t in ipairs(tokens) do
				faces[g:face(t)] += 1
				for s = 1, seats do
					if g:knows(s, t) then
						return "a neutral token is known to a seat before any exploration (GE 5.2d)"
					end
				end
			end
		end
		if mains ~= 1 then
			return string.format("region %d has %d main planets (GE 4.1)", region, mains)
		end
		if region ~= central and (faces.primitive ~= 2 or faces.advanced ~= 2 or faces.uninhabited ~= #planets - 5) then
			return string.format("region %d's tokens are %d/%d/%d, not 2 primitive, 2 advanced, the rest uninhabited (GE 5.2d)",
				region, faces.primitive, faces.advanced, faces.uninhabited)
		end
		if region == central and (faces.primitive > 3 or faces.advanced > 3 or faces.uninhabited > 3) then
			return "the central tokens do not come from 3 of each (GE 5.2d)"
		end
	end
	if g:count({ kind = "relic", zone = "box" }) + #g:cells({ terrain = "planet", region = central }) ~= g:count({ kind = "relic" }) then
		return "the relics not on the central planets are not in the box (GE 5.2e)"
	end
	-- GE 5.3, 3.2: each seat's capital, 3 ships and kit; technologies at I; random order.
	local orders = {}
	for s = 1, seats do
		local cap = U.capital_cell(g, s)
		if not cap or g:cell_prop(cap, "main") ~= 1 or g:region(cap) ~= g:get(s, "home_region") or g:region(cap) == central then
			return string.format("seat %d's capital is not on its sector's main planet (GE 5.3)", s)
		end
		if g:count({ kind = "ship", owner = s, cell = cap }) ~= 3 or g:count({ kind = "ship", owner = s, zone = "reserve", seat = s }) ~= 13 then
			return string.format("seat %d does not have 3 ships on its capital and 13 in reserve (GE 5.3)", s)
		end
		if g:count({ kind = "disc", owner = s, zone = "track", seat = s }) ~= 39 then
			return string.format("seat %d does not have 39 discs on its track (GE 3.2, 4.10)", s)
		end
		local letters = {}
		for _, m in ipairs(g:entities({ kind = "marker", owner = s, zone = "markers", seat = s })) do
			table.insert(letters, g:face(m))
		end
		table.sort(letters)
		if table.concat(letters) ~= "ABCDE" or g:count({ kind = "number", owner = s, zone = "decoys", seat = s }) ~= 5 then
			return string.format("seat %d does not have markers A-E and 5 decoys (GE 3.2)", s)
		end
		for _, t in ipairs(U.TECHS) do
			if g:get(s, t) ~= 1 then
				return string.format("seat %d does not start at level I in %s (GE 5.3)", s, t)
			end
		end
		if g:get(s, "emergency") ~= 1 then
			return string.format("seat %d has no emergency reserve (GE 7.4)", s)
		end
		orders[g:get(s, "order")] = true
		-- GE 5.4b-c: one secret domination card, two secret star peoples.
		local hand = g:entities({ kind = "domination", zone = "domination_hand", seat = s })
		local offer = g:entities({ kind = "people", zone = "people_offer", seat = s })
		if #hand ~= 1 or #offer ~= 2 then
			return string.format("seat %d was not dealt 1 domination card and 2 star peoples (GE 5.4b-c)", s)
		end
		for o = 1, seats do
			for _, e in ipairs({ hand[1], offer[1], offer[2] }) do
				if g:knows(o, e) ~= (o == s) then
					return string.format("seat %d's card or star people is known to seat %d (GE 5.4b-c)", s, o)
				end
			end
		end
	end
	for i = 1, seats do
		if not orders[i] then
			return "the turn order is not 1..N (GE 5.3k)"
		end
	end
	-- GE 5.1: a story is drawn; a milestone only with a variant.
	if not g:global("story") or g:count({ kind = "story", zone = "story" }) ~= 1 then
		return "no galactic story (GE 5.1)"
	end
	return nil
end

-- Holds the game after a scenario's steps, asking seat 1 to acknowledge.
T.hold = {
	run = function(g, ctx)
		return { seat = 1, prompt = "Scenario position (nothing more to play)", options = { "ok" } }
	end,
	resolve = function(g, ctx, _) end,
}

return T

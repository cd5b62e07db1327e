--!strict
-- Space Gate Odyssey: the settlers' journey (SGO §6.1-6.6). After a sector room, from the
-- active player on, each seat empties its full gate modules one at a time, in the order
-- it chooses; each settler goes through the module's gate to the exoplanet holding it —
-- placed on a space the exoplanet's rules allow (exoplanets.lua, the exoplanets helper's
-- interface) — or to Hawking, where it goes home for 1 Influence point. An exoplanet
-- that closes scores at once, sends its settlers home, leaves the game and passes its
-- gate on; the 5th closing (3rd in the short game) ends the game (SGO §8.1).
local U = require("util")
local ST = require("station")
local I = require("influence")
local X = require("exoplanets")
local J = {}

-- ---- where things are ----------------------------------------------------------------------

function J.planet_name(g, planet): string
	return defs.exoplanet[g:face(planet)].name
end

-- The gate entity of gate id `gate`.
function J.gate(g, gate: string)
	return g:first({ kind = "gate", face = gate })
end

-- The exoplanet holding the gate, or nil when it is on Hawking (or boxed).
function J.gate_planet(g, gate: string)
	local at = g:where(J.gate(g, gate))
	if type(at) == "table" and at.inside ~= nil then
		return at.inside
	end
	return nil
end

function J.on_hawking(g, gate: string): boolean
	local at = g:where(J.gate(g, gate))
	return type(at) == "table" and at.zone == "hawking"
end

-- The exoplanets on the table without a gate (the second wave), in table order.
function J.waiting(g): { number }
	local out = {}
	for _, planet in ipairs(g:entities({ kind = "exoplanet", zone = "exoplanets" })) do
		if g:count({ kind = "gate", inside = planet }) == 0 then
			table.insert(out, planet)
		end
	end
	return out
end

-- { [space_id] = seat } of an exoplanet.
function J.occupant(g, planet)
	local occ = {}
	for _, settler in ipairs(g:entities({ kind = "settler", inside = planet })) do
		occ[g:prop(settler, "space")] = g:owner(settler)
	end
	return occ
end

-- SGO §6.1: seat s's full gate modules (activated, every space taken).
function J.full_gate_modules(g, s: number): { number }
	local grid = ST.grid(g, s)
	local out = {}
	for _, m in ipairs(grid.list) do
		local i = ST.info(g, m)
		if i.d.type == "gate" and i.active and i.n >= i.d.capacity then
			table.insert(out, m)
		end
	end
	return out
end

-- SGO §6.6: settlers arriving on Hawking go home, 1 IP each.
function J.to_hawking(g, s: number, m)
	local n = 0
	for _, settler in ipairs(g:entities({ kind = "settler", inside = m })) do
		g:move(settler, U.reserve(s))
		n += 1
	end
	I.gain(g, s, n, U.text("journey.hawking_why", U.count(n, "settler")))
end

-- ---- closing (SGO §6.4) ------------------------------------------------------------------

local function closings_to_end(g): number
	return U.short(g) and 3 or 5
end

-- SGO §6.4 steps 1-2: score the closed exoplanet, send its settlers home, box it. Swaps
-- the Fermi centre winner owes are pushed (they run before play goes on).
local function score_and_box(g, planet)
	local side = g:prop(planet, "side")
	local result = X.score(side, J.occupant(g, planet), g:seats(), X.options(g))
	local given = {}
	for s = 1, g:seats() do
		given[s] = 0
	end
	for _, part in ipairs(result.parts or {}) do
		I.gain(g, part.seat, part.ip, U.text(part.text, table.unpack(part.args or {})))
		given[part.seat] += part.ip
	end
	for s = 1, g:seats() do
		local rest = (result.points[s] or 0) - given[s]
		if rest > 0 then
			I.gain(g, s, rest, U.text("journey.closing_why", J.planet_name(g, planet)))
		end
	end
	for _, settler in ipairs(g:entities({ kind = "settler", inside = planet })) do
		g:set_prop(settler, "space", nil)
		g:move(settler, U.reserve(g:owner(settler)))
	end
	g:move(planet, "box")
	local swaps = result.adjacent_swaps or {}
	for k = #swaps, 1, -1 do
		g:push("swap", { seat = swaps[k], adjacent = true })
	end
end

-- SGO §6.4 step 3, §6.5: moves the gate now and returns true, or pushes the choice of
-- its new exoplanet (two wait) and returns false.
local function move_gate_now(g, gate: string, chooser: number): boolean
	local waiting = J.waiting(g)
	if #waiting == 0 then
		g:move(J.gate(g, gate), "hawking")
		g:log(U.text("journey.gate_hawking", defs.gate[gate].name))
		return true
	end
	if #waiting == 1 then
		g:move(J.gate(g, gate), { inside = waiting[1] })
		g:log(U.text("journey.gate_moved", defs.gate[gate].name, J.planet_name(g, waiting[1])))
		return true
	end
	g:push("gate_move", { seat = chooser, gate = gate })
	return false
end

-- ---- one gate module's colonisation (SGO §6.2) -----------------------------------------

function J.space_label(g, value, seat): string
	return X.space_label(value.side, value.space)
end

-- What a player choosing a space should see of the exoplanet now (X.view): per group
-- (level, volcano, island...) its free spaces and who holds the others.
function J.planet_state(g, planet, side: string): string
	local parts = {}
	for _, entry in ipairs(X.view(side, J.occupant(g, planet), X.options(g))) do
		local holders = {}
		for s = 1, g:seats() do
			local n = entry.settlers[s] or 0
			if n > 0 then
				table.insert(holders, U.text("journey.view_holder", U.seat_name(s), n))
			end
		end
		local text = U.text("journey.view_group", entry.name or U.text("journey.view_other"), entry.free, entry.spaces)
		if #holders > 0 then
			text ..= U.text("journey.view_holders", table.concat(holders, U.text("list.comma")))
		end
		if entry.secured then
			text ..= U.text("journey.view_secured")
		end
		table.insert(parts, text)
	end
	return table.concat(parts, U.text("list.separator"))
end

-- Places one settler on `space` of `planet`; returns whether the exoplanet closed and
-- whether the space makes its settler's owner swap two tokens (SGO §6.3).
local function settle(g, ctx, settler, planet, side: string, space: string): (boolean, boolean)
	g:move(settler, { inside = planet })
	g:set_prop(settler, "space", space)
	table.insert(ctx.placed, space)
	g:log(U.text("journey.placed", U.seat_name(ctx.seat), J.planet_name(g, planet), X.space_label(side, space)))
	return X.closed(side, J.occupant(g, planet), g:seats(), X.options(g)), X.predominance(side, space)
end

-- After the exoplanet closed (SGO §6.4): score it, send its settlers home and box it,
-- lose the rest of the module that closed it, and move the gate — or, at the last
-- closing, end the game (SGO §8.1). Everything is done here or pushed: the swap a
-- predominance space owes (`swap`) is pushed last so that it comes first, as it was
-- made before the closing.
local function closed(g, ctx, planet, swap: boolean)
	g:log(U.text("journey.closed", J.planet_name(g, planet)))
	local count = g:add_global("closings", 1)
	local gate = g:face(g:first({ kind = "gate", inside = planet }))
	local last = count >= closings_to_end(g)
	if last then
		g:set_global("ending", true)
		-- the end comes after the swaps the scoring owes (pushed after this)
		g:push("finale", {})
	end
	score_and_box(g, planet)
	local n = 0
	for _, settler in ipairs(g:entities({ kind = "settler", inside = ctx.module })) do
		g:move(settler, U.reserve(ctx.seat))
		n += 1
	end
	if n > 0 then
		g:log(U.text("journey.leftover", U.seat_name(ctx.seat), U.count(n, "settler")))
	end
	if last then
		-- SGO §6.5: with 5 exoplanets, the 5th closing's gate can only go to Hawking
		g:move(J.gate(g, gate), "hawking")
		g:log(U.text("journey.gate_hawking", defs.gate[gate].name))
	else
		local chooser = U.alt(g, "active_player_moves_gate") and g:global("active") or ctx.seat
		move_gate_now(g, gate, chooser)
	end
	if swap then
		g:push("swap", { seat = ctx.seat, adjacent = false })
	end
end

-- What follows a placement: the closing, or the owed swap; true when frames were pushed.
local function after_settle(g, ctx, planet, is_closed: boolean, swap: boolean): boolean
	if is_closed then
		closed(g, ctx, planet, swap)
		return true
	end
	if swap then
		g:push("swap", { seat = ctx.seat, adjacent = false })
		return true
	end
	return false
end

-- The `colonise` step: seat ctx.seat empties gate module ctx.module, settler by
-- settler; ctx.placed: the spaces its settlers took. It returns nil only when the
-- module is empty or after pushing frames (it is called again once they are done).
J.colonise = {
	run = function(g, ctx)
		if g:global("ending") then
			return nil
		end
		ctx.placed = ctx.placed or {}
		local gate = U.mod(g, ctx.module).gate
		if J.on_hawking(g, gate) then
			J.to_hawking(g, ctx.seat, ctx.module)
			return nil
		end
		local planet = J.gate_planet(g, gate)
		assert(planet ~= nil, "a gate in play is on an exoplanet or on Hawking")
		local side = g:prop(planet, "side")
		while true do
			local settler = g:last({ kind = "settler", inside = ctx.module })
			if settler == nil then
				return nil
			end
			local trip = { seat = ctx.seat, players = g:seats(), placed = ctx.placed }
			-- identical spaces (Russell's island places...) once each: the choice is the same
			local legal = X.choices(X.legal(side, J.occupant(g, planet), trip, X.options(g)))
			if #legal == 0 and U.alt(g, "unplaceable_settler_stays") then
				-- SGO §12 A9, the alternative: the settler stays aboard, and so do those
				-- behind it, who would find the same spaces closed.
				g:log(U.text("journey.no_space_stays", U.seat_name(ctx.seat), J.planet_name(g, planet), U.count(ST.settlers(g, ctx.module), "settler")))
				return nil
			elseif #legal == 0 then
				-- SGO §6.2, §12 A9: no legal space, the settler goes back to the reserve.
				g:move(settler, U.reserve(ctx.seat))
				g:log(U.text("journey.no_space", U.seat_name(ctx.seat), J.planet_name(g, planet)))
			elseif #legal == 1 then
				local is_closed, swap = settle(g, ctx, settler, planet, side, legal[1])
				if after_settle(g, ctx, planet, is_closed, swap) then
					return nil
				end
			else
				local options = {}
				for _, space in ipairs(legal) do
					table.insert(options, { value = { side = side, space = space } })
				end
				return {
					seat = ctx.seat,
					prompt = U.text("journey.where", J.planet_name(g, planet), U.count(ST.settlers(g, ctx.module), "settler")),
					rule = "SGO §6.2, §7",
					help = U.text("journey.where_help") .. " " .. U.text("journey.view", J.planet_state(g, planet, side)),
					options = options,
					labels = "journey.space_label",
				}
			end
		end
	end,
	resolve = function(g, ctx, answer)
		local planet = J.gate_planet(g, U.mod(g, ctx.module).gate)
		local settler = g:last({ kind = "settler", inside = ctx.module })
		local is_closed, swap = settle(g, ctx, settler, planet, answer.side, answer.space)
		after_settle(g, ctx, planet, is_closed, swap)
	end,
}

function J.module_label(g, value, seat): string
	return U.text("journey.module_option", ST.label(g, value), defs.gate[U.mod(g, value).gate].name)
end

-- The `journeys` step (SGO §6.1, §6.2): ctx.order from the active player, ctx.i.
J.journeys = {
	run = function(g, ctx)
		while ctx.i <= #ctx.order do
			if g:global("ending") then
				return nil
			end
			local s = ctx.order[ctx.i]
			local full = J.full_gate_modules(g, s)
			if #full == 0 then
				ctx.i += 1
			elseif #full == 1 then
				g:push("colonise", { seat = s, module = full[1] })
				return nil
			else
				local options = {}
				for _, m in ipairs(full) do
					table.insert(options, { value = m })
				end
				return {
					seat = s,
					prompt = U.text("journey.which"),
					rule = "SGO §6.2",
					help = U.text("journey.which_help"),
					options = options,
					labels = "journey.module_label",
				}
			end
		end
		return nil
	end,
	resolve = function(g, ctx, answer)
		g:push("colonise", { seat = ctx.order[ctx.i], module = answer })
	end,
}

function J.planet_label(g, value, seat): string
	return J.planet_name(g, value)
end

-- The `gate_move` step (SGO §6.4 step 3, §12 A11): ctx.seat sends gate ctx.gate to one
-- of the waiting exoplanets.
J.gate_move = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local options = {}
		for _, planet in ipairs(J.waiting(g)) do
			table.insert(options, { value = planet })
		end
		return {
			seat = ctx.seat,
			prompt = U.text("journey.gate_prompt", defs.gate[ctx.gate].name),
			rule = "SGO §6.4",
			help = U.text("journey.gate_help"),
			options = options,
			labels = "journey.planet_label",
		}
	end,
	resolve = function(g, ctx, answer)
		ctx.done = true
		g:move(J.gate(g, ctx.gate), { inside = answer })
		g:log(U.text("journey.gate_moved", defs.gate[ctx.gate].name, J.planet_name(g, answer)))
	end,
}

return J

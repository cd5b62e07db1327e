--!strict
-- Twilight Imperium 4: the supply of fighter and infantry tokens (TI4 §21, §50, §57.4).
-- Plastic figures are limited (§98.2: 10 fighters and 12 infantry per colour) and are
-- all made at setup. Tokens have no limit. A token is a piece of the same kind and face
-- as the figures, marked with the prop `token = true`. Every other rule reads kind and
-- face only, so a token is "a fighter (an infantry) for all purposes" (§21, §50).
-- This module does two jobs:
-- - it takes the unit to place from reinforcements: a figure first, then a token that came
--   back there (reused, so a long game does not keep growing), then a new token;
-- - it enforces §21.3 / §50.3: a token must share its system (fighter) or its planet or
--   space area (infantry) with a figure of its type (`settle`).
local U = require("util")
local M = {}

-- The unit types whose supply tokens never run out (§57.4: "except fighters and ground
-- forces"; §21.1, §50.1).
M.UNLIMITED = { fighter = true, infantry = true }

-- Whether the seat can place a unit of `kind` from reinforcements now. Always true for
-- fighters and infantry: a token can be made (§21.1, §50.1).
function M.available(g, seat: number, kind: string): boolean
	return M.UNLIMITED[kind] == true or g:count({ kind = kind, zone = "reinforcements", seat = seat }) > 0
end

-- How many units of `kind` the seat could place from reinforcements (math.huge for fighters
-- and infantry). Used by effects that need several at once (Rise of a Messiah).
function M.left(g, seat: number, kind: string): number
	if M.UNLIMITED[kind] then
		return math.huge
	end
	return g:count({ kind = kind, zone = "reinforcements", seat = seat })
end

-- The face the seat's units of `kind` show: a faction unit or an upgrade changes them all
-- (setup.lua face_for, tech.lua §62.2), so a new token copies any piece of that kind.
function M.face(g, seat: number, kind: string): string
	local like = g:first({ kind = kind, owner = seat })
	return like and g:face(like) or U.BASE_UNIT[kind]
end

-- The next unit of `kind` the seat places, still in its reinforcements: a figure, else a
-- token already there, else (fighters and infantry) a new token. Nil when none is left.
-- Creates an entity, so call it only to place the unit, never while building a menu.
function M.take(g, seat: number, kind: string): number?
	local e = g:last({ kind = kind, zone = "reinforcements", seat = seat, lacks = "token" })
		or g:last({ kind = kind, zone = "reinforcements", seat = seat })
	if e or not M.UNLIMITED[kind] then
		return e
	end
	g:add_global("usage.unit_tokens_made", 1) -- counted for simulation reports
	return g:create({ kind = kind, face = M.face(g, seat, kind), owner = seat,
		at = { zone = "reinforcements", seat = seat }, props = { token = true } })
end

-- Places a unit of `kind` from the seat's reinforcements at `at` (M.take), then applies
-- §21.3 / §50.3. Returns the unit, or nil when none was left (limited types only).
-- If §21.3 / §50.3 destroys the new token at once, the unit returned is back in reinforcements.
function M.place(g, seat: number, kind: string, at: any): number?
	local e = M.take(g, seat, kind)
	if e then
		g:move(e, at)
		M.settle(g, seat, kind)
	end
	return e
end

-- The place §21.3 / §50.3 speak of, as a key: a fighter's system ("c<cell>"; a fighter
-- committed to a planet by Naalu's Matriarch is still in that system); an infantry's planet
-- ("p<planet>") or space area ("c<cell>"). Nil off the board.
local function place_key(g, e: number, kind: string): string?
	local at = g:where(e)
	if type(at) == "number" then
		return "c" .. at
	end
	if type(at) == "table" and at.inside ~= nil then
		if kind == "fighter" then
			local c = g:cell_of(e)
			return c and ("c" .. c) or nil
		end
		return "p" .. at.inside
	end
	return nil
end

local function place_label(g, key: string): string
	local n = tonumber(string.sub(key, 2)) :: number
	return string.sub(key, 1, 1) == "c" and U.cell_label(g, n) or U.planet_name(g, n)
end

-- Moves the "token" mark from `token` to `figure`: the figure takes the token's place and
-- the token takes the figure's place. The pieces stay where they are, so nothing else
-- changes (props such as "space_combat" stay on the unit in the fight).
local function swap(g, token: number, figure: number)
	g:set_prop(token, "token", nil)
	g:set_prop(figure, "token", true)
end

-- The seat's pieces of `kind` on the board by place (place_key): `places[key]` lists its
-- figures and tokens; `order` gives the keys by lowest piece id.
local function by_place(g, seat: number, kind: string)
	local cols = g:columns({ kind = kind, owner = seat }, { "token" })
	local places, order = {}, {}
	for i, e in ipairs(cols.id) do
		local key = place_key(g, e, kind)
		if key then
			local p = places[key]
			if not p then
				p = { figures = {}, tokens = {} }
				places[key] = p
				table.insert(order, key)
			end
			table.insert(cols.token[i] == true and p.tokens or p.figures, e)
		end
	end
	return places, order
end

-- Whether some token of the seat on the board shares its place with no figure of its type
-- (what M.settle removes; checks.lua reads it once the flow has settled).
function M.lonely(g, seat: number, kind: string): boolean
	if g:count({ kind = kind, owner = seat, has = "token" }) == 0 then
		return false
	end
	local places, order = by_place(g, seat, kind)
	for _, key in ipairs(order) do
		if #places[key].figures == 0 then
			return true
		end
	end
	return false
end

-- TI4 §21.3 / §50.3 for one seat and type: each place holding tokens of the seat and no
-- figure gets one. In order of preference:
--   1. the figure comes from reinforcements (§21.3, §50.3);
--   2. else a figure swaps with the token, taken from a place holding two or more figures
--      (§21.2, §50.2: swapping is allowed at any time, so the player would do it);
--   3. else no figure can come: the tokens there are destroyed (back to reinforcements,
--      where they are reused).
-- Places are handled in the order of their lowest piece id, so older places keep their units.
-- Destruction happens only when the seat has pieces in more places than it has figures.
function M.settle(g, seat: number, kind: string)
	-- Quick way out: no token of the seat on the board.
	local tokens = g:count({ kind = kind, owner = seat, has = "token" })
	if tokens == 0 or tokens == g:count({ kind = kind, zone = "reinforcements", seat = seat, has = "token" }) then
		return
	end
	local rule = kind == "fighter" and "21.3" or "50.3"
	local places, order = by_place(g, seat, kind)
	local spare = g:entities({ kind = kind, zone = "reinforcements", seat = seat, lacks = "token" })
	local name = U.text("unit_type." .. kind)
	for _, key in ipairs(order) do
		local p = places[key]
		if #p.figures == 0 and #p.tokens > 0 then
			local token = table.remove(p.tokens, 1) :: number
			local figure = table.remove(spare)
			if figure then
				swap(g, token, figure)
				g:log(U.text("unit_tokens.replaced", seat, name, place_label(g, key), rule))
				table.insert(p.figures, token)
			else
				local donor = nil
				for _, other in ipairs(order) do
					if #places[other].figures >= 2 then
						donor = other
						break
					end
				end
				if donor then
					local f = table.remove(places[donor].figures) :: number
					swap(g, token, f)
					table.insert(places[donor].tokens, f)
					table.insert(p.figures, token)
					g:log(U.text("unit_tokens.swapped", seat, name, place_label(g, donor), place_label(g, key), rule))
				else
					table.insert(p.tokens, 1, token)
					local cell = g:cell_of(token)
					for _, t in ipairs(p.tokens) do
						g:move(t, { zone = "reinforcements", seat = seat })
						g:log(U.text("unit_tokens.destroyed", seat, name, place_label(g, key), rule))
						g:add_global("usage.unit_tokens_destroyed_alone", 1)
						-- "When this unit is destroyed" (Spec Ops II, Letani Warrior II). Required
						-- here, not at the top: abilities.lua loads the faction modules, which use
						-- this module (as hits.lua does).
						require("abilities").destroyed(g, t, cell)
					end
					p.tokens = {}
				end
			end
		end
	end
end

-- Every seat's fighters and infantry (M.settle): at the checkpoints of the flow (turn start,
-- the end of movement, landing, phases), where units may have come, gone or moved.
function M.settle_all(g)
	for s = 1, g:seats() do
		M.settle(g, s, "fighter")
		M.settle(g, s, "infantry")
	end
end

return M

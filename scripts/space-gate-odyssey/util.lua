--!strict
-- Space Gate Odyssey: shared helpers over the kernel API — the words players read
-- (text.ron), the variants, turn order, and where the pieces of a colour are. Pure
-- functions of `g`; every piece of state lives in the kernel (entities, variables).
--
-- Where things are (zones): the Workshop piles `pile_<sector>_<type>` (bottom to top);
-- a seat's `station` (module tiles, props x, y, rot, active; settlers inside them), its
-- `reserve`, its `wheel` settler and its `ranks` figures (prop `rank`); the rooms
-- `room_<room>` (engineers, a suit inside a chief engineer, robots); `exoplanets` on the
-- table (settlers inside, prop `space`); gates inside an exoplanet or in `hawking`;
-- everything out of play in `box`.
local U = {}

-- ---- words (content/space-gate-odyssey/text.ron) ------------------------------------------

-- The text `id` of text.ron, its `%d`/`%s` directives filled with the arguments.
function U.text(id: string, ...: any): string
	local entry = defs.text[id]
	if entry == nil then
		error("no text " .. id .. " in text.ron")
	end
	if select("#", ...) == 0 then
		return entry.text
	end
	return string.format(entry.text, ...)
end

-- "1 settler", "3 settlers": the noun from text.ron (`word.<noun>` and `word.<noun>s`).
function U.count(n: number, noun: string): string
	return string.format("%d %s", n, U.text(n == 1 and ("word." .. noun) or ("word." .. noun .. "s")))
end

-- ---- variants (SGO §9, §12) -----------------------------------------------------------------

-- An opt-in reading of a judgement call of SGO §12 (variant `alt_<name>`).
function U.alt(g, name: string): boolean
	return g:variant("alt_" .. name)
end

function U.short(g): boolean
	return g:variant("short_game")
end

-- ---- order of play (SGO §4) -----------------------------------------------------------------

-- Every seat once, clockwise (ascending, wrapping) from `first`.
function U.from(g, first: number): { number }
	local order = {}
	local n = g:seats()
	for k = 0, n - 1 do
		table.insert(order, (first - 1 + k) % n + 1)
	end
	return order
end

-- SGO §4 step 3, §12 A1: who acts first when a room is activated.
function U.acting_order(g, active: number): { number }
	if U.alt(g, "start_player_acts_first") then
		return U.from(g, g:global("start_player"))
	end
	return U.from(g, active)
end

-- ---- pieces ------------------------------------------------------------------------------

function U.reserve(s: number)
	return { zone = "reserve", seat = s }
end

function U.station(s: number)
	return { zone = "station", seat = s }
end

function U.room_zone(room: string): string
	return "room_" .. room
end

function U.pile_zone(pile: string): string
	return "pile_" .. pile
end

-- The 9 Workshop piles in a fixed order: per sector its gate, Odyssey and access pile.
function U.piles(): { string }
	local list = {}
	for _, sector in ipairs(def_ids.sector) do
		for _, kind in ipairs({ "gate", "odyssey", "access" }) do
			table.insert(list, sector .. "_" .. kind)
		end
	end
	return list
end

-- The pile a module definition belongs to (nil for the white starting modules).
function U.pile_of(d): string?
	if d.type == "starting" then
		return nil
	end
	return d.sector .. "_" .. d.type
end

-- The definition of a module entity.
function U.mod(g, e)
	return defs.module[g:face(e)]
end

-- A settler of seat s in its reserve, or nil.
function U.reserve_settler(g, s: number)
	return g:last({ kind = "settler", zone = "reserve", seat = s })
end

function U.reserve_count(g, s: number, kind: string): number
	return g:count({ kind = kind, zone = "reserve", seat = s })
end

-- Whether an engineer wears a suit (is a chief engineer, SGO §2).
function U.is_chief(g, e): boolean
	return g:count({ kind = "suit", inside = e }) > 0
end

-- SGO §4 step 3: the action points seat s has in a room: engineer 1, chief 2, robot 1.
-- SGO §4.3: a room's answer spends one of the seat's action points (`ctx.ap`); passing
-- gives up the rest. True when the seat acts (the caller then does the action).
function U.spend_action_point(ctx, answer): boolean
	if answer == nil then
		ctx.ap = 0
		return false
	end
	ctx.ap -= 1
	return true
end

-- A room's prompt for seat s, saying who activated the room when it was not s (every
-- player with figures in the room acts, SGO §4 step 3).
function U.room_prompt(g, s: number, prompt: string): string
	local active = g:global("active")
	if active == nil or active == s then
		return prompt
	end
	return U.text("prompt.activated_by", prompt, U.seat_name(active))
end

function U.action_points(g, s: number, room: string): number
	local zone = U.room_zone(room)
	local ap = g:count({ kind = { "engineer", "robot" }, zone = zone, owner = s })
	for _, e in ipairs(g:entities({ kind = "engineer", zone = zone, owner = s })) do
		if U.is_chief(g, e) then
			ap += 1
		end
	end
	return ap
end

-- A seat's engineers on the Odyssey board, room by room in the rooms' order.
function U.board_engineers(g, s: number): { number }
	local list = {}
	for _, room in ipairs(def_ids.room) do
		for _, e in ipairs(g:entities({ kind = "engineer", zone = U.room_zone(room), owner = s })) do
			table.insert(list, e)
		end
	end
	return list
end

-- The room an entity on the Odyssey board stands in, or nil.
function U.room_of(g, e): string?
	local at = g:where(e)
	if type(at) == "table" and type(at.zone) == "string" and string.sub(at.zone, 1, 5) == "room_" then
		return string.sub(at.zone, 6)
	end
	return nil
end

function U.room_name(room: string): string
	return defs.room[room].name
end

-- "an engineer" or "a chief engineer", in log lines.
function U.figure_name(g, e): string
	return U.text(U.is_chief(g, e) and "word.a_chief" or "word.an_engineer")
end

-- "Engineer" or "Chief engineer", in option labels.
function U.figure_label(g, e): string
	return U.text(U.is_chief(g, e) and "word.chief_cap" or "word.engineer_cap")
end

-- SGO §6.7: a seat's Influence: 10 per rank held plus the wheel.
function U.influence(g, s: number): number
	return 10 * (g:get(s, "rank") or 0) + (g:get(s, "wheel") or 0)
end

-- A seat's name in logs and labels.
function U.seat_name(s: number): string
	return U.text("seat.plain", s)
end

return U

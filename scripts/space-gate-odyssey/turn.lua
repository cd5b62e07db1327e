--!strict
-- Space Gate Odyssey: the sequence of turns and one turn (SGO §4): choose an engineer on
-- the Odyssey board, move it to another room (the action post), let every seat with
-- figures there act with its action points, run the journey check after a sector room,
-- clean up. Rounds have no upkeep of their own; the game ends only by the 5th closing
-- (SGO §8.1), which may come in the middle of a turn (`ending`, then `finale`).
local U = require("util")
local T = {}

-- Not a rule: the most rounds a game may last. The rules end the game only at the 5th
-- closing (SGO §8.1), and nothing forces a closing: a seat far ahead with no module of
-- the last open gate may feed Hawking for ever (SGO §6.6). After this many rounds the
-- game ends as after the last closing (the finale, SGO §8.1-8.5), so every game ends.
-- Two heuristic bots and a random one played 175 rounds (seed 1) and 108 (seed 2) to
-- the last closing (`orrery play --seats heuristic,heuristic,random --think-ms 0`); the
-- longest of six such games measured before took 3,023 decisions, about 300 rounds.
T.ROUND_LIMIT = 400

-- The `game` step: turns clockwise from the start player until the game ends.
T.game = {
	run = function(g, ctx)
		if g:global("ending") then
			return nil
		end
		if ctx.started then
			-- SGO §4 step 5: the player to the left takes the next turn.
			local nxt = g:global("active") % g:seats() + 1
			g:set_global("active", nxt)
			if nxt == g:global("start_player") and g:add_global("round", 1) > T.ROUND_LIMIT then
				g:set_global("ending", true)
				g:push("finale", { round_limit = T.ROUND_LIMIT })
				return nil
			end
		end
		ctx.started = true
		g:push("turn", { seat = g:global("active") })
		return nil
	end,
}

-- The moves on offer: one per (room, plain or chief) the seat has, to each other room.
local function engineer_moves(g, s: number)
	local out = {}
	for _, from in ipairs(def_ids.room) do
		local plain, chief = false, false
		for _, e in ipairs(g:entities({ kind = "engineer", zone = U.room_zone(from), owner = s })) do
			if U.is_chief(g, e) then
				chief = true
			else
				plain = true
			end
		end
		for _, is_chief in ipairs({ false, true }) do
			if (is_chief and chief) or (not is_chief and plain) then
				for _, to in ipairs(def_ids.room) do
					if to ~= from then
						table.insert(out, { from = from, to = to, chief = is_chief })
					end
				end
			end
		end
	end
	return out
end

function T.move_label(g, value, seat): string
	if value == "reorganise" then
		return U.text("turn.reorganise")
	end
	return U.text("turn.move_option", U.text(value.chief and "word.chief_cap" or "word.engineer_cap"),
		U.room_name(value.from), U.room_name(value.to))
end

-- SGO §4 step 2: move one engineer of the kind chosen to the room; it stands on the post.
local function move_engineer(g, s: number, v)
	local chosen = nil
	for _, e in ipairs(g:entities({ kind = "engineer", zone = U.room_zone(v.from), owner = s })) do
		if U.is_chief(g, e) == v.chief then
			chosen = e
		end
	end
	g:move(chosen, U.room_zone(v.to))
	g:set_global("post", v.to)
	g:set_global("post_engineer", chosen)
	g:log(U.text("turn.moved", U.seat_name(s), U.text(v.chief and "word.a_chief" or "word.an_engineer"), U.room_name(v.from), U.room_name(v.to)))
end

-- The step each room's action is for one seat.
local function action_step(room: string): string
	local action = defs.room[room].action
	if action == "move" then
		return "move"
	end
	return action == "access" and "access" or "workshop"
end

-- The `turn` step. ctx.stage: "choose" -> "act" (ctx.order, ctx.i) -> "journey" -> done.
T.turn = {
	run = function(g, ctx)
		if g:global("ending") then
			return nil
		end
		local s = ctx.seat
		ctx.stage = ctx.stage or "choose"
		if ctx.stage == "choose" then
			local options = {}
			for _, v in ipairs(engineer_moves(g, s)) do
				table.insert(options, { value = v })
			end
			if #options == 0 then
				-- every engineer of the seat went to the ranks (SGO §6.7): nothing to move
				g:log(U.text("turn.no_engineer", U.seat_name(s)))
				return nil
			end
			if g:variant("reorganisation_tokens") and (g:get(s, "reorganisation") or 0) > 0 then
				table.insert(options, { value = "reorganise", free = true })
			end
			return {
				seat = s,
				prompt = U.text("turn.prompt"),
				rule = "SGO §4",
				help = U.text("turn.help"),
				options = options,
				labels = "turn.move_label",
			}
		end
		if ctx.stage == "act" then
			-- SGO §4 step 3: every seat with figures in the room, one after another.
			while ctx.i <= #ctx.order do
				local who = ctx.order[ctx.i]
				ctx.i += 1
				local ap = U.action_points(g, who, ctx.room)
				if ap > 0 then
					table.insert(ctx.acted, who)
					g:log(U.text("turn.acts", U.seat_name(who), U.count(ap, "action_point"), U.room_name(ctx.room)))
					local sector = defs.room[ctx.room].sector
					g:push(action_step(ctx.room), { seat = who, ap = ap, sector = sector })
					return nil
				end
			end
			ctx.stage = "journey"
		end
		if ctx.stage == "journey" then
			ctx.stage = "clean"
			-- SGO §4 step 4, §6.1: only a sector room fills gate modules.
			-- Only a seat that moved settlers now can have a full gate module: every full
			-- one travelled at the previous check, and no other action fills gate modules.
			if defs.room[ctx.room].sector ~= nil then
				local order = {}
				for _, who in ipairs(U.from(g, s)) do
					if table.find(ctx.acted, who) then
						table.insert(order, who)
					end
				end
				g:push("journeys", { order = order, i = 1 })
				return nil
			end
		end
		-- SGO §4 step 5: the engineer leaves the post and stays in the room.
		g:set_global("post", nil)
		g:set_global("post_engineer", nil)
		return nil
	end,
	resolve = function(g, ctx, answer)
		if answer == "reorganise" then
			g:push("reorganise", { seat = ctx.seat })
			return
		end
		move_engineer(g, ctx.seat, answer)
		ctx.room = answer.to
		ctx.order = U.acting_order(g, ctx.seat)
		ctx.acted = {}
		ctx.i = 1
		ctx.stage = "act"
	end,
}

return T

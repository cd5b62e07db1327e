--!strict
-- Space Gate Odyssey: the actions of the sector rooms and the Access room, one action
-- point at a time (SGO §5.1-5.3, §5.6): moving settlers step by step along corridors,
-- activating modules (and the Odyssey bonuses), and filling access modules. The Modules
-- room is workshop.lua.
local U = require("util")
local ST = require("station")
local R = {}

-- Every legal step for seat s (SGO §5.1): { f = from module, t = to module }, in
-- station order: from a module holding a settler into a joined module of the room's
-- sector (the white module is every sector) that is not full.
function R.steps(g, s: number, sector: string)
	local grid = ST.grid(g, s)
	local out = {}
	for _, from in ipairs(grid.list) do
		if ST.held(g, from) > 0 then
			for _, to in ipairs(ST.joined(g, s, from)) do
				local t = ST.info(g, to)
				if (t.d.type == "starting" or t.d.sector == sector) and t.n < t.d.capacity then
					table.insert(out, { f = from, t = to })
				end
			end
		end
	end
	return out
end

function R.step_label(g, value, seat): string
	return U.text("move.step", ST.label(g, value.t), ST.label(g, value.f))
end

-- SGO §5.3: the Odyssey bonus of module m for seat s. Robotics happens now; Recruit and
-- Promotion ask their owner (the `bonus` step). Without the figure, nothing happens.
local function odyssey_bonus(g, s: number, m)
	local d = U.mod(g, m)
	local bonus = d.bonus
	if bonus == "robotics" then
		local robot = g:last({ kind = "robot", zone = "reserve", seat = s })
		if robot == nil then
			g:log(U.text("bonus.none", U.seat_name(s), defs.bonus[bonus].name))
			return
		end
		g:move(robot, U.room_zone(d.robot_room))
		g:log(U.text("bonus.robot", U.seat_name(s), U.room_name(d.robot_room)))
		return
	end
	if bonus == "recruit" and U.reserve_count(g, s, "engineer") == 0 then
		g:log(U.text("bonus.none", U.seat_name(s), defs.bonus[bonus].name))
		return
	end
	if bonus == "promotion" and (U.reserve_count(g, s, "suit") == 0 or #R.promotable(g, s) == 0) then
		g:log(U.text("bonus.none", U.seat_name(s), defs.bonus[bonus].name))
		return
	end
	g:push("bonus", { seat = s, bonus = bonus })
end

-- SGO §5.3: engineers on the board without a suit.
function R.promotable(g, s: number): { number }
	local out = {}
	for _, e in ipairs(U.board_engineers(g, s)) do
		if not U.is_chief(g, e) then
			table.insert(out, e)
		end
	end
	return out
end

-- SGO §5.1, §5.2: one step of one settler. Entering a deactivated module activates it
-- and the settler is lost to the reserve (an Odyssey module then gives its bonus).
function R.step(g, s: number, from, to)
	local settler = g:last({ kind = "settler", inside = from })
	if ST.active(g, to) then
		g:move(settler, { inside = to })
		g:log(U.text("move.moved", U.seat_name(s), ST.label(g, from), ST.label(g, to)))
		return
	end
	g:move(settler, U.reserve(s))
	g:set_prop(to, "active", true)
	g:log(U.text("move.activated", U.seat_name(s), ST.label(g, to)))
	if U.mod(g, to).type == "odyssey" then
		odyssey_bonus(g, s, to)
	end
end

-- The `move` step: ctx.seat spends up to ctx.ap steps in the room of ctx.sector.
R.move = {
	run = function(g, ctx)
		if ctx.ap <= 0 or g:global("ending") then
			return nil
		end
		local steps = R.steps(g, ctx.seat, ctx.sector)
		if #steps == 0 then
			g:log(U.text("move.unused", U.seat_name(ctx.seat), defs.sector[ctx.sector].name, U.count(ctx.ap, "action_point")))
			return nil
		end
		local options = {}
		for _, v in ipairs(steps) do
			table.insert(options, { value = v })
		end
		return {
			seat = ctx.seat,
			prompt = U.room_prompt(g, ctx.seat, U.text("move.prompt", defs.sector[ctx.sector].name, U.count(ctx.ap, "action_point"))),
			rule = "SGO §5.1, §5.2",
			help = U.text("move.help", defs.sector[ctx.sector].name),
			options = options,
			pass = U.text("move.stop"),
			labels = "rooms.step_label",
		}
	end,
	resolve = function(g, ctx, answer)
		if U.spend_action_point(ctx, answer) then
			R.step(g, ctx.seat, answer.f, answer.t)
		end
	end,
}

-- SGO §5.6: seat s's activated access modules (the white one included) not yet full.
function R.fillable(g, s: number): { number }
	local out = {}
	local reserve = U.reserve_count(g, s, "settler")
	for _, m in ipairs(ST.grid(g, s).list) do
		local d = U.mod(g, m)
		if (d.type == "access" or d.type == "starting") and ST.active(g, m) and not ST.full(g, m) then
			local need = d.capacity - ST.settlers(g, m)
			if reserve > 0 and (reserve >= need or not U.alt(g, "access_needs_full_reserve")) then
				table.insert(out, m)
			end
		end
	end
	return out
end

-- SGO §5.6, §12 A13: fill module m from the reserve (as far as the reserve goes).
function R.fill(g, s: number, m)
	local n = 0
	while not ST.full(g, m) do
		local settler = U.reserve_settler(g, s)
		if settler == nil then
			break
		end
		g:move(settler, { inside = m })
		n += 1
	end
	g:log(U.text("access.filled", U.seat_name(s), U.count(n, "settler"), ST.label(g, m)))
end

function R.fill_label(g, value, seat): string
	return U.text("access.option", ST.label(g, value))
end

-- The `access` step: ctx.seat fills up to ctx.ap access modules.
R.access = {
	run = function(g, ctx)
		if ctx.ap <= 0 then
			return nil
		end
		local modules = R.fillable(g, ctx.seat)
		if #modules == 0 then
			g:log(U.text("access.unused", U.seat_name(ctx.seat), U.count(ctx.ap, "action_point")))
			return nil
		end
		local options = {}
		for _, m in ipairs(modules) do
			table.insert(options, { value = m })
		end
		return {
			seat = ctx.seat,
			prompt = U.room_prompt(g, ctx.seat, U.text("access.prompt", U.count(ctx.ap, "action_point"))),
			rule = "SGO §5.6",
			help = U.text("access.help"),
			options = options,
			pass = U.text("access.stop"),
			labels = "rooms.fill_label",
		}
	end,
	resolve = function(g, ctx, answer)
		if U.spend_action_point(ctx, answer) then
			R.fill(g, ctx.seat, answer)
		end
	end,
}

function R.bonus_label(g, value, seat): string
	if type(value) == "string" then
		return U.room_name(value)
	end
	return U.text("bonus.engineer_option", U.room_name(U.room_of(g, value) or "modules"))
end

-- The `bonus` step (SGO §5.3): Recruit asks for a room, Promotion for an engineer.
R.bonus = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local options = {}
		if ctx.bonus == "recruit" then
			for _, room in ipairs(def_ids.room) do
				table.insert(options, { value = room })
			end
		else
			-- one option per room holding a plain engineer of the seat
			local seen = {}
			for _, e in ipairs(R.promotable(g, ctx.seat)) do
				local room = U.room_of(g, e)
				if room ~= nil and not seen[room] then
					seen[room] = true
					table.insert(options, { value = e })
				end
			end
		end
		return {
			seat = ctx.seat,
			prompt = U.text(ctx.bonus == "recruit" and "bonus.recruit_prompt" or "bonus.promotion_prompt"),
			rule = "SGO §5.3",
			help = U.text(ctx.bonus == "recruit" and "bonus.recruit_help" or "bonus.promotion_help"),
			options = options,
			labels = "rooms.bonus_label",
		}
	end,
	resolve = function(g, ctx, answer)
		ctx.done = true
		if ctx.bonus == "recruit" then
			local e = g:last({ kind = "engineer", zone = "reserve", seat = ctx.seat })
			g:move(e, U.room_zone(answer))
			g:log(U.text("bonus.recruited", U.seat_name(ctx.seat), U.room_name(answer)))
		else
			local suit = g:last({ kind = "suit", zone = "reserve", seat = ctx.seat })
			g:move(suit, { inside = answer })
			g:log(U.text("bonus.promoted", U.seat_name(ctx.seat), U.room_name(U.room_of(g, answer) or "modules")))
		end
	end,
}

return R

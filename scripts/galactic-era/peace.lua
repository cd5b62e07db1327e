--!strict
-- Galactic Era: peace by mutual agreement (GE 4.7: two seats at war may sign peace at any
-- time of the game, if both agree; both discs flip to Peace).
--
-- "At any time" is offered at the same defined moments as the domination cards
-- (card_offers.lua): the proposer's own movement turn and progress turn (a menu entry),
-- the start of the battles of a movement turn (the seats about to fight), the trade
-- phase (a menu entry) and the end of each round. The proposal is public; the other seat
-- accepts or refuses.
--
-- The rules put no other condition on peace: ethics governs declaring war, not peace
-- (GE 7.1.2), a seat may even declare war again in the round it signed peace (GE 6.2.2),
-- and no star people or card forbids it (Caninoides STS cannot force it, GE A1.4: it is
-- always by agreement). So that bots cannot propose forever, each seat may propose peace
-- to each enemy once per moment: once per turn (the battles of a movement turn belong to
-- the active seat's turn), once per trade phase and once per end of round. This limit is
-- ours, not the rulebook's.
local U = require("util")
local W = require("war")
local Pe = {}

---@class PeaceMoment
---@field phase string   "movement", "progress", "trade" or "round_end"
---@field turn number?   the seat whose turn it is (movement and progress)

-- The key of a moment for the once-per-moment limit: round, phase and turn's seat
-- ("3:movement:2", "3:trade:"), joined with `..` rather than by string.format, which
-- costs several times more (the menus ask at every decision of a seat with enemies);
-- `..` writes the whole numbers as "%d" and tostring do.
local function moment_key(g, moment)
	return (g:global("round") or 0) .. ":" .. moment.phase .. ":" .. (moment.turn or "")
end

-- The key under which a seat's `peace_asked` keeps what it asked of seat `e`, made
-- once for the seat numbers a game has rather than at each look.
local ASKED_KEY = {}
for e = 1, 16 do
	ASKED_KEY[e] = "s" .. e
end

-- The seats `seat` may propose peace to at `moment`: its enemies (among `to`, when
-- given) it has not yet asked at this moment. `enemies`: the seat's enemies
-- (W.enemies) when the caller has read them already, without `to`.
---@param moment PeaceMoment
function Pe.targets(g, seat, moment, to, enemies)
	local out = {}
	-- What the seat asked, and the moment's key, only once there is an enemy to ask.
	local asked, key
	-- Enemies are at war by definition; seats given in `to` are checked.
	for _, e in ipairs(to or enemies or W.enemies(g, seat)) do
		if to == nil or W.at_war(g, seat, e) then
			if key == nil then
				asked = g:get(seat, "peace_asked") or {}
				key = moment_key(g, moment)
			end
			if asked[ASKED_KEY[e] or "s" .. e] ~= key then
				table.insert(out, e)
			end
		end
	end
	return out
end

-- Pushes a peace offer for each of `seats` that has someone to ask (in the given order;
-- `to_of[seat]` narrows its targets). Returns whether any was pushed. The offer's ctx
-- holds the moment's fields (`phase`, `turn`) itself, not a table of them: ctx is
-- converted at every call of the step, a nested table at a higher cost; the step reads
-- its ctx as the moment (Pe.offer).
---@param moment PeaceMoment
function Pe.offer_all(g, seats, moment, to_of)
	local pushed = false
	for i = #seats, 1, -1 do
		local s = seats[i]
		local to = to_of and to_of[s]
		if #Pe.targets(g, s, moment, to) > 0 then
			g:push("peace_offer", { seat = s, phase = moment.phase, turn = moment.turn, to = to })
			pushed = true
		end
	end
	return pushed
end

-- Before the battles of `attacker`'s movement turn, the seats about to fight may agree
-- to peace: the attacker with each defender, each defender with the attacker.
function Pe.before_battles(g, attacker, cells)
	local defenders = {}
	for _, s in ipairs(U.turn_order(g)) do
		if W.at_war(g, attacker, s) then
			for _, c in ipairs(cells) do
				if U.has_ships(g, s, c) then
					table.insert(defenders, s)
					break
				end
			end
		end
	end
	local seats, to_of = { attacker }, { [attacker] = defenders }
	for _, d in ipairs(defenders) do
		table.insert(seats, d)
		to_of[d] = { attacker }
	end
	return Pe.offer_all(g, seats, { phase = "movement", turn = attacker }, to_of)
end

-- The fixed texts of the proposal and of its answer, read once as the module loads
-- (peace is offered at every moment of every round).
local ANSWER_SIGN = U.TEXT["peace.sign_peace"]
local ANSWER_REFUSE = U.TEXT["trade.refuse"]
local ANSWER_HELP = U.TEXT["peace.at_peace_neither_you_can"]
local PROPOSE_PROMPT = U.TEXT["peace.propose_peace"]
local PROPOSE_PASS = U.TEXT["cards.not_now"]
local PROPOSE_HELP = U.TEXT["peace.seats_at_war_may_agree"]

-- The texts of a proposal, its answer and the refusal, filled without string.format
-- (U.filler): seats at war may propose at every moment of every round.
local SEAT_PROPOSES_PEACE_ACCEPT = U.filler("peace.seat_proposes_peace_accept")
local SEAT_REFUSES_SEAT_PEACE = U.filler("peace.seat_refuses_seat_peace")
local SEAT_PROPOSES_PEACE_TO_SEAT = U.filler("peace.seat_proposes_peace_to_seat")

-- The answer's one option, the same every time (module tables are frozen: read only).
local ANSWER_OPTIONS = { { label = ANSWER_SIGN, value = true } }

-- The label of a proposal's option (a seat), made only when a person reads the menu.
function Pe.target_label(g, e, seat)
	return U.text("peace.propose_peace_to_seat", e)
end

-- A seat's peace proposals at one moment, and each answer (GE 4.7). Its ctx: the
-- proposing `seat`, the moment's `phase` and `turn` (ctx serves as the PeaceMoment),
-- `to` when its targets are narrowed, and the `answer` awaited.
Pe.offer = {
	run = function(g, ctx)
		if ctx.answer then
			return { seat = ctx.answer, prompt = SEAT_PROPOSES_PEACE_ACCEPT(ctx.seat), rule = "GE 4.7",
				options = ANSWER_OPTIONS, pass = ANSWER_REFUSE, help = ANSWER_HELP }
		end
		if ctx.done then
			return nil
		end
		-- Each seat asked is offered as its number alone, labelled by Pe.target_label.
		local options = Pe.targets(g, ctx.seat, ctx, ctx.to)
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = PROPOSE_PROMPT, rule = "GE 4.7", options = options, labels = "peace.target_label",
			pass = PROPOSE_PASS, help = PROPOSE_HELP }
	end,
	resolve = function(g, ctx, choice)
		if ctx.answer then
			local to = ctx.answer
			ctx.answer = nil
			if choice then
				W.make_peace(g, ctx.seat, to)
			else
				g:log(SEAT_REFUSES_SEAT_PEACE(to, ctx.seat))
			end
			return
		end
		if choice == nil then
			ctx.done = true
			return
		end
		local asked = g:get(ctx.seat, "peace_asked") or {}
		asked["s" .. choice] = moment_key(g, ctx)
		g:set(ctx.seat, "peace_asked", asked)
		g:log(SEAT_PROPOSES_PEACE_TO_SEAT(ctx.seat, choice))
		ctx.answer = choice
	end,
}

return Pe

--!strict
-- Galactic Era: the 2-player variant (GE 8.3). A third, virtual seat — the puppet —
-- is played by whichever player wins a secret DP auction at the start of each round.
-- The kernel's seat control routes the puppet's decisions (and what it knows) to that
-- player; the puppet never scores and never holds domination cards.
local U = require("util")
local P = {}

function P.seat(g)
	return g:global("puppet")
end

function P.is_puppet(g, seat)
	return seat ~= nil and seat == g:global("puppet")
end

-- GE 8.3.4: the puppet and its controller are at peace, and neither may declare war on
-- the other, for the rest of the round. `puppet`: the puppet seat (false for none)
-- when the caller knows it already; nil reads it.
function P.pact(g, a, b, puppet)
	if puppet == nil then
		puppet = P.seat(g)
	end
	if not puppet then
		return false
	end
	local controller = g:controller(puppet)
	return (a == puppet and b == controller) or (b == puppet and a == controller)
end

-- GE 8.3.2: remove Moral and I.C.C.; the puppet takes a random people on its STO face.
function P.setup(g)
	if not g:variant("two_player_puppet") then
		return
	end
	local puppet = g:seats()
	g:set_global("puppet", puppet)
	g:set_controller(puppet, 1) -- until the first auction
	for _, e in ipairs(g:entities({ kind = "domination", face = "moral" })) do
		g:move(e, "box")
	end
	for _, e in ipairs(g:entities({ kind = "people", face = "icc" })) do
		g:move(e, "box")
	end
	g:shuffle_zone("people_box")
	local box = g:entities({ zone = "people_box" })
	local tile = box[#box]
	g:move(tile, { zone = "people", seat = puppet })
	g:reveal(tile)
	g:set(puppet, "people", g:face(tile))
	g:set(puppet, "ethics", "STO")
	g:log(U.text("puppet.puppet_seat_is_sto", puppet, defs.star_people[g:face(tile)].name))
end

-- GE 8.3.3: the auction for the puppet at the start of each round.
P.auction = {
	run = function(g, ctx)
		if ctx.done then
			return nil
		end
		local decisions = {}
		for s = 1, 2 do
			table.insert(decisions, { seat = s, kind = "number", min = 0, max = 39,
				prompt = U.TEXT["puppet.bid_dp_secretly_for_control"], rule = "GE 8.3.3",
				help = U.TEXT["puppet.bid_help"] })
		end
		return { simultaneous = true, decisions = decisions }
	end,
	resolve = function(g, ctx, bids)
		ctx.done = true
		local puppet = P.seat(g)
		local winner
		if bids[1] ~= bids[2] then
			winner = bids[1] > bids[2] and 1 or 2
		else
			-- Ties go to the player who did not control it last round; at first, at random.
			local last = g:global("puppet_last")
			winner = last and (3 - last) or g:roll(2)
		end
		local other = 3 - winner
		local lead = (g:get(winner, "puppet_rounds") or 0) - (g:get(other, "puppet_rounds") or 0)
		local penalty = lead > 0 and lead * lead or 0
		U.dp(g, winner, -(bids[winner] + penalty), U.text("puppet.puppet_bid_penalty", bids[winner], penalty))
		g:add(winner, "puppet_rounds", 1)
		g:set_global("puppet_last", winner)
		g:set_controller(puppet, winner)
		if g:pair(puppet, winner, "war") then
			require("war").make_peace(g, puppet, winner)
		end
		g:log(U.text("puppet.seats_bid_and_seat_controls", bids[1], bids[2], winner))
	end,
}

return P

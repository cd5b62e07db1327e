--!strict
-- Twilight Imperium 4: command tokens (TI4 §58): gaining them into pools, and the
-- status phase's redistribution (TI4 §38.5) with the fleet-pool check (TI4 §45).
local U = require("util")
local Co = require("council")
local A = require("abilities")
local K = {}

-- The fleet-pool tokens the seat needs: the most non-fighter ships it has in any one
-- system (TI4 §45.2; with Hybrid Crystal Fighter II, half a ship per fighter beyond
-- capacity, util.lua fleet_used), less what its abilities add to the limit (Letnev's Armada).
function K.fleet_needed(g, seat: number): number
	local most = 0
	for _, c in ipairs(g:cells_of({ kind = U.SHIP_TYPES, owner = seat })) do
		most = math.max(most, U.fleet_used(g, seat, c))
	end
	return math.max(0, most - A.sum(g, seat, "fleet_limit"))
end

-- Every split of `total` tokens into the three pools with a fleet pool of at least
-- `min_fleet` and at most `max_fleet` (law Fleet Regulations: 4).
local function splits(total: number, min_fleet: number, max_fleet: number)
	local out = {}
	for t = 0, total do
		for f = 0, total - t do
			local s = total - t - f
			if f >= min_fleet and f <= max_fleet then
				table.insert(out, { t, f, s })
			end
		end
	end
	return out
end

local function place(g, seat: number, counts)
	for i, pool in ipairs(U.POOLS) do
		while U.pool(g, seat, pool) > counts[i] do
			U.move_token(g, seat, pool, "cmd_reinforcements")
		end
	end
	for i, pool in ipairs(U.POOLS) do
		while U.pool(g, seat, pool) < counts[i] do
			if not U.move_token(g, seat, "cmd_reinforcements", pool) then
				break
			end
		end
	end
end

local function split_label(g, v: string): string
	local t, f, s = string.match(v, "^(%d+)/(%d+)/(%d+)$")
	return U.text("tokens.split", tonumber(t), tonumber(f), tonumber(s))
end
K.label = function(g, v, seat)
	return split_label(g, v)
end

-- ctx: seat, gain (tokens gained first), redistribute (false: only the gained
-- tokens are placed, as the Leadership card does, TI4 §54).
K.redistribute = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		local seat = ctx.seat
		local gain = math.min(ctx.gain or 0, g:count({ kind = "command_token", zone = "cmd_reinforcements", seat = seat }))
		ctx.gained = gain
		local options = {}
		if ctx.redistribute == false then
			local base = { U.pool(g, seat, "tactic"), U.pool(g, seat, "fleet"), U.pool(g, seat, "strategy") }
			if gain == 0 then
				return nil
			end
			for _, sp in ipairs(splits(gain, 0, math.max(0, Co.fleet_cap(g) - base[2]))) do
				table.insert(options, { value = string.format("%d/%d/%d", base[1] + sp[1], base[2] + sp[2], base[3] + sp[3]) })
			end
		else
			local total = U.pool(g, seat, "tactic") + U.pool(g, seat, "fleet") + U.pool(g, seat, "strategy") + gain
			local need = math.min(K.fleet_needed(g, seat), total)
			-- First the splits that only add the gained tokens (nothing taken from a pool),
			-- most tactic tokens first; the further from the pools now, the later.
			local now = { U.pool(g, seat, "tactic"), U.pool(g, seat, "fleet"), U.pool(g, seat, "strategy") }
			local all = splits(total, need, Co.fleet_cap(g))
			local function moved(sp): number
				return math.max(0, now[1] - sp[1]) + math.max(0, now[2] - sp[2]) + math.max(0, now[3] - sp[3])
			end
			table.sort(all, function(a, b)
				local ma, mb = moved(a), moved(b)
				if ma ~= mb then
					return ma < mb
				end
				if a[1] ~= b[1] then
					return a[1] > b[1]
				end
				return a[2] > b[2]
			end)
			for _, sp in ipairs(all) do
				table.insert(options, { value = string.format("%d/%d/%d", sp[1], sp[2], sp[3]) })
			end
		end
		return { seat = seat, prompt = gain == 0 and U.text("tokens.prompt_redistribute", U.pool(g, seat, "tactic"), U.pool(g, seat, "fleet"), U.pool(g, seat, "strategy"))
				or U.text("tokens.prompt", gain, U.pool(g, seat, "tactic"), U.pool(g, seat, "fleet"), U.pool(g, seat, "strategy")), rule = ctx.redistribute == false and "TI4 §54, §58" or "TI4 §38.5, §45",
			help = U.text("tokens.help"), options = options, labels = "tokens.label" }
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		local t, f, s = string.match(v, "^(%d+)/(%d+)/(%d+)$")
		place(g, ctx.seat, { tonumber(t), tonumber(f), tonumber(s) })
		if ctx.gained == 0 then
			g:log(U.text("tokens.rearranged", ctx.seat, tonumber(t), tonumber(f), tonumber(s)))
		else
			g:log(U.text("tokens.placed", ctx.seat, ctx.gained, tonumber(t), tonumber(f), tonumber(s)))
		end
	end,
}

return K

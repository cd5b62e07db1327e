--!strict
-- Twilight Imperium 4: technology (TI4 §94, §62): the decks, prerequisites, gaining
-- and researching, unit upgrades.
local U = require("util")
local Co = require("council")
local A = require("abilities")
local T = {}

local COLOURS = { "green", "blue", "yellow", "red" }
T.COLOURS = COLOURS

-- The technologies of a faction's deck (setup step 4): every generic card, less the
-- unit upgrades its faction units replace (TI4 §62.4), and its own faction cards.
function T.deck_of(faction): { string }
	local replaced = {}
	for _, u in ipairs(faction.units) do
		local r = defs.unit[u].replaces
		if r then
			replaced[r] = true
		end
	end
	local out = {}
	for _, tid in ipairs(def_ids.technology) do
		local t = defs.technology[tid]
		if t.faction == nil then
			local up = t.unit and defs.unit[t.unit].upgrades
			-- Nor a card whose unit a faction unit replaces outright (the War Sun card for
			-- the Embers of Muaat, whose Prototype War Sun needs none, its card).
			if not (up and replaced[up]) and not (t.unit and replaced[t.unit]) then
				table.insert(out, tid)
			end
		end
	end
	for _, tid in ipairs(faction.faction_technologies) do
		table.insert(out, tid)
	end
	return out
end

-- How many researched technologies of each colour a seat owns (TI4 §94.7).
function T.colours(g, seat: number): { [string]: number }
	local n = { green = 0, blue = 0, yellow = 0, red = 0 }
	for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = seat })) do
		-- §94.22: a Valefar card counts as the technology it copies.
		local c = defs.technology[g:prop(e, "copies") or g:face(e)].colour
		if c then
			n[c] += 1
		end
	end
	return n
end

-- How many unit upgrades a seat owns, for objectives (Develop Weaponry, Revolutionize
-- Warfare): several upgrades of one unit type count once (digest FAQ F-43: the Nekro may own
-- Dreadnought II and a copied dreadnought upgrade).
function T.upgrades(g, seat: number): number
	local n, types = 0, {}
	for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = seat })) do
		local t = defs.technology[g:prop(e, "copies") or g:face(e)]
		if t.kind == "unit_upgrade" then
			local utype = t.unit and defs.unit[t.unit].type or t.name
			if not types[utype] then
				types[utype] = true
				n += 1
			end
		end
	end
	return n
end

-- The Research Team laws (attached to a planet): its controller may exhaust the card to
-- ignore one prerequisite of its colour.
local TEAMS = { research_team_biotic = "green", research_team_propulsion = "blue",
	research_team_cybernetic = "yellow", research_team_warfare = "red" }

local function ready_teams(g, seat: number): { [string]: number }
	local out = {}
	for id, colour in pairs(TEAMS) do
		local card = Co.law(g, id)
		local p = card and g:prop(card, "planet")
		if card and p and g:owner(p) == seat and not g:prop(card, "exhausted") then
			out[colour] = card
		end
	end
	return out
end

-- Law Publicize Weapon Schematics: once any player owns a war sun technology, nobody
-- needs the prerequisites of war sun technologies.
local function schematics(g, tid: string): boolean
	local t = defs.technology[tid]
	if not (t.unit and defs.unit[t.unit].type == "war_sun" and Co.law(g, "publicize_weapon_schematics")) then
		return false
	end
	for s = 1, g:seats() do
		for _, e in ipairs(g:entities({ kind = "technology", zone = "researched", seat = s })) do
			local u = defs.technology[g:face(e)].unit
			if u and defs.unit[u].type == "war_sun" then
				return true
			end
		end
	end
	return false
end

-- How many prerequisites of each colour a seat lacks for a technology (TI4 §94.7).
local function lacking(g, seat: number, tid: string): { [string]: number }
	local have = T.colours(g, seat)
	local need = defs.technology[tid].prerequisites
	local out = {}
	for _, c in ipairs(COLOURS) do
		if have[c] < need[c] then
			out[c] = need[c] - have[c]
		end
	end
	return out
end

-- How many prerequisites a seat lacks in all (TI4 §94.7).
local function lacking_total(g, seat: number, tid: string): number
	local n = 0
	for _, k in pairs(lacking(g, seat, tid)) do
		n += k
	end
	return n
end

-- TI4 §94.7: the prerequisites are met by the colours owned, with what the seat's
-- abilities let it ignore (Jol-Nar's Analytical: 1, abilities.lua), the Research Teams it
-- can exhaust (one prerequisite of their colour each) and Publicize Weapon Schematics.
function T.meets(g, seat: number, tid: string): boolean
	if schematics(g, tid) then
		return true
	end
	local teams = ready_teams(g, seat)
	local rest = 0
	for c, n in pairs(lacking(g, seat, tid)) do
		rest += n - (teams[c] and 1 or 0)
	end
	return rest <= A.skips(g, seat, tid)
end

-- Exhausts the Research Teams a research needed (called once it is chosen): none when
-- the seat's abilities cover every missing prerequisite.
local function use_teams(g, seat: number, tid: string)
	if schematics(g, tid) or lacking_total(g, seat, tid) <= A.skips(g, seat, tid) then
		return
	end
	local teams = ready_teams(g, seat)
	for c in pairs(lacking(g, seat, tid)) do
		local card = teams[c]
		if card then
			g:set_prop(card, "exhausted", true)
			g:log(U.text("law.research_team_used", seat, defs.agenda[g:face(card)].name))
		end
	end
end

-- Technologies a seat may research now.
function T.researchable(g, seat: number): { number }
	local out = {}
	for _, e in ipairs(g:entities({ kind = "technology", zone = "tech_deck", seat = seat })) do
		if T.meets(g, seat, g:face(e)) then
			table.insert(out, e)
		end
	end
	return out
end

-- Gains a technology (TI4 §94.3): a unit upgrade turns the seat's units of that type
-- into the upgraded card (TI4 §62.2).
function T.gain(g, seat: number, tid: string)
	local e = g:first({ kind = "technology", face = tid, zone = "tech_deck", seat = seat })
	if not e then
		return
	end
	g:move(e, { zone = "researched", seat = seat })
	local t = defs.technology[tid]
	if t.kind == "unit_upgrade" and t.unit then
		local new = defs.unit[t.unit]
		for _, u in ipairs(g:entities({ kind = new.type, owner = seat })) do
			if g:face(u) == new.upgrades then
				g:set_face(u, t.unit)
			end
		end
	end
end

-- A research (TI4 §94.2; the Technology card, TI4 §95): ctx.seat chooses one
-- technology whose prerequisites it meets, or none.
T.research = {
	run = function(g, ctx)
		if ctx.done or U.over(g) then
			return nil
		end
		-- Nekro's Propagation (TI4 §19): no research; its command tokens instead (data).
		if A.any(g, ctx.seat, "research_gives_tokens") then
			ctx.done = true
			local n = A.sum(g, ctx.seat, "research_tokens")
			g:log(U.text("tech.research_as_tokens", ctx.seat, n))
			g:push("redistribute", { seat = ctx.seat, gain = n, redistribute = false })
			return nil
		end
		local options = {}
		for _, e in ipairs(T.researchable(g, ctx.seat)) do
			local t = defs.technology[g:face(e)]
			table.insert(options, { label = U.text("tech.option", t.name, t.colour and U.text("colour." .. t.colour) or U.text("tech.unit_upgrade")), value = g:face(e) })
		end
		-- Abilities that buy a research free of prerequisites (A.research_aids; L1Z1X's
		-- Inheritance Systems): the technologies the seat does not meet, one option per aid.
		for _, e in ipairs(g:entities({ kind = "technology", zone = "tech_deck", seat = ctx.seat })) do
			local tid = g:face(e)
			if not T.meets(g, ctx.seat, tid) then
				for _, id in ipairs(A.research_aids(g, ctx.seat, tid)) do
					local aid = defs.technology[id] or defs.faction_ability[id]
					table.insert(options, { label = U.text("tech.option_aid", defs.technology[tid].name, aid.name), value = tid .. "|" .. id })
				end
			end
		end
		if #options == 0 then
			return nil
		end
		return { seat = ctx.seat, prompt = U.text("tech.prompt"), rule = "TI4 §94.2, §94.7",
			help = U.text("tech.help"), options = options, pass = U.text("tech.none") }
	end,
	resolve = function(g, ctx, v)
		ctx.done = true
		local tid = v
		if v then
			local t, aid = string.match(v, "^([%w_]+)|([%w_]+)$")
			if t and aid then
				tid = t
				A.HOOKS[aid].research.use(g, ctx.seat)
			else
				use_teams(g, ctx.seat, v)
			end
		end
		if tid then
			T.gain(g, ctx.seat, tid)
			g:log(U.text("tech.researched", ctx.seat, defs.technology[tid].name))
			-- Law Anti-Intellectual Revolution: after researching, destroy a non-fighter ship.
			if Co.law(g, "anti_intellectual_revolution") and #g:cells_of({ kind = U.FLEET_TYPES, owner = ctx.seat }) > 0 then
				g:push("destroy_units", { seat = ctx.seat, kinds = U.FLEET_TYPES, n = 1 })
			end
			require("notes").after_research(g, ctx.seat, tid) -- Research Agreement (TI4 §44)
		end
	end,
}

return T

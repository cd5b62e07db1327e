--!strict
-- Twilight Imperium 4: the repairs inside a space combat (a damaged unit stands up again and
-- may use Sustain Damage once more, TI4 §87.3): Letnev's flagship, Arc Secundus, as each round
-- begins (its registry entry in faction_letnev.lua pushes the step below in the Letnev's turn
-- of the round's start window), and the technology Duranium Armor once a round's hits are
-- assigned (the combat step, combat.lua, calls it and asks the owner the Duranium question); the
-- stalemate test (stalemate.lua) reads the same definitions of what is repaired when, so the
-- two cannot disagree.
local U = require("util")
local R = {}

-- Whether unit `e` is repaired as every space combat round begins (Arc Secundus, its card).
function R.self_repairing(g, e: number): boolean
	return g:face(e) == "letnev_flagship"
end

-- Arc Secundus: the damaged flagships of that face in the combat's system are repaired.
function R.round_start(g, c: number)
	for _, e in ipairs(g:entities({ kind = "flagship", face = "letnev_flagship", cell = c, has = "damaged" })) do
		g:set_prop(e, "damaged", nil)
		g:log(U.text("combat.flagship_repaired", g:owner(e), defs.unit[g:face(e)].name))
	end
end

-- Duranium Armor (technology; its card): once its hits are assigned in a combat round, a seat
-- that owns it repairs one of its damaged units that did not sustain damage that round
-- (`sustained`: the entities, as strings, that did). The faces of the units it may repair,
-- one entry per face (units of one face are alike once damaged); empty when it has no such
-- unit or does not own the card.
function R.duranium_faces(g, seat: number, c: number, sustained: { [string]: boolean }): { string }
	local faces = {}
	if not U.has_tech(g, seat, "duranium_armor") then
		return faces
	end
	for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c, has = "damaged" })) do
		local face = g:face(e)
		if not sustained[tostring(e)] and not table.find(faces, face) then
			table.insert(faces, face)
		end
	end
	return faces
end

-- Repairs one of the seat's damaged units of `face` that did not sustain damage this round.
function R.duranium(g, seat: number, c: number, sustained: { [string]: boolean }, face: string)
	for _, e in ipairs(g:entities({ kind = U.SHIP_TYPES, owner = seat, cell = c, face = face, has = "damaged" })) do
		if not sustained[tostring(e)] then
			g:set_prop(e, "damaged", nil)
			g:log(U.text("combat.duranium", seat, defs.unit[face].name))
			return
		end
	end
end

-- The step of Arc Secundus's repair, pushed by its registry entry (faction_letnev.lua) in the
-- Letnev's turn of a round's start window (ctx: cell).
R.arc_secundus_repair = {
	run = function(g, ctx)
		R.round_start(g, ctx.cell)
		return nil
	end,
}

-- The question when the seat may repair units of several faces: which one.
function R.duranium_question(g, seat: number, faces: { string }): any
	local options = {}
	for _, face in ipairs(faces) do
		table.insert(options, { label = U.text("combat.duranium_option", defs.unit[face].name), value = face })
	end
	return { seat = seat, prompt = U.text("combat.duranium_prompt"), rule = "TI4 §87; Duranium Armor",
		help = defs.technology.duranium_armor.effect, options = options }
end

return R

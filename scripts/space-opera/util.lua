--!strict
-- Space Opera: shared helpers over the kernel API — which rules version is played, the
-- variants of the judgement calls, seat order by initiative, sectors and who may
-- interact, and card definitions. Pure functions of the game handle `g`; every piece
-- of state lives in the kernel (seat variables, globals, entities).
--
-- Versions: `classic` (seed 004) or `revised` (seed 003). A game started with neither
-- plays the revised rules (pack.ron documents this default).
local U = {}

---@param g Game
function U.classic(g)
	return g:variant("classic")
end

function U.revised(g)
	return not g:variant("classic")
end

function U.competitive(g)
	return g:variant("competitive")
end

-- An opt-in reading of a judgement call of SO §10 (variant `alt_<name>`).
function U.alt(g, name)
	return g:variant("alt_" .. name)
end

-- Whether the cards of expansion `name` are played (variant `expansion_<name>`).
function U.expansion(g, name)
	return g:variant("expansion_" .. name)
end

-- ---- words (content/space-opera/text.ron) -----------------------------------------------

-- Every entry of text.ron, looked up once (the turn menu asks for many labels).
local TEXT = defs.text

-- The texts whose only directives are `%s` and `%d` (nearly all), cut when the module
-- loads at their directives: PIECES[id] is the list of the literal pieces around them
-- (one more than the directives) and DIGITS[id][k] whether the k-th is `%d`. Joining
-- the pieces and the arguments with `..` gives what string.format would, at a quarter
-- of its cost (prompts and log lines are made at nearly every decision).
local PIECES, DIGITS = {}, {}
for _, id in ipairs(def_ids.text) do
	local text = TEXT[id].text
	local pieces, digits, from, plain = {}, {}, 1, true
	while true do
		local at = string.find(text, "%", from, true)
		if at == nil then
			break
		end
		local directive = string.sub(text, at + 1, at + 1)
		if directive ~= "s" and directive ~= "d" then
			plain = false
			break
		end
		table.insert(pieces, string.sub(text, from, at - 1))
		table.insert(digits, directive == "d")
		from = at + 2
	end
	if plain and #digits > 0 then
		table.insert(pieces, string.sub(text, from))
		PIECES[id], DIGITS[id] = pieces, digits
	end
end

-- The texts with no `%` at all, as written: string.format gives such a text back
-- unchanged whatever it is handed, so U.text gives it without looking at arguments.
local BARE = {}
for _, id in ipairs(def_ids.text) do
	local text = TEXT[id].text
	if string.find(text, "%", 1, true) == nil then
		BARE[id] = text
	end
end

-- Joining gives what string.format gives for a `%s` of a string and for a `%d` or `%s`
-- of a whole number well within the range where both write its digits (`+ 0` turns -0
-- into 0, as `%d` writes it); any other argument is left to string.format. The tests
-- are written out for each count of directives: a Lua call costs more than they do.
-- The arguments are not counted (select costs about as much as the tests): a
-- directive without its argument (nil), or an argument beyond the directives, sends
-- the text to string.format, as a count that differs from the directives' did.
local WHOLE = 2147483648

-- The player-facing text `id` of text.ron; with arguments, its `%d`, `%s`...
-- directives filled as `string.format` fills them (by joining its pieces, PIECES, when
-- it can). Without arguments the text is given as it is written: a text that takes no
-- arguments holds no directives.
function U.text(id, ...)
	local p = PIECES[id]
	if p == nil then
		local bare = BARE[id]
		if bare ~= nil then
			return bare
		end
	else
		local d = DIGITS[id]
		local n = #d
		if n == 1 then
			local a, beyond = ...
			local ta = type(a)
			if beyond == nil then
				if ta == "number" and a % 1 == 0 and a > -WHOLE and a < WHOLE then
					return p[1] .. (a + 0) .. p[2]
				elseif ta == "string" and not d[1] then
					return p[1] .. a .. p[2]
				end
			end
		elseif n == 2 then
			local a, b, beyond = ...
			local ta, tb = type(a), type(b)
			if beyond == nil and (ta == "string" and not d[1] or ta == "number" and a % 1 == 0 and a > -WHOLE and a < WHOLE)
				and (tb == "string" and not d[2] or tb == "number" and b % 1 == 0 and b > -WHOLE and b < WHOLE) then
				if ta == "number" then
					a += 0
				end
				if tb == "number" then
					b += 0
				end
				return p[1] .. a .. p[2] .. b .. p[3]
			end
		elseif n == 3 then
			local a, b, c, beyond = ...
			local ta, tb, tc = type(a), type(b), type(c)
			if beyond == nil and (ta == "string" and not d[1] or ta == "number" and a % 1 == 0 and a > -WHOLE and a < WHOLE)
				and (tb == "string" and not d[2] or tb == "number" and b % 1 == 0 and b > -WHOLE and b < WHOLE)
				and (tc == "string" and not d[3] or tc == "number" and c % 1 == 0 and c > -WHOLE and c < WHOLE) then
				if ta == "number" then
					a += 0
				end
				if tb == "number" then
					b += 0
				end
				if tc == "number" then
					c += 0
				end
				return p[1] .. a .. p[2] .. b .. p[3] .. c .. p[4]
			end
		elseif n == 4 then
			local a, b, c, e, beyond = ...
			local ta, tb, tc, te = type(a), type(b), type(c), type(e)
			if beyond == nil and (ta == "string" and not d[1] or ta == "number" and a % 1 == 0 and a > -WHOLE and a < WHOLE)
				and (tb == "string" and not d[2] or tb == "number" and b % 1 == 0 and b > -WHOLE and b < WHOLE)
				and (tc == "string" and not d[3] or tc == "number" and c % 1 == 0 and c > -WHOLE and c < WHOLE)
				and (te == "string" and not d[4] or te == "number" and e % 1 == 0 and e > -WHOLE and e < WHOLE) then
				if ta == "number" then
					a += 0
				end
				if tb == "number" then
					b += 0
				end
				if tc == "number" then
					c += 0
				end
				if te == "number" then
					e += 0
				end
				return p[1] .. a .. p[2] .. b .. p[3] .. c .. p[4] .. e .. p[5]
			end
		end
	end
	local entry = TEXT[id]
	if entry == nil then
		error(string.format("no text \"%s\" in text.ron", tostring(id)), 2)
	end
	if select("#", ...) == 0 then
		return entry.text
	end
	return string.format(entry.text, ...)
end

-- The literal pieces of text `id`, whose directives must all be `%s`, for a caller
-- that fills it with strings at nearly every call (the turn prompt): joined in turn
-- with the strings, one between each two pieces, they give what U.text gives, without
-- its call and its tests. Shared: do not change the list.
function U.string_pieces(id)
	local pieces, digits = PIECES[id], DIGITS[id]
	if pieces == nil or table.find(digits, true) ~= nil then
		error(string.format("text \"%s\" is not made of %%s directives alone", tostring(id)), 2)
	end
	return pieces
end

-- The plural of each noun of text.ron ("word.*"), made once by U.count's own rule
-- (filled in below U.count): the turn prompt and many log lines count something.
local PLURAL = {}

-- What U.count_of gives for the small numbers (COUNTED[id][n], n = 0..COUNTED_MAX),
-- made once too (filled in below U.count): purses, populations and hands are mostly
-- small.
local COUNTED = {}
local COUNTED_MAX = 24

-- COUNTED[id], for a caller that looks up a count at every call (the turn prompt):
-- U.counted(id)[n] is U.count_of(n, id) for n = 0..24, else nil. Shared: do not change.
function U.counted(id)
	return COUNTED[id]
end

-- `n` and the noun of text.ron `id` ("word.credit"), plural unless `n` is 1 (U.count).
function U.count_of(n, id)
	local counted = COUNTED[id]
	local said = counted and counted[n]
	if said then
		return said
	end
	local plural = PLURAL[id]
	if plural ~= nil then
		if n == 1 then
			return "1 " .. TEXT[id].text
		end
		return n .. " " .. plural
	end
	local entry = TEXT[id]
	if entry == nil then
		error(string.format("no text \"%s\" in text.ron", tostring(id)), 2)
	end
	return U.count(n, entry.text)
end

-- The digital safeguard against endless games (not in either text; COVERAGE.md).
U.MAX_ROUNDS = 60

-- ---- cards ---------------------------------------------------------------------------

-- The entity kind of resource cards: one shared kind for the casual deck; in
-- competitive mode one kind per seat's deck (its back), so that a seat's unknown cards
-- are only ever re-dealt among the cards of the same deck (view::determinize).
function U.resource_kind(g, s)
	if U.competitive(g) then
		return "resource_" .. s
	end
	return "resource"
end

function U.is_resource(g, e)
	return string.sub(g:kind(e), 1, 8) == "resource"
end

-- Every resource card of the game (optionally only those with face `id`).
function U.all_resources(g, id)
	if not U.competitive(g) then
		return g:entities({ kind = "resource", face = id })
	end
	local out = {}
	for s = 1, g:seats() do
		for _, e in ipairs(g:entities({ kind = "resource_" .. s, face = id })) do
			table.insert(out, e)
		end
	end
	return out
end

-- The definition of a resource card entity.
function U.def(g, e)
	return defs.resource[g:face(e)]
end

function U.name(g, e)
	local d = defs.resource[g:face(e)]
	return d and d.name or g:face(e)
end

function U.has_keyword(d, word)
	for _, k in ipairs(d.keywords) do
		if k == word then
			return true
		end
	end
	return false
end

-- Whether a card takes a technology place: technologies and ships (SO §4.3, §6.1: a ship
-- with its equipment is one technology; equipment and crew never count).
function U.is_technology(d)
	return d.type == "technology" or d.type == "ship"
end

function U.contains(list, x)
	for _, v in ipairs(list) do
		if v == x then
			return true
		end
	end
	return false
end

-- ---- seats ---------------------------------------------------------------------------

-- A seat is out once eliminated (SO §5.8.1, §6.6).
function U.live(g, s)
	return g:get(s, "out") ~= true
end

function U.live_seats(g)
	local out = {}
	for s = 1, g:seats() do
		if U.live(g, s) then
			table.insert(out, s)
		end
	end
	return out
end

-- The species card of a seat (face up in its `species` zone), or nil before the choice.
function U.species_card(g, s)
	return g:first({ kind = "species", zone = "species", seat = s })
end

-- Seat `s` takes species card `card` face up; its id is kept in the seat variable
-- `species` so the many lookups of initiative and bonuses need no search.
function U.give_species(g, s, card)
	g:move(card, { zone = "species", seat = s })
	g:set_owner(card, s)
	g:reveal(card)
	g:set(s, "species", g:face(card))
end

function U.species(g, s)
	local id = g:get(s, "species")
	return id and defs.species[id]
end

function U.initiative(g, s)
	local sp = U.species(g, s)
	return sp and sp.initiative or 99
end

-- What `compute(g, key, memo)` gives, remembered in `memo` (the table `g:memo()` gave)
-- under `name` and `key` while the game does not change: the turn menu asks the same of
-- every card and seat. A computation that needs other remembered answers is handed
-- `memo`, so it need not ask the kernel for it again. What is remembered is shared by
-- every caller, so none may change it.
-- An answer about the whole game (`key` 0) is kept as memo[name] itself, and answers
-- per seat in a list made at the pack's most seats: a table that grows key by key is
-- rehashed each time it outgrows its room, which costs more than the answer often.
local function recall(g, memo, name, key, compute)
	if key == 0 then
		local answer = memo[name]
		if answer == nil then
			answer = compute(g, 0, memo)
			memo[name] = answer
		end
		return answer
	end
	local known = memo[name]
	if known == nil then
		known = table.create(U.MAX_SEATS)
		memo[name] = known
	end
	local answer = known[key]
	if answer == nil then
		answer = compute(g, key, memo)
		known[key] = answer
	end
	return answer
end

local function remembered(g, name, key, compute)
	return recall(g, g:memo(), name, key, compute)
end
U.remembered = remembered
U.recall = recall

-- Live seats in ascending initiative (SO §5.2; revised SO §10 B9). A tie, possible when
-- two competitive players bring the same species, goes to the lower seat number
-- (SO §9.6: not in source). Shared: do not change the list.
-- Each seat is sorted as one number, initiative * 64 + seat (seats are fewer than 64),
-- so the sort needs no Lua comparator and gives the same order.
-- The species ids it reads are kept in `memo.species_of` (seat -> id, false before the
-- choice), so that the seat labels of the same menu need no g call (U.seat_label_in).
local function order_now(g, _, memo)
	local n = g:seats()
	local keys = table.create(n)
	local species_of = table.create(n)
	-- The live seats (U.live_seats), walked without making their list.
	for s = 1, n do
		if g:get(s, "out") ~= true then
			local id = g:get(s, "species")
			species_of[s] = id or false
			local sp = id and defs.species[id]
			table.insert(keys, (sp and sp.initiative or 99) * 64 + s)
		end
	end
	memo.species_of = species_of
	table.sort(keys)
	local seats = table.create(#keys)
	for i, k in ipairs(keys) do
		seats[i] = k % 64
	end
	return seats
end

function U.order(g)
	return remembered(g, "order", 0, order_now)
end

-- Who is asked to respond, in order: the active seat first, then the others in turn
-- order after it (SO §4.5: the order is not in source; SO §10).
function U.responders(g, active)
	local order = U.order(g)
	local start = 1
	for i, s in ipairs(order) do
		if s == active then
			start = i
		end
	end
	local out = table.create(#order)
	for k = 0, #order - 1 do
		table.insert(out, order[(start - 1 + k) % #order + 1])
	end
	return out
end

-- Every seat label there can be, formatted when the module loads (the menus label
-- every reachable seat): SEAT_NAMED[species id][seat] and SEAT_PLAIN[seat], for the
-- pack's most seats (a seat beyond them is formatted when asked).
local SEAT_NAMED, SEAT_PLAIN = {}, {}
U.MAX_SEATS = 6
for s = 1, U.MAX_SEATS do
	SEAT_PLAIN[s] = U.text("seat.plain", s)
end
for _, id in ipairs(def_ids.species) do
	local named = {}
	for s = 1, U.MAX_SEATS do
		named[s] = U.text("seat.named", s, defs.species[id].name)
	end
	SEAT_NAMED[id] = named
end

-- A seat's own zone `zone` as a filter and location ({zone =, seat =}), by seat:
-- made once when the module loads for the pack's most seats (any other seat's is made
-- when asked). The kernel only reads such a table, and one made afresh at every query
-- costs about a tenth of the query: the menus ask for the hands, tableaux and star
-- systems of every seat. Shared: do not change them.
local function seat_places(zone)
	local places = {}
	for s = 1, U.MAX_SEATS do
		places[s] = { zone = zone, seat = s }
	end
	return setmetatable(places, { __index = function(_, s)
		return { zone = zone, seat = s }
	end })
end
U.HAND, U.BUILT, U.BUILDING, U.JUMPS = seat_places("hand"), seat_places("built"), seat_places("building"), seat_places("jumps")
U.DECK = seat_places("deck")

-- Every label U.seat_label can give for seats 1..U.MAX_SEATS, for tables of texts
-- made from them when a module loads, and the seat each one names (U.SEAT_OF_LABEL).
U.SEAT_LABELS, U.SEAT_OF_LABEL = {}, {}
for s = 1, U.MAX_SEATS do
	table.insert(U.SEAT_LABELS, SEAT_PLAIN[s])
	U.SEAT_OF_LABEL[SEAT_PLAIN[s]] = s
end
for _, id in ipairs(def_ids.species) do
	for s = 1, U.MAX_SEATS do
		table.insert(U.SEAT_LABELS, SEAT_NAMED[id][s])
		U.SEAT_OF_LABEL[SEAT_NAMED[id][s]] = s
	end
end

-- The label of seat `s` whose species id is `id` (nil or false: none chosen yet).
local function label_of(s, id)
	local sp = id and defs.species[id]
	if sp then
		local named = SEAT_NAMED[id]
		return named and named[s] or U.text("seat.named", s, sp.name)
	end
	return SEAT_PLAIN[s] or U.text("seat.plain", s)
end

function U.seat_label(g, s)
	return label_of(s, g:get(s, "species"))
end

-- U.seat_label, with the species the order of play read when `memo` holds it (a live
-- seat's), else asked.
function U.seat_label_in(g, memo, s)
	local known = memo.species_of
	local id = known and known[s]
	if id == nil then
		id = g:get(s, "species")
	end
	-- label_of, written out (the menus label every reachable seat).
	local named = id and SEAT_NAMED[id]
	if named and named[s] then
		return named[s]
	end
	return label_of(s, id)
end

-- ---- sectors (SO §4.1) -------------------------------------------------------------------

-- The star system a seat is in: the top of its stack of jumps.
function U.top_system(g, s)
	return g:last(U.JUMPS[s])
end

-- The sectors a seat is in, as a set. Classic round 1 (pre-jump era) has no star system:
-- nobody is in any sector (SO §10 B14), unless `alt_round1_shared` puts everyone in all.
-- Shared: do not change the set.
local function everywhere_now(g)
	return U.classic(g) and g:global("prejump") == true and U.alt(g, "round1_shared")
end

-- What U.sector_names says of a set of sectors.
local function names_of(sectors)
	local names = {}
	for _, id in ipairs(def_ids.sector) do
		if sectors[id] then
			table.insert(names, id)
		end
	end
	return #names > 0 and table.concat(names, "+") or U.text("seat.no_sector")
end

-- The sets there can be, made when the module loads (and frozen with it): every sector,
-- none, and the sectors of each star system; NAMES_OF gives each one's names.
local ALL_SECTORS, NO_SECTORS, SECTORS_OF, NAMES_OF = {}, {}, {}, {}
for _, id in ipairs(def_ids.sector) do
	ALL_SECTORS[id] = true
end
NAMES_OF[ALL_SECTORS] = names_of(ALL_SECTORS)
NAMES_OF[NO_SECTORS] = names_of(NO_SECTORS)
for _, id in ipairs(def_ids.star_system) do
	local set = {}
	for _, sector in ipairs(defs.star_system[id].sectors) do
		set[sector] = true
	end
	SECTORS_OF[id] = set
	NAMES_OF[set] = names_of(set)
end

-- The sectors of seat `s`, remembered in `memo` as recall would keep them (one list per
-- seat under "sectors", the round-1 test under "everywhere", asked once for every
-- seat): written out, since the menus ask it for every seat, and each Lua call costs.
local function seat_sectors(g, memo, s)
	local known = memo.sectors
	if known == nil then
		known = table.create(U.MAX_SEATS)
		memo.sectors = known
	end
	local set = known[s]
	if set == nil then
		local everywhere = memo.everywhere
		if everywhere == nil then
			everywhere = everywhere_now(g)
			memo.everywhere = everywhere
		end
		if everywhere then
			set = ALL_SECTORS
		else
			local top = g:last(U.JUMPS[s]) -- U.top_system
			set = top and SECTORS_OF[g:face(top)] or NO_SECTORS
		end
		known[s] = set
	end
	return set
end

-- `memo`: the table g:memo() gave, when the caller has it (nil: asked here).
function U.sectors(g, s, memo)
	return seat_sectors(g, memo or g:memo(), s)
end

-- `classic`: whether the classic rules are played, when the caller has asked (nil: not
-- known); then `memo` is told too, for every later look at sectors in the same call:
-- in the revised rules nobody is in every sector, which need not be asked.
function U.sector_names(g, s, memo, classic)
	memo = memo or g:memo()
	if classic == false then
		memo.everywhere = false
	end
	local sectors = seat_sectors(g, memo, s)
	return NAMES_OF[sectors] or names_of(sectors)
end

-- U.sector_names of a seat whose top star system (just jumped to) has id `system`:
-- its top need not be asked. `revised`: true when the caller knows the revised rules
-- are played (nobody is then everywhere, and it need not be asked).
function U.sector_names_at(g, system, revised)
	if not revised and recall(g, g:memo(), "everywhere", 0, everywhere_now) then
		return NAMES_OF[ALL_SECTORS]
	end
	return NAMES_OF[SECTORS_OF[system]]
end

-- Whether two sets of sectors have one in common, walking the five sectors as a list
-- (a plain indexed loop, where `pairs` over a set would cost a call of the sandbox's
-- order-checking `next` per key).
local function overlap_of(sa, sb)
	for _, id in ipairs(def_ids.sector) do
		if sa[id] and sb[id] then
			return true
		end
	end
	return false
end

-- overlap_of for every pair of the sets U.sectors can give (every sector, none, each
-- star system's), made when the module loads: OVERLAP[a][b], keyed by the sets.
local OVERLAP = {}
do
	local sets = { ALL_SECTORS, NO_SECTORS }
	for _, id in ipairs(def_ids.star_system) do
		table.insert(sets, SECTORS_OF[id])
	end
	for _, a in ipairs(sets) do
		local row = {}
		for _, b in ipairs(sets) do
			row[b] = overlap_of(a, b)
		end
		OVERLAP[a] = row
	end
end

-- Whether two sets of sectors (as `U.sectors` gives them) have one in common: looked
-- up (this runs for every pair of seats in every option list).
local function overlap(sa, sb)
	local row = OVERLAP[sa]
	local known = row and row[sb]
	if known == nil then
		return overlap_of(sa, sb)
	end
	return known
end

-- Two seats may interact when they share at least one sector (SO §4.1).
function U.shares(g, a, b)
	if a == b then
		return true
	end
	local memo = g:memo()
	return overlap(seat_sectors(g, memo, a), seat_sectors(g, memo, b))
end

-- Whether `user` may affect `target` with a card: shared sector, or universal (SO §4.1).
function U.may_reach(g, user, target, universal)
	return universal or U.shares(g, user, target)
end

-- The others in order that share a sector with `user`. When the order of play is not
-- known yet, the seats sharing a sector are found first and only they are asked
-- whether they are live and which species they are (for the order, as order_now
-- sorts them: a part of the order keeps its sequence; their species go into
-- `memo.species_of` as order_now's would).
-- The other seats' sectors are found as seat_sectors finds them, written out (a Lua
-- call per seat costs more than its lines): remembered in `memo.sectors`, all of them
-- when the user's sectors were found everywhere (`memo.everywhere`, which finding
-- them has settled).
local function reachable_near(g, user, memo)
	local out = table.create(U.MAX_SEATS)
	-- The user's sectors once, not once per other seat.
	local mine = seat_sectors(g, memo, user)
	local known, everywhere = memo.sectors, memo.everywhere
	-- overlap(mine, theirs) is looked up in place: this runs for every other seat.
	local row = OVERLAP[mine]
	local order = memo.order
	if order then
		for _, s in ipairs(order) do
			if s ~= user then
				local theirs = known[s]
				if theirs == nil then
					if everywhere then
						theirs = ALL_SECTORS
					else
						local top = g:last(U.JUMPS[s]) -- U.top_system
						theirs = top and SECTORS_OF[g:face(top)] or NO_SECTORS
					end
					known[s] = theirs
				end
				local shared = row and row[theirs]
				if shared == nil then
					shared = overlap_of(mine, theirs)
				end
				if shared then
					table.insert(out, s)
				end
			end
		end
		return out
	end
	local keys = table.create(U.MAX_SEATS)
	local species_of = memo.species_of
	if species_of == nil then
		species_of = table.create(U.MAX_SEATS)
		memo.species_of = species_of
	end
	for s = 1, g:seats() do
		local shared = false
		if s ~= user then
			local theirs = known[s]
			if theirs == nil then
				if everywhere then
					theirs = ALL_SECTORS
				else
					local top = g:last(U.JUMPS[s]) -- U.top_system
					theirs = top and SECTORS_OF[g:face(top)] or NO_SECTORS
				end
				known[s] = theirs
			end
			shared = row and row[theirs]
			if shared == nil then
				shared = overlap_of(mine, theirs)
			end
		end
		if shared and g:get(s, "out") ~= true then
			local id = g:get(s, "species")
			species_of[s] = id or false
			local sp = id and defs.species[id]
			table.insert(keys, (sp and sp.initiative or 99) * 64 + s)
		end
	end
	table.sort(keys)
	for i, k in ipairs(keys) do
		out[i] = k % 64
	end
	return out
end

local function reachable_all(g, user, memo)
	local out = table.create(U.MAX_SEATS)
	for _, s in ipairs(recall(g, memo, "order", 0, order_now)) do
		if s ~= user then
			table.insert(out, s)
		end
	end
	return out
end

-- Other live seats `user` may reach: those sharing a sector with it, or every one for
-- a universal card. Shared: do not change the list. `memo`: as U.sectors.
function U.reachable(g, user, universal, memo)
	memo = memo or g:memo()
	if universal then
		return recall(g, memo, "reachable_all", user, reachable_all)
	end
	-- recall(g, memo, "reachable", user, reachable_near), written out: the menus ask
	-- it at every call.
	local known = memo.reachable
	if known == nil then
		known = table.create(U.MAX_SEATS)
		memo.reachable = known
	end
	local answer = known[user]
	if answer == nil then
		answer = reachable_near(g, user, memo)
		known[user] = answer
	end
	return answer
end

-- `n` and a noun, plural unless `n` is 1: "1 disc", "3 discs", "2 militaries".
function U.count(n, noun)
	if n == 1 then
		return "1 " .. noun
	end
	if string.sub(noun, -1) == "y" and not string.find("aeiou", string.sub(noun, -2, -2), 1, true) then
		return n .. " " .. string.sub(noun, 1, -2) .. "ies"
	end
	return n .. " " .. noun .. "s"
end

-- U.count(n, noun) is `n .. " " .. plural` for every n but 1, the plural depending on
-- the noun alone: it is what follows "2 ".
for _, id in ipairs(def_ids.text) do
	if string.sub(id, 1, 5) == "word." then
		PLURAL[id] = string.sub(U.count(2, TEXT[id].text), 3)
		local counted = {}
		for n = 0, COUNTED_MAX do
			counted[n] = U.count_of(n, id)
		end
		COUNTED[id] = counted
	end
end

return U

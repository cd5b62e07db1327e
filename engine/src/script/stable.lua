-- Stand-ins for the base functions whose results would follow memory addresses or
-- the garbage collector, both of which differ between two runs of the same game and
-- between threads. sandbox.rs runs this chunk once per VM, before the libraries are
-- made read-only, and puts what it returns in their place; the originals stay in
-- this chunk's upvalues, out of the scripts' reach.
--
-- It is compiled without line information, so an error an original raises (a bad
-- argument to `string.format`) carries no position of this chunk and is reported
-- at the script line that called the stand-in.

local raw_tostring, raw_format, raw_next, raw_pairs, raw_setmetatable = ...
local type, error, select, rawget, unpack = type, error, select, rawget, unpack
local find, sub = string.find, string.sub
local isfrozen, freeze = table.isfrozen, table.freeze

-- The types whose default text, and whose order as table keys, follow an address.
local BY_ADDRESS = freeze({ table = true, ["function"] = true, userdata = true, thread = true, buffer = true })

-- tostring: a table, function or userdata without `__tostring` is shown by its type
-- alone ("table"), not "table: 0x…".
local function stable_tostring(...)
	local text = raw_tostring(...)
	if BY_ADDRESS[type((...))] then
		local at = find(text, ": 0x%x+$")
		if at then
			return sub(text, 1, at - 1)
		end
	end
	return text
end

-- string.format: `%*` (and so string interpolation) shows values as tostring does.
-- `%s` and the other conversions accept only strings and numbers, so a format
-- without `%*`, or whose arguments are all plain values, is passed on untouched.
local function shown(n, ...)
	local args = { ... }
	for i = 1, n do
		if BY_ADDRESS[type(args[i])] then
			args[i] = stable_tostring(args[i])
		end
	end
	return unpack(args, 1, n)
end

local function stable_format(fmt, ...)
	if type(fmt) == "string" and find(fmt, "%*", 1, true) then
		local n = select("#", ...)
		for i = 1, n do
			if BY_ADDRESS[type((select(i, ...)))] then
				return raw_format(fmt, shown(n, ...))
			end
		end
	end
	return raw_format(fmt, ...)
end

-- next and pairs: keys that are tables or functions are hashed by address, so their
-- order differs between runs; they are refused rather than visited in that order.
-- (`for k, v in t do` would bypass these; the load-time lint refuses it.)
local function stable_next(t, k)
	local key, value = raw_next(t, k)
	if BY_ADDRESS[type(key)] then
		error(
			"next()/pairs() over a table keyed by a "
				.. type(key)
				.. " refused: that order follows memory addresses, which differ between runs; key the table by ids (strings or numbers) or keep a list",
			2
		)
	end
	return key, value
end

local function stable_pairs(t)
	raw_pairs(t) -- the original's argument check and error
	return stable_next, t, nil
end

local function stable_foreach(t, f)
	for k, v in stable_next, t do
		local result = f(k, v)
		if result ~= nil then
			return result
		end
	end
	return nil
end

-- setmetatable: a weak table (`__mode`) loses entries when the garbage collector
-- runs, which depends on everything the VM did before; refused. The metatable is
-- frozen once in use, so `__mode` cannot be added to it afterwards.
local function stable_setmetatable(t, meta)
	if type(meta) == "table" and rawget(meta, "__mode") ~= nil then
		error(
			"setmetatable() with __mode refused: what a weak table holds depends on when the garbage collector runs, which differs between runs",
			2
		)
	end
	local result = raw_setmetatable(t, meta)
	if type(meta) == "table" and not isfrozen(meta) then
		freeze(meta)
	end
	return result
end

return {
	tostring = stable_tostring,
	format = stable_format,
	next = stable_next,
	pairs = stable_pairs,
	foreach = stable_foreach,
	setmetatable = stable_setmetatable,
}

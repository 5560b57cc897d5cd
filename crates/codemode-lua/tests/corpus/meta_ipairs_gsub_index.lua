-- ipairs reads through __index and stops at the first nil; gsub's replacement table is
-- indexed through __index.
local backing = { 10, 20, 30 }
local calls = 0
local view = setmetatable({}, { __index = function(_, i) calls = calls + 1 return backing[i] end })
local seen = {}
for i, v in ipairs(view) do seen[#seen + 1] = i .. "=" .. v end
-- a table with some raw elements and the rest from __index
local mixed = setmetatable({ "raw1" }, { __index = { [2] = "inh2", [3] = "inh3" } })
local m = {}
for i, v in ipairs(mixed) do m[#m + 1] = v end
-- an __index that never ends the sequence is stopped by a break
local naturals = setmetatable({}, { __index = function(_, i) return i * i end })
local sq = {}
for i, v in ipairs(naturals) do if i > 5 then break end sq[#sq + 1] = v end
-- gsub: defaults through __index, with a function and with a table chain
local defaults = { name = "anon", role = "guest" }
local vars = setmetatable({ name = "ada" }, { __index = defaults })
local text = ("hello $name, you are $role ($missing)"):gsub("%$(%w+)", vars)
local lookups = {}
local lazy = setmetatable({}, { __index = function(t, k) lookups[#lookups + 1] = k return k:upper() end })
local shout, n = ("a-b-c"):gsub("%a", lazy)
local fals = setmetatable({}, { __index = function() return false end })
local kept = ("keep me"):gsub("%w+", fals)
return { seen = seen, calls = calls, mixed = m, squares = sq, text = text, shout = shout,
  n = n, lookups = lookups, kept = kept }

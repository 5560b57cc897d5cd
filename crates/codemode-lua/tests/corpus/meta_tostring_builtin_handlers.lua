-- __tostring handlers that are builtins finish at once; the errors that follow are
-- positioned at the caller as lua5.4's.
local T = setmetatable({}, { __tostring = type })
local out = {}
out[1] = tostring(T)
out[2] = string.format("%s|%s", T, T)
out[3] = select(2, pcall(function() return string.format("%s %d", T, "y") end))
out[4] = select(2, pcall(function() return tostring(setmetatable({}, { __tostring = rawlen })) end))
out[5] = select(2, pcall(function() return tostring(setmetatable({}, { __tostring = setmetatable })) end))
out[6] = select(2, pcall(function() return ("%s"):format(setmetatable({}, { __tostring = next })) end))
local rawproxy = setmetatable({}, { __index = rawget, __len = function() return 2 end })
out[7] = select(2, pcall(function() return table.concat(rawproxy) end))
local badproxy = setmetatable({}, { __index = string.rep, __len = function() return 1 end })
out[8] = select(2, pcall(function() return table.concat(badproxy) end))
return out

-- A __tostring that returns something other than a string (or a number) is an error,
-- in tostring, print and string.format, with the caller's position.
local Bad = { __tostring = function() return {} end }
local NilRet = { __tostring = function() end }
local BoolRet = { __tostring = function() return true end }
local out = {}
local x = setmetatable({}, Bad)
out[1] = select(2, pcall(tostring, x))
out[2] = select(2, pcall(function() return tostring(x) end))
out[3] = select(2, pcall(function() return string.format("v=%s", x) end))
out[4] = select(2, pcall(function() print(setmetatable({}, NilRet)) end)):match("'__tostring' must return a string$")
out[5] = select(2, pcall(function() return ("%s"):format(setmetatable({}, BoolRet)) end))
-- an error inside the handler passes through with its own position
local Raise = { __tostring = function() error("cannot show") end }
out[6] = select(2, pcall(function() return string.format("%s", setmetatable({}, Raise)) end))
out[7] = select(2, pcall(function() return tostring(setmetatable({}, { __tostring = 5 })) end))
-- a handler that is not callable errors as a call would
return out

-- an __index cycle ends with lua5.4's message
local a, b = {}, {}
setmetatable(a, {__index = b})
setmetatable(b, {__index = a})
local ok, err = pcall(function() return a.x end)
local c = {}
setmetatable(c, {__newindex = c})
local d = setmetatable({}, {__newindex = setmetatable({}, {__newindex = c})})
local ok2, err2 = pcall(function() d.y = 1 end)
return {ok, err, ok2, err2}

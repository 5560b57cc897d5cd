-- strict mode: undeclared globals raise on read and write
local pcall, rawset, error, setmetatable, G = pcall, rawset, error, setmetatable, _G
local declared = {}
setmetatable(G, {
  __newindex = function(t, k, v) if not declared[k] then error("assign to undeclared global '" .. k .. "'", 2) end rawset(t, k, v) end,
  __index = function(t, k) error("undeclared global '" .. k .. "'", 2) end,
})
declared.counter = true
counter = 1
counter = counter + 1
local ok1, e1 = pcall(function() return undefined_thing end)
local ok2, e2 = pcall(function() oops = 1 end)
return {counter, ok1, e1, ok2, e2}

-- a read-only enum: unknown members and writes raise
local function enum(names)
  local t = {}
  for i, n in ipairs(names) do t[n] = i end
  return setmetatable({}, {
    __index = function(_, k) local v = t[k]; if v == nil then error("no member " .. tostring(k), 2) end return v end,
    __newindex = function() error("enum is read-only", 2) end,
    __len = function() return #names end,
  })
end
local Color = enum({"red", "green", "blue"})
local ok1, e1 = pcall(function() return Color.purple end)
local ok2, e2 = pcall(function() Color.red = 5 end)
return {Color.red, Color.blue, #Color, ok1, e1, ok2, e2}

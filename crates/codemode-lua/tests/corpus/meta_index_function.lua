-- __index as a function: defaults and computed fields, with call counting
local calls = 0
local defaults = setmetatable({}, {__index = function(t, k)
  calls = calls + 1
  if type(k) == "number" then return k * k end
  return "default:" .. tostring(k)
end})
defaults.x = 1
return {defaults.x, defaults.y, defaults[4], defaults[1.0], calls, rawget(defaults, "y")}

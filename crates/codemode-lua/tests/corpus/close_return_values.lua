-- __close runs after the return values are computed; it cannot change them.
local log = {}
local function f()
  local t = { n = 1 }
  local c <close> = setmetatable({}, { __close = function() t.n = 99 log[#log + 1] = "closed" end })
  return t.n, t
end
local n, t = f()
local function g(...)
  local c <close> = setmetatable({}, { __close = function() log[#log + 1] = "g closed" end })
  return ...
end
return { n = n, after = t.n, g = table.concat({ tostring((g(1, nil, 3))), tostring(select(2, g(1, nil, 3))), tostring(select(3, g(1, nil, 3))) }, ","), count = select("#", g(1, nil, nil)), log = log }

-- pairs returns exactly the first three results of __pairs: a fourth is not the generic
-- for's closing value.
local closed = 0
local closer = setmetatable({}, { __close = function() closed = closed + 1 end })
local ordered = setmetatable({ keys = { "b", "a" }, vals = { a = 1, b = 2 } }, {
  __pairs = function(t)
    local i = 0
    return function()
      i = i + 1
      local k = t.keys[i]
      if k then return k, t.vals[k] end
    end, t, nil, 42, closer
  end,
})
local seen = {}
for k, v in pairs(ordered) do seen[#seen + 1] = k .. "=" .. v end
local n = select("#", pairs(ordered))
-- the closing value given directly is closed
for k in next, {}, nil, closer do end
-- a yield inside __pairs is allowed (lua5.4's pairs has a continuation)
local yielding = setmetatable({}, { __pairs = function(t) coroutine.yield("in pairs") return next, {}, nil end })
local c = coroutine.create(function() for _ in pairs(yielding) do end return "done" end)
local co = { coroutine.resume(c) }
co[3] = select(2, coroutine.resume(c))
return { seen = seen, n = n, closed = closed, co = co }

-- A closing value without __close is an error as for <close> variables; an error in
-- __close replaces the one unwinding; the loop variables are still the 5th.. values.
local out = {}
out[1] = select(2, pcall(function() for k in next, {}, nil, 5 do end end))
out[2] = select(2, pcall(function() for k in next, {}, nil, {} do end end))
local function bad(name)
  return setmetatable({}, { __close = function() error(name .. " failed", 0) end })
end
out[3] = select(2, pcall(function()
  for v in function(s, c) if c < 3 then return c + 1 end end, nil, 0, bad("close") do
    if v == 2 then error("body", 0) end
  end
end))
-- the control variable and extra values
local seen = {}
for i, a, b in function(s, c) if c < 2 then return c + 1, "a" .. c, "b" .. c end end, nil, 0, nil do
  seen[#seen + 1] = i .. a .. b
end
out[4] = table.concat(seen, ",")
-- a closing value from a call with many results
local function many() return next, { x = 1 }, nil, nil, "ignored" end
for k, v in many() do out[5] = k .. v end
-- coroutine: a closing value of a loop inside a wrapped generator is closed on break
local closed = 0
local function gen(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end), nil, nil,
    setmetatable({}, { __close = function() closed = closed + 1 end })
end
for i in gen(10) do if i == 3 then break end end
for i in gen(2) do end
out[6] = closed
return out

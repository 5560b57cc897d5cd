-- The generic for's fourth value is closed like a <close> variable when the loop ends:
-- by exhaustion, break, return, goto out, or an error.
local log = {}
local function closer(name)
  return setmetatable({}, { __close = function(_, err)
    log[#log + 1] = name .. ":" .. tostring(err)
  end })
end
-- an iterator factory returning a closing value, as files:lines-style APIs do
local function rows(list, name)
  local i = 0
  return function()
    i = i + 1
    return list[i]
  end, nil, nil, closer(name)
end
local sum = 0
for v in rows({ 1, 2, 3 }, "exhaust") do sum = sum + v end
for v in rows({ 1, 2, 3 }, "break") do if v == 2 then break end end
local function find(x)
  for v in rows({ 5, 6, 7 }, "return") do
    if v == x then return v * 10 end
  end
end
local found = find(6)
for v in rows({ 1 }, "goto") do goto out end
::out::
local ok, err = pcall(function()
  for v in rows({ 1, 2 }, "error") do error("boom", 0) end
end)
-- nested loops close inner first
for a in rows({ 1 }, "outer") do
  for b in rows({ 1 }, "inner") do end
end
-- nil and false are not closed; a loop that never runs its body still closes
for v in next, {}, nil, false do end
for v in rows({}, "empty") do end
-- the closing value is closed after the values returned are computed
local function first()
  for v in rows({ 9 }, "ret-order") do
    log[#log + 1] = "computing"
    return v
  end
end
local r = first()
return { log = log, sum = sum, found = found, ok = ok, err = err, r = r }

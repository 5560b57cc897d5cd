-- __close ordering across pcall boundaries and numeric/generic for loops.
local log = {}
local function res(n) return setmetatable({}, { __close = function() log[#log + 1] = n end }) end
local ok = pcall(function()
  local outer <close> = res("outer")
  for i = 1, 2 do
    local inner <close> = res("inner" .. i)
    if i == 2 then error("stop") end
  end
end)
for k, v in pairs({ x = 1 }) do
  local kv <close> = res("pair " .. k)
end
local function gen()
  local i = 0
  return function() i = i + 1 if i <= 2 then return i end end, nil, nil
end
for i in gen() do
  local step <close> = res("step " .. i)
  log[#log + 1] = "loop " .. i
end
return { ok = ok, log = log }

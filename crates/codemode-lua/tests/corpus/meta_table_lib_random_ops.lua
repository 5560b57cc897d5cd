-- A deterministic pseudo-random run of table-library calls on a logging proxy: every
-- access (__index, __newindex, __len) and every result or error is recorded, so the
-- order and arguments of the metamethod calls are compared with lua5.4's.
local seed = 12345
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end
local log = {}
local store = {}
local p = setmetatable({}, {
  __index = function(_, k) log[#log + 1] = "g" .. tostring(k) return store[k] end,
  __newindex = function(_, k, v) log[#log + 1] = "s" .. tostring(k) .. "=" .. tostring(v) store[k] = v end,
  __len = function() log[#log + 1] = "#" return #store end,
})
local function try(f, ...)
  local r = table.pack(pcall(f, ...))
  for i = 1, r.n do r[i] = type(r[i]) == "table" and "table" or tostring(r[i]) end
  log[#log + 1] = table.concat(r, ",", 1, r.n)
end
for step = 1, 120 do
  local op = rnd(8)
  local n = #store
  if op == 0 then
    try(table.insert, p, "v" .. step)
  elseif op == 1 then
    try(table.insert, p, rnd(n + 3), "w" .. step)
  elseif op == 2 then
    try(table.remove, p)
  elseif op == 3 then
    try(table.remove, p, rnd(n + 3))
  elseif op == 4 then
    try(table.concat, p, "/", rnd(3) + 1, rnd(n + 2))
  elseif op == 5 then
    try(table.unpack, p, rnd(3), rnd(n + 2))
  elseif op == 6 then
    try(table.move, p, rnd(n + 1) + 1, rnd(n + 2), rnd(n + 2) + 1)
  else
    local count = 0
    for i, v in ipairs(p) do count = count + 1 end
    log[#log + 1] = "ipairs" .. count
  end
end
return { log = table.concat(log, " "), final = table.concat(store, ",") }

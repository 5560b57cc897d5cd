-- schema validation on write through __newindex (agent-style record builder)
local schema = {id = "number", name = "string", tags = "table"}
local function record()
  local data = {}
  return setmetatable({}, {
    __index = data,
    __newindex = function(_, k, v)
      local want = schema[k]
      if not want then error("unknown field '" .. tostring(k) .. "'", 2) end
      if type(v) ~= want then error(k .. " must be a " .. want .. ", got " .. type(v), 2) end
      data[k] = v
    end,
    __pairs = function() return next, data, nil end,
  })
end
local r = record()
r.id = 7
r.name = "widget"
local e = {}
e[1] = select(2, pcall(function() r.price = 3 end))
e[2] = select(2, pcall(function() r.id = "7" end))
local n = 0
for k, v in pairs(r) do n = n + 1 end
return {r.id, r.name, n, e}

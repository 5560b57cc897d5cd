-- __newindex enforcing a schema on a record; rawset bypasses it.
local schema = { name = "string", age = "number", tags = "table" }
local errors = {}
local function record()
  local store = {}
  return setmetatable({}, {
    __index = store,
    __newindex = function(_, k, v)
      local want = schema[k]
      if not want then errors[#errors + 1] = "unknown field " .. k return end
      if type(v) ~= want then errors[#errors + 1] = k .. ": " .. want .. " expected, got " .. type(v) return end
      store[k] = v
    end,
    __pairs = function() return next, store, nil end,
  })
end
local r = record()
r.name = "x"
r.age = "old"
r.age = 41
r.color = "red"
r.tags = { "a" }
rawset(r, "direct", 1)
local fields = {}
for k in pairs(r) do fields[#fields + 1] = k end
table.sort(fields)
return { errors = errors, name = r.name, age = r.age, fields = fields, direct = rawget(r, "direct") }

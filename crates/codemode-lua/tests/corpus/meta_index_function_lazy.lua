-- __index functions computing and caching derived fields on first access.
local computed = 0
local function lazy(obj, fields)
  return setmetatable(obj, { __index = function(t, k)
    local f = fields[k]
    if not f then return nil end
    computed = computed + 1
    local v = f(t)
    rawset(t, k, v)
    return v
  end })
end
local o = lazy({ first = "Ada", last = "Lovelace", born = 1815 }, {
  full = function(t) return t.first .. " " .. t.last end,
  initials = function(t) return t.first:sub(1, 1) .. t.last:sub(1, 1) end,
  age_in_1852 = function(t) return 1852 - t.born end,
})
local a = { o.full, o.initials, o.full, o.age_in_1852, o.initials, tostring(o.nothing) }
return { a = a, computed = computed }

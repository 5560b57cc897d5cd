-- A Money value class: __tostring, __eq, __lt, __le, __add, __concat, __unm.
local Money = {}
Money.__index = Money
local function new(cents, cur) return setmetatable({ cents = cents, cur = cur or "USD" }, Money) end
Money.__tostring = function(m) return string.format("%s %d.%02d", m.cur, m.cents // 100, m.cents % 100) end
Money.__eq = function(a, b) return a.cents == b.cents and a.cur == b.cur end
Money.__lt = function(a, b) return a.cents < b.cents end
Money.__le = function(a, b) return a.cents <= b.cents end
Money.__add = function(a, b) return new(a.cents + b.cents, a.cur) end
Money.__unm = function(a) return new(-a.cents, a.cur) end
Money.__concat = function(a, b) return tostring(a) .. tostring(b) end
local a, b = new(1050), new(299)
local items = { new(500), new(120), new(999), new(120) }
table.sort(items, function(x, y) return x < y end)
local sorted = {}
for i, m in ipairs(items) do sorted[i] = tostring(m) end
return {
  sum = tostring(a + b), eq = a == new(1050), ne = a ~= b, lt = b < a, le = a <= a,
  neg = tostring(-b), cat = a .. " / " .. b, sorted = sorted,
}

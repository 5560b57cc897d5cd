local dates = {"2024-03-15", "2023-12-01", "2024-01-30", "bad-date"}
local parsed = {}
for _, d in ipairs(dates) do
  local y, m, day = d:match("^(%d%d%d%d)-(%d%d)-(%d%d)$")
  if y then parsed[#parsed + 1] = {y = tonumber(y), m = tonumber(m), d = tonumber(day), key = tonumber(y .. m .. day)} end
end
table.sort(parsed, function(a, b) return a.key < b.key end)
local out = {}
for i, p in ipairs(parsed) do out[i] = ("%04d/%02d/%02d"):format(p.y, p.m, p.d) end
return out

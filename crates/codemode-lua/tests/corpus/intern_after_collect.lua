-- Interned strings after collections: most strings die, the survivors must still be
-- found (equal strings are one string: `==` and table keys rely on it), and strings
-- made again after their first copy died are equal to each other. `churn` allocates
-- enough garbage for the collector to run (programs have no `collectgarbage`).
local function churn() for i = 1, 30000 do local _ = {i, i .. "", {}} end end
local kept, keyed = {}, {}
for round = 1, 3 do
  for i = 1, 20000 do
    local s = "k" .. i .. "_" .. round
    if i % 7 == 0 then
      kept[#kept + 1] = s
      keyed[s] = i
    end
  end
  churn()
end
local found, equal = 0, 0
for round = 1, 3 do
  for i = 1, 20000 do
    local s = "k" .. i .. "_" .. round
    if keyed[s] == i then found = found + 1 end
  end
end
for _, s in ipairs(kept) do
  local a, b = s:sub(1), (s .. "x"):sub(1, #s)
  if a == s and b == s and keyed[b] then equal = equal + 1 end
end
-- Strings made, dropped and made again.
local again = 0
for i = 1, 5000 do local _ = "tmp" .. i end
churn()
local t = {}
for i = 1, 5000 do t["tmp" .. i] = i end
for i = 1, 5000 do if t["tmp" .. i] == i then again = again + 1 end end
return {found = found, kept = #kept, equal = equal, again = again}

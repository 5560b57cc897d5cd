-- a lazily paged result set: __index fetches pages from a (simulated) tool on demand
local calls = 0
local function fetch_page(p)
  calls = calls + 1
  local items = {}
  for i = 1, 3 do
    local n = (p - 1) * 3 + i
    if n <= 8 then items[i] = "item" .. n end
  end
  return items
end
local results = setmetatable({}, {
  __index = function(t, i)
    if type(i) ~= "number" then return nil end
    local page = (i - 1) // 3 + 1
    local items = fetch_page(page)
    for j, v in ipairs(items) do rawset(t, (page - 1) * 3 + j, v) end
    return rawget(t, i)
  end,
})
local got = {}
local i = 1
while results[i] do got[#got + 1] = results[i]; i = i + 1 end
return {#got, got[8], calls}

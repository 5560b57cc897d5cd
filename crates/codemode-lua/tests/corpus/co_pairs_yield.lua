local data = {a = 1, b = 2, c = 3}
local keys = {}
for k in pairs(data) do keys[#keys + 1] = k end
table.sort(keys)
local co = coroutine.wrap(function()
  for _, k in ipairs(keys) do coroutine.yield(k, data[k]) end
end)
local out = {}
while true do
  local k, v = co()
  if not k then break end
  out[#out + 1] = k .. "=" .. v
end
return table.concat(out, "&")

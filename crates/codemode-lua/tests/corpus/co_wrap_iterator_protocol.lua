-- coroutine.wrap as a generic-for iterator with several loop variables and early break.
local function enumerate(t)
  return coroutine.wrap(function()
    for i, v in ipairs(t) do coroutine.yield(i, v, i * 10) end
  end)
end
local out = {}
for i, v, tens in enumerate({ "a", "b", "c", "d" }) do
  if v == "d" then break end
  out[#out + 1] = i .. v .. tens
end
local function kv(t)
  return coroutine.wrap(function()
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do coroutine.yield(k, t[k]) end
  end)
end
for k, v in kv({ z = 1, a = 2, m = 3 }) do out[#out + 1] = k .. "=" .. v end
return out

local function clean(rows)
  return coroutine.wrap(function()
    for _, r in ipairs(rows) do
      if r.name == nil or r.name == "" then goto continue end
      if r.age and r.age < 0 then goto continue end
      coroutine.yield({name = r.name:lower(), age = r.age or 0})
      ::continue::
    end
  end)
end
local out = {}
for r in clean({{name = "Ann", age = 30}, {name = ""}, {name = "BOB", age = -1}, {name = "Cy"}}) do
  out[#out + 1] = r.name .. ":" .. r.age
end
return out

-- Pages through a simulated tool with a generator and stops early.
local calls = 0
local function list_page(cursor)
  calls = calls + 1
  local start = cursor or 1
  local items = {}
  for i = start, math.min(start + 2, 10) do items[#items + 1] = {id = i, active = i % 3 ~= 0} end
  return {items = items, next = (start + 3 <= 10) and start + 3 or nil}
end
local function each_item()
  return coroutine.wrap(function()
    local cursor
    repeat
      local page = list_page(cursor)
      for _, it in ipairs(page.items) do coroutine.yield(it) end
      cursor = page.next
    until cursor == nil
  end)
end
local active = {}
for it in each_item() do
  if it.active then active[#active + 1] = it.id end
  if #active == 5 then break end
end
return {active, calls}

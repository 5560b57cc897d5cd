-- A generator that pages through a "tool" with a cursor, yielding one item at a time.
local data = {}
for i = 1, 23 do data[i] = { id = i, v = i * i } end
local function list_page(input)
  local start = input.cursor or 1
  local page = {}
  for i = start, math.min(start + input.limit - 1, #data) do page[#page + 1] = data[i] end
  local nxt = start + input.limit
  return { items = page, next = nxt <= #data and nxt or nil }
end
local pages = 0
local function items(limit)
  return coroutine.wrap(function()
    local cursor
    repeat
      local res = list_page({ cursor = cursor, limit = limit })
      pages = pages + 1
      for _, it in ipairs(res.items) do coroutine.yield(it) end
      cursor = res.next
    until not cursor
  end)
end
local total, evens = 0, {}
for it in items(5) do
  total = total + it.v
  if it.id % 2 == 0 and #evens < 4 then evens[#evens + 1] = it.id end
end
return { total = total, pages = pages, evens = evens }

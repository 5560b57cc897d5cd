-- A generator over a paged API (the tool is simulated with a table of pages).
local pages = {
  {items = {{id = 1, status = "open"}, {id = 2, status = "closed"}}, next = "p2"},
  {items = {{id = 3, status = "open"}}, next = "p3"},
  {items = {{id = 4, status = "open"}, {id = 5, status = "open"}}, next = nil},
}
local cursor_index = {[false] = 1, p2 = 2, p3 = 3}
local function fetch(cursor) return pages[cursor_index[cursor or false]] end
local function all_items()
  return coroutine.wrap(function()
    local cursor
    repeat
      local page = fetch(cursor)
      for _, item in ipairs(page.items) do coroutine.yield(item) end
      cursor = page.next
    until not cursor
  end)
end
local open = {}
for item in all_items() do
  if item.status == "open" then open[#open + 1] = item.id end
  if #open == 3 then break end
end
return open

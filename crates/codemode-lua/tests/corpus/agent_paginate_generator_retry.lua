-- Page through a flaky "tool" with a generator; retry failed pages with pcall.
local attempts = {}
local function list(cursor)
  attempts[cursor] = (attempts[cursor] or 0) + 1
  if cursor == 2 and attempts[cursor] == 1 then error({ transient = true, msg = "503" }) end
  local items = {}
  for i = 1, 3 do items[i] = (cursor - 1) * 3 + i end
  return { items = items, next = cursor < 4 and cursor + 1 or nil }
end
local function pages()
  return coroutine.wrap(function()
    local cursor = 1
    while cursor do
      local ok, res = pcall(list, cursor)
      if not ok then
        if type(res) == "table" and res.transient then goto again end
        error(res)
      end
      coroutine.yield(res.items)
      cursor = res.next
      ::again::
    end
  end)
end
local all = {}
for items in pages() do for _, v in ipairs(items) do all[#all + 1] = v end end
return { count = #all, last = all[#all], retries = attempts[2] }

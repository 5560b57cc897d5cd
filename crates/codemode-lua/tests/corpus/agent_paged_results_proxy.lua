-- Agent-style: results arrive in pages behind a lazy proxy; the program uses the table
-- library and ipairs on it as if it were a plain array.
local pages = { { "alpha", "beta" }, { "gamma", "delta" }, { "epsilon" } }
local fetched = {}
local function lazy_results()
  local cache, total = {}, 5
  return setmetatable({}, {
    __index = function(_, i)
      if type(i) ~= "number" or i < 1 or i > total then return nil end
      local page = (i - 1) // 2 + 1
      if not fetched[page] then
        fetched[page] = true
        for j, v in ipairs(pages[page]) do cache[(page - 1) * 2 + j] = v end
      end
      return cache[i]
    end,
    __len = function() return total end,
  })
end
local r = lazy_results()
local upper = {}
for i, name in ipairs(r) do upper[i] = name:upper() end
local joined = table.concat(r, ", ")
local first, second = table.unpack(r, 1, 2)
local copy = table.move(r, 1, #r, 1, {})
table.sort(copy, function(a, b) return #a < #b or (#a == #b and a < b) end)
local nfetched = 0
for _ in pairs(fetched) do nfetched = nfetched + 1 end
local report = ("found %d: %s"):format(#r, joined)
local tmpl = ("first=$1 second=$2 last=$5"):gsub("%$(%d)", setmetatable({}, { __index = function(_, k) return r[tonumber(k)] end }))
return { upper = upper, joined = joined, first = first, second = second, sorted = copy,
  pages = nfetched, report = report, tmpl = tmpl }

-- A "connection" released on every path, as an agent would guard a resource.
local opened, closed = 0, 0
local function connect(name)
  opened = opened + 1
  return setmetatable({name = name}, {__close = function(c, err)
    closed = closed + 1
    print("release " .. c.name .. (err and (" after error: " .. tostring(err.code)) or ""))
  end})
end
local function query(n)
  local conn <close> = connect("db" .. n)
  if n == 2 then error({code = 500}) end
  if n == 3 then return nil, "not found" end
  return {rows = n * 10}
end
local results = {}
for i = 1, 4 do
  local ok, r, msg = pcall(query, i)
  results[i] = ok and (r and r.rows or msg) or ("error " .. r.code)
end
return {results, opened, closed}

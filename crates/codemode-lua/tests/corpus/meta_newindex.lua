-- __newindex: a read-only proxy and a logging table
local log = {}
local store = {}
local logged = setmetatable({}, {
  __index = store,
  __newindex = function(t, k, v) log[#log + 1] = k .. "=" .. tostring(v); rawset(store, k, v) end,
})
logged.a = 1
logged.b = 2
logged.a = 3
local ro = setmetatable({}, {__index = {x = 1}, __newindex = function(t, k) error("read-only: " .. k, 2) end})
local ok, err = pcall(function() ro.y = 5 end)
-- __newindex as a table redirects the write
local sink = {}
local redirect = setmetatable({}, {__newindex = sink})
redirect.q = 9
-- an existing key is written raw
local t = setmetatable({k = 1}, {__newindex = function() error("not called") end})
t.k = 2
return {log, logged.a, store.b, ok, err, ro.x, sink.q, rawget(redirect, "q") == nil, t.k}

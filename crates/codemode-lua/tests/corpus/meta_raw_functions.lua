-- raw access bypasses metamethods
local mt = {
  __index = function() return "meta" end,
  __newindex = function() error("no writes") end,
  __len = function() return 99 end,
  __eq = function() return true end,
}
local t = setmetatable({1, 2}, mt)
local u = setmetatable({}, mt)
rawset(t, "k", "v")
return {t.k, t.zzz, rawget(t, "zzz") == nil, #t, rawlen(t), t == u, rawequal(t, u), rawequal(t, t), rawlen("abc")}

-- A read-only proxy: reads pass through, writes raise; __len and __pairs forward.
local function readonly(t)
  return setmetatable({}, {
    __index = t,
    __newindex = function(_, k) error("attempt to modify read-only field '" .. tostring(k) .. "'", 2) end,
    __len = function() return #t end,
    __pairs = function() return next, t, nil end,
    __metatable = "locked",
  })
end
local cfg = readonly({ 10, 20, 30, mode = "fast" })
local ok, e = pcall(function() cfg.mode = "slow" end)
local ok2, e2 = pcall(setmetatable, cfg, {})
local n = 0
for _ in pairs(cfg) do n = n + 1 end
return { len = #cfg, second = cfg[2], mode = cfg.mode, ok = ok, e = e, ok2 = ok2, e2 = e2,
  mt = getmetatable(cfg), n = n }

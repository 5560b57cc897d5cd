-- A sandboxed config evaluated with its own env table.
local cfg = {}
local f = load("name = 'svc'; port = 8080; tags = {'a', 'b'}; function double(x) return x * 2 end", "config", "t", cfg)
f()
print(cfg.name, cfg.port, #cfg.tags, cfg.double(21), name)
local g = load("return x + y", "expr", "t", {x = 1, y = 2})
print(g())
local proxy = setmetatable({}, {__index = _G})
local h = load("z = math.max(3, 7); return z, type(print)", nil, "t", proxy)
print(h())
print(rawget(proxy, "z"), z)
local k = load("return undefined_thing", nil, "t", {})
print(k())
local bad = load("return x.y", nil, "t", {})
print(pcall(bad))
local nilenv = load("return 1 + 1", nil, "t", nil)
print(nilenv())
return cfg.name

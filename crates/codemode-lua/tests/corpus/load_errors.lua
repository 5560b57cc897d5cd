-- load reports syntax errors as nil plus a message; runtime errors raise when called
local r = {}
local f, err = load("return +")
r[#r + 1] = f == nil
r[#r + 1] = err
f, err = load("x = = 1")
r[#r + 1] = err
f, err = load("goto nowhere")
r[#r + 1] = err
f, err = load("return 1", "chunk", "b")
r[#r + 1] = err
f, err = load("\27Lua", "chunk", "t")
r[#r + 1] = err
local bad = load("local t = nil return t.x")
r[#r + 1] = select(2, pcall(bad))
r[#r + 1] = select(2, load(42))
return r

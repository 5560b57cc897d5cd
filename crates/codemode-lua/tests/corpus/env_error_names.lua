-- Messages name _ENV and the names read through it as lua5.4 does.
local out = {}
out[1] = select(2, pcall(load("x = 1", "=set", "t", nil)))
out[2] = select(2, pcall(load("local _ENV = _ENV x = 1", "=set2", "t", nil)))
out[3] = select(2, pcall(function() local _ENV = 5 y = 1 end))
out[4] = select(2, pcall(function() local _ENV = { } return a.b end))
out[5] = select(2, pcall(function() local _ENV = { t = {} } return t.u.v end))
out[6] = select(2, pcall(function(_ENV) return nofn() end, {}))
out[7] = select(2, pcall(function() local _ENV = setmetatable({}, { __index = _G }) return 1 + unknown end))
out[8] = select(2, pcall(function() local _ENV = { print = print } return #missing end))
local function closure_env()
  local _ENV = { }
  return function() return notthere() end
end
out[9] = select(2, pcall(closure_env()))
out[#out + 1] = select(2, pcall(function() return _ENV["zz"]() end))
out[#out + 1] = select(2, pcall(function() local k = "q" return _ENV[k]() end))
return out

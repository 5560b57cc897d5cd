local env = setmetatable({}, {__index = _G})
local chunk = load([[
  local function helper(x) return x * factor end
  function apply(t) local out = {} for i, v in ipairs(t) do out[i] = helper(v) end return out end
  factor = 3
]], "lib", "t", env)
chunk()
local r = env.apply({1, 2, 3})
env.factor = 10
local r2 = env.apply({1, 2})
return {r, r2, apply == nil, factor == nil}

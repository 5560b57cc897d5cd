-- Assigning _ENV in the main chunk changes the environment of the rest of the chunk and
-- of functions that see it.
local G = _G
local print_ = print
local function before() return type(string) end
local env = setmetatable({}, { __index = G })
_ENV = env
newglobal = "lives in env"
local function after() return newglobal end
local out = {
  in_env = G.rawget(env, "newglobal"),
  not_global = G.newglobal,
  after = after(),
  before = before(),
  string_seen = type(string),
}
_ENV = G
out.back = newglobal
-- errors name free names as globals
out.err = select(2, pcall(function() local _ENV = {} return undefined_fn() end))
out.err2 = select(2, pcall(function() return missing.field end))
local _ENV = nil
local ok, e = G.pcall(function() return anything end)
G.print(e)
return out

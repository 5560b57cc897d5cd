-- fallback values for missing fields in nested config through shared defaults
local defaults = {timeout = 30, retries = 3, verbose = false}
local function config(over) return setmetatable(over, {__index = defaults}) end
local a = config({timeout = 5})
local b = config({})
defaults.retries = 4
return {a.timeout, a.retries, b.timeout, b.verbose, rawget(b, "timeout") == nil}

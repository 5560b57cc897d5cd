-- Settings resolved through a chain of __index tables: user -> team -> defaults.
local defaults = { theme = "light", lang = "en", pageSize = 20, notify = true }
local team = setmetatable({ lang = "de", pageSize = 50 }, { __index = defaults })
local user = setmetatable({ theme = "dark" }, { __index = team })
local keys = { "theme", "lang", "pageSize", "notify", "missing" }
local resolved = {}
for _, k in ipairs(keys) do resolved[#resolved + 1] = k .. "=" .. tostring(user[k]) end
local raw = {}
for _, k in ipairs(keys) do raw[#raw + 1] = tostring(rawget(user, k)) end
team.notify = false
return { resolved = resolved, raw = raw, after = user.notify, deep = user.pageSize }

local function handler(e) return {msg = e, handled = true} end
local ok, r = xpcall(function() local t = nil return t.field end, handler)
return {ok, r.msg, r.handled}

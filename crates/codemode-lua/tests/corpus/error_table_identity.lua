local err = {msg = "x"}
local ok, e = pcall(function() error(err) end)
return {ok, e == err, e.msg}

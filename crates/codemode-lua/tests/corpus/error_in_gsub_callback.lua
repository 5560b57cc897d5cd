local ok, e = pcall(string.gsub, "abc", "%w", function(c) if c == "b" then error("bad char " .. c) end return c end)
return {ok, e}

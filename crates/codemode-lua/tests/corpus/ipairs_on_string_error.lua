local ok = pcall(function() for i, v in ipairs(nil) do end end)
return ok

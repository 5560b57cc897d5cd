return {select(2, pcall(function() for k in pairs(nil) do end end)), select(2, pcall(next, nil)), select("#", pairs(nil))}

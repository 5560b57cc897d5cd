local vars = {name = "Ann", age = 30}
local s1 = ("$name is $age, $unknown"):gsub("%$(%w+)", vars)
local s2, n = ("1 2 3"):gsub("%d", function(d) return d * 2 end)
local s3 = ("keep drop keep"):gsub("%a+", function(w) if w == "drop" then return false end return w:upper() end)
local s4 = ("abc"):gsub("b", function() end)
return {s1, s2, n, s3, s4}

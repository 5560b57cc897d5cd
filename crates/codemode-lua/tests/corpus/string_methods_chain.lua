local s = ("  Hello, World  "):gsub("^%s+", ""):gsub("%s+$", ""):lower():gsub("%p", "")
return {s, ("abc"):upper():rep(2, "-"):len()}

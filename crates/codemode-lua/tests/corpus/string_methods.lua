local s = "Hello"
return {s:upper(), s:lower(), s:len(), ("x"):rep(3), s:sub(2, 3), s:byte(1), ("%d-%s"):format(5, "z"), #s:rep(2, ",")}

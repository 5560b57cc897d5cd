local s = ("ab"):rep(1000, ", ")
return {#s, s:sub(1, 10)}

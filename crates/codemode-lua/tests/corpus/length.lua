local t = {1,2,3}
t[#t+1] = 4
local s = "hello"
return {#t, #s, #"", #{}, #{n=1}, #{1,2,nil}}

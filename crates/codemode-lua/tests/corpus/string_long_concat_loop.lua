local s = ""
for i = 1, 100 do s = s .. i .. "," end
return {#s, s:sub(1, 20), s:sub(-10)}

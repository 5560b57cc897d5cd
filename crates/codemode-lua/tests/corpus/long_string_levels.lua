local s = [==[
first line
]] still ]=] inside
]==]
return {#s, s:sub(1, 10)}

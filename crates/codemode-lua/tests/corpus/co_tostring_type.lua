local co = coroutine.create(print)
print(type(co), math.type(co))
print(tostring(co):sub(1, 8))
local t = {[co] = "thread key"}
print(t[co])
print(co == co, rawequal(co, co), co ~= coroutine.create(print))
local w = coroutine.wrap(print)
print(type(w))
return select("#", co)

-- classes callable as constructors through the class's metatable __call
local Class = setmetatable({}, {__call = function(cls, ...) return cls.new(...) end})
Class.__index = Class
function Class.new(a, b) return setmetatable({a = a, b = b}, Class) end
function Class:sum() return self.a + self.b end
local Sub = setmetatable({}, {__index = Class, __call = function(cls, ...) local o = Class.new(...); return setmetatable(o, cls) end})
Sub.__index = Sub
function Sub:sum() return Class.sum(self) * 10 end
return {Class(1, 2):sum(), Sub(1, 2):sum(), getmetatable(Sub(0, 0)) == Sub}

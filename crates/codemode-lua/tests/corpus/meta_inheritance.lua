-- single inheritance through chained __index tables
local Base = {}
Base.__index = Base
function Base.new(name) return setmetatable({name = name}, Base) end
function Base:greet() return "hello " .. self.name end
function Base:kind() return "base" end
local Derived = setmetatable({}, {__index = Base})
Derived.__index = Derived
function Derived.new(name, extra)
  local o = Base.new(name)
  o.extra = extra
  return setmetatable(o, Derived)
end
function Derived:kind() return "derived+" .. Base.kind(self) end
local d = Derived.new("bob", 7)
return {d:greet(), d:kind(), d.extra, Base.new("x"):kind(), d.missing == nil}

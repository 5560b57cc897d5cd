-- A three-level class hierarchy with a class() helper, super calls and type checks.
local function class(parent)
  local c = {}
  c.__index = c
  if parent then setmetatable(c, { __index = parent }) end
  c.new = function(...) local o = setmetatable({}, c) if o.init then o:init(...) end return o end
  c.super = parent
  return c
end
local function isa(o, c)
  local m = getmetatable(o)
  while m do if m == c then return true end m = m.super end
  return false
end
local Shape = class()
function Shape:init(name) self.name = name end
function Shape:area() return 0 end
function Shape:describe() return string.format("%s with area %.2f", self.name, self:area()) end
local Rect = class(Shape)
function Rect:init(w, h) Shape.init(self, "rect") self.w, self.h = w, h end
function Rect:area() return self.w * self.h end
local Square = class(Rect)
function Square:init(s) Rect.init(self, s, s) self.name = "square" end
local shapes = { Shape.new("blob"), Rect.new(2, 3.5), Square.new(3) }
local out = {}
for i, s in ipairs(shapes) do out[i] = s:describe() end
return { out = out, isa = { isa(shapes[3], Rect), isa(shapes[3], Shape), isa(shapes[2], Square) } }

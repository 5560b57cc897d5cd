-- __call: callable objects (a memoizing function object)
local Memo = {}
Memo.__call = function(self, n)
  if self.cache[n] == nil then
    self.misses = self.misses + 1
    self.cache[n] = self.f(n)
  end
  return self.cache[n]
end
local function memo(f) return setmetatable({f = f, cache = {}, misses = 0}, Memo) end
local sq = memo(function(n) return n * n end)
local r = {sq(3), sq(4), sq(3), sq.misses}
-- extra results and varargs pass through
local multi = setmetatable({}, {__call = function(self, ...) return select("#", ...), ... end})
local n, x, y = multi("a", "b")
r[#r + 1] = n
r[#r + 1] = x .. y
-- pcall and a generic for accept callable tables
r[#r + 1] = select(2, pcall(sq, 5))
local iter = setmetatable({i = 0}, {__call = function(self) self.i = self.i + 1; if self.i <= 3 then return self.i end end})
local s = 0
for i in iter do s = s + i end
r[#r + 1] = s
local ok, err = pcall(function() local t = setmetatable({}, {}) t() end)
r[#r + 1] = err
return r

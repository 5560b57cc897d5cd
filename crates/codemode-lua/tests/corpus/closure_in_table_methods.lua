local function Stack()
  local items = {}
  local self = {}
  function self.push(v) items[#items + 1] = v end
  function self.pop() local v = items[#items] items[#items] = nil return v end
  function self.size() return #items end
  return self
end
local s = Stack()
s.push(1) s.push(2) s.push(3)
local p = s.pop()
return {p, s.size()}

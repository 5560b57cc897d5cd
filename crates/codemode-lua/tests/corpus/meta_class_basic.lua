-- a class made of a metatable: methods through __index, constructor, tostring
local Account = {}
Account.__index = Account
function Account.new(owner, balance)
  return setmetatable({owner = owner, balance = balance or 0}, Account)
end
function Account:deposit(v) self.balance = self.balance + v; return self end
function Account:withdraw(v)
  if v > self.balance then error("insufficient funds", 2) end
  self.balance = self.balance - v
  return self
end
Account.__tostring = function(a) return a.owner .. ": " .. a.balance end
local a = Account.new("ann", 100):deposit(50):withdraw(30)
local ok, err = pcall(a.withdraw, a, 1000)
return {tostring(a), a.balance, ok, err, getmetatable(a) == Account, rawget(a, "deposit") == nil}

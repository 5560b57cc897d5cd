local Account = {}
function Account.new(b) return {balance = b, deposit = Account.deposit, get = Account.get} end
function Account:deposit(v) self.balance = self.balance + v return self end
function Account.get(self) return self.balance end
local a = Account.new(10)
a:deposit(5):deposit(7)
return a:get()

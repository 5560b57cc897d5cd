-- A "transaction" committed on success and rolled back by __close on error.
local db = { balance = 100 }
local log = {}
local function begin()
  local snapshot = db.balance
  local tx = { done = false }
  return setmetatable(tx, { __close = function(t, err)
    if err then db.balance = snapshot log[#log + 1] = "rollback: " .. tostring(err)
    elseif not t.done then db.balance = snapshot log[#log + 1] = "rollback: not committed"
    else log[#log + 1] = "committed" end
  end })
end
local function transfer(amount, commit)
  local tx <close> = begin()
  db.balance = db.balance - amount
  if db.balance < 0 then error("insufficient funds", 0) end
  tx.done = commit
  return db.balance
end
local r = {}
r[#r + 1] = transfer(30, true)
r[#r + 1] = select(2, pcall(transfer, 500, true))
r[#r + 1] = transfer(20, false)
return { r = r, balance = db.balance, log = log }

-- retry with goto: attempt a flaky step a bounded number of times
local attempts, log = 0, {}
local function flaky(n) if n < 3 then error("transient " .. n, 0) end return "ok@" .. n end
::retry::
attempts = attempts + 1
local ok, res = pcall(flaky, attempts)
if not ok then
  log[#log + 1] = res
  if attempts < 5 then goto retry end
end
return {res, attempts, log}

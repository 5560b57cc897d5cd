local attempts = 0
local function flaky()
  attempts = attempts + 1
  if attempts < 3 then error("try again") end
  return "ok after " .. attempts
end
local function retry(f, n)
  local last
  for i = 1, n do
    local ok, r = pcall(f)
    if ok then return r end
    last = r
  end
  error("gave up: " .. last, 0)
end
return {retry(flaky, 5), select(2, pcall(retry, function() error("always", 0) end, 2))}

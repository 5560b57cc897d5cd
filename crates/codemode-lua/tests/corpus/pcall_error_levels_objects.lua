local function validate(x)
  if type(x) ~= "number" then error({field = "x", msg = "must be a number"}, 2) end
  return x * 2
end
local results = {}
for _, v in ipairs({1, "two", 3}) do
  local ok, r = pcall(validate, v)
  results[#results + 1] = ok and r or (r.field .. ": " .. r.msg)
end
return results

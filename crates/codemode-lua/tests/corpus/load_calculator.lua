-- an agent-style calculator: evaluate arithmetic expressions from text safely with pcall
local exprs = {"1 + 2", "2 ^ 10", "(3 + 4) * 5 // 2", "10 / 4", "1 +", "math.max(3, 9, 4)", "#'hello'"}
local out = {}
for i, e in ipairs(exprs) do
  local f, err = load("return " .. e)
  if not f then
    out[i] = "error"
  else
    local ok, v = pcall(f)
    out[i] = ok and v or "runtime error"
  end
end
return out

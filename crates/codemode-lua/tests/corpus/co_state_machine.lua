-- A tokenizer as a coroutine feeding a parser.
local function tokens(s)
  return coroutine.wrap(function()
    for tok in s:gmatch("%S+") do
      if tonumber(tok) then coroutine.yield("num", tonumber(tok))
      else coroutine.yield("op", tok) end
    end
    coroutine.yield("eof")
  end)
end
local function rpn(s)
  local stack = {}
  for kind, v in tokens(s) do
    if kind == "eof" then break end
    if kind == "num" then stack[#stack + 1] = v
    else
      local b, a = table.remove(stack), table.remove(stack)
      if v == "+" then stack[#stack + 1] = a + b
      elseif v == "-" then stack[#stack + 1] = a - b
      elseif v == "*" then stack[#stack + 1] = a * b
      elseif v == "/" then stack[#stack + 1] = a / b end
    end
  end
  return stack[1]
end
return {rpn("3 4 + 2 *"), rpn("10 2 8 * + 3 -"), rpn("1 2 /")}

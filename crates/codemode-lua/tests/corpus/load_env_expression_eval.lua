-- A formula evaluator: expressions loaded with a variables table as env.
local function eval(expr, vars)
  local env = setmetatable({}, { __index = function(_, k)
    if vars[k] ~= nil then return vars[k] end
    if math[k] then return math[k] end
    error("unknown variable '" .. k .. "'", 2)
  end })
  local f, err = load("return " .. expr, "=formula", "t", env)
  if not f then return "syntax: " .. err end
  local ok, v = pcall(f)
  if not ok then return "error: " .. v end
  return v
end
return {
  eval("a * b + 1", { a = 6, b = 7 }),
  eval("sqrt(x) + floor(y)", { x = 16, y = 2.7 }),
  eval("a +", {}),
  eval("missing + 1", {}),
  eval("max(a, b, c) // 2", { a = 3, b = 11, c = 7 }),
  eval("1 / 0 > maxinteger", {}),
}

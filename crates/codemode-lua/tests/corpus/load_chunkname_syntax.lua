-- Syntax and compile errors returned by load carry the chunk name too.
local out = {}
local function err(src, name)
  local f, e = load(src, name)
  out[#out + 1] = tostring(f == nil) .. " " .. tostring(e)
end
err("x = ", "=cfg")
err("x = ", "@cfg.lua")
err("x = ", "cfg")
err("x = ")
err("return return", "=twice")
err("local t = {1, 2\nreturn t", "=table")
err("goto nowhere", "=jumps")
err("do goto l end local x ::l:: print(x)", "=scope")
err("::a:: ::a::", "=labels")
err("for i = 1 do end", "@loop.lua")
err("return 'unfinished", "=str")
err("break", "=brk")
err("local x <const> = 1; x = 2", "=const")
err("local x <foo> = 1", "=attr")
return out

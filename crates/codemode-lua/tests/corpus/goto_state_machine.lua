-- a tokenizer as a goto state machine
local s = "let x = 42 + y1;"
local i, toks = 1, {}
::start::
if i > #s then goto finish end
do
  local c = s:sub(i, i)
  if c:match("%s") then i = i + 1 goto start end
  if c:match("%d") then
    local j = i
    while s:sub(j, j):match("%d") do j = j + 1 end
    toks[#toks + 1] = "num:" .. s:sub(i, j - 1)
    i = j
    goto start
  end
  if c:match("%a") then
    local j = i
    while s:sub(j, j):match("[%w_]") do j = j + 1 end
    toks[#toks + 1] = "id:" .. s:sub(i, j - 1)
    i = j
    goto start
  end
  toks[#toks + 1] = "op:" .. c
  i = i + 1
  goto start
end
::finish::
return table.concat(toks, " ")

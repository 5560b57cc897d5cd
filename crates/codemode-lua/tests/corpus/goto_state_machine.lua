-- A tokenizer written as a state machine with goto.
local function tokens(s)
  local out, i, cur = {}, 1, ""
  ::start::
  if i > #s then goto finish end
  do
    local c = s:sub(i, i)
    i = i + 1
    if c:match("%d") then cur = cur .. c goto start end
    if #cur > 0 then out[#out + 1] = tonumber(cur) cur = "" end
    if c:match("[%+%-%*/()]") then out[#out + 1] = c end
    goto start
  end
  ::finish::
  if #cur > 0 then out[#out + 1] = tonumber(cur) end
  return out
end
return { tokens("12+3*(45-6)"), tokens(" 7 / 8 "), tokens("") }

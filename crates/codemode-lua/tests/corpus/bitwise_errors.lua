local out = {}
for _, f in ipairs({function() return 1.5 & 1 end, function() return "x" | 1 end, function() return {} & 1 end, function() return 1 | nil end, function() return "1.5" | 1 end}) do
  local ok, m = pcall(f) out[#out+1] = m
end
return out

local function shift(s, k)
  return (s:gsub("%a", function(c)
    local base = c:match("%l") and 97 or 65
    return string.char((c:byte() - base + k) % 26 + base)
  end))
end
local enc = shift("Hello, World!", 3)
return {enc, shift(enc, -3)}

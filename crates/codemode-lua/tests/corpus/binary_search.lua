local function bsearch(t, x)
  local lo, hi = 1, #t
  while lo <= hi do
    local mid = (lo + hi) // 2
    if t[mid] == x then return mid elseif t[mid] < x then lo = mid + 1 else hi = mid - 1 end
  end
  return nil
end
local t = {}
for i = 1, 100 do t[i] = i * 3 end
return {bsearch(t, 27), bsearch(t, 300), bsearch(t, 28) == nil}

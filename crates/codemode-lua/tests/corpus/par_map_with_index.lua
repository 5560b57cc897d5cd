-- parallel over a computed list: each task returns only its first value; nil results.
local inputs = { 5, 0, 7, -2 }
local fns = {}
for i, x in ipairs(inputs) do
  fns[i] = function()
    if x <= 0 then return nil, "ignored" end
    return x * x, "second value dropped"
  end
end
local res = parallel(fns)
local out = {}
for i = 1, #inputs do out[i] = tostring(res[i]) end
return { out = out, count = select("#", table.unpack(res, 1, #inputs)) }

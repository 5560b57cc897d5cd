local results = {}
for i = 1, 3 do
  local env = {i = i, tostring = tostring}
  local f = load("counter = (counter or 0) + i; return tostring(counter)", "c", "t", env)
  results[i] = f() .. "/" .. f()
end
results[4] = tostring(counter)
return results

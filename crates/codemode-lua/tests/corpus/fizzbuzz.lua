local out = {}
for i = 1, 15 do
  out[i] = (i % 15 == 0 and "FizzBuzz") or (i % 3 == 0 and "Fizz") or (i % 5 == 0 and "Buzz") or tostring(i)
end
return table.concat(out, " ")

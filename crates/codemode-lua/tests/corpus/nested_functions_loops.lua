local function matrix_mul(a, b)
  local n, m, p = #a, #b, #b[1]
  local c = {}
  for i = 1, n do
    c[i] = {}
    for j = 1, p do
      local s = 0
      for k = 1, m do s = s + a[i][k] * b[k][j] end
      c[i][j] = s
    end
  end
  return c
end
return matrix_mul({{1, 2}, {3, 4}}, {{5, 6}, {7, 8}})

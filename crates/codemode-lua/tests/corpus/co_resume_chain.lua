local function chain(n)
  if n == 0 then return 0 end
  local co = coroutine.create(chain)
  local ok, v = coroutine.resume(co, n - 1)
  if not ok then error(v, 0) end
  return v + 1
end
return {chain(50), chain(150)}

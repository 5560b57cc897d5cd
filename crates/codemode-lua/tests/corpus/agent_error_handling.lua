local function fetch(id)
  if id == 3 then error({code = "NOT_FOUND", id = id}) end
  if id == 5 then error("network down") end
  return {id = id, ok = true}
end
local results, errors = {}, {}
for id = 1, 6 do
  local ok, res = pcall(fetch, id)
  if ok then results[#results + 1] = res.id
  elseif type(res) == "table" then errors[#errors + 1] = res.code .. ":" .. res.id
  else errors[#errors + 1] = res end
end
return {results = results, errors = errors}

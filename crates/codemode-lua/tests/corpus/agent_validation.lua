local function validate(u)
  local errs = {}
  if type(u.name) ~= "string" or #u.name == 0 then errs[#errs + 1] = "name required" end
  if type(u.age) ~= "number" or u.age < 0 or math.type(u.age) ~= "integer" then errs[#errs + 1] = "age must be a non-negative integer" end
  if u.email and not u.email:match("^[%w._%-]+@[%w.-]+%.%a+$") then errs[#errs + 1] = "bad email" end
  return #errs == 0, errs
end
local out = {}
for _, u in ipairs({{name = "ann", age = 3}, {name = "", age = 2.5}, {name = "bo", age = 40, email = "bo@x.io"}, {age = -1, email = "nope"}}) do
  local ok, errs = validate(u)
  out[#out + 1] = {ok = ok, errors = table.concat(errs, "; ")}
end
return out

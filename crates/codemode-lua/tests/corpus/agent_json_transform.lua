-- Decode JSON, transform nested data, encode again.
local input = json.decode('{"users":[{"name":"ann","tags":["a","b"]},{"name":"bob","tags":[]}],"v":2}')
local out = { version = input.v + 1, users = {} }
for i, u in ipairs(input.users) do
  out.users[i] = { name = u.name:upper(), ntags = #u.tags, first = u.tags[1] or json.null }
end
local text = json.encode(out)
local back = json.decode(text)
return { users = back.users, version = back.version }

local doc = json.decode('{"users":[{"id":1,"tags":[]},{"id":2,"tags":["a","b"]}],"meta":{},"count":2}')
local ids = {}
for _, u in ipairs(doc.users) do ids[#ids + 1] = u.id .. ":" .. #u.tags end
return {ids = ids, meta = doc.meta, first_tags = doc.users[1].tags, count = doc.count}

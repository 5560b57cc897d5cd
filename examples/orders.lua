-- The seeds' example: find the tool, call it, shape one JSON value.
local matches = search({ query = "order lookup" })
local order = tools.orders["lookup-by-id"]({ id = "order_42" })
print("found " .. #matches.items .. " matching tools")
return { id = order.id, needsAttention = order.status ~= "complete" }

-- gsub with captures, position captures, anchors, limits and replacement tables.
local s = "name=ann; age=31; city=oslo"
local kv = {}
for k, v in s:gmatch("(%w+)=(%w+)") do kv[#kv + 1] = k .. ":" .. v end
return {
  kv = kv,
  swapped = (s:gsub("(%w+)=(%w+)", "%2=%1")),
  limited = (s:gsub("%w+=", "", 2)),
  positions = (("abc"):gsub("()", "%1")),
  anchored = (("aaa"):gsub("^a", "b")),
  table_repl = (("$x and $y"):gsub("%$(%w+)", { x = "1", y = true and "2" })),
  count = select(2, ("a.b.c"):gsub("%.", "/")),
  frontier = (("THE (quick) fox"):gsub("%f[%a]%a+", string.lower)),
  balanced = ("f(a(b)c) g(d)"):match("%b()"),
}

-- goto compile errors as load reports them.
local out = {}
for _, src in ipairs({
  "goto nope",
  "do local x ::l:: end goto l",
  "goto f; local a; ::f:: print(a)",
  "::dup:: ::dup::",
  "repeat goto c; local z = 1 ::c:: until z",
  "for i = 1, 2 do goto c end ::c::",
  "local function f() goto out end ::out::",
}) do
  local f, e = load(src, "=chunk")
  out[#out + 1] = f and "ok" or e
end
return out

-- Parse log lines into per-level counts and slow requests, skipping malformed lines.
local logs = {
  "2024-01-01T10:00:00 INFO GET /a 120ms", "garbage", "2024-01-01T10:00:01 WARN GET /b 950ms",
  "2024-01-01T10:00:02 ERROR POST /c 20ms", "", "2024-01-01T10:00:03 INFO GET /a 1300ms",
  "2024-01-01T10:00:04 DEBUG GET /d xms",
}
local levels, slow, bad = {}, {}, 0
for _, line in ipairs(logs) do
  local ts, level, method, path, ms = line:match("^(%S+) (%u+) (%u+) (%S+) (%d+)ms$")
  if not ts then bad = bad + 1 goto next end
  levels[level] = (levels[level] or 0) + 1
  if tonumber(ms) >= 900 then slow[#slow + 1] = method .. " " .. path .. " " .. ms end
  ::next::
end
return { levels = levels, slow = slow, bad = bad }

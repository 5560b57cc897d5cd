-- A fixed-width report with string.format: widths, precision, alignment.
local rows = { { "widget", 3, 2.5 }, { "gadget-pro", 12, 19.999 }, { "x", 1000, 0.1 } }
local lines = { string.format("%-10s|%5s|%9s", "item", "qty", "price") }
for _, r in ipairs(rows) do
  lines[#lines + 1] = string.format("%-10.10s|%5d|%9.2f", r[1], r[2], r[3])
end
lines[#lines + 1] = string.format("%+d %05d %x %X %o %e %g %g", 5, 42, 255, 255, 8, 12345.678, 0.0001, 1e20)
lines[#lines + 1] = string.format("%5.1s|%-5s|%.0f|%#x|%c%c", "abc", "ab", 2.5, 255, 72, 105)
return lines

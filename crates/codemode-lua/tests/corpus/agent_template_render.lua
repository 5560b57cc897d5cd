-- Render a template with ${var} placeholders, filters and missing-value handling.
local function render(tpl, vars)
  local missing = {}
  local out = tpl:gsub("%${(%w+)|?(%w*)}", function(name, filter)
    local v = vars[name]
    if v == nil then missing[#missing + 1] = name return "?" end
    v = tostring(v)
    if filter == "upper" then v = v:upper() elseif filter == "len" then v = tostring(#v) end
    return v
  end)
  return out, missing
end
local s, m = render("Hello ${name|upper}, you have ${count} items (${name|len} chars). ${nope}", { name = "ada", count = 3 })
return { s = s, missing = m }

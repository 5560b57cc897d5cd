-- Differential harness: runs a corpus program under lua5.4 the way codemode runs it
-- (chunk name "program", print captured, first returned value serialized to JSON by the
-- data rules) and prints {"ok":..., "value"/"error":..., "logs":[...]} on stdout.
local path = arg[1]
local f = assert(io.open(path, "rb"))
local src = f:read("a")
f:close()

local logs = {}
local function capture_print(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  logs[#logs + 1] = table.concat(parts, "\t")
end

local NULL = setmetatable({}, { __tostring = function() return "null" end })
local arrays = setmetatable({}, { __mode = "k" })

local function esc(s)
  if not utf8.len(s) then error("a string that is not valid UTF-8 is not data", 0) end
  s = s:gsub('[%c"\\]', function(c)
    local map = { ['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t', ['\b'] = '\\b', ['\f'] = '\\f' }
    return map[c] or string.format("\\u%04x", c:byte())
  end)
  return '"' .. s .. '"'
end

local encode
local function num(v)
  if math.type(v) == "integer" then return string.format("%d", v) end
  if v ~= v or v == math.huge or v == -math.huge then return "null" end
  if v == math.floor(v) and math.abs(v) <= 2^53 then return string.format("%d", math.tointeger(v)) end
  return string.format("%.17g", v)
end

encode = function(v, seen, depth)
  local t = type(v)
  if v == nil or v == NULL then return "null" end
  if t == "boolean" then return tostring(v) end
  if t == "number" then return num(v) end
  if t == "string" then return esc(v) end
  if t ~= "table" then error("a " .. t .. " is not data", 0) end
  if seen[v] then error("a cycle is not data", 0) end
  if depth > 128 then error("too deep", 0) end
  seen[v] = true
  local n, strs, ints, other = 0, 0, 0, 0
  for k in pairs(v) do
    n = n + 1
    if type(k) == "string" then strs = strs + 1
    elseif math.type(k) == "integer" then ints = ints + 1
    else other = other + 1 end
  end
  local out
  if n == 0 then
    out = arrays[v] and "[]" or "{}"
  elseif ints == n then
    for i = 1, n do if v[i] == nil then error("a sparse table is not data", 0) end end
    local parts = {}
    for i = 1, n do parts[i] = encode(v[i], seen, depth + 1) end
    out = "[" .. table.concat(parts, ",") .. "]"
  elseif strs == n then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys)
    local parts = {}
    for i, k in ipairs(keys) do parts[i] = esc(k) .. ":" .. encode(v[k], seen, depth + 1) end
    out = "{" .. table.concat(parts, ",") .. "}"
  else
    error("a table with mixed keys is not data", 0)
  end
  seen[v] = nil
  return out
end

-- A minimal json library with codemode's rules, so json programs run here too.
local function decode(s)
  local pos = 1
  local function ws() pos = s:find("[^ \t\r\n]", pos) or #s + 1 end
  local value
  local function str()
    local out = {}
    pos = pos + 1
    while true do
      local c = s:sub(pos, pos)
      if c == "" then error("json.decode: unterminated string") end
      if c == '"' then pos = pos + 1 break end
      if c == "\\" then
        local e = s:sub(pos + 1, pos + 1)
        local map = { b = "\b", f = "\f", n = "\n", r = "\r", t = "\t", ['"'] = '"', ["\\"] = "\\", ["/"] = "/" }
        if e == "u" then
          out[#out + 1] = utf8.char(tonumber(s:sub(pos + 2, pos + 5), 16))
          pos = pos + 6
        else
          out[#out + 1] = map[e]
          pos = pos + 2
        end
      else
        out[#out + 1] = c
        pos = pos + 1
      end
    end
    return table.concat(out)
  end
  value = function()
    ws()
    local c = s:sub(pos, pos)
    if c == "{" then
      local t = {}
      pos = pos + 1
      ws()
      if s:sub(pos, pos) == "}" then pos = pos + 1 return t end
      while true do
        ws()
        if s:sub(pos, pos) ~= '"' then error("json.decode: expected a key") end
        local k = str()
        ws(); pos = pos + 1
        local v = value()
        if v ~= NULL then t[k] = v end
        ws()
        local d = s:sub(pos, pos); pos = pos + 1
        if d == "}" then return t end
        if d ~= "," then error("json.decode: expected ','") end
      end
    elseif c == "[" then
      local t = {}
      arrays[t] = true
      pos = pos + 1
      ws()
      if s:sub(pos, pos) == "]" then pos = pos + 1 return t end
      while true do
        t[#t + 1] = value()
        ws()
        local d = s:sub(pos, pos); pos = pos + 1
        if d == "]" then return t end
        if d ~= "," then error("json.decode: expected ','") end
      end
    elseif c == '"' then
      return str()
    elseif s:sub(pos, pos + 3) == "true" then pos = pos + 4 return true
    elseif s:sub(pos, pos + 4) == "false" then pos = pos + 5 return false
    elseif s:sub(pos, pos + 3) == "null" then pos = pos + 4 return NULL
    else
      local numtext = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
      if not numtext then error("json.decode: unexpected character") end
      pos = pos + #numtext
      return math.tointeger(tonumber(numtext)) or tonumber(numtext)
    end
  end
  local v = value()
  if v == NULL then return nil end
  return v
end

local env = setmetatable({}, { __index = _G })
env.print = capture_print
env._G = env
env.json = {
  null = NULL,
  array = function(...) local t = { ... } arrays[t] = true return t end,
  encode = function(v) return encode(v, {}, 0) end,
  decode = decode,
}
local strcopy = {}
for k, v in pairs(string) do strcopy[k] = v end
strcopy.dump = nil
env.string = strcopy
-- Without an env a chunk shares the program's globals (the program's env here).
env.load = function(chunk, name, mode, ...)
  if select("#", ...) > 0 then return load(chunk, name, mode, (...)) end
  return load(chunk, name, mode, env)
end
-- codemode's parallel(fns) as a sequential shim of the same semantics: every task runs,
-- results in order, the error of the lowest index raised after all finished.
env.parallel = function(fns)
  if type(fns) ~= "table" then
    error("bad argument #1 to 'parallel' (table expected, got " .. (fns == nil and "no value" or type(fns)) .. ")", 2)
  end
  local results, err, erri = {}, nil, nil
  for i = 1, #fns do
    local ok, v = pcall(fns[i])
    if ok then results[i] = v elseif erri == nil then err, erri = v, i end
  end
  if erri then error(err, 0) end
  return results
end
local blocked = { io = true, os = true,
  require = true, package = true, loadstring = true, dofile = true, loadfile = true,
  debug = true, collectgarbage = true }
setmetatable(env, { __index = function(_, k) if blocked[k] then return nil end return _G[k] end })

local chunk, err = load(src, "=program", "t", env)
local result
if not chunk then
  result = '{"ok":false,"error":' .. esc(err) .. ',"logs":[]}'
else
  local res = table.pack(pcall(chunk))
  local logparts = {}
  for i, l in ipairs(logs) do logparts[i] = esc(l) end
  local logjson = "[" .. table.concat(logparts, ",") .. "]"
  if res[1] then
    local ok, enc = pcall(encode, res[2], {}, 0)
    if ok then
      result = '{"ok":true,"value":' .. enc .. ',"logs":' .. logjson .. '}'
    else
      result = '{"ok":false,"error":' .. esc("not data: " .. enc) .. ',"logs":' .. logjson .. '}'
    end
  else
    local e = res[2]
    local msg
    if type(e) == "string" then msg = e
    elseif math.type(e) then msg = tostring(e)
    else msg = "(error object is a " .. type(e) .. " value)" end
    result = '{"ok":false,"error":' .. esc(msg) .. ',"logs":' .. logjson .. '}'
  end
end
io.write(result)

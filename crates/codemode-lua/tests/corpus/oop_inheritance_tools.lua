-- Base client class with subclasses overriding a method; super calls through the metatable.
local Client = {}
Client.__index = Client
function Client.new(name) local o = setmetatable({}, Client) o.name = name o.log = {} return o end
function Client:call(op, arg) self.log[#self.log + 1] = op return self:handle(op, arg) end
function Client:handle(op, arg) return op .. "(" .. tostring(arg) .. ")" end

local Retrying = setmetatable({}, { __index = Client })
Retrying.__index = Retrying
function Retrying.new(name, failures)
  local o = Client.new(name)
  o.failures = failures
  return setmetatable(o, Retrying)
end
function Retrying:handle(op, arg)
  if self.failures > 0 then
    self.failures = self.failures - 1
    error({ retry = true, op = op })
  end
  return "ok:" .. Client.handle(self, op, arg)
end

local function with_retry(c, op, arg, tries)
  for i = 1, tries do
    local ok, res = pcall(c.call, c, op, arg)
    if ok then return res, i end
    if type(res) ~= "table" or not res.retry then error(res) end
  end
  return nil, tries
end
local c = Retrying.new("svc", 2)
local res, attempts = with_retry(c, "get", 7, 5)
return { res = res, attempts = attempts, log = c.log, base = Client.new("b"):call("x", 1),
  isa = getmetatable(c) == Retrying and getmetatable(Retrying).__index == Client }

-- a load reader that loads again nests C levels: the innermost load fails with "C stack overflow"
local load, select = load, select
local d, last = 0, nil
local function r() d = d + 1 local f, e = load(r) if not f then last = last or e end return nil end
local f, e = load(r)
return {f ~= nil, tostring(e), d, tostring(last)}

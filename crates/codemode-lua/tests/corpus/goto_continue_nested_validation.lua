-- Validate nested records, continuing the outer loop from an inner one with goto.
local records = {
  { id = 1, items = { { sku = "a", qty = 1 }, { sku = "b", qty = 2 } } },
  { id = 2, items = { { sku = "c", qty = 0 } } },
  { id = 3, items = {} },
  { id = 4, items = { { sku = "d", qty = 3 }, { qty = 1 } } },
  { id = 5, items = { { sku = "e", qty = 5 } } },
}
local valid, reasons = {}, {}
for _, r in ipairs(records) do
  if #r.items == 0 then reasons[#reasons + 1] = r.id .. ": empty" goto next_record end
  for _, it in ipairs(r.items) do
    if not it.sku then reasons[#reasons + 1] = r.id .. ": missing sku" goto next_record end
    if it.qty <= 0 then reasons[#reasons + 1] = r.id .. ": bad qty" goto next_record end
  end
  valid[#valid + 1] = r.id
  ::next_record::
end
return { valid = valid, reasons = reasons }

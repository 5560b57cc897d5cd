local items = {}
for i = 1, 20 do items[i] = {sku = string.format("SKU-%03d", i), price = i * 1.25, stock = (i * 7) % 5} end
local inStock = {}
for _, it in ipairs(items) do
  if it.stock > 0 and it.price < 15 then inStock[#inStock + 1] = {sku = it.sku, value = it.price * it.stock} end
end
return {count = #inStock, first = inStock[1], last = inStock[#inStock]}

const items = ["SKU-AB-0001 x3", "SKU-CD-0420 x10", "sku-ef-0003 x1", "BAD-0001 x2", "SKU-GH-9999 x0"];
const re = /^SKU-([A-Z]{2})-(\d{4}) x(\d+)$/i;
const byCat = {};
for (const it of items) {
  const m = it.match(re);
  if (!m) continue;
  const cat = m[1].toUpperCase();
  byCat[cat] = (byCat[cat] ?? 0) + Number(m[3]);
}
return byCat;

const text = "key1=val1; key2=val2; bad; key3=val3";
const out = {};
for (const m of text.matchAll(/(\w+)=(\w+)/g)) out[m[1]] = { v: m[2], at: m.index };
const spread = [...text.matchAll(/key(\d)/g)].map((m) => m[1]);
return { out, spread };

const header = 'form-data; name="file"; filename="report 2024.pdf"; size=1024';
const out = {};
for (const m of header.matchAll(/;\s*([\w-]+)=(?:"([^"]*)"|([^;]*))/g)) out[m[1]] = m[2] ?? m[3];
return out;

// Summing 64-bit ids that lose precision as Numbers.
const ids = ["9007199254740993", "18446744073709551615", "12345678901234567890", "1"];
let total = 0n;
for (const id of ids) total += BigInt(id);
const asNumbers = ids.reduce((s, id) => s + Number(id), 0);
return { total: total.toString(), exact: total === 18446744073709551615n + 12345678901234567890n + 9007199254740994n, lossy: asNumbers };

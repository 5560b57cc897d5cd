// Decoding Twitter-style snowflake ids.
const epoch = 1288834974657n;
const decode = (id) => {
  const v = BigInt(id);
  return { ms: Number((v >> 22n) + epoch), worker: Number((v >> 17n) & 0x1fn), seq: Number(v & 0xfffn) };
};
const ids = ["1541815603606036480", "1234567890123456789"];
const encoded = ((1700000000000n - epoch) << 22n) | (3n << 17n) | 7n;
return { decoded: ids.map(decode), encoded: encoded.toString(), roundTrip: decode(encoded.toString()) };

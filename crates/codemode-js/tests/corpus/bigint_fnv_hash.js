// FNV-1a 64-bit hashing with BigInt.asUintN.
const fnv1a = (s) => {
  let h = 0xcbf29ce484222325n;
  for (const ch of s) {
    h ^= BigInt(ch.codePointAt(0));
    h = BigInt.asUintN(64, h * 0x100000001b3n);
  }
  return h;
};
return ["", "a", "hello", "codemode", "🙂"].map((s) => fnv1a(s).toString(16));

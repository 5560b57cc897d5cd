const b = 12345678901234567890n;
return {
  concat: [b + "", "" + b, `${b}`, "id:" + 1n + 2n, 1n + 2n + "x", [1n, 2n].join(","), String([3n, 4n])],
  toString: [b.toString(), b.toString(16), b.toString(2).length, b.toString(36), (-255n).toString(16), (0n).toString(7)],
  string: [String(-5n), String(0n), String(2n ** 100n)],
  locale: [(1234567n).toLocaleString(), (-9876543210n).toLocaleString(), (999n).toLocaleString(), (1000n).toLocaleString("en-US")],
};

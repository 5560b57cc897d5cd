return {
  plain: JSON.stringify([, 1, , ]),
  indent: JSON.stringify([1, , 3], null, 2),
  replacer: JSON.stringify([1, , 3], (k, v) => (v === undefined ? "was-hole" : v)),
  nested: JSON.stringify({ a: [, [, ]] }),
};

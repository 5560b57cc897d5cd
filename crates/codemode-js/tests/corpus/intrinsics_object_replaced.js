const O = {keys: Object.keys, names: Object.getOwnPropertyNames, desc: Object.getOwnPropertyDescriptor, hasOwn: Object.hasOwn, create: Object.create};
try {
  Object.keys = null; Object.getOwnPropertyNames = null; Object.getOwnPropertyDescriptor = null; Object.hasOwn = null; Object.create = null;
  return [JSON.stringify({a: 1, b: {c: [2]}}), Object.getOwnPropertyDescriptors({x: 1}), JSON.parse('{"a":{"b":1}}', (k, v) => v), structuredClone({a: [1, {b: 2}]})];
} finally {
  Object.keys = O.keys; Object.getOwnPropertyNames = O.names; Object.getOwnPropertyDescriptor = O.desc; Object.hasOwn = O.hasOwn; Object.create = O.create;
}

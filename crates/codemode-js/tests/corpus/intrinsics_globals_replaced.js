const isF = isFinite, AE = AggregateError, P = Promise, R = Promise.resolve;
try {
  globalThis.isFinite = null;
  const s = JSON.stringify([1, NaN, Infinity, -0]);
  globalThis.AggregateError = function () { return "fake"; };
  let e;
  try { await Promise.any([Promise.reject(1)]); } catch (x) { e = [x instanceof AE, x.message, x.errors]; }
  Promise.resolve = null;
  const f = await new P(r => r(7)).finally(() => 1);
  return [s, e, f];
} finally { globalThis.isFinite = isF; globalThis.AggregateError = AE; P.resolve = R; }

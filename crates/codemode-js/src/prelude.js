// Self-hosted built-ins. Compiled once per interpreter; callbacks run as VM frames.
// `__cm_x(...)` calls are intrinsics, visible only here; `__cm_call(f, this, ...args)` is a
// plain call with an explicit `this`.
// Every built-in used below is captured here, before any program runs (these bindings live in
// the template heap each execution forks), so a program that replaces `Array.prototype.push`,
// `Function.prototype.call`, `Math.min` or a global changes what it calls itself, never how
// the built-ins behave (as in node, whose built-ins use the realm's intrinsics).
const AP = Array.prototype, SP = String.prototype;
const ArraySlice = AP.slice, ArrayJoin = AP.join, ArrayIncludes = AP.includes;
const ArraySplice = AP.splice, ArrayReverse = AP.reverse;
const StrSlice = SP.slice, StrRepeat = SP.repeat;
const MathTrunc = Math.trunc, MathMin = Math.min, MathMax = Math.max;
const BigIntFn = BigInt, BigIntAsIntN = BigInt.asIntN, BigIntAsUintN = BigInt.asUintN;
const ObjectNames = Object.getOwnPropertyNames, ObjectDescriptor = Object.getOwnPropertyDescriptor;
const ObjectHasOwn = Object.hasOwn, ObjectCreate = Object.create, ObjectSymbols = Object.getOwnPropertySymbols;
const IsFinite = isFinite, AggregateErrorCtor = AggregateError;
const def = (o, n, f) => __cm_def(o, n, f);
const notFnText = (f) => __cm_toStr(typeof f === "string" ? '"' + f + '"' : f === undefined ? "undefined" : typeof f === "object" ? (f === null ? "null" : "#<Object>") : f);
const fnCheck = (f, what) => {
  if (!__cm_isCallable(f)) __cm_typeError(notFnText(f) + " is not a function");
};
const arrCheck = (a, name) => {
  if (!__cm_isArray(a)) __cm_typeError("Array.prototype." + name + " called on a value that is not an array (not supported)");
};
// Array methods are generic (ECMAScript): any receiver but null/undefined, read through
// `length` and indices. Arrays take the fast paths; `present` is HasProperty for the rest.
const lenOf = (o, name) => {
  if (__cm_isArray(o)) return o.length;
  if (o === null || o === undefined) __cm_typeError("Array.prototype." + name + " called on null or undefined");
  let n = +o.length;
  n = n !== n ? 0 : MathTrunc(n);
  return n <= 0 ? 0 : MathMin(n, 9007199254740991);
};
// The elements of a generic receiver as a fresh array (arrays are used as they are).
const snapshot = (o, name) => { if (__cm_isArray(o)) return o; lenOf(o, name); return __cm_call(ArraySlice, o); };
// A fresh dense copy, every index read with Get (holes as undefined): the copying methods
// (toSorted, toReversed, toSpliced, with) do not keep holes.
const denseCopy = (o, name) => {
  const n = lenOf(o, name);
  if (__cm_isDense(o)) return __cm_call(ArraySlice, o);
  const c = __cm_newArray(n);
  for (let i = 0; i < n; i++) c[i] = o[i];
  return c;
};
const present = (o, i) => (typeof o === "object" && o !== null) || typeof o === "function" ? i in o : typeof o === "string" && i < o.length;

def(AP, "forEach", function forEach(f, t = undefined) {
  const o = this, n = lenOf(o, "forEach"); fnCheck(f);
  if (__cm_isArray(o)) { for (let i = 0; i < n; i++) if (i in o) __cm_call(f, t, o[i], i, o); }
  else for (let i = 0; i < n; i++) if (present(o, i)) __cm_call(f, t, o[i], i, o);
});
def(AP, "map", function map(f, t = undefined) {
  const o = this, n = lenOf(o, "map"); fnCheck(f);
  // An absent element leaves a hole in the result.
  const out = __cm_newArray(n);
  if (__cm_isArray(o)) { for (let i = 0; i < n; i++) if (i in o) out[i] = __cm_call(f, t, o[i], i, o); else delete out[i]; }
  else for (let i = 0; i < n; i++) if (present(o, i)) out[i] = __cm_call(f, t, o[i], i, o); else delete out[i];
  return out;
});
def(AP, "filter", function filter(f, t = undefined) {
  const o = this, n = lenOf(o, "filter"); fnCheck(f);
  const out = [], arr = __cm_isArray(o);
  for (let i = 0; i < n; i++) {
    if (arr ? !(i in o) : !present(o, i)) continue;
    const v = o[i]; if (__cm_call(f, t, v, i, o)) __cm_push(out, v);
  }
  return out;
});
const reduceImpl = (o, name, f, init, right) => {
  const n = lenOf(o, name); fnCheck(f);
  const arr = __cm_isArray(o);
  const has = (i) => arr ? i in o : present(o, i);
  let i = right ? n - 1 : 0, acc;
  const step = right ? -1 : 1, inside = (i) => right ? i >= 0 : i < n;
  if (init.length > 0) acc = init[0];
  else {
    while (inside(i) && !has(i)) i += step;
    if (!inside(i)) __cm_typeError("Reduce of empty array with no initial value");
    acc = o[i]; i += step;
  }
  for (; inside(i); i += step) if (has(i)) acc = f(acc, o[i], i, o);
  return acc;
};
def(AP, "reduce", function reduce(f, ...init) { return reduceImpl(this, "reduce", f, init, false); });
def(AP, "reduceRight", function reduceRight(f, ...init) { return reduceImpl(this, "reduceRight", f, init, true); });
def(AP, "find", function find(f, t = undefined) {
  const o = this, n = lenOf(o, "find"); fnCheck(f);
  for (let i = 0; i < n; i++) { const v = o[i]; if (__cm_call(f, t, v, i, o)) return v; }
  return undefined;
});
def(AP, "findIndex", function findIndex(f, t = undefined) {
  const o = this, n = lenOf(o, "findIndex"); fnCheck(f);
  for (let i = 0; i < n; i++) if (__cm_call(f, t, o[i], i, o)) return i;
  return -1;
});
def(AP, "findLast", function findLast(f, t = undefined) {
  const o = this, n = lenOf(o, "findLast"); fnCheck(f);
  for (let i = n - 1; i >= 0; i--) { const v = o[i]; if (__cm_call(f, t, v, i, o)) return v; }
  return undefined;
});
def(AP, "findLastIndex", function findLastIndex(f, t = undefined) {
  const o = this, n = lenOf(o, "findLastIndex"); fnCheck(f);
  for (let i = n - 1; i >= 0; i--) if (__cm_call(f, t, o[i], i, o)) return i;
  return -1;
});
def(AP, "some", function some(f, t = undefined) {
  const o = this, n = lenOf(o, "some"); fnCheck(f);
  if (__cm_isArray(o)) { for (let i = 0; i < n; i++) if (i in o && __cm_call(f, t, o[i], i, o)) return true; }
  else for (let i = 0; i < n; i++) if (present(o, i) && __cm_call(f, t, o[i], i, o)) return true;
  return false;
});
def(AP, "every", function every(f, t = undefined) {
  const o = this, n = lenOf(o, "every"); fnCheck(f);
  if (__cm_isArray(o)) { for (let i = 0; i < n; i++) if (i in o && !__cm_call(f, t, o[i], i, o)) return false; }
  else for (let i = 0; i < n; i++) if (present(o, i) && !__cm_call(f, t, o[i], i, o)) return false;
  return true;
});
def(AP, "flatMap", function flatMap(f, t = undefined) {
  const src = snapshot(this, "flatMap"); fnCheck(f);
  const out = [];
  for (let i = 0; i < src.length; i++) {
    if (!(i in src)) continue;
    const v = __cm_call(f, t, src[i], i, this);
    if (__cm_isArray(v)) { for (let j = 0; j < v.length; j++) if (j in v) __cm_push(out, v[j]); } else __cm_push(out, v);
  }
  return out;
});
const defaultCompare = (a, b) => {
  if (a === undefined) return b === undefined ? 0 : 1;
  if (b === undefined) return -1;
  const x = __cm_toStr(a), y = __cm_toStr(b);
  return x < y ? -1 : x > y ? 1 : 0;
};
const mergeSort = (a, cmp) => {
  const n = a.length;
  if (n < 2) return a;
  let src = __cm_call(ArraySlice, a), dst = __cm_newArray(n);
  __cm_chargeFuel(n * 8);
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = MathMin(lo + width, n), hi = MathMin(lo + 2 * width, n);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        const c = cmp(src[j], src[i]);
        if (c < 0) dst[k++] = src[j++]; else dst[k++] = src[i++];
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    const t = src; src = dst; dst = t;
  }
  return src;
};
const sortInto = (arr, cmp) => {
  if (cmp !== undefined) fnCheck(cmp);
  const c = cmp === undefined ? defaultCompare : (x, y) => {
    if (x === undefined) return y === undefined ? 0 : 1;
    if (y === undefined) return -1;
    const r = +cmp(x, y);
    return r !== r ? 0 : r;
  };
  return mergeSort(arr, c);
};
def(AP, "sort", function sort(cmp) {
  arrCheck(this, "sort");
  if (__cm_isDense(this)) {
    const s = sortInto(this, cmp);
    for (let i = 0; i < s.length; i++) this[i] = s[i];
    return this;
  }
  // The present elements are sorted into the front; the holes end up last, after the
  // undefineds (SortIndexedProperties skips them, then the tail is deleted).
  if (cmp !== undefined) fnCheck(cmp);
  const n = this.length, vals = [];
  for (let i = 0; i < n; i++) if (i in this) __cm_push(vals, this[i]);
  const s = sortInto(vals, cmp);
  for (let i = 0; i < s.length; i++) this[i] = s[i];
  for (let i = s.length; i < n; i++) delete this[i];
  return this;
});
def(AP, "toSorted", function toSorted(cmp) {
  if (cmp !== undefined) fnCheck(cmp);
  return __cm_call(ArraySlice, sortInto(denseCopy(this, "toSorted"), cmp));
});
def(AP, "toReversed", function toReversed() { return __cm_call(ArrayReverse, denseCopy(this, "toReversed")); });
def(AP, "toSpliced", function toSpliced(...args) {
  const c = denseCopy(this, "toSpliced"); __cm_call(ArraySplice, c, ...args); return c;
});
def(AP, "with", function (index, value) {
  const n = lenOf(this, "with"); let i = MathTrunc(+index) || 0; if (i < 0) i += n;
  if (i < 0 || i >= n) __cm_rangeError("Invalid index : " + index);
  const c = denseCopy(this, "with"); c[i] = value; return c;
});
def(AP, "copyWithin", function copyWithin(target, start, end = undefined) {
  arrCheck(this, "copyWithin");
  const n = this.length;
  const rel = (v, d) => { if (v === undefined) return d; v = MathTrunc(+v) || 0; return v < 0 ? MathMax(n + v, 0) : MathMin(v, n); };
  let to = rel(target, 0), from = rel(start, 0); const fin = rel(end, n);
  const count = MathMin(fin - from, n - to);
  const copy = __cm_call(ArraySlice, this, from, from + count);
  // A hole copies as a hole (the target is deleted).
  for (let i = 0; i < count; i++) { if (i in copy) this[to + i] = copy[i]; else delete this[to + i]; }
  return this;
});

def(Array, "from", function from(src, f = undefined, t = undefined) {
  if (f !== undefined) fnCheck(f);
  let items;
  if (src === null || src === undefined) __cm_typeError(src + " is not iterable");
  if (__cm_isArray(src) || typeof src === "string" || src[SymbolIterator] != null) items = [...src];
  else {
    const n = src.length;
    if (typeof n !== "number") items = [];
    else { items = __cm_newArray(MathMax(0, MathTrunc(n) || 0)); for (let i = 0; i < items.length; i++) items[i] = src[i]; }
  }
  if (f === undefined) return items;
  const out = __cm_newArray(items.length);
  for (let i = 0; i < items.length; i++) out[i] = __cm_call(f, t, items[i], i);
  return out;
});

def(Object, "getOwnPropertyDescriptors", function getOwnPropertyDescriptors(o) {
  const out = {};
  for (const k of ObjectNames(o)) out[k] = ObjectDescriptor(o, k);
  for (const k of ObjectSymbols(o)) out[k] = ObjectDescriptor(o, k);
  return out;
});
def(Object, "groupBy", function groupBy(items, f) {
  fnCheck(f);
  const out = ObjectCreate(null);
  let i = 0;
  for (const v of [...items]) {
    const k = __cm_toStr(f(v, i++));
    if (ObjectHasOwn(out, k)) __cm_push(out[k], v); else out[k] = [v];
  }
  return out;
});

// ---- strings (replace, split, match and search are in builtins/regexp.js) ----
def(String, "raw", function raw(strs, ...subs) {
  const r = strs.raw; let out = "";
  for (let i = 0; i < r.length; i++) { out += r[i]; if (i < subs.length && i + 1 < r.length) out += __cm_toStr(subs[i]); }
  return out;
});

// ---- JSON.stringify ----
// The text is bounded as it is built: `used` counts the characters of every value and key
// written (a lower bound of the result's length) and stops at the longest string; before
// that, __cm_jsonBudget proves too large (in time proportional to the objects, not to their
// expanded size) a value whose shared references expand past that bound.
def(JSON, "stringify", function stringify(value, replacer, space) {
  let gap = "";
  if (typeof space === "number") gap = __cm_call(StrRepeat, " ", MathMin(10, MathMax(0, MathTrunc(space) || 0)));
  else if (typeof space === "string") gap = __cm_call(StrSlice, space, 0, 10);
  let fnRep = undefined, allow = undefined;
  if (__cm_isCallable(replacer)) fnRep = replacer;
  else if (__cm_isArray(replacer)) {
    allow = [];
    for (const k of replacer) {
      if (typeof k === "string" || typeof k === "number") { const s = __cm_toStr(k); if (!__cm_call(ArrayIncludes, allow, s)) __cm_push(allow, s); }
    }
  }
  const plain = fnRep === undefined && allow === undefined;
  const budget = __cm_jsonBudget(value, plain);
  let used = 0;
  const stack = [];
  const ser = (holder, key, indent) => {
    let v = holder[key];
    if (v !== null && (typeof v === "object" || typeof v === "function" || typeof v === "bigint") && !__cm_isPromise(v)) {
      const tj = v.toJSON;
      if (__cm_isCallable(tj)) {
        v = __cm_call(tj, v, typeof key === "number" ? __cm_numToString(key) : key);
        // What toJSON returns is walked as if it were the value: bound it the same way.
        if (plain) __cm_jsonBudget(v, true, budget - used);
      }
    }
    if (fnRep !== undefined) v = __cm_call(fnRep, holder, typeof key === "number" ? __cm_numToString(key) : key, v);
    v = __cm_unwrap(v);
    let out;
    if (v === null) out = "null";
    else {
      const t = typeof v;
      if (t === "boolean") out = v ? "true" : "false";
      else if (t === "string") out = __cm_quote(v);
      else if (t === "number") out = IsFinite(v) ? __cm_numToString(v) : "null";
      else if (t === "bigint") __cm_typeError("Do not know how to serialize a BigInt");
      else if (t !== "object") return undefined;
      else return serObject(v, indent);
    }
    used += out.length;
    if (used > budget) __cm_jsonTooLarge();
    return out;
  };
  const serObject = (v, indent) => {
    if (__cm_call(ArrayIncludes, stack, v)) __cm_typeError("Converting circular structure to JSON");
    __cm_push(stack, v);
    const inner = indent + gap;
    const parts = [];
    // The brackets; each element adds itself and one comma or bracket more.
    used += 1;
    if (__cm_isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const s = ser(v, i, inner);
        if (s === undefined) { used += 4; __cm_push(parts, "null"); } else __cm_push(parts, s);
        used += 1;
      }
      stack.length = stack.length - 1;
      if (parts.length === 0) return "[]";
      if (gap === "") return "[" + __cm_call(ArrayJoin, parts, ",") + "]";
      return "[\n" + inner + __cm_call(ArrayJoin, parts, ",\n" + inner) + "\n" + indent + "]";
    }
    const keys = allow !== undefined ? allow : __cm_ownKeys(v);
    for (const k of keys) {
      const s = ser(v, k, inner);
      if (s !== undefined) {
        const q = __cm_quote(k);
        used += q.length + 2;
        if (used > budget) __cm_jsonTooLarge();
        __cm_push(parts, q + (gap === "" ? ":" : ": ") + s);
      }
    }
    stack.length = stack.length - 1;
    if (parts.length === 0) return "{}";
    if (gap === "") return "{" + __cm_call(ArrayJoin, parts, ",") + "}";
    return "{\n" + inner + __cm_call(ArrayJoin, parts, ",\n" + inner) + "\n" + indent + "}";
  };
  return ser({ "": value }, "", "");
});
const jsonParse = JSON.parse;
def(JSON, "parse", function parse(text, reviver) {
  const v = jsonParse(text);
  if (!__cm_isCallable(reviver)) return v;
  const walk = (holder, key) => {
    const val = holder[key];
    if (val !== null && typeof val === "object") {
      if (__cm_isArray(val)) {
        for (let i = 0; i < val.length; i++) {
          const nv = walk(val, __cm_toStr(i));
          val[i] = nv;
        }
      } else {
        for (const k of __cm_ownKeys(val)) {
          const nv = walk(val, k);
          if (nv === undefined) delete val[k]; else val[k] = nv;
        }
      }
    }
    return __cm_call(reviver, holder, key, val);
  };
  return walk({ "": v }, "");
});

// ---- Promise ----
function Promise(executor) {
  if (this === undefined) __cm_typeError("Promise constructor cannot be invoked without 'new'");
  fnCheck(executor);
  const p = __cm_newPromise();
  const [res, rej] = __cm_resolvers(p);
  try { executor(res, rej); } catch (e) { rej(e); }
  return p;
}
const PP = __cm_promiseProto();
__cm_def(Promise, "prototype", PP);
__cm_def(PP, "constructor", Promise);
__cm_def(globalThis, "Promise", Promise);
def(PP, "catch", function (f) { return this.then(undefined, f); });
def(PP, "finally", function (f) {
  if (!__cm_isCallable(f)) return this.then(f, f);
  return this.then(
    (v) => __cm_promiseResolve(f()).then(() => v),
    (e) => __cm_promiseResolve(f()).then(() => { throw e; }),
  );
});
// NewPromiseCapability(C): the combinators and resolve/reject work with any constructor as
// `this` (subclass-style), as ECMAScript specifies; `Promise` itself takes the fast paths.
const newCapability = (C, name) => {
  if (!__cm_isCallable(C)) __cm_typeError("Promise." + name + " called on non-object");
  let resolve, reject;
  const promise = new C((res, rej) => {
    if (resolve !== undefined || reject !== undefined) __cm_typeError("Promise executor has already been invoked with non-undefined arguments");
    resolve = res; reject = rej;
  });
  if (!__cm_isCallable(resolve) || !__cm_isCallable(reject)) __cm_typeError("Promise resolve or reject function is not callable");
  return { promise, resolve, reject };
};
def(Promise, "resolve", function resolve(v) {
  if (this === Promise) return __cm_promiseResolve(v);
  if (v !== null && typeof v === "object" && __cm_isPromise(v) && v.constructor === this) return v;
  const cap = newCapability(this, "resolve");
  cap.resolve(v);
  return cap.promise;
});
def(Promise, "reject", function reject(e) {
  if (this === Promise) return __cm_promiseReject(e);
  const cap = newCapability(this, "reject");
  cap.reject(e);
  return cap.promise;
});
def(Promise, "withResolvers", function withResolvers() {
  if (this === Promise) {
    const p = __cm_newPromise();
    const [resolve, reject] = __cm_resolvers(p);
    return { promise: p, resolve, reject };
  }
  return newCapability(this, "withResolvers");
});
const listOf = (it) => [...it];
// The shared loop of all/allSettled/any: `C.resolve` is read once, each element goes through
// it and through the result's own `then`; `settle(i)` gives the element's two reactions.
// `finish` runs when every element has reported (and once more for an empty list).
const combine = (C, name, it, settle) => {
  const cap = newCapability(C, name);
  try {
    const resolveFn = C.resolve;
    fnCheck(resolveFn);
    const items = listOf(it);
    const state = { left: 1, cap, values: __cm_newArray(items.length) };
    for (let i = 0; i < items.length; i++) {
      state.left++;
      const [onOk, onErr] = settle(state, i);
      __cm_call(resolveFn, C, items[i]).then(onOk, onErr);
    }
    if (--state.left === 0) return { cap, state, empty: true };
    return { cap, state, empty: false };
  } catch (e) {
    cap.reject(e);
    return { cap, state: null, empty: false };
  }
};
const once = (f) => { let done = false; return (v) => { if (done) return; done = true; f(v); }; };
def(Promise, "all", function all(it) {
  const r = combine(this, "all", it, (st, i) => [
    once((v) => { st.values[i] = v; if (--st.left === 0) st.cap.resolve(st.values); }),
    st.cap.reject,
  ]);
  if (r.empty) r.cap.resolve(r.state.values);
  return r.cap.promise;
});
def(Promise, "allSettled", function allSettled(it) {
  const r = combine(this, "allSettled", it, (st, i) => {
    let done = false;
    const put = (entry) => { if (done) return; done = true; st.values[i] = entry; if (--st.left === 0) st.cap.resolve(st.values); };
    return [(value) => put({ status: "fulfilled", value }), (reason) => put({ status: "rejected", reason })];
  });
  if (r.empty) r.cap.resolve(r.state.values);
  return r.cap.promise;
});
def(Promise, "any", function any(it) {
  const r = combine(this, "any", it, (st, i) => [
    st.cap.resolve,
    once((e) => { st.values[i] = e; if (--st.left === 0) st.cap.reject(new AggregateErrorCtor(st.values, "All promises were rejected")); }),
  ]);
  if (r.empty) r.cap.reject(new AggregateErrorCtor([], "All promises were rejected"));
  return r.cap.promise;
});
def(Promise, "race", function race(it) {
  const cap = newCapability(this, "race");
  try {
    const resolveFn = this.resolve;
    fnCheck(resolveFn);
    for (const x of listOf(it)) __cm_call(resolveFn, this, x).then(cap.resolve, cap.reject);
  } catch (e) { cap.reject(e); }
  return cap.promise;
});

// Operators whose operands need a program-defined valueOf/toString run here, as ordinary
// calls (the VM routes them: Vm::call_converter; the codes are vm.rs's convert_code).
const isPrimitive = (v) => v === null || (typeof v !== "object" && typeof v !== "function");
const SymbolToPrimitive = Symbol.toPrimitive;
function toPrimitive(v, hint) {
  if (isPrimitive(v)) return v;
  const exotic = v[SymbolToPrimitive];
  if (exotic !== undefined && exotic !== null) {
    if (!__cm_isCallable(exotic)) __cm_typeError("Symbol.toPrimitive is not a function");
    const r = __cm_call(exotic, v, hint);
    if (isPrimitive(r)) return r;
    __cm_typeError("Cannot convert object to primitive value");
  }
  const order = hint === "string" ? ["toString", "valueOf"] : ["valueOf", "toString"];
  for (const name of order) {
    const f = v[name];
    if (__cm_isCallable(f)) {
      const r = __cm_call(f, v);
      if (isPrimitive(r)) return r;
    }
  }
  __cm_typeError("Cannot convert object to primitive value");
}
// ToNumeric: a BigInt stays one (`x++`, `x--` on an object whose valueOf gives a BigInt).
const toNumeric = (a) => { const x = toPrimitive(a, "number"); return typeof x === "bigint" ? x : +x; };
const toPropertyKey = (k) => { const p = toPrimitive(k, "string"); return typeof p === "symbol" ? p : __cm_toStr(p); };
__cm_setConverter(function convert(op, a, b) {
  switch (op) {
    case 0: { const x = toPrimitive(a, "default"); return x + toPrimitive(b, "default"); }
    case 1: { const x = toPrimitive(a, "number"); return x - toPrimitive(b, "number"); }
    case 2: { const x = toPrimitive(a, "number"); return x * toPrimitive(b, "number"); }
    case 3: { const x = toPrimitive(a, "number"); return x / toPrimitive(b, "number"); }
    case 4: { const x = toPrimitive(a, "number"); return x % toPrimitive(b, "number"); }
    case 5: { const x = toPrimitive(a, "number"); return x ** toPrimitive(b, "number"); }
    case 6: { const x = toPrimitive(a, "number"); return x << toPrimitive(b, "number"); }
    case 7: { const x = toPrimitive(a, "number"); return x >> toPrimitive(b, "number"); }
    case 8: { const x = toPrimitive(a, "number"); return x >>> toPrimitive(b, "number"); }
    case 9: { const x = toPrimitive(a, "number"); return x & toPrimitive(b, "number"); }
    case 10: { const x = toPrimitive(a, "number"); return x | toPrimitive(b, "number"); }
    case 11: { const x = toPrimitive(a, "number"); return x ^ toPrimitive(b, "number"); }
    case 12: { const x = toPrimitive(a, "number"); return x < toPrimitive(b, "number"); }
    case 13: { const x = toPrimitive(a, "number"); return x <= toPrimitive(b, "number"); }
    case 14: { const x = toPrimitive(a, "number"); return x > toPrimitive(b, "number"); }
    case 15: { const x = toPrimitive(a, "number"); return x >= toPrimitive(b, "number"); }
    case 16: return toPrimitive(a, "default") == toPrimitive(b, "default");
    case 17: return toPrimitive(a, "default") != toPrimitive(b, "default");
    case 20: return __cm_toStr(toPrimitive(a, "string"));
    case 21: return -toPrimitive(a, "number");
    case 22: return +toPrimitive(a, "number");
    case 23: return ~toPrimitive(a, "number");
    case 24: { const x = toNumeric(a); return x + (typeof x === "bigint" ? 1n : 1); }
    case 25: { const x = toNumeric(a); return x - (typeof x === "bigint" ? 1n : 1); }
    case 26: return toNumeric(a);
    // BigInt(a), BigInt.asIntN(a, b), BigInt.asUintN(a, b) with a program's conversions:
    // each argument converted in order, the bit count checked (ToIndex) before the value.
    case 27: return BigIntFn(toPrimitive(a, "number"));
    // A built-in whose receiver or argument `v` needs a program-defined conversion
    // (Vm::retry_with_conversion): `v` is converted here and the built-in called again
    // with the primitive in its place. a: the built-in; b: [this, args, v, hint, isNew].
    case 30: {
      const t = b[0], args = b[1], v = b[2], p = toPrimitive(v, b[3]), again = [];
      for (let i = 0; i < args.length; i++) again.push(args[i] === v ? p : args[i]);
      return b[4] ? new a(...again) : __cm_call(a, t === v ? p : t, ...again);
    }
    // Array.prototype.join when an element needs a program-defined conversion
    // (builtins/array.rs join_by_program): the spec's loop, each element converted by a
    // call. a: the array; b: the separator.
    case 31: {
      const len = a.length;
      let out = "";
      for (let i = 0; i < len; i++) {
        if (i > 0) out += b;
        const e = a[i];
        if (e !== undefined && e !== null) out += __cm_toStr(toPrimitive(e, "string"));
      }
      return out;
    }
    // A computed member whose key needs a program-defined conversion (Op::GetElem and
    // Op::SetElem, vm/operators.rs CONVERT_*): ToPropertyKey by a call, then the access.
    case 32: return a[toPropertyKey(b)];
    case 33: { a[toPropertyKey(b[0])] = b[1]; return b[1]; }
    case 34: return toPropertyKey(a);
    case 28: case 29: {
      const bits = +toPrimitive(a, "number");
      const f = op === 28 ? BigIntAsIntN : BigIntAsUintN;
      f(bits, 0n);
      return f(bits, toPrimitive(b, "number"));
    }
  }
  __cm_typeError("Cannot convert object to primitive value");
});

// Map and Set: the methods that call the program (builtins/collections.rs has the rest).
const MapProto = Map.prototype, SetProto = Set.prototype;
const MapEntries = MapProto.entries, MapGet = MapProto.get, MapSet = MapProto.set, MapHas = MapProto.has;
const SetValues = SetProto.values, SetHas = SetProto.has, SetAdd = SetProto.add, SetDelete = SetProto.delete;
const CollectionNext = __cm_call(MapEntries, new Map()).next;
const ObjectToString = Object.prototype.toString;
const isCollection = (o) => {
  const t = __cm_call(ObjectToString, o);
  return t === "[object Map]" || t === "[object Set]" || t === "[object Map Iterator]" || t === "[object Set Iterator]";
};
const setCheck = (o, name) => {
  if (__cm_call(ObjectToString, o) !== "[object Set]")
    __cm_typeError("Method Set.prototype." + name + " called on incompatible receiver " + __cm_toStr(o === null || typeof o !== "object" ? o : "#<Object>"));
  return o;
};
// Visits each entry of a Map or Set iterator, seeing entries added while it runs.
const eachOf = (it, f) => {
  for (let r = __cm_call(CollectionNext, it); !r.done; r = __cm_call(CollectionNext, it)) f(r.value);
};
def(MapProto, "forEach", function forEach(f, t = undefined) {
  const it = __cm_call(MapEntries, this); fnCheck(f);
  eachOf(it, (e) => __cm_call(f, t, e[1], e[0], this));
});
def(SetProto, "forEach", function forEach(f, t = undefined) {
  const it = __cm_call(SetValues, setCheck(this, "forEach")); fnCheck(f);
  eachOf(it, (v) => __cm_call(f, t, v, v, this));
});
def(Map, "groupBy", function groupBy(items, f) {
  fnCheck(f);
  const m = new Map(), list = [...items];
  for (let i = 0; i < list.length; i++) {
    const k = __cm_call(f, undefined, list[i], i);
    const g = __cm_call(MapGet, m, k);
    if (g === undefined) __cm_call(MapSet, m, k, [list[i]]); else __cm_push(g, list[i]);
  }
  return m;
});
// GetSetRecord: the other operand of the Set algebra is anything with size, has and keys.
const setRecord = (other) => {
  if (other === null || (typeof other !== "object" && typeof other !== "function"))
    __cm_typeError(__cm_toStr(other) + " is not an object");
  const raw = other.size, n = +raw;
  if (n !== n) __cm_typeError("The .size property is NaN");
  const size = MathTrunc(n);
  if (size < 0) __cm_rangeError("'" + __cm_toStr(raw) + "' is an invalid size");
  const has = other.has; fnCheck(has);
  const keys = other.keys; fnCheck(keys);
  return { other, size, has, keys };
};
const keysOf = (rec, f) => {
  const it = __cm_call(rec.keys, rec.other);
  if (it === null || typeof it !== "object") __cm_typeError(__cm_toStr(it) + " is not an object");
  const next = it.next;
  for (;;) {
    const r = __cm_call(next, it);
    if (r === null || typeof r !== "object") __cm_typeError(__cm_toStr(r) + " is not an object");
    if (r.done) return true;
    if (f(r.value) === false) { const ret = it.return; if (ret !== undefined) __cm_call(ret, it); return false; }
  }
};
const copySet = (s) => { const out = new Set(); eachOf(__cm_call(SetValues, s), (v) => __cm_call(SetAdd, out, v)); return out; };
const hasIn = (rec, v) => !!__cm_call(rec.has, rec.other, v);
def(SetProto, "union", function union(other) {
  setCheck(this, "union"); const rec = setRecord(other), out = copySet(this);
  keysOf(rec, (k) => { __cm_call(SetAdd, out, k); });
  return out;
});
def(SetProto, "intersection", function intersection(other) {
  setCheck(this, "intersection"); const rec = setRecord(other), out = new Set();
  if (this.size <= rec.size) eachOf(__cm_call(SetValues, this), (v) => { if (hasIn(rec, v)) __cm_call(SetAdd, out, v); });
  else keysOf(rec, (k) => { if (__cm_call(SetHas, this, k)) __cm_call(SetAdd, out, k); });
  return out;
});
def(SetProto, "difference", function difference(other) {
  setCheck(this, "difference"); const rec = setRecord(other), out = copySet(this);
  if (this.size <= rec.size) eachOf(__cm_call(SetValues, this), (v) => { if (hasIn(rec, v)) __cm_call(SetDelete, out, v); });
  else keysOf(rec, (k) => { __cm_call(SetDelete, out, k); });
  return out;
});
def(SetProto, "symmetricDifference", function symmetricDifference(other) {
  setCheck(this, "symmetricDifference"); const rec = setRecord(other), out = copySet(this);
  keysOf(rec, (k) => { if (__cm_call(SetHas, this, k)) __cm_call(SetDelete, out, k); else __cm_call(SetAdd, out, k); });
  return out;
});
def(SetProto, "isSubsetOf", function isSubsetOf(other) {
  setCheck(this, "isSubsetOf"); const rec = setRecord(other);
  if (this.size > rec.size) return false;
  let ok = true;
  eachOf(__cm_call(SetValues, this), (v) => { if (ok && !hasIn(rec, v)) ok = false; });
  return ok;
});
def(SetProto, "isSupersetOf", function isSupersetOf(other) {
  setCheck(this, "isSupersetOf"); const rec = setRecord(other);
  if (this.size < rec.size) return false;
  return keysOf(rec, (k) => __cm_call(SetHas, this, k));
});
def(SetProto, "isDisjointFrom", function isDisjointFrom(other) {
  setCheck(this, "isDisjointFrom"); const rec = setRecord(other);
  if (this.size <= rec.size) {
    let ok = true;
    eachOf(__cm_call(SetValues, this), (v) => { if (ok && hasIn(rec, v)) ok = false; });
    return ok;
  }
  return keysOf(rec, (k) => !__cm_call(SetHas, this, k));
});

// Accessor-aware versions of what the VM does natively for plain data: once an object has
// accessor properties, the VM routes here, where its getters and setters run as ordinary
// property reads and writes (VM frames). See builtins::HOOK_*.
const JsonStringify = JSON.stringify;
const exportPrepare = function exportPrepare(v) {
  const s = JsonStringify(v);
  return s === undefined ? undefined : jsonParse(s);
};
__cm_setHook(0, exportPrepare);
__cm_setHook(1, function copyDataProps(dst, src, exclude) {
  const keys = __cm_ownKeys(src, true);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (exclude === undefined || !__cm_call(ArrayIncludes, exclude, k)) __cm_defineData(dst, k, src[k]);
  }
  return dst;
});
__cm_setHook(2, function values(o) {
  const keys = __cm_ownKeys(o), out = [];
  for (let i = 0; i < keys.length; i++) __cm_push(out, o[keys[i]]);
  return out;
});
__cm_setHook(3, function entries(o) {
  const keys = __cm_ownKeys(o), out = [];
  for (let i = 0; i < keys.length; i++) { const k = keys[i]; __cm_push(out, [k, o[k]]); }
  return out;
});
__cm_setHook(4, function assign(t, ...sources) {
  if (t === null || t === undefined) __cm_typeError("Cannot convert undefined or null to object");
  for (let j = 0; j < sources.length; j++) {
    const s = sources[j];
    if (s === null || s === undefined) continue;
    if (typeof s === "string") { for (let i = 0; i < s.length; i++) t[i] = s[i]; continue; }
    const keys = __cm_ownKeys(s, true);
    for (let i = 0; i < keys.length; i++) { const k = keys[i]; t[k] = s[k]; }
  }
  return t;
});
__cm_setHook(6, function hasInstance(f, c, v) {
  if (!__cm_isCallable(f)) __cm_typeError("Symbol.hasInstance is not a function");
  return !!__cm_call(f, c, v);
});
__cm_setHook(9, function toStringTag(o, getter) {
  const t = __cm_call(getter, o);
  return typeof t === "string" ? "[object " + t + "]" : __cm_builtinTag(o);
});
// The iteration protocol for what the VM does not walk natively (see vm/iter.rs): every
// `next`, `return` and `[Symbol.iterator]` is an ordinary call.
const SymbolIterator = Symbol.iterator;
const shownIn = (v) => (typeof v === "object" && v !== null) || typeof v === "function" ? typeof v : typeof v === "symbol" ? "Symbol()" : "" + v;
const notIterable = (v) => __cm_typeError(v === undefined || v === null
  ? v + " is not iterable (cannot read property Symbol(Symbol.iterator))"
  : shownIn(v) + " is not iterable");
const resultCheck = (r) => { if (isPrimitive(r)) __cm_typeError("Iterator result " + shownIn(r) + " is not an object"); };
function getIterator(v) {
  if (v === undefined || v === null) notIterable(v);
  const f = v[SymbolIterator];
  if (!__cm_isCallable(f)) notIterable(v);
  const iterator = __cm_call(f, v);
  if (isPrimitive(iterator)) __cm_typeError("Result of the Symbol.iterator method is not an object");
  return { iterator, next: iterator.next };
}
function iterClose(it, quiet) {
  if (quiet) {
    try { const r = it.return; if (r !== undefined && r !== null) __cm_call(r, it); } catch (e) { /* the throw leaving the loop wins */ }
    return;
  }
  const r = it.return;
  if (r === undefined || r === null) return;
  resultCheck(__cm_call(r, it));
}
// The first `n` values (all when n is undefined); an iterator left before its end is closed.
function iterCollect(v, n) {
  const rec = getIterator(v), it = rec.iterator, next = rec.next, out = [];
  while (n === undefined || out.length < n) {
    const r = __cm_call(next, it);
    resultCheck(r);
    if (r.done) return out;
    __cm_push(out, r.value);
  }
  iterClose(it, false);
  return out;
}
const MapCtor = Map, SetCtor = Set, WeakMapCtor = WeakMap, WeakSetCtor = WeakSet, FromEntries = Object.fromEntries;
__cm_setHook(7, iterClose);
__cm_setHook(8, iterCollect);
__cm_setHook(10, getIterator);
__cm_setHook(11, function spreadInto(arr, v) {
  const items = iterCollect(v);
  for (let i = 0; i < items.length; i++) __cm_push(arr, items[i]);
  return arr;
});
__cm_setHook(12, function withItems(code, v) {
  const items = iterCollect(v);
  switch (code) {
    case 0: return new MapCtor(items);
    case 1: return new SetCtor(items);
    case 2: return new WeakMapCtor(items);
    case 3: return new WeakSetCtor(items);
    default: return FromEntries(items);
  }
});
__cm_setHook(5, function callPrepared(f, args) {
  const a = exportPrepare(args);
  return f(...a);
});
// `yield*` (compiler/generator.rs): the iterator it walks, and one step of it in the mode
// the outer generator was resumed with (0 next, 1 throw, 2 return).
__cm_setHook(13, function delegateIterator(v) { return getIterator(v).iterator; });
__cm_setHook(14, function delegateStep(it, mode, x) {
  let r;
  if (mode === 0) r = it.next(x);
  else if (mode === 1) {
    const t = it.throw;
    if (t === undefined || t === null) {
      const close = it.return;
      if (close !== undefined && close !== null) __cm_call(close, it);
      __cm_typeError("The iterator does not provide a 'throw' method.");
    }
    r = __cm_call(t, it, x);
  } else {
    const close = it.return;
    if (close === undefined || close === null) return { value: x, done: true };
    r = __cm_call(close, it, x);
  }
  if (r === null || (typeof r !== "object" && typeof r !== "function")) __cm_typeError("Iterator result " + String(r) + " is not an object");
  return r;
});
// `for await` (compiler/for_await.rs): the async iterator, or the sync one whose values
// (promises or not) are awaited (CreateAsyncFromSyncIterator), and its steps.
const SymbolAsyncIterator = Symbol.asyncIterator, PromiseResolve = (v) => __cm_promiseResolve(v), PromiseThen = Promise.prototype.then;
__cm_setHook(15, function asyncIterator(v) {
  if (v !== undefined && v !== null) {
    const f = v[SymbolAsyncIterator];
    if (f !== undefined && f !== null) {
      if (!__cm_isCallable(f)) __cm_typeError(shownIn(v) + " is not async iterable");
      const it = __cm_call(f, v);
      if (isPrimitive(it)) __cm_typeError("Result of the Symbol.asyncIterator method is not an object");
      return it;
    }
  }
  const rec = getIterator(v), sync = rec.iterator, next = rec.next;
  const unwrap = (r) => {
    resultCheck(r);
    const done = !!r.done;
    return __cm_call(PromiseThen, PromiseResolve(r.value), (value) => ({ value, done }));
  };
  return {
    next(x) { return unwrap(__cm_call(next, sync, x)); },
    return(x) {
      const f = sync.return;
      if (f === undefined || f === null) return PromiseResolve({ value: x, done: true });
      return unwrap(__cm_call(f, sync, x));
    },
  };
});
__cm_setHook(16, function asyncNext(it) { return it.next(); });
__cm_setHook(19, function asyncDelegateStep(it, mode, x) {
  if (mode === 0) return it.next(x);
  if (mode === 1) {
    const t = it.throw;
    if (t !== undefined && t !== null) return __cm_call(t, it, x);
    const f = it.return;
    const closing = f === undefined || f === null ? undefined : __cm_call(f, it);
    return __cm_call(PromiseThen, PromiseResolve(closing), () => __cm_typeError("The iterator does not provide a 'throw' method."));
  }
  const f = it.return;
  if (f === undefined || f === null) return __cm_call(PromiseThen, PromiseResolve(x), (value) => ({ value, done: true }));
  return __cm_call(f, it, x);
});
__cm_setHook(17, function asyncResult(r) { resultCheck(r); return r; });
__cm_setHook(18, function asyncClose(it, quiet) {
  if (quiet) {
    try {
      const f = it.return;
      if (f === undefined || f === null) return undefined;
      return __cm_call(PromiseThen, PromiseResolve(__cm_call(f, it)), undefined, () => undefined);
    } catch (e) { return undefined; /* the throw leaving the loop wins */ }
  }
  const f = it.return;
  if (f === undefined || f === null) return undefined;
  return __cm_call(PromiseThen, PromiseResolve(__cm_call(f, it)), (r) => { resultCheck(r); return r; });
});
// ---- Iterator helpers (ECMA-262 §27.1; builtins/iterator_helpers.rs has the objects) ----
// A helper is a `helper` generator branded by __cm_helper with its underlying iterator.
// `return()` resumes a suspended one with a return completion, so a `yield` that does not
// complete (`ok` unset) closes what it walks (the spec's IfAbruptCloseIterator).
const IteratorProto = Iterator.prototype, DONE = {}, DefineProperty = Object.defineProperty, IsPrototypeOf = Object.prototype.isPrototypeOf;
// IteratorStepValue: the next value, or DONE.
const stepValue = (it, next) => { const r = __cm_call(next, it); resultCheck(r); return r.done ? DONE : r.value; };
// A callback's result; a throw from it closes `it` first.
const callClosing = (it, f, v, i) => { try { return __cm_call(f, undefined, v, i); } catch (e) { iterClose(it, true); throw e; } };
const failClosing = (it, msg, range) => { try { if (range) __cm_rangeError(msg); __cm_typeError(msg); } catch (e) { iterClose(it, true); throw e; } };
// The receiver checked and the callback (kinds 0-1, 4-9) or limit (2-3) validated, a
// failure closing the receiver; kinds: map, filter, take, drop, flatMap, then forEach,
// some, every, find, reduce, toArray.
const helperArgs = (o, name, kind, f) => {
  if (isPrimitive(o)) __cm_typeError("Iterator.prototype." + name + " called on non-object");
  if (kind === 2 || kind === 3) {
    let n;
    try { n = +f; } catch (e) { iterClose(o, true); throw e; }
    if (n !== n || (n > 9007199254740991 && n !== 1 / 0) || MathTrunc(n) < 0) failClosing(o, n + " must be positive", true);
    return MathTrunc(n);
  }
  if (kind < 10 && !__cm_isCallable(f)) failClosing(o, notFnText(f) + " is not a function");
  return f;
};
function* helper(kind, o, next, f) {
  for (let i = 0; ; i++) {
    if (kind === 2) { if (f === 0) { iterClose(o, false); return; } f--; }
    for (; kind === 3 && f > 0; f--) { const r = __cm_call(next, o); resultCheck(r); if (r.done) return; }
    const v = stepValue(o, next); if (v === DONE) return;
    let out = v, ok = false;
    if (kind === 0 || kind === 4) out = callClosing(o, f, v, i);
    else if (kind === 1 && !callClosing(o, f, v, i)) continue;
    if (kind !== 4) { try { yield out; ok = true; } finally { if (!ok) iterClose(o, false); } continue; }
    let inner, innerNext;
    try { inner = flattenable(out, false); innerNext = inner.next; } catch (e) { iterClose(o, true); throw e; }
    for (;;) {
      let x;
      try { x = stepValue(inner, innerNext); } catch (e) { iterClose(o, true); throw e; }
      if (x === DONE) break;
      ok = false;
      try { yield x; ok = true; } finally {
        if (!ok) { try { iterClose(inner, false); } catch (e) { iterClose(o, true); throw e; } iterClose(o, false); }
      }
    }
  }
}
const startHelper = (o, name, kind, f) => { f = helperArgs(o, name, kind, f); return __cm_helper(helper(kind, o, o.next, f), o); };
const consume = (o, name, kind, f) => {
  helperArgs(o, name, kind, f);
  const next = o.next, out = [];
  for (let i = 0; ; i++) {
    const v = stepValue(o, next);
    if (v === DONE) return kind === 10 ? out : kind === 6 ? false : kind === 7 ? true : undefined;
    if (kind === 10) { __cm_push(out, v); continue; }
    const r = callClosing(o, f, v, i);
    if (kind !== 5 && !r === (kind === 7)) { iterClose(o, false); return kind === 8 ? v : kind === 6; }
  }
};
// GetIteratorFlattenable: `v`'s iterator, or `v` itself when it has no [Symbol.iterator].
const flattenable = (v, strings) => {
  if (isPrimitive(v) && !(strings && typeof v === "string")) __cm_typeError(shownIn(v) + " is not an object");
  const m = v[SymbolIterator], it = m === undefined || m === null ? v : __cm_call(m, v);
  if (isPrimitive(it)) __cm_typeError(shownIn(it) + " is not an object");
  return it;
};
const IteratorMethods = {
  map(mapper) { return startHelper(this, "map", 0, mapper); },
  filter(predicate) { return startHelper(this, "filter", 1, predicate); },
  take(limit) { return startHelper(this, "take", 2, limit); },
  drop(limit) { return startHelper(this, "drop", 3, limit); },
  flatMap(mapper) { return startHelper(this, "flatMap", 4, mapper); },
  forEach(fn) { return consume(this, "forEach", 5, fn); },
  some(predicate) { return consume(this, "some", 6, predicate); },
  every(predicate) { return consume(this, "every", 7, predicate); },
  find(predicate) { return consume(this, "find", 8, predicate); },
  toArray() { return consume(this, "toArray", 10); },
  reduce(reducer, ...init) {
    const o = this, next = (helperArgs(o, "reduce", 9, reducer), o.next);
    let acc = init.length > 0 ? init[0] : stepValue(o, next), i = init.length > 0 ? 0 : 1;
    if (acc === DONE) __cm_typeError("Reduce of empty iterator with no initial value");
    for (; ; i++) {
      const v = stepValue(o, next); if (v === DONE) return acc;
      try { acc = __cm_call(reducer, undefined, acc, v, i); } catch (e) { iterClose(o, true); throw e; }
    }
  },
};
for (const k of ObjectNames(IteratorMethods)) def(IteratorProto, k, IteratorMethods[k]);
def(Iterator, "from", { from(o) {
  const it = flattenable(o, true), next = it.next;
  return __cm_call(IsPrototypeOf, IteratorProto, it) ? it : __cm_wrap(it, next);
} }.from);
// The setters of Iterator.prototype's `constructor` and [Symbol.toStringTag] write on the
// receiver, never on Iterator.prototype (SetterThatIgnoresPrototypeProperties).
for (const k of ["constructor", Symbol.toStringTag]) DefineProperty(IteratorProto, k, { get: ObjectDescriptor(IteratorProto, k).get, set: ObjectDescriptor({ set [k](v) {
  if (isPrimitive(this) || this === IteratorProto) __cm_typeError("Cannot assign to read only property of Iterator.prototype");
  if (ObjectDescriptor(this, k) === undefined) DefineProperty(this, k, { value: v, writable: true, enumerable: true, configurable: true });
  else this[k] = v;
} }, k).set });
__cm_setHook(20, function helperClosed(h) { iterClose(__cm_helperStop(h), false); return { value: undefined, done: true }; });
__cm_setHook(21, function wrapReturn(it) {
  const r = it.return;
  return r === undefined || r === null ? { value: undefined, done: true } : __cm_call(r, it);
});

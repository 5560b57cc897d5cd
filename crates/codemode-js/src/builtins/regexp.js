
// ---- RegExp's symbol protocol (ECMAScript §22.2.6) and the String methods that use it ----
// String.prototype.match/matchAll/replace/replaceAll/search/split call the argument's
// Symbol.match/... method when it is an object that has one, else make a RegExp from it (or,
// for replace and split, work on its string). RegExp.prototype's symbol methods follow the
// spec's steps through `RegExpExec`, which calls the object's own `exec`. A RegExp whose
// `exec` is the built-in one (and, for split and matchAll, whose species is RegExp; for the
// methods that read `flags`, whose flags read as its own) takes
// the native paths of builtins/regexp.rs (`__cm_strMatch`, ...), which give the same results
// without the calls. The String methods and `test` themselves are natives that take those
// paths at once for a string and a pristine RegExp, and call the functions registered here
// (`__cm_setHook`) for everything else.
const RegExpCtor = RegExp, RegExpProto = RegExp.prototype, RegExpExec = RegExpProto.exec;
const StrCharCodeAt = SP.charCodeAt, StrIndexOf = SP.indexOf;
const SymbolMatch = Symbol.match, SymbolMatchAll = Symbol.matchAll, SymbolReplace = Symbol.replace;
const SymbolSearch = Symbol.search, SymbolSplit = Symbol.split, SymbolSpecies = Symbol.species;
// ToString through a template, which calls a program's toString (the intrinsic cannot).
const toStr = (v) => typeof v === "string" ? v : `${v}`;
const isObject = (v) => !isPrimitive(v), ObjectIs = Object.is, ObjectCtor = Object;
const toLength = (v) => {
  const n = MathTrunc(+v);
  return n !== n || n <= 0 ? 0 : MathMin(n, 9007199254740991);
};
const toIntegerOrInfinity = (v) => { const n = MathTrunc(+v); return n !== n ? 0 : n; };
const strIncludes = (s, c) => __cm_call(StrIndexOf, s, c) >= 0;
// AdvanceStringIndex: one code unit, or one code point in the unicode modes.
const advanceIndex = (s, i, unicode) => {
  if (!unicode || i + 1 >= s.length) return i + 1;
  const c = __cm_call(StrCharCodeAt, s, i);
  if (c < 0xd800 || c > 0xdbff) return i + 1;
  const d = __cm_call(StrCharCodeAt, s, i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? i + 2 : i + 1;
};
const requireObject = (rx, name) => {
  if (isPrimitive(rx)) __cm_typeError("Method RegExp.prototype." + name + " called on incompatible receiver " + notFnText(rx));
};
const requireCoercible = (o, name) => {
  if (o === null || o === undefined) __cm_typeError("String.prototype." + name + " called on null or undefined");
};
// RegExpExec: the object's own `exec` when it is callable (its result must be an object or
// null), else the built-in exec, which needs a real RegExp.
const regExpExec = (rx, s) => {
  const exec = rx.exec;
  if (__cm_isCallable(exec)) {
    const r = __cm_call(exec, rx, s);
    if (r !== null && isPrimitive(r)) __cm_typeError("object null or function expected as the result of exec");
    return r;
  }
  if (!__cm_isRegExp(rx)) __cm_typeError("RegExp exec method called on an incompatible receiver");
  return __cm_call(RegExpExec, rx, s);
};
// Whether `rx` is a RegExp whose matching is the built-in one (the native paths apply).
const builtinExec = (rx) => __cm_isRegExp(rx) && rx.exec === RegExpExec;
// The same, for a method that has read `flags` (the native paths use the RegExp's own
// [[OriginalFlags]], so the program's getters must have given the same).
const builtinWithFlags = (rx, flags) => builtinExec(rx) && flags === __cm_regexpFlags(rx);
const speciesConstructor = (o) => {
  const c = o.constructor;
  if (c === undefined) return RegExpCtor;
  if (isPrimitive(c)) __cm_typeError("object.constructor is not an object");
  const s = c[SymbolSpecies];
  if (s === undefined || s === null) return RegExpCtor;
  if (!__cm_isConstructor(s)) __cm_typeError("object.constructor[Symbol.species] is not a constructor");
  return s;
};
const regExpCreate = (p, f) => new RegExpCtor(p === undefined ? "" : toStr(p), f);
const isRegExp = (v) => {
  if (isPrimitive(v)) return false;
  const m = v[SymbolMatch];
  return m !== undefined ? !!m : __cm_isRegExp(v);
};
const requireGlobal = (re, name) => {
  const flags = re.flags;
  // V8's words for a RegExp-like whose flags are missing.
  if (flags === null || flags === undefined) __cm_typeError("String.prototype." + name + " called on null or undefined");
  if (!strIncludes(toStr(flags), "g")) __cm_typeError("String.prototype." + name + " called with a non-global RegExp argument");
};

// GetSubstitution (§22.1.3.19.1): `$$ $& $\` $' $n $nn $<name>` in a replacement string.
const getSubstitution = (matched, s, pos, captures, groups, rep) => {
  let out = "";
  const m = captures.length, tail = pos + matched.length;
  for (let i = 0; i < rep.length; i++) {
    const c = rep[i];
    if (c !== "$" || i + 1 >= rep.length) { out += c; continue; }
    const d = rep[i + 1];
    if (d === "$") { out += "$"; i++; }
    else if (d === "&") { out += matched; i++; }
    else if (d === "`") { out += __cm_call(StrSlice, s, 0, pos); i++; }
    else if (d === "'") { if (tail < s.length) out += __cm_call(StrSlice, s, tail); i++; }
    else if (d >= "0" && d <= "9") {
      const one = +d, e = rep[i + 2], two = e !== undefined && e >= "0" && e <= "9" ? one * 10 + +e : -1;
      if (two >= 1 && two <= m) { const v = captures[two - 1]; if (v !== undefined) out += v; i += 2; }
      else if (one >= 1 && one <= m) { const v = captures[one - 1]; if (v !== undefined) out += v; i++; }
      else out += "$";
    } else if (d === "<") {
      const close = __cm_call(StrIndexOf, rep, ">", i + 2);
      if (groups === undefined || close < 0) { out += "$<"; i++; continue; }
      const v = groups[__cm_call(StrSlice, rep, i + 2, close)];
      if (v !== undefined) out += toStr(v);
      i = close;
    } else out += "$";
  }
  return out;
};

// ---- `get flags` and `toString` for what is not a pristine RegExp (builtins/regexp.rs) ----
__cm_setHook(28, function flags() {
  const rx = this;
  let out = "";
  if (rx.hasIndices) out += "d";
  if (rx.global) out += "g";
  if (rx.ignoreCase) out += "i";
  if (rx.multiline) out += "m";
  if (rx.dotAll) out += "s";
  if (rx.unicode) out += "u";
  if (rx.unicodeSets) out += "v";
  if (rx.sticky) out += "y";
  return out;
});
__cm_setHook(29, function toString() {
  return "/" + toStr(this.source) + "/" + toStr(this.flags);
});

// ---- RegExp.prototype's symbol methods, and `test` (which also goes through RegExpExec) ----
__cm_setHook(27, function test(string) {
  const rx = this; requireObject(rx, "test");
  const s = toStr(string);
  return builtinExec(rx) ? __cm_regexpTest(rx, s) : regExpExec(rx, s) !== null;
});
const regexpMethods = {
  [SymbolMatch](string) {
    const rx = this; requireObject(rx, "@@match");
    const s = toStr(string);
    const flags = toStr(rx.flags);
    if (builtinWithFlags(rx, flags)) return __cm_strMatch(s, rx);
    if (!strIncludes(flags, "g")) return regExpExec(rx, s);
    const unicode = strIncludes(flags, "u") || strIncludes(flags, "v");
    rx.lastIndex = 0;
    const a = [];
    for (;;) {
      const r = regExpExec(rx, s);
      if (r === null) return a.length === 0 ? null : a;
      const m = toStr(r[0]);
      __cm_push(a, m);
      if (m === "") rx.lastIndex = advanceIndex(s, toLength(rx.lastIndex), unicode);
    }
  },
  [SymbolMatchAll](string) {
    const rx = this; requireObject(rx, "@@matchAll");
    const s = toStr(string);
    const C = speciesConstructor(rx), flags = toStr(rx.flags);
    const matcher = new C(rx, flags);
    matcher.lastIndex = toLength(rx.lastIndex);
    return new RegExpStringIterator(matcher, s, strIncludes(flags, "g"), strIncludes(flags, "u") || strIncludes(flags, "v"));
  },
  [SymbolReplace](string, replaceValue) {
    const rx = this; requireObject(rx, "@@replace");
    const s = toStr(string);
    const functional = __cm_isCallable(replaceValue);
    if (!functional) replaceValue = toStr(replaceValue);
    const flags = toStr(rx.flags), global = strIncludes(flags, "g");
    if (!functional && builtinWithFlags(rx, flags)) return __cm_regexpReplace(rx, s, replaceValue);
    let unicode = false;
    if (global) { unicode = strIncludes(flags, "u") || strIncludes(flags, "v"); rx.lastIndex = 0; }
    const results = [];
    for (;;) {
      const r = regExpExec(rx, s);
      if (r === null) break;
      __cm_push(results, r);
      if (!global) break;
      if (toStr(r[0]) === "") rx.lastIndex = advanceIndex(s, toLength(rx.lastIndex), unicode);
    }
    let out = "", next = 0;
    for (let k = 0; k < results.length; k++) {
      const r = results[k];
      const n = MathMax(toLength(r.length) - 1, 0);
      const matched = toStr(r[0]);
      const pos = MathMax(MathMin(toIntegerOrInfinity(r.index), s.length), 0);
      const captures = [];
      for (let i = 1; i <= n; i++) { const c = r[i]; __cm_push(captures, c === undefined ? c : toStr(c)); }
      let groups = r.groups, replacement;
      if (functional) {
        const args = [matched, ...captures, pos, s];
        if (groups !== undefined) __cm_push(args, groups);
        replacement = toStr(__cm_call(replaceValue, undefined, ...args));
      } else {
        if (groups !== undefined) groups = ObjectCtor(groups);
        replacement = getSubstitution(matched, s, pos, captures, groups, replaceValue);
      }
      if (pos >= next) {
        out += __cm_call(StrSlice, s, next, pos) + replacement;
        next = pos + matched.length;
      }
    }
    return next >= s.length ? out : out + __cm_call(StrSlice, s, next);
  },
  [SymbolSearch](string) {
    const rx = this; requireObject(rx, "@@search");
    const s = toStr(string);
    const previous = rx.lastIndex;
    if (builtinExec(rx) && previous === 0) return __cm_strSearch(s, rx);
    if (!ObjectIs(previous, 0)) rx.lastIndex = 0;
    const r = regExpExec(rx, s);
    if (!ObjectIs(rx.lastIndex, previous)) rx.lastIndex = previous;
    return r === null ? -1 : r.index;
  },
  [SymbolSplit](string, limit) {
    const rx = this; requireObject(rx, "@@split");
    const s = toStr(string);
    const C = speciesConstructor(rx);
    const flags = toStr(rx.flags);
    if (C === RegExpCtor && builtinWithFlags(rx, flags)) return __cm_strSplit(s, rx, limit);
    const unicode = strIncludes(flags, "u") || strIncludes(flags, "v");
    const splitter = new C(rx, strIncludes(flags, "y") ? flags : flags + "y");
    const a = [], lim = limit === undefined ? 4294967295 : limit >>> 0;
    if (lim === 0) return a;
    if (s === "") {
      if (regExpExec(splitter, s) === null) __cm_push(a, s);
      return a;
    }
    let p = 0, q = 0;
    while (q < s.length) {
      splitter.lastIndex = q;
      const z = regExpExec(splitter, s);
      if (z === null) { q = advanceIndex(s, q, unicode); continue; }
      const e = MathMin(toLength(splitter.lastIndex), s.length);
      if (e === p) { q = advanceIndex(s, q, unicode); continue; }
      __cm_push(a, __cm_call(StrSlice, s, p, q));
      if (a.length === lim) return a;
      p = e;
      const n = MathMax(toLength(z.length) - 1, 0);
      for (let i = 1; i <= n; i++) {
        __cm_push(a, z[i]);
        if (a.length === lim) return a;
      }
      q = p;
    }
    __cm_push(a, __cm_call(StrSlice, s, p));
    return a;
  },
};
for (const k of [SymbolMatch, SymbolMatchAll, SymbolReplace, SymbolSearch, SymbolSplit]) {
  DefineProperty(RegExpProto, k, { value: regexpMethods[k], writable: true, enumerable: false, configurable: true });
}
DefineProperty(RegExpCtor, SymbolSpecies, { get: ObjectDescriptor({ get [SymbolSpecies]() { return this; } }, SymbolSpecies).get, enumerable: false, configurable: true });

// %RegExpStringIteratorPrototype%: what matchAll returns, matching lazily, one `next` at a time.
class RegExpStringIterator {
  #rx; #s; #global; #unicode; #done = false;
  constructor(rx, s, global, unicode) { this.#rx = rx; this.#s = s; this.#global = global; this.#unicode = unicode; }
  next() {
    if (isPrimitive(this) || !(#rx in this)) __cm_typeError("Method %RegExpStringIterator%.prototype.next called on incompatible receiver " + notFnText(this));
    if (this.#done) return { value: undefined, done: true };
    const rx = this.#rx, s = this.#s;
    const m = regExpExec(rx, s);
    if (m === null) { this.#done = true; return { value: undefined, done: true }; }
    if (!this.#global) { this.#done = true; return { value: m, done: false }; }
    if (toStr(m[0]) === "") rx.lastIndex = advanceIndex(s, toLength(rx.lastIndex), this.#unicode);
    return { value: m, done: false };
  }
}
const RegExpStringIteratorProto = RegExpStringIterator.prototype;
delete RegExpStringIteratorProto.constructor;
__cm_setProto(RegExpStringIteratorProto, IteratorProto);
DefineProperty(RegExpStringIteratorProto, Symbol.toStringTag, { value: "RegExp String Iterator", writable: false, enumerable: false, configurable: true });

// ---- the String methods ----
// The spec paths of the String methods (numbered as builtins/mod.rs's HOOK_STR_*).
__cm_setHook(22, function match(regexp) {
  requireCoercible(this, "match");
  if (isObject(regexp)) {
    const matcher = regexp[SymbolMatch];
    if (matcher !== undefined && matcher !== null) return __cm_call(matcher, regexp, this);
  }
  const s = toStr(this), rx = regExpCreate(regexp, undefined);
  return rx[SymbolMatch](s);
});
def(SP, "matchAll", function matchAll(regexp) {
  requireCoercible(this, "matchAll");
  if (isObject(regexp)) {
    if (isRegExp(regexp)) requireGlobal(regexp, "matchAll");
    const matcher = regexp[SymbolMatchAll];
    if (matcher !== undefined && matcher !== null) return __cm_call(matcher, regexp, this);
  }
  const s = toStr(this), rx = regExpCreate(regexp, "g");
  return rx[SymbolMatchAll](s);
});
__cm_setHook(25, function search(regexp) {
  requireCoercible(this, "search");
  if (isObject(regexp)) {
    const searcher = regexp[SymbolSearch];
    if (searcher !== undefined && searcher !== null) return __cm_call(searcher, regexp, this);
  }
  const s = toStr(this), rx = regExpCreate(regexp, undefined);
  return rx[SymbolSearch](s);
});
__cm_setHook(26, function split(separator, limit) {
  requireCoercible(this, "split");
  if (isObject(separator)) {
    const splitter = separator[SymbolSplit];
    if (splitter !== undefined && splitter !== null) return __cm_call(splitter, separator, this, limit);
  }
  const s = toStr(this), lim = limit === undefined ? undefined : limit >>> 0;
  return __cm_strSplit(s, separator === undefined ? undefined : toStr(separator), lim);
});
const replaceImpl = (str, pat, rep, all) => {
  requireCoercible(str, all ? "replaceAll" : "replace");
  if (isObject(pat)) {
    if (all && isRegExp(pat)) requireGlobal(pat, "replaceAll");
    const replacer = pat[SymbolReplace];
    if (replacer !== undefined && replacer !== null) return __cm_call(replacer, pat, str, rep);
  }
  const s = toStr(str), p = toStr(pat);
  const fn = __cm_isCallable(rep);
  const r = fn ? rep : toStr(rep);
  let out = "", last = 0, pos = __cm_strIndex(s, p, 0);
  while (pos >= 0) {
    out += __cm_call(StrSlice, s, last, pos);
    out += fn ? toStr(__cm_call(r, undefined, p, pos, s)) : getSubstitution(p, s, pos, [], undefined, r);
    last = pos + p.length;
    if (!all) break;
    if (p.length === 0) { if (pos >= s.length) break; pos = pos + 1; }
    else pos = __cm_strIndex(s, p, last);
  }
  return out + __cm_call(StrSlice, s, last);
};
__cm_setHook(23, function replace(searchValue, replaceValue) { return replaceImpl(this, searchValue, replaceValue, false); });
__cm_setHook(24, function replaceAll(searchValue, replaceValue) { return replaceImpl(this, searchValue, replaceValue, true); });

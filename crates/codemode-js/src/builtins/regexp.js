
// ---- RegExp: replace with a function, matchAll (builtins/regexp.rs has the rest) ----
const RegExpExec = RegExp.prototype.exec, StrCharCodeAt = SP.charCodeAt;
// AdvanceStringIndex: one code unit, or one code point in the unicode modes.
const advanceIndex = (s, i, unicode) => {
  if (!unicode || i + 1 >= s.length) return i + 1;
  const c = __cm_call(StrCharCodeAt, s, i);
  if (c < 0xd800 || c > 0xdbff) return i + 1;
  const d = __cm_call(StrCharCodeAt, s, i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? i + 2 : i + 1;
};
// RegExp.prototype[@@replace]: a string replacement runs natively; a function is called
// with (match, ...captures, position, string, groups?) for each match, in order.
const regexpReplace = (str, rx, rep, all) => {
  const s = __cm_toStr(str);
  if (all && !rx.global) __cm_typeError("String.prototype.replaceAll called with a non-global RegExp argument");
  if (!__cm_isCallable(rep)) return __cm_regexpReplace(rx, s, rep);
  const global = rx.global, unicode = rx.unicode || rx.unicodeSets;
  if (global) rx.lastIndex = 0;
  const results = [];
  for (;;) {
    const m = __cm_call(RegExpExec, rx, s);
    if (m === null) break;
    __cm_push(results, m);
    if (!global) break;
    if (m[0] === "") rx.lastIndex = advanceIndex(s, rx.lastIndex, unicode);
  }
  let out = "", next = 0;
  for (let k = 0; k < results.length; k++) {
    const m = results[k], matched = m[0];
    const pos = MathMax(MathMin(m.index, s.length), 0);
    const args = [matched];
    for (let i = 1; i < m.length; i++) __cm_push(args, m[i]);
    __cm_push(args, pos, s);
    if (m.groups !== undefined) __cm_push(args, m.groups);
    const r = __cm_toStr(__cm_call(rep, undefined, ...args));
    if (pos >= next) {
      out += __cm_call(StrSlice, s, next, pos) + r;
      next = pos + matched.length;
    }
  }
  return out + __cm_call(StrSlice, s, next);
};
// matchAll: the iteration protocol is not there yet, so the matches are collected at once
// into an array (for-of, spread and Array.from walk it) that also has `next()`.
def(SP, "matchAll", function matchAll(re) {
  if (this === null || this === undefined) __cm_typeError("String.prototype.matchAll called on null or undefined");
  const s = __cm_toStr(this), rx = __cm_regexpForAll(re);
  const unicode = rx.unicode || rx.unicodeSets, all = [];
  for (;;) {
    const m = __cm_call(RegExpExec, rx, s);
    if (m === null) break;
    __cm_push(all, m);
    if (m[0] === "") rx.lastIndex = advanceIndex(s, rx.lastIndex, unicode);
  }
  let i = 0;
  def(all, "next", function next() {
    return i < all.length ? { value: all[i++], done: false } : { value: undefined, done: true };
  });
  return all;
});

const log = [];
const o = { valueOf() { log.push('v'); return 42 }, toString() { log.push('s'); return 'str' } };
const t = { toString() { return 'T!' } };
const out = [o + 1, o - 2, o * 2, o / 2, o % 5, o ** 1, o << 1, o >> 1, o >>> 1, o & 3, o | 1, o ^ 1,
  o < 50, o <= 42, o > 41, o >= 43, o == 42, o != 42, o == '42', `${o}`, -o, +o, ~o, `${t}`, t + '', 'x' + t, String(t),
  [1, 2] + t, t == 'T!', null == o, o == o];
let p = { valueOf() { return 5 } }; p++; out.push(p);
let q = { valueOf() { return 5 } }; out.push(++q, q);
let r = { valueOf() { return 1 } }; r += 2; out.push(r);
const s1 = { valueOf() { return 3 } }; let acc = 0; for (let i = 0; i < s1; i++) acc += i; out.push(acc);
try { const bad = { valueOf() { return {} }, toString() { return {} } }; out.push(bad + 1) } catch (e) { out.push(e.name) }
try { const thrower = { valueOf() { throw new RangeError('nope') } }; out.push(thrower * 2) } catch (e) { out.push(e.name + ':' + e.message) }
out.push(log.join(''));
out.push(Number({ valueOf() { return '7' } }), String({ toString() { return 'z' } }));
return out;

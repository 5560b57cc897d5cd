# Writes tests/corpus/*.js from the snippets below (kept as one file for easy review).
import os
P = {}
def p(name, src): P[name] = src.strip() + "\n"

p("arith_basic", "return [1 + 2 * 3, 7 / 2, 7 % 3, -7 % 3, 2 ** 10, 2 ** -1, (1 + 2) * 3];")
p("arith_float", "return [0.1 + 0.2, 1 / 3, 1e21, 1e-7, 123456789012345680000, -0, 5e-324, 2**53 + 1];")
p("arith_nan_inf", "console.log(1/0, -1/0, 0/0, Infinity - Infinity); return [isNaN(NaN), isFinite(1/0), NaN === NaN];")
p("number_tostring", "return [String(0.000001), String(1e-7), String(123e20), String(123e19), (255).toString(16), (255).toString(2), (-3.5).toString(), (0.5).toString(2)];")
p("number_tofixed", "return [(1.005).toFixed(2), (2.5).toFixed(0), (1.45).toFixed(1), (123.456).toFixed(1), (0).toFixed(2), (-1.5).toFixed(0), (1e21).toFixed(2), (0.000001).toFixed(7)];")
p("number_toprecision", "return [(123.456).toPrecision(4), (0.00001234).toPrecision(2), (1234567).toPrecision(2), (1.5).toPrecision(1), (99.99).toPrecision(3)];")
p("number_toexponential", "return [(123456).toExponential(2), (0.00015).toExponential(), (1).toExponential(3), (-5.5).toExponential(0)];")
p("number_parse", "return [parseInt('42px'), parseInt('0x1F'), parseInt('101', 2), parseInt('  -17  '), parseFloat('3.5e2x'), parseFloat('.5'), Number(''), Number(' 12 '), Number('12px'), Number('0b101'), Number(null), Number(undefined), Number(true), Number('1e3')];")
p("number_static", "return [Number.isInteger(5), Number.isInteger(5.5), Number.isSafeInteger(2**53), Number.isNaN('x'), Number.isFinite('1'), Number.MAX_SAFE_INTEGER, Number.EPSILON > 0, Number.MIN_VALUE];")
p("bitwise", "return [5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 31, -1 >>> 0, -16 >> 2, 2**32 + 5 | 0, 1.9 | 0, -1.9 | 0];")
p("compare_mixed", "return ['a' < 'b', 'B' < 'a', '10' < '9', 10 < 9, '10' < 9, null >= 0, undefined == null, undefined === null, NaN < 1, [2] > 1];")
p("loose_equality", "return [1 == '1', 0 == '', 0 == '0', '' == '0', null == 0, false == 'false', true == 1, [1] == 1, 'a' == 'a', null == false];")
p("typeof_all", "return [typeof 1, typeof 'x', typeof true, typeof undefined, typeof null, typeof {}, typeof [], typeof (() => 1), typeof notDefined, typeof Math.max, typeof Promise.resolve(1)];")
p("string_concat", "let s = 'a'; s += 1; s += null; s += undefined; s += true; s += [1,2]; s += {}; return s;")
p("template_literals", "const n = 3, o = {a: 1}; return `n=${n} sum=${n + 4} arr=${[1, 2]} obj=${o.a} nested=${`x${n}`}`;")
p("tagged_template", "function tag(strs, ...vals) { return strs.raw.join('|') + ':' + strs.join('/') + ':' + vals.join(','); } return tag`a${1}b${2}c\\n`;")
p("string_raw", "return String.raw`a\\nb${1 + 1}c`;")
p("let_const_scope", "let x = 1; { let x = 2; console.log(x); } const y = [x]; y.push(3); return y;")
p("tdz_error", "try { console.log(a); let a = 1; } catch (e) { return e.name + ': ' + e.message; }")
p("const_assign", "const c = 1; try { c = 2; } catch (e) { return [e.name, e.message, c]; }")
p("var_hoisting", "function f() { console.log(v); var v = 2; return v; } return [f(), typeof w]; var w = 1;")
p("function_hoisting", "return g(2); function g(n) { return n * 10; }")
p("closures_counter", "function counter() { let n = 0; return { inc: () => ++n, get: () => n }; } const c = counter(); c.inc(); c.inc(); const d = counter(); d.inc(); return [c.get(), d.get()];")
p("closures_loop_let", "const fs = []; for (let i = 0; i < 3; i++) fs.push(() => i); const gs = []; for (var j = 0; j < 3; j++) gs.push(() => j); return [fs.map(f => f()), gs.map(g => g())];")
p("closures_nested", "const mk = a => b => c => a + b + c; return mk(1)(2)(3);")
p("default_params", "function f(a, b = a + 1, c = b * 2) { return [a, b, c]; } return [f(1), f(1, 5), f(1, undefined, 0)];")
p("rest_params", "function f(a, ...rest) { return [a, rest, rest.length]; } return [f(1), f(1, 2, 3)];")
p("spread_calls", "const a = [1, 5, 3]; return [Math.max(...a), Math.min(...a, 0), [...a, ...'hi'], [0, ...a].length];")
p("destructuring_array", "const [a, , b = 5, ...rest] = [1, 2, undefined, 4, 5]; let x, y; [x, y] = [y, x] = [1, 2]; return [a, b, rest, x, y];")
p("destructuring_object", "const {a, b: {c = 3, d} = {}, ...rest} = {a: 1, b: {d: 4}, e: 5, f: 6}; return [a, c, d, rest];")
p("destructuring_params", "const f = ({x, y = 2}, [p, q] = [7, 8]) => x + y + p + q; return [f({x: 1}), f({x: 1, y: 1}, [0, 0])];")
p("destructuring_swap", "let a = 1, b = 2; [a, b] = [b, a]; return {a, b};")
p("destructuring_null_error", "try { const {a} = null; } catch (e) { return e.constructor === TypeError; }")
p("object_shorthand_computed", "const k = 'dyn', v = 1; const o = {v, [k + 'Key']: 2, ['x' + 1]: 3, m() { return this.v; }}; const {m, ...rest} = o; return [rest, o.m()];")
p("object_spread", "const a = {x: 1, y: 2}; const b = {...a, y: 3, z: 4}; const c = {...null, ...undefined, ...'ab'}; return [b, c];")
p("object_key_order", "const o = {b: 1, 2: 'two', a: 2, 1: 'one', '-1': 'neg', '01': 'z'}; return Object.keys(o);")
p("optional_chaining", "const o = {a: {b: null, f() { return 5; }}, arr: [1]}; return [o?.a?.b?.c, o.x?.y.z, o.a.f?.(), o.a.g?.(), o.arr?.[0], o.nope?.[0], (null)?.x];")
p("nullish_ops", "let a = null, b = 0, c; a ??= 5; b ||= 7; c &&= 1; const d = 0 ?? 9, e = null ?? 9; return [a, b, c, d, e];")
p("logical_ops", "return [1 && 2, 0 && 2, 0 || 'x', '' || null, !!'a', !0, null ?? 'd', false ?? 'd'];")
p("comma_void_conditional", "let i = 0; const r = (i++, i++, i); return [r, void 0, i > 1 ? 'big' : 'small', typeof void 'x'];")
p("in_instanceof_delete", "const o = {a: 1, b: 2}; delete o.a; const arr = [1, 2]; return ['a' in o, 'b' in o, 0 in arr, 5 in arr, 'length' in arr, arr instanceof Array, o instanceof Object, [] instanceof Object];")
p("update_ops", "let i = 5; const a = i++; const b = ++i; const o = {n: 1}; o.n++; ++o.n; const arr = [1]; arr[0]--; return [a, b, i, o.n, arr[0]];")
p("compound_assign", "let x = 10; x += 5; x -= 3; x *= 2; x /= 4; x %= 4; x **= 3; let s = 'a'; s += 'b'; const o = {k: 1}; o.k += 1; o['k'] *= 10; return [x, s, o.k];")
p("if_else_chain", "const f = n => { if (n < 0) return 'neg'; else if (n === 0) return 'zero'; else return 'pos'; }; return [f(-1), f(0), f(3)];")
p("while_do_while", "let i = 0, s = 0; while (i < 5) { s += i; i++; } do { s *= 2; } while (s < 100); return [i, s];")
p("for_in", "const o = {a: 1, b: 2, c: 3}; const ks = []; for (const k in o) ks.push(k + o[k]); const idx = []; for (const i in ['x', 'y']) idx.push(i); return [ks, idx];")
p("for_of_kinds", "const out = []; for (const x of [1, 2]) out.push(x); for (const c of 'hé😀') out.push(c); for (const [k, v] of Object.entries({a: 1})) out.push(k + v); return out;")
p("labeled_break_continue", "const out = []; outer: for (let i = 0; i < 3; i++) { for (let j = 0; j < 3; j++) { if (j === 1) continue outer; if (i === 2) break outer; out.push(i + '' + j); } } return out;")
p("switch_basic", "const f = x => { switch (x) { case 1: return 'one'; case 'a': case 'b': return 'ab'; default: return 'other'; } }; return [f(1), f('b'), f('1'), f(null)];")
p("switch_fallthrough", "const out = []; switch (2) { case 1: out.push(1); case 2: out.push(2); case 3: out.push(3); break; case 4: out.push(4); default: out.push('d'); } return out;")
p("switch_default_middle", "const f = x => { let r = []; switch (x) { case 1: r.push(1); default: r.push('d'); case 2: r.push(2); } return r; }; return [f(1), f(2), f(9)];")
p("try_catch_finally", "const log = []; function f() { try { log.push('try'); throw new Error('boom'); } catch (e) { log.push('catch ' + e.message); return 'from catch'; } finally { log.push('finally'); } } return [f(), log];")
p("finally_overrides", "function f() { try { return 1; } finally { console.log('cleanup'); } } function g() { for (let i = 0; i < 3; i++) { try { if (i === 1) break; } finally { console.log('f', i); } } return 'done'; } return [f(), g()];")
p("catch_no_binding", "try { JSON.parse('{bad'); } catch { return 'caught'; }")
p("nested_try_rethrow", "try { try { throw new TypeError('inner'); } catch (e) { throw new RangeError('outer: ' + e.message, {cause: e}); } } catch (e) { return [e.name, e.message, e.cause.name]; }")
p("throw_non_error", "try { throw {code: 42}; } catch (e) { return e.code; }")
p("error_objects", "const e = new Error('msg', {cause: 'why'}); const t = new TypeError('bad'); return [e.name, e.message, e.cause, t.name, t instanceof Error, t instanceof TypeError, e instanceof TypeError, String(t), Object.prototype.toString.call(e)];")
p("error_messages_node", """
const msgs = [];
const tries = [() => undefined.x, () => null.foo.bar, () => { const o = {}; o.method(); }, () => notDefinedVar, () => { let f = 5; f(); }, () => { const o = {a: {}}; o.a.b.c; }, () => { const obj = {}; obj.foo.bar(); }];
for (const t of tries) { try { t(); } catch (e) { msgs.push(e.name + ': ' + e.message); } }
return msgs;
""")
p("uncaught_error", "const x = {}; x.y.z = 1;")
p("uncaught_custom", "throw new RangeError('out of range');")
p("stack_overflow_caught", "function r(n) { return r(n + 1) + 1; } try { r(0); } catch (e) { return [e.name, e.message]; }")
p("this_method", "const o = {n: 2, get() { return this.n; }, arrow: function() { return [1, 2].map(x => x * this.n); }}; const g = o.get; return [o.get(), o.arrow()];")
p("call_apply_bind", "function f(a, b) { return this.x + a + b; } const o = {x: 1}; const b = f.bind(o, 10); return [f.call(o, 2, 3), f.apply(o, [4, 5]), b(20), Math.max.apply(null, [1, 9, 3])];")
p("new_function_ctor", "function P(x) { this.x = x; } P.prototype.double = function() { return this.x * 2; }; const p = new P(4); return [p.x, p.double(), p instanceof P, Object.getPrototypeOf(p) === P.prototype];")
p("function_name_length", "function foo(a, b) {} const bar = () => {}; const o = {baz() {}}; const anon = [function() {}][0]; return [foo.name, foo.length, bar.name, o.baz.name, anon.name, ((a, b, c) => 0).length];")
p("recursion_fib", "const fib = n => n < 2 ? n : fib(n - 1) + fib(n - 2); return fib(20);")
p("array_basic_methods", "const a = [1, 2, 3]; a.push(4, 5); const p = a.pop(); a.unshift(0); const s = a.shift(); return [a, p, s, a.length, a.indexOf(3), a.includes(2), a.lastIndexOf(9), a.at(-1), a.join('-')];")
p("array_slice_splice", "const a = [1, 2, 3, 4, 5]; const r = a.splice(1, 2, 'x', 'y', 'z'); return [a, r, a.slice(1, -1), a.slice(-2), [1, 2, 3].splice(1)];")
p("array_hof", "const a = [1, 2, 3, 4]; return [a.map((x, i) => x * i), a.filter(x => x % 2), a.reduce((s, x) => s + x), a.reduce((s, x) => s + x, 10), a.reduceRight((s, x) => s + x, ''), a.find(x => x > 2), a.findIndex(x => x > 2), a.findLast(x => x < 3), a.findLastIndex(x => x > 10), a.some(x => x > 3), a.every(x => x > 0)];")
p("array_foreach_index", "const out = []; ['a', 'b'].forEach((v, i, arr) => out.push(v + i + arr.length)); return out;")
p("array_sort_default", "return [[10, 9, 1, 100].sort(), ['b', 'a', 'C'].sort(), [3, undefined, 1].sort(), [true, false].sort()];")
p("array_sort_comparator", "const people = [{n: 'a', age: 30}, {n: 'b', age: 25}, {n: 'c', age: 30}, {n: 'd', age: 25}]; people.sort((x, y) => x.age - y.age); return people.map(p => p.n).join('');")
p("array_sort_stable_strings", "const words = ['banana', 'Apple', 'cherry', 'apple']; return [words.slice().sort((a, b) => a.localeCompare(b)), words.toSorted(), words];")
p("array_flat", "return [[1, [2, [3, [4]]]].flat(), [1, [2, [3, [4]]]].flat(2), [1, [2, [3]]].flat(Infinity), [[1, 2], [3]].flatMap(x => x), [1, 2].flatMap(x => [x, x * 2])];")
p("array_from_of", "return [Array.from('abc'), Array.from([1, 2], x => x * 2), Array.from({length: 3}, (_, i) => i * i), Array.of(7, 8), Array.isArray([]), Array.isArray('a'), new Array(3).length, new Array(1, 2)];")
p("array_immutable_methods", "const a = [3, 1, 2]; return [a.toReversed(), a.toSorted(), a.toSpliced(0, 1), a.with(1, 9), a];")
p("array_fill_copywithin", "return [new Array(3).fill(0), [1, 2, 3, 4].fill(9, 1, 3), [1, 2, 3, 4, 5].copyWithin(0, 3), [1, 2, 3, 4, 5].copyWithin(1, 0, 2)];")
p("array_concat_reverse", "const a = [1, 2]; return [a.concat(3, [4, 5], [[6]]), [1, 2, 3].reverse(), [...a.entries()], [...a.keys()], [...a.values()]];")
p("array_length_assign", "const a = [1, 2, 3, 4]; a.length = 2; const b = []; b[2] = 'x'; return [a, b.length, b[0] === undefined];")
p("array_tostring", "return [String([1, [2, 3], null, undefined]), [1, 2] + '', `${[]}`, [] + [], [,].length];")
p("string_methods_1", "const s = 'Hello, World'; return [s.length, s.charAt(1), s.charCodeAt(0), s.at(-1), s.indexOf('o'), s.lastIndexOf('o'), s.includes('World'), s.startsWith('Hell'), s.endsWith('ld'), s.slice(-5), s.substring(7, 3), s.toUpperCase(), s.toLowerCase()];")
p("string_methods_2", "const s = '  pad me  '; return [s.trim(), s.trimStart(), s.trimEnd(), '5'.padStart(3, '0'), 'ab'.padEnd(5, 'xy'), 'ab'.repeat(3), 'a,b,,c'.split(','), 'abc'.split(''), 'a-b-c'.split('-', 2), 'x'.concat(1, 2), 'abc'.split()];")
p("string_replace", "return ['a-b-c'.replace('-', '+'), 'a-b-c'.replaceAll('-', '+'), 'price: $'.replace('$', '$$'), 'abc'.replace('b', '[$&]'), 'abc'.replace('b', \"$`|$'\"), 'aaa'.replace('a', (m, i) => m.toUpperCase() + i), 'x.y.z'.replaceAll('.', (m, i) => i)];")
p("string_unicode", "const s = '😀a'; return [s.length, s.charCodeAt(0), s.codePointAt(0), [...s].length, String.fromCharCode(72, 105), String.fromCodePoint(128512), 'é'.toUpperCase(), 'ß'.length];")
p("string_compare_sort", "return ['a'.localeCompare('b'), 'b'.localeCompare('a'), 'a'.localeCompare('a'), ['b', 'a', 'c'].sort((x, y) => x.localeCompare(y))];")
p("string_index_access", "const s = 'abc'; return [s[0], s[5], s['length'], s.substr(1, 1), s.slice(), s.substring(-5, 2)];")
p("string_conversions", "return [String(null), String(undefined), String(123), String(true), String([1, 2]), String({}), `${null}`, 1 + '2', '3' * '4', '10' / 2, '5' - 2, +'', +' 42 ', -'3'];")
p("math_functions", "return [Math.abs(-3), Math.floor(-1.5), Math.ceil(1.2), Math.round(2.5), Math.round(-2.5), Math.round(-0.4), Math.trunc(-4.7), Math.sign(-3), Math.sqrt(16), Math.cbrt(27), Math.pow(2, 8), Math.max(), Math.min(), Math.hypot(3, 4), Math.max(1, NaN)];")
p("math_more", "return [Math.PI.toFixed(5), Math.E.toFixed(3), Math.log(Math.E), Math.log2(8), Math.log10(1000), Math.exp(0), Math.sin(0), Math.cos(0), Math.atan2(1, 1).toFixed(4), Math.clz32(1), Math.imul(3, 4), Math.fround(5.5)];")
p("math_random_range", "let ok = true; for (let i = 0; i < 100; i++) { const r = Math.random(); if (r < 0 || r >= 1) ok = false; } return ok;")
p("object_static", "const o = {a: 1, b: [2], c: 'x'}; return [Object.keys(o), Object.values(o), Object.entries(o), Object.fromEntries([['x', 1], ['y', 2]]), Object.assign({}, o, {d: 4}), Object.hasOwn(o, 'a'), o.hasOwnProperty('z')];")
p("object_freeze", "const o = Object.freeze({a: 1}); o.a = 2; o.b = 3; return [o, Object.isFrozen(o), Object.isFrozen({})];")
p("object_create_is", "const base = {greet() { return 'hi ' + this.name; }}; const o = Object.create(base); o.name = 'x'; return [o.greet(), Object.is(NaN, NaN), Object.is(0, -0), Object.keys(o)];")
p("json_stringify_basic", "return [JSON.stringify({a: 1, b: [1, 'x', null, true], c: {d: undefined, e: () => 1}}), JSON.stringify([undefined, function() {}, NaN, Infinity]), JSON.stringify('he said \"hi\"\\n'), JSON.stringify(null), JSON.stringify(undefined) === undefined];")
p("json_stringify_indent", "return [JSON.stringify({a: [1, {b: 2}], c: {}}, null, 2), JSON.stringify([1, [2]], null, '--'), JSON.stringify({a: []}, null, 4)];")
p("json_stringify_replacer", "const o = {a: 1, b: 2, c: {a: 3, d: 4}}; return [JSON.stringify(o, ['a', 'c']), JSON.stringify(o, (k, v) => typeof v === 'number' ? v * 10 : v), JSON.stringify({toJSON() { return 'custom'; }}), JSON.stringify({d: {toJSON(k) { return 'key:' + k; }}})];")
p("json_stringify_cycle", "const a = {}; a.self = a; try { JSON.stringify(a); } catch (e) { return e.name; }")
p("json_parse", "const v = JSON.parse('{\"a\":[1,2.5,-3e2],\"b\":{\"c\":null,\"d\":\"x\\\\u0041\"},\"e\":true}'); return [v, JSON.parse('\"s\"'), JSON.parse(' 7 ')];")
p("json_parse_reviver", "return JSON.parse('{\"a\":1,\"b\":{\"c\":2}}', (k, v) => typeof v === 'number' ? v + 100 : v);")
p("json_parse_error", "try { JSON.parse('{\"a\":}'); } catch (e) { return e.name; }")
p("json_roundtrip", "const data = {users: [{id: 1, tags: ['a', 'b']}, {id: 2, tags: []}], total: 2}; return JSON.parse(JSON.stringify(data));")
p("console_log_formats", """
console.log('plain', 1, true, null, undefined);
console.log([1, 2, 3]);
console.log({a: 1, b: 'x'});
console.log({nested: {deep: {deeper: {deepest: 1}}}});
console.log([]);
console.log({});
console.log(['a', 'b']);
console.log(-0, [-0]);
console.log({'a-b': 1, c_d: 2});
return null;
""")
p("console_log_long", """
console.log([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
console.log({alpha: 'aaaaaaaaaaaaaaa', beta: 'bbbbbbbbbbbbbbbbbbb', gamma: 'ccccccccccccccccccc', delta: 1});
console.log(Array.from({length: 30}, (_, i) => i * 3));
console.log([{a: 1}, {b: 2}]);
return 0;
""")
p("console_log_format_specifiers", "console.log('%s is %d years', 'Bob', 42); console.log('%i', 3.9); console.log('100%'); console.log('%j', {a: 1}); return 1;")
p("console_variants", "console.info('info'); console.warn('warn'); console.error('error'); console.debug('debug'); return 'ok';")
p("console_functions", "console.log(function foo() {}, () => {}, async function bar() {}); return 1;")
p("console_strings_nested", "console.log(['it\\'s', 'say \"hi\"', 'new\\nline']); console.log({s: 'str'}); return 1;")
p("console_array_objects", "console.log([{id: 1, name: 'alpha'}, {id: 2, name: 'beta'}, {id: 3, name: 'gamma'}]); return 2;")
p("promise_basic_then", "const r = await Promise.resolve(1).then(x => x + 1).then(x => x * 10); return r;")
p("promise_order", """
const log = [];
Promise.resolve().then(() => log.push('a1')).then(() => log.push('a2'));
Promise.resolve().then(() => log.push('b1')).then(() => log.push('b2'));
log.push('sync');
await null;
log.push('after await');
await Promise.resolve();
return log;
""")
p("promise_async_order", """
const log = [];
async function a() { log.push('a start'); await null; log.push('a end'); }
async function b() { log.push('b start'); await a(); log.push('b end'); }
b();
Promise.resolve().then(() => log.push('then1')).then(() => log.push('then2')).then(() => log.push('then3'));
log.push('sync');
await new Promise(r => r());
await null; await null; await null;
return log;
""")
p("promise_return_promise_ticks", """
const log = [];
async function f() { return Promise.resolve('x'); }
f().then(v => log.push('f ' + v));
Promise.resolve().then(() => log.push(1)).then(() => log.push(2)).then(() => log.push(3)).then(() => log.push(4));
await null; await null; await null; await null; await null;
return log;
""")
p("promise_catch_finally", """
const log = [];
const r = await Promise.reject(new Error('no')).catch(e => { log.push('caught ' + e.message); return 'rec'; }).finally(() => log.push('fin'));
const r2 = await Promise.resolve(5).finally(() => 99);
try { await Promise.resolve(1).finally(() => { throw new Error('f'); }); } catch (e) { log.push(e.message); }
return [r, r2, log];
""")
p("promise_all", "const r = await Promise.all([1, Promise.resolve(2), new Promise(res => res(3))]); const e = await Promise.all([]); try { await Promise.all([1, Promise.reject(new Error('x'))]); } catch (err) { return [r, e, err.message]; }")
p("promise_allsettled", "const r = await Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('bad')), 3]); return r.map(x => x.status + ':' + (x.value ?? x.reason.message));")
p("promise_race_any", """
const a = await Promise.race([new Promise(r => r('first')), Promise.resolve('second')]);
const b = await Promise.any([Promise.reject(new Error('x')), Promise.resolve('ok')]);
try { await Promise.any([Promise.reject(new Error('1')), Promise.reject(new Error('2'))]); } catch (e) { return [a, b, e.name, e.errors.length, e.message]; }
""")
p("promise_executor_throw", "const p = new Promise(() => { throw new Error('exec'); }); try { await p; } catch (e) { return e.message; }")
p("promise_thenable", "const thenable = {then(res) { res(7); }}; const v = await thenable; const w = await Promise.resolve(thenable); return [v, w];")
p("promise_resolve_identity", "const p = Promise.resolve(1); return [Promise.resolve(p) === p, p instanceof Promise, typeof p.then];")
p("async_function_errors", "async function f() { throw new TypeError('async fail'); } try { await f(); } catch (e) { return e.name + ' ' + e.message; }")
p("async_arrow_and_methods", "const o = {async m(x) { return x * 2; }}; const f = async x => x + 1; return [await o.m(2), await f(1), await (async () => 'iife')()];")
p("await_non_promise", "const a = await 5; const b = await 'x'; return [a, b];")
p("await_in_loops", "let s = 0; for (const x of [1, 2, 3]) { s += await Promise.resolve(x); } let i = 0; while (i < 3) { await null; i++; } return [s, i];")
p("await_in_try", "try { await Promise.reject(new Error('r')); } catch (e) { return 'caught ' + e.message; } finally { console.log('fin'); }")
p("tools_single", "const r = await tools.crm.lookup({id: 7}); return r;")
p("tools_parallel", "const ids = [1, 2, 3]; const rs = await Promise.all(ids.map(id => tools.db.get({id}))); return rs.map(r => r.input.id);")
p("tools_bracket_path", "const r = await tools.ns['kebab-name']({x: 1}); return r.path;")
p("tools_failure_caught", "try { await tools.svc.fail({}); } catch (e) { return [e.message, e.code]; }")
p("tools_failure_allsettled", "const rs = await Promise.allSettled([tools.a.ok(1), tools.a.fail(2)]); return rs.map(r => r.status);")
p("tools_input_shapes", "const r = await tools.t.echo({a: [1, {b: null}], s: 'x', n: 1.5, u: undefined}); return r.input;")
p("tools_then_chain", "return await tools.a.b({}).then(r => r.path.toUpperCase());")
p("agent_style_report", """
const orders = [
  {id: 'o1', customer: 'acme', total: 120.5, status: 'paid'},
  {id: 'o2', customer: 'globex', total: 80, status: 'pending'},
  {id: 'o3', customer: 'acme', total: 42.25, status: 'paid'},
  {id: 'o4', customer: 'initech', total: 300, status: 'refunded'},
  {id: 'o5', customer: 'globex', total: 15.75, status: 'paid'},
];
const paid = orders.filter(o => o.status === 'paid');
const byCustomer = {};
for (const o of paid) {
  byCustomer[o.customer] ??= {count: 0, total: 0};
  byCustomer[o.customer].count++;
  byCustomer[o.customer].total += o.total;
}
const ranking = Object.entries(byCustomer).map(([name, s]) => ({name, ...s, avg: +(s.total / s.count).toFixed(2)})).sort((a, b) => b.total - a.total);
console.log(`paid orders: ${paid.length}`);
return {ranking, grand: paid.reduce((s, o) => s + o.total, 0)};
""")
p("agent_style_dedupe", """
const rows = ['b', 'a', 'b', 'c', 'a'];
const seen = {};
const unique = rows.filter(r => (seen[r] ? false : (seen[r] = true)));
const counts = rows.reduce((acc, r) => ({...acc, [r]: (acc[r] || 0) + 1}), {});
return {unique, counts, top: Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]};
""")
p("agent_style_tools_pipeline", """
const users = await Promise.all(['u1', 'u2'].map(id => tools.users.get({id})));
const enriched = [];
for (const u of users) {
  const detail = await tools.users.detail({id: u.input.id});
  enriched.push({id: u.input.id, via: detail.path});
}
return enriched;
""")
p("agent_style_text", """
const text = 'The quick brown fox jumps over the lazy dog. The dog sleeps.';
const words = text.toLowerCase().split(' ').map(w => w.replaceAll('.', ''));
const freq = {};
for (const w of words) freq[w] = (freq[w] ?? 0) + 1;
const top = Object.entries(freq).filter(([, n]) => n > 1).map(([w, n]) => `${w}:${n}`);
return {count: words.length, top, longest: words.reduce((a, b) => b.length > a.length ? b : a)};
""")
p("agent_style_table", """
const rows = [['name', 'qty'], ['apple', 3], ['pear', 10]];
const widths = rows[0].map((_, i) => Math.max(...rows.map(r => String(r[i]).length)));
const lines = rows.map(r => r.map((c, i) => String(c).padEnd(widths[i])).join(' | '));
lines.forEach(l => console.log(l));
return lines.length;
""")
p("agent_style_dates_free", "const items = [{d: '2024-01-05'}, {d: '2023-12-31'}, {d: '2024-01-01'}]; return items.map(i => i.d).sort().reverse();")
p("agent_style_pagination", """
let page = 0; const all = [];
while (true) {
  const r = await tools.api.list({page});
  all.push(r.input.page);
  page++;
  if (page >= 3) break;
}
return all;
""")
p("agent_style_math", "const xs = [2, 4, 4, 4, 5, 5, 7, 9]; const mean = xs.reduce((a, b) => a + b) / xs.length; const sd = Math.sqrt(xs.map(x => (x - mean) ** 2).reduce((a, b) => a + b) / xs.length); return {mean, sd, median: xs.toSorted((a, b) => a - b)[xs.length / 2]};")
p("structured_clone", "const a = {x: [1, {y: 2}]}; const b = structuredClone(a); b.x[1].y = 3; return [a.x[1].y, b.x[1].y];")
p("global_this", "globalThis.myGlobal = 5; return [typeof globalThis, myGlobal, globalThis.Math === Math];")
p("implicit_global", "function f() { leaked = 3; } f(); return leaked;")
p("return_undefined", "const x = 1;")
p("return_nested_undefined", "return {a: undefined, b: [undefined], c: null};")
p("return_nan_inf", "return [NaN, Infinity, -Infinity, {n: NaN}];")
p("boolean_fn", "return [Boolean(0), Boolean('0'), Boolean([]), Boolean(''), !!NaN, true.toString(), (false).valueOf()];")
p("number_methods_on_literals", "const n = 42; return [n.toString(), n.toFixed(1), (3.14159).toPrecision(3), Number('7').toString(2)];")
p("sequence_in_for", "const out = []; for (let i = 0, j = 10; i < j; i += 3, j -= 3) out.push([i, j]); return out;")
p("nested_functions_this", "const o = {v: 1, outer() { const inner = () => this.v; return inner(); }}; return o.outer();")
p("getter_like_methods", "const o = {items: [1, 2], count() { return this.items.length; }, add(x) { this.items.push(x); return this; }}; return o.add(3).add(4).count();")
p("recursion_deep_ok", "function sum(n) { return n === 0 ? 0 : n + sum(n - 1); } return sum(150);")
p("array_includes_nan", "return [[NaN].includes(NaN), [NaN].indexOf(NaN), [0].includes(-0), [1, 2, 3].includes(2, 2)];")
p("string_split_join_roundtrip", "const csv = 'a,b\\nc,d'; return csv.split('\\n').map(l => l.split(',')).map(r => r.reverse().join(';')).join('|');")
p("object_in_array_mutation", "const arr = [{n: 1}, {n: 2}]; arr.forEach(o => o.n *= 10); return arr;")
p("array_holes_literal", "const a = [1, , 3]; return [a.length, a[1]];")
p("chained_optional_calls", "const api = {get: () => ({data: {items: [1, 2]}})}; return [api.get?.().data?.items?.length, api.post?.().data];")
p("exponent_assoc", "return [2 ** 3 ** 2, (-2) ** 2, 2 ** -2];")
p("string_comparison_unicode", "return ['a' < 'B', 'Z' < 'a', 'é' > 'z', 'abc' < 'abd', 'ab' < 'abc'];")
p("closure_counter_shared", "let count = 0; const inc = () => count++; inc(); inc(); return count;")
p("iife_pattern", "const result = (function() { const priv = 10; return priv * 2; })(); return result;")
p("default_param_closure", "let x = 1; function f(a = x) { return a; } x = 2; return f();")
p("arguments_free", "function f(...args) { return args.length; } return f(1, 2, 3);")
p("while_break_continue", "let i = 0; const out = []; while (true) { i++; if (i % 2) continue; if (i > 8) break; out.push(i); } return out;")
p("do_while_once", "let n = 0; do { n++; } while (false); return n;")
p("nested_data_access", "const d = {a: [{b: {c: [10, 20]}}]}; return [d.a[0].b.c[1], d['a'][0]['b']['c'].length, d.a?.[1]?.b];")
p("numeric_keys_objects", "const o = {}; o[1] = 'a'; o['2'] = 'b'; o[1.5] = 'c'; return [Object.keys(o), o['1'], o[2]];")
p("string_number_keys", "const counts = {}; for (const n of [3, 1, 3, 2, 1, 3]) counts[n] = (counts[n] || 0) + 1; return counts;")
p("sort_numbers_desc", "return [5, 1, 10, 2].sort((a, b) => b - a);")
p("map_with_index_obj", "return ['a', 'b'].map((v, i) => ({[v]: i}));")
p("reduce_to_object", "return [['a', 1], ['b', 2]].reduce((o, [k, v]) => { o[k] = v; return o; }, {});")
p("every_some_empty", "return [[].every(x => false), [].some(x => true)];")
p("string_pad_table", "return [1, 22, 333].map(n => String(n).padStart(5, '.'));")
p("template_multiline", "const name = 'x'; return `line1\n  ${name}\nline3`;")
p("escape_sequences", "return ['tab\\there', 'nl\\n', 'uni\\u00e9', 'hex\\x41', 'q\\'s', \"dq\\\"\", '\\\\'];")
p("unhandled_rejection_ok", "Promise.reject(new Error('ignored')).catch(() => {}); return 'fine';")
p("error_in_callback", "try { [1, 2].map(x => { if (x === 2) throw new Error('cb'); return x; }); } catch (e) { return e.message; }")
p("error_in_sort_comparator", "try { [3, 1, 2].sort(() => { throw new Error('cmp'); }); } catch (e) { return e.message; }")
p("not_a_function_msgs", "const out = []; const o = {}; try { o.missing(); } catch (e) { out.push(e.message); } try { [1].map(5); } catch (e) { out.push(e.message); } try { undefined(); } catch (e) { out.push(e.constructor.name); } return out;")
p("reference_error_msg", "try { nope + 1; } catch (e) { return e.name + ': ' + e.message; }")
p("instanceof_errors", "const errs = [new Error(), new TypeError(), new RangeError(), new SyntaxError(), new ReferenceError()]; return errs.map(e => [e.name, e instanceof Error, e.message]);")
p("error_tostring", "return [String(new Error('x')), new TypeError('t').toString(), `${new RangeError('r')}`, String(new Error())];")
p("large_loop_sum", "let s = 0; for (let i = 0; i < 100000; i++) s += i % 7; return s;")
p("string_build_loop", "let s = ''; for (let i = 0; i < 100; i++) s += i; return s.length;")
p("array_build_loop", "const a = []; for (let i = 0; i < 1000; i++) a.push(i * 2); return [a.length, a[999], a.slice(0, 3)];")
p("nested_closures_state", "function makeAcc() { const items = []; return { add(x) { items.push(x); return items.length; }, all: () => [...items] }; } const a = makeAcc(); a.add(1); a.add(2); return a.all();")

# ---- more coverage ----
p("async_order_interleave", """
const log = [];
async function task(name, n) { for (let i = 0; i < n; i++) { log.push(name + i); await null; } }
await Promise.all([task('a', 3), task('b', 2), task('c', 1)]);
return log;
""")
p("async_order_then_vs_await", """
const log = [];
const p = Promise.resolve();
(async () => { await p; log.push('await1'); await p; log.push('await2'); })();
p.then(() => log.push('then1')).then(() => log.push('then2')).then(() => log.push('then3'));
await null; await null; await null; await null;
return log;
""")
p("async_order_nested_promises", """
const log = [];
new Promise(r => { log.push('exec'); r(); }).then(() => { log.push('t1'); Promise.resolve().then(() => log.push('inner')); }).then(() => log.push('t2'));
log.push('sync');
for (let i = 0; i < 5; i++) await null;
return log;
""")
p("async_order_resolve_with_promise", """
const log = [];
const inner = Promise.resolve('v');
new Promise(r => r(inner)).then(v => log.push('outer ' + v));
inner.then(() => log.push('a')).then(() => log.push('b')).then(() => log.push('c'));
for (let i = 0; i < 6; i++) await null;
return log;
""")
p("async_order_reject_handlers", """
const log = [];
const p = Promise.reject(new Error('e'));
p.catch(e => log.push('catch1 ' + e.message));
p.then(null, e => log.push('then-rej ' + e.message));
p.finally(() => log.push('finally')).catch(() => log.push('after finally'));
for (let i = 0; i < 5; i++) await null;
return log;
""")
p("async_sequential_vs_parallel", """
const order = [];
const a = tools.s.a({}).then(r => { order.push(r.path); return r; });
const b = tools.s.b({}).then(r => { order.push(r.path); return r; });
await b; await a;
return order;
""")
p("async_error_propagation_chain", """
async function level3() { throw new Error('deep'); }
async function level2() { return await level3(); }
async function level1() { try { return await level2(); } catch (e) { return 'handled: ' + e.message; } }
return await level1();
""")
p("async_return_in_finally", """
async function f() { try { await null; return 'try'; } finally { console.log('finally ran'); } }
return await f();
""")
p("async_map_with_await", "const rs = await Promise.all([1, 2, 3].map(async x => { await null; return x * 10; })); return rs;")
p("async_reduce_sequential", "const r = await [1, 2, 3].reduce(async (accP, x) => (await accP) + x, Promise.resolve(0)); return r;")
p("async_for_of_tools", "const out = []; for (const id of ['a', 'b']) { const r = await tools.items.get({id}); out.push(r.input.id); } return out;")
p("promise_then_non_function", "return await Promise.resolve(3).then(null).then(undefined, undefined).then(5);")
p("promise_chain_values", "return await Promise.resolve(1).then(x => Promise.resolve(x + 1)).then(x => ({then(r) { r(x + 1); }})).then(x => x * 2);")
p("promise_reject_in_then", "try { await Promise.resolve().then(() => { throw new RangeError('in then'); }); } catch (e) { return e.name; }")
p("promise_all_order", "const delayed = (v, n) => { let p = Promise.resolve(v); for (let i = 0; i < n; i++) p = p.then(x => x); return p; }; return await Promise.all([delayed('slow', 5), delayed('fast', 0), 'plain']);")
p("promise_race_order", "const delayed = (v, n) => { let p = Promise.resolve(v); for (let i = 0; i < n; i++) p = p.then(x => x); return p; }; return await Promise.race([delayed('slow', 5), delayed('fast', 1)]);")
p("promise_any_all_rejected", "try { await Promise.any([]); } catch (e) { return [e.constructor.name, e.errors]; }")
p("promise_allsettled_tools", "const rs = await Promise.allSettled([tools.a.fail({}), tools.a.ok({})]); return rs.map(r => r.status === 'fulfilled' ? r.value.path : r.reason.message);")
p("promise_race_tools", "const r = await Promise.race([tools.a.first({}), tools.a.second({})]); return r.path;")
p("promise_self_resolution", "const {promise, resolve} = (() => { let resolve; const promise = new Promise(r => { resolve = r; }); return {promise, resolve}; })(); resolve(promise); try { await promise; } catch (e) { return e.name; }")
p("promise_multiple_resolve", "const p = new Promise((res, rej) => { res(1); res(2); rej(new Error('x')); }); return await p;")
p("promise_executor_sync", "const log = []; new Promise(r => { log.push('in executor'); r(); }); log.push('after'); return log;")
p("await_thenable_throwing", "const bad = {then() { throw new Error('then threw'); }}; try { await bad; } catch (e) { return e.message; }")
p("error_cause_chain", "function wrap() { try { JSON.parse('x'); } catch (e) { throw new Error('wrapped', {cause: e}); } } try { wrap(); } catch (e) { return [e.message, e.cause.name, 'cause' in e]; }")
p("error_custom_props", "const e = new Error('base'); e.code = 'E1'; e.details = {a: 1}; try { throw e; } catch (x) { return [x.code, x.details.a, x.message]; }")
p("error_message_default", "return [new Error().message, new Error(undefined).message, new Error(42).message, new TypeError(null).message];")
p("error_rethrow_finally_order", "const log = []; try { try { throw new Error('a'); } finally { log.push('inner finally'); } } catch (e) { log.push('outer catch ' + e.message); } finally { log.push('outer finally'); } return log;")
p("error_in_finally_replaces", "try { try { throw new Error('first'); } finally { throw new Error('second'); } } catch (e) { return e.message; }")
p("error_continue_in_finally", "const out = []; for (let i = 0; i < 3; i++) { try { if (i === 1) continue; out.push(i); } finally { out.push('f' + i); } } return out;")
p("error_return_from_catch_in_loop", "function f() { for (const x of [1, 2, 3]) { try { if (x === 2) throw x; } catch (e) { return 'caught ' + e; } } return 'none'; } return f();")
p("error_not_iterable", "try { const [a] = 5; } catch (e) { return e.name; }")
p("error_destructure_undefined_param", "const f = ({a}) => a; try { f(); } catch (e) { return e.name; }")
p("error_call_undefined_method_chain", "const o = {a: {}}; try { o.a.b.c(); } catch (e) { return e.message; }")
p("error_set_on_undefined", "let u; try { u.x = 1; } catch (e) { return e.message; }")
p("error_in_operator_primitive", "try { 'a' in 'abc'; } catch (e) { return e.name; }")
p("error_instanceof_non_callable", "try { ({}) instanceof 5; } catch (e) { return e.name; }")
p("error_new_non_constructor", "const arrow = () => 1; try { new arrow(); } catch (e) { return e.message; }")
p("error_json_parse_trailing", "const out = []; for (const t of ['[1,]', '{\"a\":1,}', 'tru', '\"unterminated', '01']) { try { JSON.parse(t); out.push('ok'); } catch (e) { out.push(e.name); } } return out;")
p("error_tofixed_range", "try { (1).toFixed(101); } catch (e) { return e.name; }")
p("error_reduce_empty", "try { [].reduce((a, b) => a + b); } catch (e) { return e.message; }")
p("error_repeat_negative", "try { 'x'.repeat(-1); } catch (e) { return e.name; }")
p("error_array_length_invalid", "try { new Array(-1); } catch (e) { return e.message; }")
p("error_from_code_point", "try { String.fromCodePoint(-1); } catch (e) { return e.name; }")
p("error_uncaught_in_async_fn", "async function f() { await null; null.x; } await f();")
p("error_uncaught_type", "const n = 5; n();")
p("error_uncaught_reference", "return missingThing * 2;")
p("error_const_in_loop", "try { for (const i = 0; i < 2; i++) {} } catch (e) { return e.message; }")
p("builtins_array_index_of_from", "const a = [1, 2, 1, 2]; return [a.indexOf(2, 2), a.indexOf(1, -1), a.includes(1, 3), a.at(10), a.at(-10)];")
p("builtins_array_slice_args", "const a = [1, 2, 3, 4, 5]; return [a.slice(), a.slice(2), a.slice(-2, -1), a.slice(3, 1), a.slice(undefined, 2), a.slice('1', '3')];")
p("builtins_array_splice_variants", "const a = [1, 2, 3, 4, 5]; const r1 = a.splice(-2); const b = [1, 2, 3]; const r2 = b.splice(1, 0, 'x'); const c = [1, 2, 3]; const r3 = c.splice(0, 10); return [a, r1, b, r2, c, r3];")
p("builtins_array_join_nested", "return [[1, [2, [3]]].join(';'), [null, undefined, 1].join(), [].join(), ['a'].join('-'), [1, 2].join(undefined)];")
p("builtins_array_sort_mixed", "return [[3, 20, 100, 1].sort(), [-1, -2, 3].sort((a, b) => a - b), ['b', 'a', 'B', 'A'].sort(), [0.5, 0.25, 1].sort()];")
p("builtins_array_sort_objects_multi", "const rs = [{n: 'x', s: 2}, {n: 'y', s: 1}, {n: 'z', s: 2}, {n: 'w', s: 1}]; return rs.sort((a, b) => b.s - a.s || a.n.localeCompare(b.n)).map(r => r.n);")
p("builtins_array_find_undefined", "return [[1, 2].find(x => x > 5), [undefined, 1].findIndex(x => x === undefined), [1, 2, 3].findLast(x => x % 2 === 1)];")
p("builtins_array_every_index", "return [1, 2, 3].every((x, i, arr) => arr[i] === x && i < 3);")
p("builtins_array_map_sparse_new", "return Array.from({length: 4}, (_, i) => i % 2 === 0 ? 'even' : 'odd');")
p("builtins_array_unshift_multi", "const a = [3]; const n = a.unshift(1, 2); return [a, n];")
p("builtins_array_push_return", "const a = []; return [a.push(1), a.push(2, 3), a];")
p("builtins_array_of_strings_spread", "return [...'abc'].map(c => c.charCodeAt(0));")
p("builtins_array_reverse_in_place", "const a = [1, 2, 3]; const b = a.reverse(); return [a === b, a];")
p("builtins_array_concat_immutable", "const a = [1]; const b = a.concat([2]); return [a, b, a === b];")
p("builtins_object_entries_array", "return [Object.entries(['x', 'y']), Object.keys('ab'), Object.values('ab')];")
p("builtins_object_assign_multiple", "const t = {a: 1}; const r = Object.assign(t, {b: 2}, null, {a: 3}); return [r === t, t];")
p("builtins_object_keys_order_mixed", "const o = {}; o.z = 1; o[10] = 2; o.a = 3; o[2] = 4; return [Object.keys(o), JSON.stringify(o)];")
p("builtins_object_from_entries_tools", "const pairs = [['x', 1], ['y', [2]]]; return Object.fromEntries(pairs.map(([k, v]) => [k.toUpperCase(), v]));")
p("builtins_object_has_own_vs_in", "const o = Object.create({inherited: 1}); o.own = 2; return [Object.hasOwn(o, 'own'), Object.hasOwn(o, 'inherited'), 'inherited' in o, o.hasOwnProperty('own')];")
p("builtins_string_search", "const s = 'abcabc'; return [s.indexOf('c', 3), s.indexOf(''), s.lastIndexOf('a', 2), s.includes('', 10), s.startsWith('c', 2), s.endsWith('b', 2)];")
p("builtins_string_case_unicode", "return ['ÄÖÜ'.toLowerCase(), 'straße'.toUpperCase(), 'İ'.length];")
p("builtins_string_split_edge", "return [''.split(','), ''.split(''), 'a,b'.split(',', 0), 'abc'.split('', 2), 'a||b'.split('||')];")
p("builtins_string_pad_edge", "return ['abc'.padStart(2), 'abc'.padStart(6, ''), 'x'.padEnd(4, 'ab'), '7'.padStart(3)];")
p("builtins_string_trim_unicode", "return ['\\u00a0 x \\t\\n'.trim(), '\\ufeffy'.trim().length];")
p("builtins_string_at_codepoints", "const s = 'a😀'; return [s.at(1).charCodeAt(0), s.codePointAt(1), s.codePointAt(2), s.charAt(5)];")
p("builtins_string_replace_special", "return ['aXbXc'.replace('X', '$$'), 'abc'.replaceAll('', '-'), 'aaa'.replaceAll('aa', 'b'), 'abc'.replace('z', 'y')];")
p("builtins_string_localecompare_numbers", "return ['item10', 'item2', 'Item1'].sort((a, b) => a.localeCompare(b));")
p("builtins_number_tostring_radix", "return [(10).toString(36), (-255).toString(16), (0.1).toString(3).slice(0, 10), (3.75).toString(2), (1e21).toString(16).length > 0];")
p("builtins_number_formatting_edge", "return [(0.1).toFixed(20), (1.23e-10).toFixed(2), (-0).toFixed(1), (123.456).toExponential(0), (0).toPrecision(3), (1e-7).toPrecision(2)];")
p("builtins_number_string_forms", "return [String(1e-6), String(1e-7), String(1.5e300), String(-1e-7), String(2**31), String(0.1 * 3), String(100 / 3)];")
p("builtins_math_rounding", "return [Math.round(0.49999999999999994), Math.round(-0.5), Math.round(1.5), Math.floor(-0.5), Math.ceil(-0.5), Math.trunc(0.9)];")
p("builtins_math_minmax_spread", "const xs = [4, -2, 9.5]; return [Math.max(...xs), Math.min(...xs), Math.max(...[]), Math.min(1, '0')];")
p("builtins_parse_int_float_edge", "return [parseInt(''), parseInt('abc'), parseInt('12.9'), parseInt('-0x10'), parseInt('z', 36), parseFloat('-.5e1'), parseFloat('Infinityx'), parseInt('1e3'), parseInt(null)];")
p("builtins_json_special_values", "return [JSON.stringify({a: NaN, b: -0, c: 1e21, d: 1e-7}), JSON.stringify([new Error('x')]), JSON.stringify('\\u2028\\u0007'), JSON.stringify({'key with space': 1})];")
p("builtins_json_nested_indent", "return JSON.stringify({a: {b: {c: [1, {d: []}]}}}, null, '\\t');")
p("builtins_json_parse_unicode", "return [JSON.parse('\"\\\\u00e9\\\\n\"'), JSON.parse('[1e2, -0.5, 0]'), JSON.parse('{\"__proto__\": 1}').__proto__ === 1];")
p("builtins_json_stringify_arrays_replacer", "return JSON.stringify([{a: 1, b: 2}], (k, v) => k === 'b' ? undefined : v);")
p("builtins_globals_misc", "return [isNaN('abc'), isNaN('12'), isFinite('12'), isFinite(null), typeof globalThis.JSON, Infinity > 1e308, -Infinity < -1e308];")
p("builtins_boolean_conversions", "return [[] + {}, [] == false, [0] == false, '' == false, null == undefined, NaN == NaN, 'true' == true];")
p("builtins_typeof_functions", "return [typeof Array, typeof Object.keys, typeof Promise, typeof (async () => {}), typeof class_like_not_defined];")
p("lang_var_in_blocks", "function f() { if (true) { var x = 1; } for (var i = 0; i < 2; i++) { var y = i; } return [x, i, y]; } return f();")
p("lang_let_shadow_loop", "let i = 'outer'; for (let i = 0; i < 2; i++) {} return i;")
p("lang_block_function", "{ function inner() { return 'block fn'; } console.log(inner()); } return 'ok';")
p("lang_closure_in_switch", "const fs = []; for (const k of ['a', 'b']) { switch (k) { case 'a': { const v = 1; fs.push(() => v); break; } default: { const v = 2; fs.push(() => v); } } } return fs.map(f => f());")
p("lang_recursive_closure", "const fact = n => n <= 1 ? 1 : n * fact(n - 1); return [fact(5), fact(10)];")
p("lang_mutual_recursion", "function isEven(n) { return n === 0 ? true : isOdd(n - 1); } function isOdd(n) { return n === 0 ? false : isEven(n - 1); } return [isEven(10), isOdd(7)];")
p("lang_named_function_expression", "const f = function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }; return [f(5), typeof fact];")
p("lang_default_param_uses_earlier", "function f(a, b = a * 2, c = () => a + b) { return c(); } return f(3);")
p("lang_rest_destructure_params", "function f(first, ...[second, third]) { return [first, second, third]; } return f(1, 2, 3, 4);")
p("lang_nested_destructure_defaults", "const {a: {b: [c = 'dc', d] = []} = {}} = {a: {b: [undefined, 'd']}}; return [c, d];")
p("lang_destructure_in_for_of", "const pairs = [{k: 'a', v: 1}, {k: 'b', v: 2}]; const out = []; for (const {k, v = 0} of pairs) out.push(k + v); return out;")
p("lang_destructure_assign_members", "const o = {}; const arr = []; [o.a, arr[0]] = [1, 2]; ({x: o.b} = {x: 3}); return [o, arr];")
p("lang_computed_member_assign", "const o = {}; const k = 'key'; o[k + 1] = 'v'; o[k + 1] += '!'; return o;")
p("lang_chained_assignment", "let a, b, c; a = b = c = 5; const o = {}; o.x = o.y = 'same'; return [a, b, c, o];")
p("lang_increment_properties", "const counts = {}; for (const w of ['a', 'b', 'a']) { counts[w] = counts[w] || 0; counts[w]++; } return counts;")
p("lang_optional_call_member_undefined", "const o = {}; return [o.fn?.(), o.nested?.fn(), o?.['x']];")
p("lang_nullish_with_or_parens", "const a = null; return [(a ?? 0) || 'fallback', (a || 0) ?? 'x'];")
p("lang_conditional_chain", "const grade = s => s >= 90 ? 'A' : s >= 80 ? 'B' : s >= 70 ? 'C' : 'F'; return [95, 85, 75, 10].map(grade);")
p("lang_comma_in_for_update", "let s = ''; for (let i = 0, j = 3; i < j; i++, j--) s += i + '' + j + ','; return s;")
p("lang_labeled_block_break", "let r = 'start'; block: { r = 'in'; if (r) break block; r = 'never'; } return r;")
p("lang_nested_loops_labels", "let count = 0; a: for (let i = 0; i < 5; i++) { b: for (let j = 0; j < 5; j++) { if (j > i) continue a; if (i === 4) break a; count++; } } return count;")
p("lang_switch_strings_blocks", "function kind(x) { switch (typeof x) { case 'number': { return 'num'; } case 'string': return 'str'; default: return 'other'; } } return [kind(1), kind('a'), kind(null)];")
p("lang_switch_no_match_no_default", "let r = 'unchanged'; switch (5) { case 1: r = 'one'; } return r;")
p("lang_do_while_continue", "let i = 0, s = 0; do { i++; if (i === 2) continue; s += i; } while (i < 4); return s;")
p("lang_for_in_inherited", "const p = {inh: 1}; const o = Object.create(p); o.own = 2; const ks = []; for (const k in o) ks.push(k); return ks;")
p("lang_for_in_array_holes", "const a = ['x', 'y']; a.extra = 'z'; const ks = []; for (const k in a) ks.push(k); return ks;")
p("lang_for_of_string_surrogates", "const out = []; for (const ch of 'a😀b') out.push(ch.length); return out;")
p("lang_typeof_undeclared_in_fn", "function f() { return typeof notThere; } return f();")
p("lang_void_and_delete", "const o = {a: 1}; return [delete o.a, delete o.zz, o, void (o.b = 2), o.b];")
p("lang_exponent_and_unary", "return [(-2) ** 3, -(2 ** 2), 2 ** 0.5 === Math.SQRT2, +true, -'5', ~~7.9];")
p("lang_string_escapes_unicode", "return ['\\u{1F600}'.length, '\\u0041\\x42', 'a\\\\b'.length];")
p("lang_getter_free_object_methods", "const calc = {total: 0, add(n) { this.total += n; return this; }, result() { return this.total; }}; return calc.add(1).add(2).result();")
p("lang_closures_capture_param", "function make(x) { return () => x++; } const f = make(5); f(); return f();")
p("lang_this_in_callbacks", "const o = {m: 2, run() { return [1, 2].map(function (x) { return x; }).concat([1, 2].map(x => x * this.m)); }}; return o.run();")
p("lang_method_extraction_this", "const o = {v: 1, get() { return this === undefined ? 'undefined this' : this.v; }}; const g = o.get; return [o.get(), g.call({v: 9})];")
p("agent_style_group_sum", """
const sales = [{region: 'eu', amount: 10}, {region: 'us', amount: 20}, {region: 'eu', amount: 5}, {region: 'apac', amount: 7}];
const totals = sales.reduce((acc, s) => { acc[s.region] = (acc[s.region] ?? 0) + s.amount; return acc; }, {});
const sorted = Object.entries(totals).sort(([, a], [, b]) => b - a);
return {totals, top: sorted[0][0], regions: sorted.map(([r]) => r)};
""")
p("agent_style_join_tables", """
const users = [{id: 1, name: 'ann'}, {id: 2, name: 'bob'}];
const orders = [{uid: 1, total: 5}, {uid: 2, total: 7}, {uid: 1, total: 3}];
const byId = Object.fromEntries(users.map(u => [u.id, u]));
return orders.map(o => ({name: byId[o.uid].name, total: o.total})).sort((a, b) => a.name.localeCompare(b.name) || a.total - b.total);
""")
p("agent_style_batching", """
const ids = Array.from({length: 7}, (_, i) => 'id' + i);
const batches = [];
for (let i = 0; i < ids.length; i += 3) batches.push(ids.slice(i, i + 3));
const results = await Promise.all(batches.map(b => tools.bulk.get({ids: b})));
return results.map(r => r.input.ids.length);
""")
p("agent_style_retry", """
let attempts = 0, result;
for (let i = 0; i < 3; i++) {
  attempts++;
  try { result = await tools.flaky[i < 2 ? 'fail' : 'ok']({attempt: i}); break; }
  catch (e) { console.log('attempt', i, 'failed:', e.message); }
}
return {attempts, path: result.path};
""")
p("agent_style_summary_text", """
const items = [{name: 'Widget', price: 9.99, qty: 3}, {name: 'Gadget', price: 24.5, qty: 1}];
const lines = items.map(i => `${i.name.padEnd(8)} x${i.qty} @ $${i.price.toFixed(2)} = $${(i.price * i.qty).toFixed(2)}`);
const total = items.reduce((s, i) => s + i.price * i.qty, 0);
lines.push(`TOTAL: $${total.toFixed(2)}`);
console.log(lines.join('\\n'));
return lines;
""")
p("agent_style_validate", """
const records = [{email: 'a@x.com', age: 30}, {email: 'bad', age: -1}, {email: 'c@y.org'}];
const errors = [];
records.forEach((r, i) => {
  if (!r.email.includes('@')) errors.push(`row ${i}: invalid email`);
  if (r.age === undefined) errors.push(`row ${i}: missing age`);
  else if (r.age < 0) errors.push(`row ${i}: negative age`);
});
return {valid: records.length - new Set_free_count(errors), errors};
function Set_free_count(errs) { const rows = {}; for (const e of errs) rows[e.split(':')[0]] = true; return Object.keys(rows).length; }
""")
p("agent_style_nested_json_transform", """
const api = {data: {items: [{id: 1, attrs: {color: 'red', size: 2}}, {id: 2, attrs: {color: 'blue'}}]}};
return api.data.items.map(({id, attrs: {color, size = 'n/a'}}) => ({id, label: `${color}/${size}`}));
""")
p("agent_style_top_n", "const scores = {a: 5, b: 9, c: 7, d: 9}; return Object.entries(scores).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).slice(0, 3).map(([k, v]) => `${k}=${v}`);")
p("agent_style_histogram", "const vals = [1, 3, 3, 7, 8, 8, 8]; const h = {}; for (const v of vals) { const b = Math.floor(v / 5) * 5; h[`${b}-${b + 4}`] = (h[`${b}-${b + 4}`] || 0) + 1; } console.log(h); return h;")
p("agent_style_chunk_strings", "const s = 'abcdefghij'; const out = []; for (let i = 0; i < s.length; i += 4) out.push(s.slice(i, i + 4)); return out;")
p("agent_style_percentages", "const parts = {a: 1, b: 2, c: 3}; const total = Object.values(parts).reduce((x, y) => x + y, 0); return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, (v / total * 100).toFixed(1) + '%']));")
p("agent_style_flatten_tree", """
const tree = {name: 'root', children: [{name: 'a', children: [{name: 'a1', children: []}]}, {name: 'b', children: []}]};
const out = []; const stack = [[tree, 0]];
while (stack.length) { const [n, d] = stack.pop(); out.push('-'.repeat(d) + n.name); for (const c of [...n.children].reverse()) stack.push([c, d + 1]); }
return out;
""")
p("agent_style_search_tool", "const hits = await search('invoices'); console.log('hits:', hits.length); return hits;")
p("console_log_nested_arrays", "console.log([[1, 2], [3, [4, [5, [6]]]]]); console.log({a: [{b: {c: {d: 1}}}]}); return 0;")
p("console_log_mixed_types", "console.log([1, 'two', null, undefined, true, {x: 1}]); console.log('x', [1], {y: 'z'}, 3.5); return 0;")
p("console_log_empty_and_special", "console.log(); console.log(''); console.log(NaN, -0, 0, Infinity); console.log([NaN, Infinity]); return 0;")
p("console_log_long_strings_array", "console.log(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta']); return 0;")
p("console_log_numbers_grouping", "console.log(Array.from({length: 12}, (_, i) => i * 111)); console.log([1.5, 22.25, 333, 4, 5, 6, 7]); return 0;")
p("console_log_object_many_keys", "const o = {}; for (let i = 0; i < 8; i++) o['key' + i] = i * 1000; console.log(o); return 0;")
p("console_log_quotes_keys", "console.log({'with space': 1, 'a.b': 2, valid_id: 3, $d: 4, '1abc': 5}); return 0;")
p("console_log_template_objects", "const o = {id: 7}; console.log(`id=${o.id}`, o); return 0;")

# ---- common idioms ----
p("idiom_filter_boolean", "return ['a', '', null, 'b', 0, 1].filter(Boolean);")
p("idiom_map_number_string", "return [['1', '2.5', 'x'].map(Number), [1, 2].map(String), ['1', '2', '3'].map(parseInt), ['1.5', '2'].map(parseFloat)];")
p("idiom_array_ctor_no_new", "return [Array(3).length, Array(1, 2), [...Array(3).keys()], Array.from(Array(2).keys())];")
p("idiom_entries_foreach", "const o = {a: 1, b: 2}; const out = []; Object.entries(o).forEach(([k, v]) => out.push(`${k}=${v}`)); return out.join('&');")
p("idiom_error_in_template", "const e = new TypeError('bad input'); return `failed: ${e}` + ' / ' + e;")
p("idiom_slice_call", "return [Array.prototype.slice.call([1, 2, 3], 1), Array.prototype.map.call([1, 2], x => x + 1), [].concat.apply([], [[1], [2, 3]])];")
p("idiom_keys_length", "const o = {a: 1, b: undefined}; return [Object.keys(o).length, typeof o.c === 'undefined', o.b === undefined, 'b' in o];")
p("idiom_max_of_objects", "const xs = [{v: 3}, {v: 9}, {v: 1}]; return [Math.max(...xs.map(x => x.v)), xs.reduce((a, b) => (b.v > a.v ? b : a)).v];")
p("idiom_unique_sorted", "const xs = [3, 1, 3, 2, 1]; return xs.filter((x, i) => xs.indexOf(x) === i).sort((a, b) => a - b);")
p("idiom_zip", "const a = [1, 2, 3], b = ['x', 'y', 'z']; return a.map((v, i) => [v, b[i]]);")
p("idiom_range", "return [...Array(5).keys()].map(i => i * i);")
p("idiom_sum_by_key", "const rows = [{k: 'a', n: 1}, {k: 'b', n: 2}, {k: 'a', n: 3}]; const m = {}; rows.forEach(({k, n}) => { m[k] = (m[k] ?? 0) + n; }); return m;")
p("idiom_string_capitalize", "return 'hello world foo'.split(' ').map(w => w[0].toUpperCase() + w.slice(1)).join(' ');")
p("idiom_number_format", "const n = 1234567.891; return [n.toFixed(2), Math.round(n * 100) / 100, (n / 1e6).toFixed(1) + 'M', String(Math.floor(n)).length];")
p("idiom_boolean_coercion_checks", "const vals = [0, '', null, undefined, NaN, [], {}, '0', 'false']; return vals.map(v => !!v);")
p("idiom_optional_default_config", "function cfg(opts = {}) { const {retries = 3, verbose = false, tags = []} = opts; return {retries, verbose, tags}; } return [cfg(), cfg({retries: 1, tags: ['x']})];")
p("idiom_promise_all_object", "const keys = ['a', 'b']; const vals = await Promise.all(keys.map(k => tools.kv.get({k}))); return Object.fromEntries(keys.map((k, i) => [k, vals[i].input.k]));")
p("idiom_async_filter", "const xs = [1, 2, 3, 4]; const flags = await Promise.all(xs.map(async x => x % 2 === 0)); return xs.filter((_, i) => flags[i]);")
p("idiom_json_deep_copy", "const a = {x: {y: [1, 2]}}; const b = JSON.parse(JSON.stringify(a)); b.x.y.push(3); return [a.x.y.length, b.x.y.length];")
p("idiom_count_chars", "const counts = {}; for (const ch of 'mississippi') counts[ch] = (counts[ch] || 0) + 1; return Object.entries(counts).sort((a, b) => b[1] - a[1]);")
p("idiom_string_includes_any", "const text = 'error: disk full'; return ['warn', 'error'].some(w => text.includes(w));")
p("idiom_nested_ternary_map", "return [5, 15, 25].map(n => n < 10 ? 'low' : n < 20 ? 'mid' : 'high');")
p("idiom_chained_array_ops", "return [1, 2, 3, 4, 5, 6].filter(n => n % 2 === 0).map(n => n * n).reduce((a, b) => a + b, 0);")
p("idiom_object_map_values", "const prices = {a: 1, b: 2.5}; return Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, v * 2]));")
p("idiom_log_table_rows", "const rows = [{id: 1, ok: true}, {id: 2, ok: false}]; for (const r of rows) console.log(r.id, r.ok ? 'ok' : 'failed', r); return rows.length;")
p("idiom_date_free_timestamp_sort", "const evts = [{t: 3, n: 'c'}, {t: 1, n: 'a'}, {t: 2, n: 'b'}]; return evts.sort((x, y) => x.t - y.t).map(e => e.n).join('');")
p("idiom_bind_partial", "const add = (a, b) => a + b; function mul(a, b) { return a * b; } const double = mul.bind(null, 2); return [double(21), add.call(null, 1, 2)];")
p("idiom_findindex_splice", "const xs = ['a', 'b', 'c']; const i = xs.findIndex(x => x === 'b'); if (i >= 0) xs.splice(i, 1); return xs;")
p("idiom_error_handling_wrapper", "async function safe(p) { try { return [null, await p]; } catch (e) { return [e.message, null]; } } return [await safe(tools.a.ok({})).then(r => r[1].path), await safe(tools.a.fail({}))];")
p("idiom_string_reverse", "return ['hello'.split('').reverse().join(''), [...'abc'].reverse().join('')];")

# Fused-op slow paths (fuse.rs): the same shapes with operands that are not numbers.
p("fused_slow_paths", """
const out = [];
let s = '1', n = 0;
for (let i = '0'; i < 3; i++) { n = n + i % 2 * 3; s = s + i; }
out.push(s, n);
let j = 'x'; j++; out.push(j);
let k = null; k--; out.push(k);
let u; out.push(u + 1, u * 2, u % 2);
let o = [5]; out.push(o - 1, o * 3, o / 2, o % 3);
let t = '9'; out.push(t < 10, t <= '10', t > 8, t >= '9', t + 1);
let q = 'b'; while (q < 'e') q = q + 'a' < 'c' ? 'z' : String.fromCharCode(q.charCodeAt(0) + 1);
out.push(q);
let a = 1, b = 'two'; out.push(a + b, b + a, a < b, b > a);
for (let m = 10; m > 7.5; m -= 0.5) out.push(m);
return out;
""")
p("tdz_after_declaration", """
const out = [];
function t(f) { try { out.push(f()) } catch (e) { out.push(e.name + ': ' + e.message) } }
t(() => { switch (1) { case 0: let y = 1; break; case 1: y = 2; return y } });
t(() => { switch (1) { case 0: let y = 1; break; case 1: return y } });
t(() => { switch (0) { case 0: let y = 1; y++; return y } });
t(() => { let x = x + 1; return x });
t(() => { x = 3; let x = 1; return x });
t(() => { let a = 1; { let a = a; return a } });
t(() => { for (let i = 0; i < 2; i++) { if (i == 1) return z; let z = i; } });
t(() => { let {p, q = p * 2} = {p: 4}; return [p, q] });
t(() => { const f = () => w; let w = 5; return f() });
t(() => { const f = () => w; f(); let w = 5; });
t(() => { let c = 0; for (const v of [1, 2, 3]) { let d = v * 2; c += d } return c });
return out;
""")

p("arguments_object", """
function f(a, b) { return [arguments.length, arguments[0], arguments[2], typeof arguments, Object.keys(arguments), JSON.stringify(arguments)]; }
function g() { const h = () => arguments[1]; return h(); }
function k() { return [].concat(arguments.length) }
function m(x) { arguments[0] = 9; return [arguments[0]]; }
function n() { return Object.prototype.toString.call(arguments) }
const o = { meth() { return arguments.length } };
function p() { return Array.from(arguments).map(v => v * 2) }
function q() { return (function () { return arguments.length })(1, 2, 3) + arguments.length }
function r() { return 'length' in arguments && !Object.keys(arguments).includes('length') }
function s() { var t = () => () => arguments.length; return t()() }
return [f(1, 2, 3), g(5, 6), k(1, 2, 3), m(1), o.meth(1, 2), p(1, 2), q(1), r(), typeof n(), s(7, 8, 9), f()];
""")

p("named_function_expression_scope", """
const a = (function n(n) { return n })(5);
const b = (function n() { var n; return typeof n })();
const c = (function n() { var n = 3; return n })();
const d = (function n() { return typeof n })();
const e = (function n(x) { let r = typeof n; { let n = 2; r += n } return r })(1);
const f = (function n(...n) { return n })(1, 2);
const g = (function n({n}) { return n })({n: 4});
const h = (function n() { function n() { return 'inner' } return n() })();
return [a, b, c, d, e, f, g, h];
""")
p("function_length", "return [(function (a, b = 1, c) {}).length, ((a, b) => 0).length, (function (...r) {}).length, (function (a, {b}, c = 2, ...d) {}).length, (async (x = 1) => 0).length, Math.max.length, [].map.length, [].forEach.length, [].copyWithin.length, Array.from.length, [].reduce.length];")
# Array methods on generic receivers (array-likes and strings) and property descriptors,
# found by the test262 runner (cargo xtask test262).
p("array_generic_receivers", "const o = {0: 'a', 1: 'b', 3: 'd', length: 4}; const AP = Array.prototype; const seen = []; AP.forEach.call(o, (v, i) => seen.push(i + v)); return [seen, AP.map.call(o, v => v + v), AP.filter.call(o, v => v !== 'b'), AP.reduce.call(o, (a, v) => a + v), AP.reduceRight.call(o, (a, v) => a + v, '>'), AP.some.call(o, v => v === 'd'), AP.every.call(o, v => typeof v === 'string'), AP.indexOf.call(o, 'd'), AP.lastIndexOf.call(o, 'a'), AP.includes.call(o, undefined), AP.join.call(o, '-'), AP.slice.call(o, 1, 3), AP.at.call(o, -1), AP.map.call('hey', c => c.toUpperCase()), AP.indexOf.call({length: 0}, 1), AP.find.call({0: 5, length: 1}, x => x > 1)];")
p("array_generic_length_conversion", "const AP = Array.prototype; return [AP.map.call({length: '2', 0: 1, 1: 2}, x => x * 10), AP.filter.call({length: -5, 0: 1}, () => true), AP.join.call({length: 2.9, 0: 'x', 1: 'y', 2: 'z'}), AP.indexOf.call({length: 3, 2: NaN}, NaN), AP.includes.call({length: 3, 2: NaN}, NaN), AP.reduce.call({length: 0}, (a, b) => a + b, 'init')];")
p("array_generic_errors", "const r = []; for (const f of [() => Array.prototype.map.call(null, x => x), () => Array.prototype.reduce.call({length: 0}, (a, b) => a), () => Array.prototype.forEach.call(undefined, x => x), () => Array.prototype.indexOf.call(null, 1)]) { try { f(); r.push('ok'); } catch (e) { r.push(e.name); } } return r;")
p("array_iteration_length_fixed", "const a = [1, 2, 3]; let calls = 0; a.forEach(x => { calls++; if (a.length < 6) a.push(x); }); const b = [1, 2, 3, 4]; const seen = []; b.forEach((x, i) => { seen.push(x); if (i === 0) b.pop(); }); return [calls, a, seen, [1, 2, 3].map((x, i, arr) => { arr.push(0); return x; })];")
p("array_last_index_of_from", "const a = [1, 2, 1, 2, 1]; return [a.lastIndexOf(1), a.lastIndexOf(1, 3), a.lastIndexOf(1, -2), a.lastIndexOf(2, -1), a.lastIndexOf(1, -10), a.lastIndexOf(1, 100), [].lastIndexOf(1), a.lastIndexOf(2, 0)];")
p("object_define_property", "const o = {a: 1}; Object.defineProperty(o, 'hidden', {value: 42, writable: true}); Object.defineProperty(o, 'fixed', {value: 'f', enumerable: true}); o.fixed = 'changed'; Object.defineProperty(o, 'a', {enumerable: false}); return [Object.keys(o), o.hidden, o.fixed, o.a, JSON.stringify(o), Object.getOwnPropertyNames(o), o.propertyIsEnumerable('fixed'), o.propertyIsEnumerable('hidden')];")
p("object_get_own_property_descriptor", "const o = {x: 1}; Object.defineProperty(o, 'y', {value: 2}); const frozen = Object.freeze({z: 3}); const d = (v, k) => JSON.stringify(Object.getOwnPropertyDescriptor(v, k)); return [d(o, 'x'), d(o, 'y'), d(o, 'nope'), d(frozen, 'z'), d([5, 6], 1), d([5, 6], 'length'), d('ab', 0), d('ab', 'length'), d(Array.prototype, 'map')];")
p("object_define_properties_names", "const o = Object.defineProperties({}, {a: {value: 1, enumerable: true}, b: {value: 2, writable: true}}); const arr = ['x', 'y']; arr.extra = 1; return [Object.keys(o), o.a + o.b, Object.getOwnPropertyNames({b: 1, 2: 0, a: 1, 1: 0}), Object.getOwnPropertyNames(arr), Object.getOwnPropertyNames('hi')];")
p("object_define_property_errors", "const r = []; const tries = [() => Object.defineProperty(1, 'a', {}), () => Object.defineProperty({}, 'a', 1), () => Object.defineProperty(Object.freeze({}), 'a', {value: 1}), () => Object.defineProperty(Object.freeze({a: 1}), 'a', {value: 2}), () => Object.defineProperty(Object.preventExtensions({}), 'n', {value: 1}), () => Object.defineProperty({}, 'a', {value: 1, get() { return 1; }})]; for (const f of tries) { try { f(); r.push('ok'); } catch (e) { r.push(e.name); } } return r;")
p("object_prototype_checks", "const base = {kind: 'base'}; const child = Object.create(base); const grand = Object.create(child); const o = {}; Object.preventExtensions(o); o.x = 1; return [base.isPrototypeOf(grand), child.isPrototypeOf(base), Object.prototype.isPrototypeOf([]), Array.prototype.isPrototypeOf([]), base.isPrototypeOf(1), Object.isExtensible(o), Object.isExtensible({}), Object.isExtensible(Object.freeze({})), o.x, Object.isExtensible(5)];")
p("object_create_seal_descriptors", "const o = Object.create({inherited: 1}, {a: {value: 1, enumerable: true}, b: {value: 2, writable: true, configurable: true}}); const s = Object.seal({x: 1}); s.x = 2; s.y = 3; const ds = Object.getOwnPropertyDescriptors({p: 1}); function f(a, b) {} const r = []; try { 'x'.normalize('NFX'); } catch (e) { r.push(e.name); } try { String.prototype.replace.call(null, 'a', 'b'); } catch (e) { r.push(e.name); } return [Object.keys(o), o.a + o.b + o.inherited, Object.isSealed(s), Object.isFrozen(s), s, Object.isSealed({}), JSON.stringify(ds), f.hasOwnProperty('length'), f.hasOwnProperty('name'), Math.max.hasOwnProperty('length'), r, 'abc'.normalize('NFC')];")
p("promise_combinators_generic", "const log = []; const origResolve = Promise.resolve; Promise.resolve = function (v) { log.push('resolve ' + v); return origResolve.call(this, v); }; const all = await Promise.all([1, 2]); const race = await Promise.race([3, 4]); Promise.resolve = origResolve; function NotPromise(executor) { executor((v) => log.push('ok ' + JSON.stringify(v)), (e) => log.push('err ' + e)); } NotPromise.resolve = (v) => ({ then(f, r) { log.push('then ' + v); f(v * 10); } }); Promise.all.call(NotPromise, [1, 2]); Promise.allSettled.call(NotPromise, [5]); Promise.any.call(NotPromise, [7]); const r = []; try { Promise.all.call(undefined, []); } catch (e) { r.push(e.name); } await null; return [all, race, log, r, await Promise.allSettled([Promise.reject(1), 2]), await Promise.any([Promise.reject(1), 3])];")
p("array_generic_mutators", "const AP = Array.prototype; const o = {0: 'a', 1: 'b', length: 2}; const r = [AP.push.call(o, 'c', 'd'), JSON.stringify(o)]; r.push(AP.pop.call(o), JSON.stringify(o)); r.push(AP.shift.call(o), JSON.stringify(o)); r.push(AP.unshift.call(o, 'x', 'y'), JSON.stringify(o)); AP.reverse.call(o); r.push(JSON.stringify(o)); AP.fill.call(o, 0, 1, 3); r.push(JSON.stringify(o)); const holes = {0: 1, 2: 3, length: 4}; AP.reverse.call(holes); r.push(JSON.stringify(holes)); const empty = {}; r.push(AP.pop.call(empty), empty.length, AP.push.call({}), AP.toReversed.call({0: 1, 1: 2, length: 2}), AP.toSorted.call({0: 'b', 1: 'a', length: 2}), AP.with.call({0: 1, length: 1}, 0, 9), AP.toSpliced.call({0: 1, 1: 2, length: 2}, 0, 1), AP.flatMap.call({0: [1], 1: 2, length: 2}, x => x)); try { AP.push.call(Object.freeze({length: 0}), 1); } catch (e) { r.push(e.name); } return r;")
p("object_assign_read_only", "const r = []; for (const [t, s] of [[Object.freeze({a: 1}), {a: 2}], [Object.preventExtensions({}), {b: 1}], [Object.defineProperty({}, 'c', {value: 1, enumerable: true}), {c: 2}], [Object.freeze({}), {}], [Object.seal({d: 1}), {d: 5}]]) { try { r.push(JSON.stringify(Object.assign(t, s))); } catch (e) { r.push(e.name); } } return r;")
p("function_apply_bind_hypot", "function f(a, b, c) { return [a, b, c]; } const r = [f.apply(null, {length: 2, 0: 'x', 1: 'y'}), f.apply(null, [1, 2]), f.apply(null)]; try { f.apply(null, 'ab'); } catch (e) { r.push(e.name); } try { f.apply(null, 1); } catch (e) { r.push(e.name); } const b = f.bind(null, 1); const bb = b.bind(null, 2, 3, 4); r.push(b.length, b.name, bb.length, bb.name, Math.max.bind(null).name, b.hasOwnProperty('length')); r.push(Math.hypot(3, 4), Math.hypot(NaN, Infinity), Math.hypot(-Infinity, NaN), Math.hypot(NaN, 1), Math.hypot(), Math.hypot(-0), Math.hypot(1e200, 1e200), Math.hypot(1e-200, 1e-200), Math.hypot(0.1, 0.2, 0.3), Math.hypot(1, 2, 3, 4, 5, 6, 7), Math.hypot('3', [4])); return r;")

p("wrapper_objects", """
const s = new String("ab"), n = new Number(5), b = new Boolean(false);
const out = [typeof s, typeof n, typeof b, s.length, s[1], s + "c", n + 1, n * 2, !!b, b == false, s == "ab", s === "ab",
  String(s), Number(n), n.toFixed(2), s.toUpperCase(), s.charAt(0), b.toString(), n.valueOf(), s.valueOf(),
  Object.prototype.toString.call(s), Object.prototype.toString.call(n), Object.prototype.toString.call(b),
  JSON.stringify([s, n, b, {s}]), `${s}${n}`, [s, n].join("-"), typeof Object(1), Object("x").length, n > 4, s < "b",
  Object.keys(n), Object.keys(s), Object.entries(new String("xy")), isNaN(new Number(NaN)), new Number(7) + new Number(1)];
console.log(s, n, b, [new Number(-0)]);
return out.concat([s, n, b]);
""")

p("program_defined_conversions", """
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
""")

# Optional chains inside functions (their jumps carry a depth the peephole pass keeps).
p("optional_chain_in_functions", """
function f(a) { const r = a?.b.c; return [r, 1]; }
function g(a) { return a?.b?.(1) ?? 'none' }
const h = (o) => { let x = o?.p; return x === undefined ? 'u' : x };
const a = { v: 1, b() { return this && this.v } };
const deep = (o) => o?.x?.y?.[0]?.z ?? "d";
return [f(null), f({b: {c: 2}}), g(null), g({b: (x) => x + 1}), h(null), h({p: 3}), (a.b)(), a?.b(), deep(null), deep({x: {y: [{z: 5}]}}), deep({x: {}})];
""")

# Lengths that must be +0, never -0 (f64::max and clamp may keep the sign of -0).
p("negative_zero_lengths", """
function fn(a, b) {}
Object.defineProperty(fn, "length", { value: -0 });
const bound = fn.bind();
Object.defineProperty(fn, "length", { value: -0.5 });
const like = { length: -0, 0: "x" };
return [Object.is(bound.length, 0), Object.is(fn.bind().length, 0), Array.prototype.indexOf.call(like, "x"), Array.from(like).length, Object.is([].concat.call([], []).length, 0)];
""")

# Calls and loops the fast loop runs, with every kind of operand.
p("fast_loop_mixed_operands", """
function add(a, b) { return a + b; }
function sub1(n) { return n - 1; }
function half(n) { return n / 2; }
const out = [];
for (let i = 0; i < 4; i++) out.push(add(i, i), add('s', i), add(i, null), sub1('7'), half([8]));
function countdown(n) { let s = ''; while (n > 0) { s = s + n; n--; } return s; }
function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }
const arrow = { k: 3, run() { const f = (x) => x * this.k; let t = 0; for (let j = 1; j <= 3; j++) t = t + f(j); return t; } };
return [out, countdown(5), fact(10), fact('5'), arrow.run(), add(undefined, 2)];
""")

# Built-ins use the realm's own intrinsics: a program that replaces a method or a global
# changes its own calls only (issue 10). Each program restores what it replaced, because
# node runs the whole corpus in one realm.
p("intrinsics_push_replaced", """
const push = Array.prototype.push;
try {
  Array.prototype.push = function () { throw new Error("program push called"); };
  return [[1, 2, 3].filter(x => x > 1), [1, [2, 3]].flatMap(x => x), JSON.stringify({a: [1, 2], b: "x"}, ["a", "a"]),
    JSON.stringify([1, {a: 2}]), [3, 1, 2].toSorted(), [1, 2].toSpliced(1, 0, 9), await Promise.all([1, Promise.resolve(2)])];
} finally { Array.prototype.push = push; }
""")
p("intrinsics_call_apply_null", """
const call = Function.prototype.call, apply = Function.prototype.apply;
try {
  Function.prototype.call = null;
  Function.prototype.apply = null;
  const a = [3, 1, 2];
  let each = 0;
  a.forEach(x => { each += x; });
  const r = [each, a.map(x => x * 2), a.filter(x => x > 1), a.reduce((s, x) => s + x, 0), a.reduceRight((s, x) => s + x, ""), a.find(x => x === 1),
    a.findIndex(x => x === 2), a.findLast(x => x > 0), a.findLastIndex(x => x > 5), a.some(x => x > 2), a.every(x => x > 0), a.toSorted((x, y) => y - x), [...a].sort(),
    Array.from({length: 3}, (_, i) => i * i), a.flatMap(x => [x, x]), JSON.stringify({a: 1, t: {toJSON(k) { return "T" + k; }}}),
    JSON.stringify({a: [1, 2]}, (k, v) => typeof v === "number" ? v + 1 : v), JSON.parse('{"a":1,"b":[2]}', (k, v) => typeof v === "number" ? v * 10 : v),
    "a-b".replace("-", () => "+"), 1 + {valueOf() { return 41; }}, `${{toString() { return "ts"; }}}`];
  r.push(await Promise.all([1, Promise.resolve(2), tools.t.echo({x: 3})]));
  r.push((await Promise.allSettled([Promise.reject(new Error("e")), 1])).map(s => s.status));
  r.push(await Promise.race([Promise.resolve("r")]));
  r.push(await Promise.any([Promise.reject(1), Promise.resolve("any")]));
  r.push(await Promise.resolve(5).finally(() => 0));
  return r;
} finally { Function.prototype.call = call; Function.prototype.apply = apply; }
""")
p("intrinsics_math_replaced", """
const M = Math, saved = {min: Math.min, max: Math.max, trunc: Math.trunc};
try {
  Math.min = null; Math.max = null; Math.trunc = null;
  const a = [5, 3, 9, 1];
  const r1 = [a.toSorted(), [...a].sort(), a.with(-1, 0), [1, 2, 3, 4, 5].copyWithin(0, 3), Array.from({length: 2.7, 0: "a", 1: "b"}),
    JSON.stringify([1, {b: 2}], null, 3.9), Array.prototype.map.call({length: 2.5, 0: 1, 1: 2}, x => x * 2), a.toSpliced(1, 2)];
  globalThis.Math = undefined;
  const r2 = [[2, 1].toSorted(), [0, 1, 2].with(1.5, "w"), JSON.stringify({a: 1}, null, 1)];
  return [r1, r2];
} finally { globalThis.Math = M; Object.assign(Math, saved); }
""")
p("intrinsics_object_replaced", """
const O = {keys: Object.keys, names: Object.getOwnPropertyNames, desc: Object.getOwnPropertyDescriptor, hasOwn: Object.hasOwn, create: Object.create};
try {
  Object.keys = null; Object.getOwnPropertyNames = null; Object.getOwnPropertyDescriptor = null; Object.hasOwn = null; Object.create = null;
  return [JSON.stringify({a: 1, b: {c: [2]}}), Object.getOwnPropertyDescriptors({x: 1}), JSON.parse('{"a":{"b":1}}', (k, v) => v), structuredClone({a: [1, {b: 2}]})];
} finally {
  Object.keys = O.keys; Object.getOwnPropertyNames = O.names; Object.getOwnPropertyDescriptor = O.desc; Object.hasOwn = O.hasOwn; Object.create = O.create;
}
""")
p("intrinsics_string_replaced", """
const SP = String.prototype, slice = SP.slice, repeat = SP.repeat;
try {
  SP.slice = null; SP.repeat = null;
  return ["a-b-c".replace("-", "+"), "a-b-c".replaceAll("-", "$&$&"), "xay".replace("a", "[$`|$']"), JSON.stringify({a: [1]}, null, 2),
    JSON.stringify({a: 1}, null, "--------------tab")];
} finally { SP.slice = slice; SP.repeat = repeat; }
""")
p("intrinsics_globals_replaced", """
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
""")
p("intrinsics_array_proto_index", """
try {
  Array.prototype[0] = "proto";
  Array.prototype[1] = "proto";
  return [[5].filter(() => true), [1].map(x => x + 1), [3, 1].toSorted(), JSON.stringify([1]), Array.from("ab"), [1, 2, 3].flatMap(x => x > 1 ? [x] : []), [].concat([7])];
} finally { delete Array.prototype[0]; delete Array.prototype[1]; }
""")

# Array.prototype.join on cyclic and nested arrays: an array already being joined joins as ""
# (node's cycle rule), nested arrays join with ",".
p("join_cyclic_arrays", """
const a = [1, 2]; a.push(a);
const b = [a, [a, 3]];
const c = []; c[0] = c; c[1] = [c, "x"];
const nested = [1, [2, [3, [4, [5]]]], null, undefined, [[]]];
let deep = [0]; for (let i = 0; i < 300; i++) deep = [deep, i];
return [a.join(), a.join("-"), String(a), `${a}`, a + "", b.join("|"), c.join(), String(c), nested.join(), nested.toString(), [a, a].join(), Array.prototype.join.call({length: 2, 0: a, 1: "z"}), [[1, 2], [3]].join(";"), deep.join().length];
""")

os.makedirs("corpus", exist_ok=True)
for name, src in P.items():
    with open(f"corpus/{name}.js", "w") as f:
        f.write(src)
print(len(P))

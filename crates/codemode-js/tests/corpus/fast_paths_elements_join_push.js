// The general loop's in-place element, `in`, property and push paths, and the join of
// all-string arrays, against their edge cases.
const out = [];
const a = ["x", , "z"];
out.push(a[0], a[1], a[2], a[3], a[-1], a[1.5], a["0"]);
out.push(1 in a, 0 in a, 5 in a, -1 in a, "0" in a);
const o = { k: 1, get g() { return "getter"; } };
const key = "k", gkey = "g";
out.push(o[key], o[gkey], o["missing"], o.toString === Object.prototype.toString);
o[key] = 2;
o[gkey] = 3;
out.push(o.k, o.g);
const frozen = Object.freeze({ k: 1 });
try { frozen["k"] = 5; } catch (e) { out.push(e.constructor.name); }
out.push(frozen.k);
const ro = {};
Object.defineProperty(ro, "k", { value: 1, writable: false, enumerable: true });
try { ro["k"] = 9; } catch (e) { out.push(e.constructor.name); }
out.push(ro.k);
// join: strings, empty strings, separators, and mixed arrays.
out.push(["a", "", "b"].join(), ["a", "b"].join(""), ["a", "b", "c"].join(" - "), [].join(), [""].join("x"));
out.push(["a", 1, null, undefined, "b"].join("|"), ["a", ["b", "c"]].join(";"), ["é", "ü"].join("ß"));
const self = ["s"];
self.push(self);
out.push(self.join("+"));
// push: its result, on arrays with holes, frozen arrays, and non-arrays.
const p = [];
out.push(p.push("v"), p.push(p.length), p.length);
const h = [1, , 3];
out.push(h.push(4), h.length, 1 in h);
try { Object.freeze([1]).push(2); } catch (e) { out.push(e.constructor.name); }
const like = { length: 1, push: Array.prototype.push };
out.push(like.push("q"), like.length, like[1]);
out.push([1, 2, 3, 4].filter((x) => x % 2 === 0).join());
return out;

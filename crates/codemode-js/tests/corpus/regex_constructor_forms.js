const a = /ab+c/i;
const b = new RegExp(a);
const c = RegExp(a);
const d = new RegExp(a, "g");
const e = RegExp("\\d+", "g");
return [b === a, c === a, d.flags, d.source, e.source, "a1b22".match(e), String(new RegExp(undefined)), new RegExp(null).source];

const s = Symbol("f");
const o = Object.freeze({ [s]: 1, x: 2 });
let err = null;
try { "use strict"; o[s] = 5; } catch (e) { err = e.name; }
return { v: o[s], frozen: Object.isFrozen(o), desc: Object.getOwnPropertyDescriptor(o, s) };

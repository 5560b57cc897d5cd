function* inner() { const x = yield 'i1'; yield 'inner got ' + x; return 'inner done'; }
function* outer() { const r = yield* inner(); yield r; return 'outer done'; }
const it = outer();
return [it.next(), it.next('X'), it.next(), it.next(), it.next()];

const p = Promise.resolve(1); return [Promise.resolve(p) === p, p instanceof Promise, typeof p.then];

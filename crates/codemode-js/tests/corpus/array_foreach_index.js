const out = []; ['a', 'b'].forEach((v, i, arr) => out.push(v + i + arr.length)); return out;

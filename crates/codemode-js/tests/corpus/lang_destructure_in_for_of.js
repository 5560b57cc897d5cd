const pairs = [{k: 'a', v: 1}, {k: 'b', v: 2}]; const out = []; for (const {k, v = 0} of pairs) out.push(k + v); return out;

const f = x => { switch (x) { case 1: return 'one'; case 'a': case 'b': return 'ab'; default: return 'other'; } }; return [f(1), f('b'), f('1'), f(null)];

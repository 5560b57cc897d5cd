const fs = []; for (const k of ['a', 'b']) { switch (k) { case 'a': { const v = 1; fs.push(() => v); break; } default: { const v = 2; fs.push(() => v); } } } return fs.map(f => f());

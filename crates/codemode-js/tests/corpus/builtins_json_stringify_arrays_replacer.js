return JSON.stringify([{a: 1, b: 2}], (k, v) => k === 'b' ? undefined : v);

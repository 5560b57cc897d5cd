return await Promise.resolve(1).then(x => Promise.resolve(x + 1)).then(x => ({then(r) { r(x + 1); }})).then(x => x * 2);

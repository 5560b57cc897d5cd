const thenable = {then(res) { res(7); }}; const v = await thenable; const w = await Promise.resolve(thenable); return [v, w];

const a = {x: {y: [1, 2]}}; const b = JSON.parse(JSON.stringify(a)); b.x.y.push(3); return [a.x.y.length, b.x.y.length];

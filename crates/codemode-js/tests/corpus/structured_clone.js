const a = {x: [1, {y: 2}]}; const b = structuredClone(a); b.x[1].y = 3; return [a.x[1].y, b.x[1].y];

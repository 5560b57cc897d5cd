return JSON.stringify({a: {b: {c: [1, {d: []}]}}}, null, '\t');

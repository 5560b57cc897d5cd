return [JSON.stringify({a: [1, {b: 2}], c: {}}, null, 2), JSON.stringify([1, [2]], null, '--'), JSON.stringify({a: []}, null, 4)];

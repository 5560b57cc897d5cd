const d = {a: [{b: {c: [10, 20]}}]}; return [d.a[0].b.c[1], d['a'][0]['b']['c'].length, d.a?.[1]?.b];

const o = {a: {b: null, f() { return 5; }}, arr: [1]}; return [o?.a?.b?.c, o.x?.y.z, o.a.f?.(), o.a.g?.(), o.arr?.[0], o.nope?.[0], (null)?.x];

const o = {a: 1}; return [delete o.a, delete o.zz, o, void (o.b = 2), o.b];

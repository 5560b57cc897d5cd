return [['a', 1], ['b', 2]].reduce((o, [k, v]) => { o[k] = v; return o; }, {});

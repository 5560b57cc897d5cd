const evts = [{t: 3, n: 'c'}, {t: 1, n: 'a'}, {t: 2, n: 'b'}]; return evts.sort((x, y) => x.t - y.t).map(e => e.n).join('');

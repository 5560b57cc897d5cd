const f = x => { let r = []; switch (x) { case 1: r.push(1); default: r.push('d'); case 2: r.push(2); } return r; }; return [f(1), f(2), f(9)];

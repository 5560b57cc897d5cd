console.log([{id: 1, name: 'alpha'}, {id: 2, name: 'beta'}, {id: 3, name: 'gamma'}]); return 2;

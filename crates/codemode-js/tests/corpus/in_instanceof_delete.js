const o = {a: 1, b: 2}; delete o.a; const arr = [1, 2]; return ['a' in o, 'b' in o, 0 in arr, 5 in arr, 'length' in arr, arr instanceof Array, o instanceof Object, [] instanceof Object];

const vals = [0, '', null, undefined, NaN, [], {}, '0', 'false']; return vals.map(v => !!v);

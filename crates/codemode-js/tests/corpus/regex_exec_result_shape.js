const m = /(\d+)-(\d+)?/.exec("x 12- y");
return { arr: [...m], index: m.index, input: m.input, groups: m.groups, keys: Object.keys(m), len: m.length };

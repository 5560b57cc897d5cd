const e = new TypeError('bad input'); return `failed: ${e}` + ' / ' + e;

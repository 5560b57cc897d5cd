const o = {}; return [o.fn?.(), o.nested?.fn(), o?.['x']];

const o = {a: 1, b: 2}; const out = []; Object.entries(o).forEach(([k, v]) => out.push(`${k}=${v}`)); return out.join('&');

const k = 'dyn', v = 1; const o = {v, [k + 'Key']: 2, ['x' + 1]: 3, m() { return this.v; }}; const {m, ...rest} = o; return [rest, o.m()];

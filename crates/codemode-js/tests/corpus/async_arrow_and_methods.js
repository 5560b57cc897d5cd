const o = {async m(x) { return x * 2; }}; const f = async x => x + 1; return [await o.m(2), await f(1), await (async () => 'iife')()];

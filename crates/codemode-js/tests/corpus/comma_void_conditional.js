let i = 0; const r = (i++, i++, i); return [r, void 0, i > 1 ? 'big' : 'small', typeof void 'x'];

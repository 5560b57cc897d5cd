const a = await 5; const b = await 'x'; return [a, b];

const out = [];
function t(f) { try { out.push(f()) } catch (e) { out.push(e.name + ': ' + e.message) } }
t(() => { switch (1) { case 0: let y = 1; break; case 1: y = 2; return y } });
t(() => { switch (1) { case 0: let y = 1; break; case 1: return y } });
t(() => { switch (0) { case 0: let y = 1; y++; return y } });
t(() => { let x = x + 1; return x });
t(() => { x = 3; let x = 1; return x });
t(() => { let a = 1; { let a = a; return a } });
t(() => { for (let i = 0; i < 2; i++) { if (i == 1) return z; let z = i; } });
t(() => { let {p, q = p * 2} = {p: 4}; return [p, q] });
t(() => { const f = () => w; let w = 5; return f() });
t(() => { const f = () => w; f(); let w = 5; });
t(() => { let c = 0; for (const v of [1, 2, 3]) { let d = v * 2; c += d } return c });
return out;

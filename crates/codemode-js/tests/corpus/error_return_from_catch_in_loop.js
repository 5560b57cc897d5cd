function f() { for (const x of [1, 2, 3]) { try { if (x === 2) throw x; } catch (e) { return 'caught ' + e; } } return 'none'; } return f();

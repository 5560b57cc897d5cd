async function f() { await null; null.x; } await f();

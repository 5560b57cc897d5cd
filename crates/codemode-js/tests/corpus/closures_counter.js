function counter() { let n = 0; return { inc: () => ++n, get: () => n }; } const c = counter(); c.inc(); c.inc(); const d = counter(); d.inc(); return [c.get(), d.get()];

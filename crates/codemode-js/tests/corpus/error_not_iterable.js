try { const [a] = 5; } catch (e) { return e.name; }

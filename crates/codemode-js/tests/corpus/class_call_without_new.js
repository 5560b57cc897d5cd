class A {}
try { A(); } catch (e) { return [e instanceof TypeError, e.message]; }

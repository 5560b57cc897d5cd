const mk = a => b => c => a + b + c; return mk(1)(2)(3);

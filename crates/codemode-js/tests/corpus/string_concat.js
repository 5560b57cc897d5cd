let s = 'a'; s += 1; s += null; s += undefined; s += true; s += [1,2]; s += {}; return s;
